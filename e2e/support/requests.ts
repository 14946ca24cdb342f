// Requests for proposals the journeys set up through the API, as an organizer would with the
// wizard: an event on dates well ahead, and a draft request on it (published or sent when asked);
// and the venues' side of a lead through the API: finding it, sending a proposal and its versions.
import type { TApiSchema } from "@hostfield/client";
import type { TLead, TProposal } from "@hostfield/domain/contracts";
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import { expect, type Page } from "@playwright/test";
import { apiClient, replyOf } from "./api";

/** Four indoor hardwood basketball courts within 50 mi of Indianapolis. */
export const COURTS_NEAR_INDIANAPOLIS = {
  ...FOUR_INDOOR_COURTS,
  ...NEAR_INDIANAPOLIS,
  spaceDescription: "Four courts for a youth tournament",
  urgency: 2,
} satisfies TApiSchema<"RequirementInput">;

/** The event's days: a tournament on 12-14 June 2031 unless a journey says otherwise. */
type TEventDates = { startDate: string; endDate: string; hasFlexibleDates?: boolean };
const JUNE_2031: TEventDates = { startDate: "2031-06-12", endDate: "2031-06-14" };

/** `organizer`'s new event (a tournament, by default in June 2031) with a draft request; both ids. */
export async function draftRequest(
  organizer: Page,
  eventName: string,
  requirement: TApiSchema<"RequirementInput"> = COURTS_NEAR_INDIANAPOLIS,
  dates: TEventDates = JUNE_2031,
): Promise<{ eventId: string; requirementId: string }> {
  const api = apiClient(organizer);
  const event = await replyOf(
    api.POST("/event-mgmt/api/events", {
      body: { data: { name: eventName, type: "Tournament", ...dates, sports: ["Basketball"] } },
    }),
    201,
  );
  const eventId = event.data.id;
  const draft = await replyOf(
    api.POST("/event-mgmt/api/events/{id}/requirements", {
      params: { path: { id: eventId } },
      body: { data: requirement },
    }),
    201,
  );
  return { eventId, requirementId: draft.data.id };
}

/** The draft sent straight to these listings (the wizard's "venues I choose"); the leads' ids. */
export async function sendTo(
  organizer: Page,
  { eventId, requirementId }: { eventId: string; requirementId: string },
  targets: readonly { ownerType: "Facility" | "Destination"; ownerId: string }[],
): Promise<string[]> {
  const sent = await replyOf(
    apiClient(organizer).POST("/event-mgmt/api/events/{id}/leads/bulk", {
      params: { path: { id: eventId } },
      body: { data: { requirementId, targets: [...targets] } },
    }),
  );
  return sent.data.created.map((l) => l.id);
}

/** The draft published to every listing it qualifies. */
export async function publish(
  organizer: Page,
  { eventId, requirementId }: { eventId: string; requirementId: string },
) {
  await replyOf(
    apiClient(organizer).PUT("/event-mgmt/api/events/{id}/requirements/{childId}/publish", {
      params: { path: { id: eventId, childId: requirementId } },
    }),
  );
}

/** A lead as a journey needs it: which event, which lead. */
export type TLeadRef = { eventId: string; leadId: string };

/**
 * The lead `eventName`'s request gave the facility `facilityId`, as its manager lists it; waited
 * for, since a published request's leads are matched as it is published.
 */
export async function leadOfFacility(
  manager: Page,
  facilityId: string,
  eventName: string,
): Promise<TLeadRef> {
  let found: TLeadRef | null = null;
  const api = apiClient(manager);
  await expect
    .poll(async () => {
      const page = await replyOf(
        api.POST("/event-mgmt/api/facilities/{id}/leads", {
          params: { path: { id: facilityId } },
          body: { data: { text: eventName } },
        }),
      );
      const lead = page.data.find((l) => l.event.name === eventName);
      found = lead ? { eventId: lead.eventId, leadId: lead.id } : null;
      return found !== null;
    })
    .toBe(true);
  return found!;
}

/**
 * A proposal as a venue sends it: the message, and whichever other fields it fills (every other
 * field has a default in the contract, so a journey names only what it means).
 */
export type TProposalAnswer = Pick<TProposal, "message"> & Partial<Omit<TProposal, "message">>;

/** The lead's address, as the typed client's path parameters. */
const leadPath = ({ eventId, leadId }: TLeadRef) => ({ params: { path: { id: eventId, leadId } } });
const LEAD = "/event-mgmt/api/events/{id}/leads/{leadId}";

/** The lead as the venue reads it: its status, its proposal's version and any open ask to revise. */
export async function leadAsSeenBy(
  manager: Page,
  lead: TLeadRef,
): Promise<Pick<TLead, "status" | "proposalVersion" | "revisionRequest">> {
  const { data } = await replyOf(apiClient(manager).GET(LEAD, leadPath(lead)));
  return {
    status: data.status,
    proposalVersion: data.proposalVersion,
    revisionRequest: data.revisionRequest,
  };
}

/** The venue answers its Open lead with `proposal` (the move to Interested). */
export async function sendProposal(manager: Page, lead: TLeadRef, proposal: TProposalAnswer) {
  await replyOf(
    apiClient(manager).PATCH(LEAD, {
      ...leadPath(lead),
      body: [
        { op: "replace", path: "/status", value: "Interested" },
        { op: "replace", path: "/proposal", value: proposal },
      ],
    }),
  );
}

/** The venue sends its Interested lead's next version; the lead as the server has it then. */
export async function reviseProposal(
  manager: Page,
  lead: TLeadRef,
  proposal: TProposalAnswer,
): Promise<Pick<TLead, "proposalVersion" | "revisionRequest">> {
  const { data } = await replyOf(
    apiClient(manager).PATCH(LEAD, {
      ...leadPath(lead),
      body: [{ op: "replace", path: "/proposal", value: proposal }],
    }),
  );
  return { proposalVersion: data.proposalVersion, revisionRequest: data.revisionRequest };
}

/** The signed-in page's user's notifications, newest first: their titles and contents. */
export async function notificationsOf(page: Page): Promise<{ title: string; contents: string }[]> {
  const userId = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith("oidc.user:"));
    return key
      ? (JSON.parse(sessionStorage.getItem(key)!) as { profile: { sub: string } }).profile.sub
      : null;
  });
  if (!userId) throw new Error("not signed in");
  const list = await replyOf(
    apiClient(page).GET("/user-mgmt/api/users/{id}/notifications", {
      params: { path: { id: userId }, query: { take: 50 } },
    }),
  );
  return list.data.map(({ title, contents }) => ({ title, contents }));
}
