// An event's requests for proposals: drafting one (its address geocoded), reading them with their
// lead counts, editing a draft, closing and deleting. Publishing is in new-leads.ts.
import {
  type TRequirementFilter,
  type TRequirementInput,
  ZRequirementInput,
} from "@hostfield/domain/contracts";
import { findState } from "@hostfield/domain/reference";
import { requestDatesProblem } from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { inTransaction, type TRfpsContext, type TWindow } from "./context";
import { presentRequirement, requirementInput } from "./presenter";
import * as repo from "./repository/requests";

type TPlaceColumns = Pick<repo.TRequirementInsert, "lat" | "lng" | "placeLabel" | "placeState">;

/** The address resolved, or nulls when looking nationally; an unknown place is the caller's error. */
function locate(ctx: TRfpsContext, address: string | null): TPlaceColumns {
  if (!address) return { lat: null, lng: null, placeLabel: null, placeState: null };
  const place = ctx.geocode(address);
  if (!place) {
    throw badRequest(
      "UNKNOWN_PLACE",
      `We could not find "${address}". Give a city and state ("Indianapolis, IN") or a ZIP code, or no address to look nationally.`,
    );
  }
  return {
    lat: place.lat,
    lng: place.lng,
    placeLabel: place.label,
    placeState: findState(place.state)?.name ?? null,
  };
}

/** A decision date is today or later when the request is written or edited. */
function checkDecisionDate(ctx: TRfpsContext, input: TRequirementInput) {
  const today = ctx.now().toISOString().slice(0, 10);
  if (input.decisionDate !== null && input.decisionDate < today) {
    throw badRequest(
      "DECISION_DATE_PAST",
      `The decision date ${input.decisionDate} has passed; give today or a later date, or none.`,
    );
  }
}

/**
 * Date options that can be kept today (rules/request-dates.ts): 400 REQUEST_DATES_INVALID with
 * the domain's words otherwise. Checked when written or edited, and again when published.
 */
export function checkDateOptions(ctx: TRfpsContext, options: TRequirementInput["dateOptions"]) {
  const problem = requestDatesProblem(options, ctx.now().toISOString().slice(0, 10));
  if (problem) throw badRequest(problem.code, problem.message);
}

const inputColumns = (input: TRequirementInput) => ({
  ...input,
  // A radius means nothing without a place.
  dist: input.address ? input.dist : null,
});

/** Requests as the API shows them, each with its leads counted per status (one query for all). */
export async function withCounts(ctx: TRfpsContext, rows: repo.TRequirementRow[]) {
  const counts = await repo.leadCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentRequirement(r, counts.get(r.id)));
}

/** One request as the API shows it, with its lead counts. */
export async function presentWithCounts(ctx: TRfpsContext, row: repo.TRequirementRow) {
  const [presented] = await withCounts(ctx, [row]);
  return presented!;
}

export async function createRequirement(
  ctx: TRfpsContext,
  eventId: string,
  principal: TPrincipal,
  input: TRequirementInput,
) {
  checkDecisionDate(ctx, input);
  checkDateOptions(ctx, input.dateOptions);
  const now = ctx.now();
  const row = await repo.insertRequirement(ctx.db, {
    eventId,
    ...inputColumns(input),
    ...locate(ctx, input.address),
    status: "draft",
    createdDate: now,
    updatedDate: now,
    createdBy: principal.userId,
    updatedBy: principal.userId,
  });
  return presentRequirement(row);
}

export async function listRequirements(
  ctx: TRfpsContext,
  eventId: string,
  filter: TRequirementFilter,
  window: TWindow,
) {
  const page = await repo.listRequirements(ctx.db, eventId, filter, window);
  return { rows: await withCounts(ctx, page.rows), count: page.count };
}

/** The event's request (locked for the transaction when asked), or 404. */
export async function findRequirement(db: TDb, eventId: string, id: string, lock = false) {
  const row = await repo.findRequirement(db, eventId, id, lock);
  if (!row) throw notFound("The request");
  return row;
}

export async function getRequirement(ctx: TRfpsContext, eventId: string, id: string) {
  return presentWithCounts(ctx, await findRequirement(ctx.db, eventId, id));
}

const REQUIREMENT_PATCH_KEYS = new Set([...Object.keys(ZRequirementInput.shape), "status"]);

/**
 * What a JSON Patch asks of a request: the input fields it leaves (valid as a request) and the
 * status (unchanged, or closed). 400 for other fields, another status or an invalid request.
 */
function requirementChange(current: repo.TRequirementRow, operations: unknown) {
  const before = { ...requirementInput(current), status: current.status };
  const after = applyJsonPatch(before, operations) as Record<string, unknown>;
  const unknown = Object.keys(after).filter((key) => !REQUIREMENT_PATCH_KEYS.has(key));
  if (unknown.length > 0) {
    throw badRequest(
      "FIELD_NOT_EDITABLE",
      `These fields cannot be changed: ${unknown.join(", ")}.`,
    );
  }
  const { status, ...fields } = after;
  if (status !== current.status && status !== "closed") {
    throw badRequest(
      "STATUS_NOT_EDITABLE",
      "A PATCH can only close a request; publish it with PUT .../publish.",
    );
  }
  const parsed = ZRequirementInput.safeParse(fields);
  if (!parsed.success) {
    throw validationFailed("The change does not make a valid request.", parsed.error.issues);
  }
  return { status: status as repo.TRequirementRow["status"], input: parsed.data };
}

/**
 * A JSON Patch over the request's input fields and status: the fields change only while it is a
 * draft; the status only to closed (publishing has its own call).
 */
export async function patchRequirement(
  ctx: TRfpsContext,
  eventId: string,
  id: string,
  principal: TPrincipal,
  operations: unknown,
) {
  const row = await inTransaction(ctx, async (db) => {
    const current = await findRequirement(db, eventId, id, true);
    const { status, input } = requirementChange(current, operations);
    const stored = inputColumns(requirementInput(current));
    const wanted = inputColumns(input);
    const edited = (Object.keys(wanted) as (keyof typeof wanted)[]).some(
      (key) => JSON.stringify(wanted[key]) !== JSON.stringify(stored[key]),
    );
    if (edited && current.status !== "draft") {
      throw new AppError(
        "REQUIREMENT_NOT_DRAFT",
        409,
        `Only a draft request can be edited; this one is ${current.status}. Close it and write a new one instead.`,
      );
    }
    if (!edited && status === current.status) return current;
    if (edited && input.decisionDate !== current.decisionDate) checkDecisionDate(ctx, input);
    if (edited && JSON.stringify(input.dateOptions) !== JSON.stringify(stored.dateOptions)) {
      checkDateOptions(ctx, input.dateOptions);
    }
    return repo.updateRequirement(db, id, {
      ...(edited ? wanted : {}),
      ...(edited && input.address !== current.address ? locate(ctx, input.address) : {}),
      status,
      updatedDate: ctx.now(),
      updatedBy: principal.userId,
    });
  });
  return presentWithCounts(ctx, row);
}

/** Drafts and closed requests may go (their leads stay, without a request); admins delete any. */
export async function deleteRequirement(
  ctx: TRfpsContext,
  eventId: string,
  id: string,
  principal: TPrincipal,
) {
  const row = await findRequirement(ctx.db, eventId, id);
  if (!principal.isAdmin && row.status !== "draft" && row.status !== "closed") {
    throw new AppError(
      "REQUIREMENT_IN_USE",
      409,
      `This request is ${row.status} and its leads refer to it; close it instead (PATCH status to closed).`,
    );
  }
  await repo.deleteRequirement(ctx.db, id);
}
