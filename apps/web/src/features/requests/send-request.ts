// The request wizard's send: the calls that store what the organizer asked for (a new
// organization, a new event, the request) and then publish it or send it to the chosen venues. Each
// result is kept, so a retry after a failure repeats only what failed.
import type { TRequirement } from "@hostfield/domain/contracts";
import { dateOptionsOf, type TDateOptionsValues } from "./date-options-rules";
import type { TOrganizationPick } from "./organization-choice";
import {
  newEventBody,
  parseRequirement,
  type TFormValues,
  type TRequestValues,
  venueTargets,
} from "./request-form";
import type { TOutcome } from "./request-outcome";
import {
  createEvent,
  createOrganization,
  createRequirement,
  publishRequirement,
  sendToVenues,
  type TEventListing,
  type TVenue,
} from "./requests-api";
import type { TDelivery } from "./review-step";

/** What is already stored, so a retry after a failure goes on from there. */
export type TProgress = {
  organizationId?: string;
  eventId?: string;
  eventName?: string;
  requirement?: TRequirement;
};
export type TStage = "organization" | "event" | "requirement" | "send";

/** The inputs a send reads. */
export type TSendInput = {
  organization: TOrganizationPick;
  eventValues: TFormValues;
  copiedFrom: TEventListing | null;
  request: TRequestValues;
  dates: TDateOptionsValues;
  delivery: TDelivery;
  chosen: readonly TVenue[];
};

/**
 * The send's calls in turn: a new organization, a new event, the request, then its publication or
 * its sending. What `done` holds already is not asked again; `stage` names the call under way, so a
 * refusal goes back to the step whose input it is about.
 */
export async function sendRequest(
  input: TSendInput,
  done: TProgress,
  stage: { current: TStage },
): Promise<TOutcome> {
  const { organization, eventValues, copiedFrom, request, dates, delivery, chosen } = input;
  if (!done.eventId && organization.kind === "new" && !done.organizationId) {
    stage.current = "organization";
    done.organizationId = (await createOrganization(organization.name.trim())).id;
  }
  if (!done.eventId) {
    stage.current = "event";
    const organizationId =
      organization.kind === "mine"
        ? organization.id
        : organization.kind === "new"
          ? done.organizationId
          : undefined;
    const created = await createEvent({
      ...newEventBody(eventValues, copiedFrom),
      ...(organizationId ? { organizationId } : {}),
    });
    done.eventId = created.id;
    done.eventName = created.name;
  }
  const eventId = done.eventId;
  if (!done.requirement) {
    stage.current = "requirement";
    done.requirement = await createRequirement(eventId, {
      ...parseRequirement(request),
      dateOptions: dateOptionsOf(dates),
    });
  }
  stage.current = "send";
  if (delivery === "match") {
    const requirement = await publishRequirement(eventId, done.requirement.id);
    return { kind: "published", eventId, requirement };
  }
  const result = await sendToVenues(eventId, {
    requirementId: done.requirement.id,
    targets: venueTargets(chosen),
  });
  return { kind: "sent", eventId, result };
}
