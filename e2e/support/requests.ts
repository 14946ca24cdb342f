// Requests for proposals the journeys set up through the API, as an organizer would with the
// wizard: an event on dates well ahead, and a draft request on it (published or sent when asked).
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import type { Page } from "@playwright/test";
import { api } from "./api";

/** Four indoor hardwood basketball courts within 50 mi of Indianapolis. */
export const COURTS_NEAR_INDIANAPOLIS = {
  ...FOUR_INDOOR_COURTS,
  ...NEAR_INDIANAPOLIS,
  spaceDescription: "Four courts for a youth tournament",
  urgency: 2,
};

/** `organizer`'s new event (a tournament in June 2031) with a draft request; both ids. */
export async function draftRequest(
  organizer: Page,
  eventName: string,
  requirement: Record<string, unknown> = COURTS_NEAR_INDIANAPOLIS,
): Promise<{ eventId: string; requirementId: string }> {
  const event = await api(
    organizer,
    "POST",
    "/event-mgmt/api/events",
    {
      data: {
        name: eventName,
        type: "Tournament",
        startDate: "2031-06-12",
        endDate: "2031-06-14",
        sports: ["Basketball"],
      },
    },
    201,
  );
  const eventId = event!.data.id;
  const draft = await api(
    organizer,
    "POST",
    `/event-mgmt/api/events/${eventId}/requirements`,
    { data: requirement },
    201,
  );
  return { eventId, requirementId: draft!.data.id };
}

/** The draft sent straight to these listings (the wizard's "venues I choose"); the leads' ids. */
export async function sendTo(
  organizer: Page,
  { eventId, requirementId }: { eventId: string; requirementId: string },
  targets: readonly { ownerType: "Facility" | "Destination"; ownerId: string }[],
): Promise<string[]> {
  const sent = await api(organizer, "POST", `/event-mgmt/api/events/${eventId}/leads/bulk`, {
    data: { requirementId, targets },
  });
  return (sent!.data as unknown as { created: { id: string }[] }).created.map((l) => l.id);
}

/** The draft published to every listing it qualifies. */
export async function publish(
  organizer: Page,
  { eventId, requirementId }: { eventId: string; requirementId: string },
) {
  await api(
    organizer,
    "PUT",
    `/event-mgmt/api/events/${eventId}/requirements/${requirementId}/publish`,
  );
}
