// A destination's tour-guide settings: the default guide until its managers configure one, creating,
// patching and resetting it, and the people a visitor is handed to (some or all of its managers).
import {
  type TTourGuide,
  type TTourGuideInput,
  ZTourGuideInput,
} from "@hostfield/domain/contracts";
import { defaultTourGuide } from "@hostfield/domain/rules";
import { AppError, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import type { TProfileRow } from "../../profiles";
import type { TAssistantContext } from "./context";
import * as repo from "./repository";

type TDestination = Pick<TProfileRow, "id" | "name" | "city">;

const inputOf = (row: repo.TTourGuideRow): TTourGuideInput => ({
  name: row.name,
  greeting: row.greeting,
  tone: row.tone,
  suggestedQuestions: row.suggestedQuestions,
  stressTopics: row.stressTopics,
  avoidTopics: row.avoidTopics,
  handoffUserIds: row.handoffUserIds,
  isEnabled: row.isEnabled,
});

/** The guide a destination speaks through: its configured one, or the default. */
export async function effectiveGuide(
  ctx: TAssistantContext,
  destination: TDestination,
): Promise<{ row: repo.TTourGuideRow | null; guide: TTourGuideInput }> {
  const row = await repo.findGuide(ctx.db, destination.id);
  return { row, guide: row ? inputOf(row) : defaultTourGuide(destination) };
}

/** The destination's owners and managers: who may receive a visitor handed over. */
async function managerIds(ctx: TAssistantContext, destinationId: string): Promise<string[]> {
  return (await ctx.profiles.listingAudience(destinationId))?.managerIds ?? [];
}

/**
 * Of the destination's owners and managers, those a visitor is handed to: the chosen ones still
 * managing it, else all of them.
 */
function chooseHandoff(managers: readonly string[], guide: TTourGuideInput): string[] {
  const chosen = guide.handoffUserIds.filter((id) => managers.includes(id));
  return chosen.length > 0 ? chosen : [...managers];
}

/**
 * Whom a visitor is handed to: the chosen managers still managing it, else all of them; never a
 * hidden user (the visitor would see their name among the conversation's members).
 */
export async function handoffPeople(
  ctx: TAssistantContext,
  destinationId: string,
  guide: TTourGuideInput,
): Promise<string[]> {
  const people = chooseHandoff(await managerIds(ctx, destinationId), guide);
  const visible = await ctx.users.publicUsers(people);
  return people.filter((id) => visible.has(id));
}

/** The managers' part: the settings, whom the guide may hand a visitor to and whom it does. */
async function presentManage(
  ctx: TAssistantContext,
  destinationId: string,
  found: { row: repo.TTourGuideRow | null; guide: TTourGuideInput },
): Promise<NonNullable<TTourGuide["manage"]>> {
  const { row, guide } = found;
  const managers = await managerIds(ctx, destinationId);
  const people = await Promise.all(managers.map((id) => ctx.users.person(id)));
  const candidates = people.filter((p) => p !== null);
  const handoff = chooseHandoff(managers, guide)
    .map((id) => candidates.find((p) => p.id === id))
    .filter((p) => p !== undefined);
  return {
    stressTopics: guide.stressTopics,
    avoidTopics: guide.avoidTopics,
    handoffUserIds: guide.handoffUserIds,
    handoff,
    candidates,
    createdDate: row?.createdDate.toISOString() ?? null,
    updatedDate: row?.updatedDate.toISOString() ?? null,
  };
}

export async function presentGuide(
  ctx: TAssistantContext,
  destination: TDestination,
  found: { row: repo.TTourGuideRow | null; guide: TTourGuideInput },
  manages: boolean,
): Promise<TTourGuide> {
  const { row, guide } = found;
  return {
    id: row?.id ?? null,
    destinationId: destination.id,
    destinationName: destination.name,
    name: guide.name,
    greeting: guide.greeting,
    tone: guide.tone,
    suggestedQuestions: guide.suggestedQuestions,
    isEnabled: guide.isEnabled,
    manage: manages ? await presentManage(ctx, destination.id, found) : null,
  };
}

/** Hand-off people must be the destination's owners or managers (each at most once). */
async function checkHandoff(
  ctx: TAssistantContext,
  destinationId: string,
  input: TTourGuideInput,
): Promise<TTourGuideInput> {
  const managers = await managerIds(ctx, destinationId);
  const strangers = input.handoffUserIds.filter((id) => !managers.includes(id));
  if (strangers.length > 0) {
    throw validationFailed("Hand-off people must be owners or managers of the destination.", [
      { path: "data.handoffUserIds", message: `Not a manager: ${strangers.join(", ")}` },
    ]);
  }
  return { ...input, handoffUserIds: [...new Set(input.handoffUserIds)] };
}

export async function createGuide(
  ctx: TAssistantContext,
  destination: TDestination,
  input: TTourGuideInput,
  by: string,
): Promise<repo.TTourGuideRow> {
  const checked = await checkHandoff(ctx, destination.id, input);
  const row = await repo.insertGuide(ctx.db, {
    ...checked,
    destinationId: destination.id,
    createdBy: by,
    updatedBy: by,
  });
  if (!row) {
    throw new AppError(
      "ALREADY_EXISTS",
      409,
      "This destination's guide is configured already: change it with PATCH.",
    );
  }
  return row;
}

/** The configured guide `guideId` of the destination, or 404. */
async function ownGuide(ctx: TAssistantContext, destinationId: string, guideId: string) {
  const row = await repo.findGuide(ctx.db, destinationId);
  if (!row || row.id !== guideId) throw notFound("The tour guide");
  return row;
}

/** Applies a JSON Patch to the guide's settings; the result is held to the same contract. */
export async function patchGuide(
  ctx: TAssistantContext,
  destinationId: string,
  guideId: string,
  patch: unknown,
  by: string,
): Promise<repo.TTourGuideRow> {
  const row = await ownGuide(ctx, destinationId, guideId);
  const patched = ZTourGuideInput.safeParse(applyJsonPatch(inputOf(row), patch));
  if (!patched.success) {
    throw validationFailed(
      "The patched guide is not valid.",
      patched.error.issues.map((i) => ({ path: i.path as PropertyKey[], message: i.message })),
    );
  }
  const checked = await checkHandoff(ctx, destinationId, patched.data);
  const updated = await repo.updateGuide(ctx.db, row.id, { ...checked, updatedBy: by });
  if (!updated) throw notFound("The tour guide");
  return updated;
}

/** Back to the default guide. */
export async function resetGuide(
  ctx: TAssistantContext,
  destinationId: string,
  guideId: string,
): Promise<void> {
  const row = await ownGuide(ctx, destinationId, guideId);
  await repo.deleteGuide(ctx.db, row.id);
}
