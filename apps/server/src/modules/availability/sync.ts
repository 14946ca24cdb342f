// A venue calendar's sync with the venue's own booking system. Import: its managers set an .ics
// feed (read now and then every hour by the `availability.import-feed` jobs) or upload a file once;
// each import replaces the calendar's imported ranges (source "feed") whole, in one transaction,
// and touches no range written here; a feed that fails keeps the last good ranges and marks the
// calendar failing (since when, why) until an import succeeds. Export: a private link to the
// calendar as an .ics feed, whose secret is shown once (only its hash is kept), replaced or revoked
// by its managers.
import { createHash, randomBytes } from "node:crypto";
import type { TCalendarExportLink } from "@hostfield/domain/contracts";
import {
  AVAILABILITY_KIND_LABELS,
  AVAILABILITY_MAX_RANGES,
  CALENDAR_FEED_POLL_MINUTES,
} from "@hostfield/domain/reference";
import { addDays, todayUtc } from "@hostfield/domain/rules";
import type { FastifyBaseLogger } from "fastify";
import { buildFeed } from "../../platform/calendar/ical";
import { ICalReadError, readICalendar, type TICalRead } from "../../platform/calendar/ical-read";
import { inTransaction } from "../../platform/db/database";
import { AppError, badRequest, notFound } from "../../platform/http/errors";
import { jobIdOf, type TJobQueue } from "../../platform/jobs/queue";
import type { TProfilesServices } from "../../profiles";
import { checkFeedAddress, FeedError, fetchFeed, type TFeedEnv } from "./feed-fetch";
import { feedRanges, feedWindow } from "./feed-ranges";
import { presentSync } from "./presenter";
import * as repo from "./repository";
import type { TAvailabilityContext, TCalendarKind } from "./service";
import * as syncRepo from "./sync-repository";

export type TSyncContext = TAvailabilityContext & {
  profiles: TProfilesServices;
  jobs: TJobQueue;
  log: FastifyBaseLogger;
  feeds: TFeedEnv;
  /** The server's public address, the export links' base. */
  publicUrl: string;
};

/** The venue whose calendar syncs. */
export type TVenue = { profileId: string; ownerKind: TCalendarKind };

export const IMPORT_QUEUE = "availability.import-feed";
export const POLL_JOB = "availability.poll-feeds";
/** Every hour, at a minute no other upkeep takes. */
export const POLL_CRON = "29 * * * *";
type TImportJob = { profileId: string };

/** How long an export's past reaches back: a month of what happened. */
const EXPORT_PAST_DAYS = 30;

export async function readSync(ctx: TAvailabilityContext, profileId: string) {
  return presentSync(await syncRepo.settingsOf(ctx.db, profileId));
}

/** A feed's refusal as the API answers it: 400 for its address, 502 for what it served. */
function feedFailure(error: FeedError): AppError {
  return error.code === "CALENDAR_FEED_URL_NOT_ALLOWED"
    ? badRequest(error.code, error.message)
    : new AppError(error.code, 502, error.message);
}

/**
 * Replaces the venue's imported ranges with what `read` holds (cut to the calendar's reach and
 * room) and records the import as the last good one, in one transaction.
 */
async function storeImport(
  ctx: TAvailabilityContext,
  venue: TVenue,
  read: TICalRead,
  by: string | null,
) {
  const now = ctx.now();
  const today = todayUtc(now);
  return inTransaction(ctx.db, async (db) => {
    await repo.lockCalendar(db, venue.profileId);
    const own = await syncRepo.countOwnRanges(db, venue.profileId);
    const { ranges, notes } = feedRanges(
      read.occurrences,
      today,
      Math.max(0, AVAILABILITY_MAX_RANGES - own),
    );
    await syncRepo.deleteFeedRanges(db, venue.profileId);
    await repo.insertRanges(
      db,
      ranges.map((range) => ({
        profileId: venue.profileId,
        ...range,
        source: "feed" as const,
        createdDate: now,
        updatedDate: now,
        createdBy: by,
        updatedBy: by,
      })),
    );
    return syncRepo.saveSettings(db, venue, {
      lastImportedAt: now,
      importedCount: ranges.length,
      importNotes: [...read.notes, ...notes],
      failingSince: null,
      failure: null,
      updatedDate: now,
      updatedBy: by,
    });
  });
}

/**
 * Reads the venue's feed and imports it. A failure (FeedError) is recorded on the calendar (failing
 * since, why) with its ranges left as they were, then thrown.
 */
async function importFeed(ctx: TSyncContext, venue: TVenue, url: string, by: string | null) {
  try {
    const text = await fetchFeed(url, ctx.feeds);
    let read: TICalRead;
    try {
      read = readICalendar(text, feedWindow(todayUtc(ctx.now())));
    } catch (error) {
      if (!(error instanceof ICalReadError)) throw error;
      throw new FeedError(
        "CALENDAR_FEED_INVALID",
        `The feed is not an iCalendar calendar: ${error.message}`,
      );
    }
    return await storeImport(ctx, venue, read, by);
  } catch (error) {
    if (error instanceof FeedError) {
      await syncRepo.markFailing(ctx.db, venue.profileId, error.message, ctx.now());
    }
    throw error;
  }
}

/**
 * Sets the calendar's feed (https, on the internet, unless the server allows otherwise: 400
 * CALENDAR_FEED_URL_NOT_ALLOWED and nothing kept) and imports it at once; a first import that
 * fails leaves the feed set and the calendar marked failing.
 */
export async function setFeed(ctx: TSyncContext, venue: TVenue, url: string, by: string) {
  let address: string;
  try {
    address = await checkFeedAddress(url, ctx.feeds);
  } catch (error) {
    throw error instanceof FeedError ? feedFailure(error) : error;
  }
  const now = ctx.now();
  await syncRepo.saveSettings(ctx.db, venue, {
    feedUrl: address,
    failingSince: null,
    failure: null,
    updatedDate: now,
    updatedBy: by,
  });
  await importFeed(ctx, venue, address, by).catch((error: unknown) => {
    if (!(error instanceof FeedError)) throw error;
  });
  return readSync(ctx, venue.profileId);
}

/** Stops reading the feed and removes what imports wrote; the calendar's own ranges stay. */
export async function removeFeed(ctx: TAvailabilityContext, venue: TVenue, by: string) {
  const now = ctx.now();
  const row = await inTransaction(ctx.db, async (db) => {
    await repo.lockCalendar(db, venue.profileId);
    await syncRepo.deleteFeedRanges(db, venue.profileId);
    return syncRepo.saveSettings(db, venue, {
      feedUrl: null,
      lastImportedAt: null,
      importedCount: null,
      importNotes: [],
      failingSince: null,
      failure: null,
      updatedDate: now,
      updatedBy: by,
    });
  });
  return presentSync(row);
}

/** "Import now": 409 CALENDAR_FEED_NOT_SET without a feed; 400/502 with the feed's failure. */
export async function importNow(ctx: TSyncContext, venue: TVenue, by: string) {
  const settings = await syncRepo.settingsOf(ctx.db, venue.profileId);
  if (!settings?.feedUrl) {
    throw new AppError("CALENDAR_FEED_NOT_SET", 409, "Set the calendar's feed address first.");
  }
  try {
    return presentSync(await importFeed(ctx, venue, settings.feedUrl, by));
  } catch (error) {
    throw error instanceof FeedError ? feedFailure(error) : error;
  }
}

/**
 * Imports an uploaded .ics file once, as a feed's import (its ranges replace the imported ones).
 * Not a calendar: 400 CALENDAR_FEED_INVALID, nothing changed.
 */
export async function importFile(
  ctx: TAvailabilityContext,
  venue: TVenue,
  body: Buffer,
  by: string,
) {
  let read: TICalRead;
  try {
    read = readICalendar(new TextDecoder("utf-8").decode(body), feedWindow(todayUtc(ctx.now())));
  } catch (error) {
    if (!(error instanceof ICalReadError)) throw error;
    throw badRequest(
      "CALENDAR_FEED_INVALID",
      `The file is not an iCalendar calendar: ${error.message}`,
    );
  }
  return presentSync(await storeImport(ctx, venue, read, by));
}

/** The hourly poll: one import job per calendar with a feed (once per venue and hour). */
export async function queueFeedImports(ctx: TSyncContext) {
  const hour = ctx.now().toISOString().slice(0, 13);
  const venues = await syncRepo.venuesWithFeeds(ctx.db);
  await ctx.jobs.sendMany(
    IMPORT_QUEUE,
    venues.map((profileId) => ({
      id: jobIdOf(IMPORT_QUEUE, profileId, hour),
      data: { profileId },
    })),
  );
}

/** One venue's import job: a broken feed is recorded on its calendar, not retried before the next hour. */
export async function runFeedImport(ctx: TSyncContext, job: TImportJob) {
  const settings = await syncRepo.settingsOf(ctx.db, job.profileId);
  if (!settings?.feedUrl) return;
  const venue = { profileId: settings.profileId, ownerKind: settings.ownerKind };
  await importFeed(ctx, venue, settings.feedUrl, null).catch((error: unknown) => {
    if (!(error instanceof FeedError)) throw error;
    ctx.log.info(
      { profileId: job.profileId, reason: error.message },
      "calendar feed import failed",
    );
  });
}

export async function startFeedPolling(ctx: TSyncContext) {
  await ctx.jobs.work<TImportJob>(IMPORT_QUEUE, (job) => runFeedImport(ctx, job), {
    retryLimit: 1,
    concurrency: 2,
  });
  await ctx.jobs.every(POLL_JOB, POLL_CRON, () => queueFeedImports(ctx));
}

// ---- export --------------------------------------------------------------------------------------

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN = /^([A-Za-z0-9_-]{43})\.ics$/;

/** Where a venue kind's export links are served: `{service}/api/{path}/calendars/{token}.ics`. */
export const exportPath = (service: string, path: string, file: string) =>
  `/${service}/api/${path}/calendars/${file}`;

/** A new export link (the one before it stops working); its address is answered this once. */
export async function createExport(
  ctx: TSyncContext,
  venue: TVenue,
  base: { service: string; path: string },
  by: string,
): Promise<TCalendarExportLink> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await syncRepo.saveSettings(ctx.db, venue, {
    exportTokenHash: hashOf(token),
    exportCreatedAt: now,
    updatedDate: now,
    updatedBy: by,
  });
  return {
    url: `${ctx.publicUrl}${exportPath(base.service, base.path, `${token}.ics`)}`,
    createdAt: now.toISOString(),
  };
}

/** The export link stops working. */
export async function revokeExport(ctx: TAvailabilityContext, venue: TVenue, by: string) {
  const now = ctx.now();
  const row = await syncRepo.saveSettings(ctx.db, venue, {
    exportTokenHash: null,
    exportCreatedAt: null,
    updatedDate: now,
    updatedBy: by,
  });
  return presentSync(row);
}

/** The venue an export link's file name (`{token}.ics`) opens, of `kind`; 404 for any other. */
export async function venueOfExport(ctx: TAvailabilityContext, kind: TCalendarKind, file: string) {
  const token = TOKEN.exec(file)?.[1];
  const venue = token ? await syncRepo.venueOfExport(ctx.db, hashOf(token)) : null;
  if (!venue || venue.ownerKind !== kind) throw notFound("The calendar");
  return venue;
}

const spacesWords = (r: { spaces: number | null; spaceTypeName: string | null }) =>
  r.spaceTypeName === null
    ? ""
    : ` (${r.spaces === null ? `all ${r.spaceTypeName}` : `${r.spaces} of ${r.spaceTypeName}`})`;

/**
 * The venue's calendar as an iCalendar feed: every range from a month ago on as an all-day event,
 * "Booked", "Held" (tentative) or "Need dates" (free time), with the spaces it is about; no notes.
 */
export async function exportCalendar(ctx: TSyncContext, venue: TVenue): Promise<string> {
  const now = ctx.now();
  const [ranges, heads] = await Promise.all([
    syncRepo.exportRanges(ctx.db, venue.profileId, addDays(todayUtc(now), -EXPORT_PAST_DAYS)),
    ctx.profiles.profileHeads(venue.ownerKind, [venue.profileId], []),
  ]);
  const name = heads.get(venue.profileId)?.name ?? "Venue";
  const host = new URL(ctx.publicUrl).host;
  return buildFeed({
    name: `${name}: availability`,
    stamp: now,
    refreshMinutes: CALENDAR_FEED_POLL_MINUTES,
    events: ranges.map((r) => ({
      uid: `${r.id}@${host}`,
      created: r.createdDate,
      lastModified: r.updatedDate,
      startDate: r.startDate,
      endDate: r.endDate,
      summary: `${AVAILABILITY_KIND_LABELS[r.kind]}${r.discountPercent ? `, ${r.discountPercent}% off` : ""}${spacesWords(r)}`,
      status: r.kind === "held" ? "TENTATIVE" : "CONFIRMED",
      transparent: r.kind === "need",
    })),
  });
}
