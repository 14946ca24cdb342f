// A venue's calendar: reading it in a window, adding ranges (by hand or a weekly rule) with their
// checks (dates, the spaces they are about, no overlap, a cap), removing one, the calendars of
// many venues for matching, and the days an award of ours books.
import type {
  TAvailabilityCalendar,
  TAvailabilityInput,
  TAvailabilityQuery,
} from "@hostfield/domain/contracts";
import {
  AVAILABILITY_MAX_RANGES,
  AVAILABILITY_MAX_WINDOW_DAYS,
  type TProfileKind,
} from "@hostfield/domain/reference";
import {
  addDays,
  diffDays,
  expandRepeat,
  rangeDateProblem,
  rangesOverlap,
  type TCalendarRange,
  type TDateSet,
  todayUtc,
} from "@hostfield/domain/rules";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, notFound } from "../../platform/http/errors";
import { presentRange, presentSync } from "./presenter";
import * as repo from "./repository";
import { settingsOf } from "./sync-repository";

export type TAvailabilityContext = { db: TDb; now: () => Date };

/** The kinds that keep a calendar. */
export const CALENDAR_KINDS = ["facility", "destination"] as const satisfies TProfileKind[];
export type TCalendarKind = (typeof CALENDAR_KINDS)[number];

const DEFAULT_WINDOW_DAYS = 365;

/**
 * The venue's calendar in the window asked (today and the next 12 months by default); for its
 * managers (`showNotes`) with the ranges' notes and its sync with their booking system.
 */
export async function readCalendar(
  ctx: TAvailabilityContext,
  profileId: string,
  query: TAvailabilityQuery,
  showNotes: boolean,
): Promise<TAvailabilityCalendar> {
  const from = query.from ?? todayUtc(ctx.now());
  const to = query.to ?? addDays(from, DEFAULT_WINDOW_DAYS);
  if (to < from) throw badRequest("VALIDATION_FAILED", "The window cannot end before it starts.");
  if (diffDays(from, to) > AVAILABILITY_MAX_WINDOW_DAYS) {
    throw badRequest(
      "AVAILABILITY_TOO_FAR",
      `A calendar is read ${AVAILABILITY_MAX_WINDOW_DAYS} days at a time at most.`,
    );
  }
  const [rows, kept, settings] = await Promise.all([
    repo.rangesIn(ctx.db, profileId, from, to),
    repo.countRanges(ctx.db, profileId),
    showNotes ? settingsOf(ctx.db, profileId) : null,
  ]);
  return {
    from,
    to,
    kept: kept > 0,
    ranges: rows.map((row) => presentRange(row, showNotes)),
    sync: showNotes ? presentSync(settings) : null,
  };
}

const dateWords = (r: TDateSet) =>
  r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`;

/**
 * Adds the range (or a weekly rule's days): each within the limits, about the whole venue or one
 * of the facility's own space types, sharing no day with a range about the same spaces (imported
 * ranges aside: they follow the venue's booking system, replaced whole by each import), and the
 * calendar within its cap. 400 or 409 with a code otherwise, and nothing stored.
 */
export async function addRanges(
  ctx: TAvailabilityContext,
  kind: TCalendarKind,
  profileId: string,
  principal: TPrincipal,
  input: TAvailabilityInput,
) {
  const today = todayUtc(ctx.now());
  const days = expandRepeat(input);
  if (days.length === 0) {
    throw badRequest("VALIDATION_FAILED", "The rule names no day between its start and its end.");
  }
  for (const range of [{ startDate: input.startDate, endDate: input.endDate }, ...days]) {
    const problem = rangeDateProblem(range, today);
    if (problem) throw badRequest(problem.code, problem.message);
  }
  if (input.repeat && diffDays(input.startDate, input.repeat.until) + 1 > 366) {
    throw badRequest("AVAILABILITY_TOO_LONG", "A weekly rule runs a year at most; add another.");
  }
  if (input.spaceTypeId !== null) {
    const own =
      kind === "facility"
        ? await repo.ownSpaceTypes(ctx.db, profileId, [input.spaceTypeId])
        : new Map<string, number>();
    const count = own.get(input.spaceTypeId);
    if (count === undefined) {
      throw badRequest("SPACE_TYPE_UNKNOWN", "That space type is not one of this facility's.");
    }
    if (input.spaces !== null && input.spaces > count) {
      throw badRequest(
        "AVAILABILITY_SPACES_TOO_MANY",
        `That space type has ${count} ${count === 1 ? "space" : "spaces"}; mark ${count} at most.`,
      );
    }
  }
  const now = ctx.now();
  const rows = await inTransaction(ctx.db, async (db) => {
    await repo.lockCalendar(db, profileId);
    const kept = await repo.countRanges(db, profileId);
    if (kept + days.length > AVAILABILITY_MAX_RANGES) {
      throw badRequest(
        "AVAILABILITY_TOO_MANY",
        `A calendar keeps ${AVAILABILITY_MAX_RANGES} ranges at most; it has ${kept} and this adds ${days.length}.`,
      );
    }
    const first = days[0]!.startDate;
    const last = days.at(-1)!.endDate;
    const existing = (await repo.rangesIn(db, profileId, first, last)).filter(
      (r) => r.source !== "feed",
    );
    for (const day of days) {
      const clash = existing.find((r) =>
        rangesOverlap(r, { ...day, spaceTypeId: input.spaceTypeId }),
      );
      if (clash) {
        throw new AppError(
          "AVAILABILITY_OVERLAP",
          409,
          `${dateWords(day)} is already marked ${clash.kind} (${dateWords(clash)}); change or remove that range first.`,
        );
      }
    }
    return repo.insertRanges(
      db,
      days.map((day) => ({
        profileId,
        kind: input.kind,
        ...day,
        spaceTypeId: input.spaceTypeId,
        spaces: input.spaces,
        discountPercent: input.discountPercent,
        note: input.note,
        source: input.repeat ? ("rule" as const) : ("manual" as const),
        createdDate: now,
        updatedDate: now,
        createdBy: principal.userId,
        updatedBy: principal.userId,
      })),
    );
  });
  return rows.map((row) => presentRange(row, true));
}

export async function removeRange(ctx: TAvailabilityContext, profileId: string, id: string) {
  if (!(await repo.deleteRange(ctx.db, profileId, id))) throw notFound("The range");
}

/**
 * The calendars of `ids` for a date set (matching), read in the caller's transaction: a venue
 * that keeps none is absent from the map (it counts as free and its lead says so).
 */
export async function calendarsFor(
  db: TDb,
  ids: readonly string[],
  set: TDateSet,
): Promise<Map<string, TCalendarRange[]>> {
  return repo.calendarsOf(db, ids, set.startDate, set.endDate);
}

/**
 * An award of ours books the venue for the event's days (replacing what an earlier award of the
 * event booked), in the caller's transaction.
 */
export async function bookAward(
  db: TDb,
  award: { eventId: string; profileId: string; startDate: string; endDate: string; by: string },
  now: Date,
) {
  await repo.deleteAwardRanges(db, award.eventId);
  await repo.insertRanges(db, [
    {
      profileId: award.profileId,
      kind: "booked",
      startDate: award.startDate,
      endDate: award.endDate,
      source: "award",
      eventId: award.eventId,
      createdDate: now,
      updatedDate: now,
      createdBy: award.by,
      updatedBy: award.by,
    },
  ]);
}

/** What an award took back books no more. */
export async function releaseAward(db: TDb, eventId: string) {
  await repo.deleteAwardRanges(db, eventId);
}
