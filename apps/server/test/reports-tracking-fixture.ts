// The recording suites' world: an app on a clock the tests set to the millisecond (UTC day edges),
// a few listings of different kinds, a beacon-like call of the tracking route, and reads of the raw
// events, batches and daily counters straight from the database.
import type { TTrackEvent } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { TTestApp } from "./helper";
import { V } from "./helper";
import type { TTokens } from "./oidc-driver";
import { buildRfpApp, createEvent, createListed, rfpApi, signIn } from "./rfps-fixture";

export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A clock that stands still until set or moved. */
export function settableClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}

export type TListings = {
  facility: string;
  hotel: string;
  destination: string;
  organization: string;
  event: string;
};

/** The suite's app (its clock, `env`), signed-in admin and owner, and one listing of five kinds. */
export function trackingSuite(env: Record<string, string> = {}) {
  const clock = settableClock();
  let built: TTestApp | undefined;
  const listings = {} as TListings;
  let tokens: Record<"admin" | "owner", TTokens> | undefined;
  beforeAll(async () => {
    built = await buildRfpApp(clock, env);
    tokens = await signIn(built.app, ["admin", "owner"] as const);
    const api = rfpApi(
      () => built!.app,
      () => tokens!,
    );
    listings.facility = await createListed(api, "facility", "owner", {
      name: "Court House",
      at: "indianapolis",
    });
    listings.hotel = await createListed(api, "hotel", "owner", { name: "Inn", at: "carmel" });
    listings.destination = await createListed(api, "destination", "owner", {
      name: "Visit Fishers",
      at: "fishers",
    });
    listings.organization = await createListed(api, "organization", "owner", {
      name: "Hoops Club",
      at: "louisville",
    });
    listings.event = await createEvent(api, "owner", "Spring Classic");
  }, 240_000);
  afterAll(() => built?.close());
  return { clock, listings, app: () => built!.app, tokens: () => tokens! };
}

export type TBeacon = {
  /** The caller's address (request.ip). */
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  /** As sendBeacon sends a Blob typed application/json (the default) or a plain string. */
  contentType?: string;
};

/** POST /track as a browser's beacon: the body as raw JSON text. */
export function track(
  app: FastifyInstance,
  batch: { batchId: string; events: readonly TTrackEvent[] } | unknown,
  beacon: TBeacon = {},
) {
  const body = typeof batch === "string" ? batch : JSON.stringify({ data: batch });
  return app.inject({
    method: "POST",
    url: `/report-mgmt/api/track?${V}`,
    remoteAddress: beacon.ip ?? "203.0.113.7",
    headers: {
      "content-type": beacon.contentType ?? "application/json",
      "user-agent": beacon.userAgent ?? BROWSER_UA,
      ...beacon.headers,
    },
    payload: body,
  });
}

export type TRawEvent = {
  day: string;
  subjectId: string;
  subjectKind: string;
  type: string;
  target: string | null;
  ref: string | null;
  visitor: string;
  batchId: string;
  receivedAt: Date;
};

export async function rawEvents(app: FastifyInstance): Promise<TRawEvent[]> {
  const { rows } = await app.database.pool.query<TRawEvent>(
    `select day::text as "day", subject_id as "subjectId", subject_kind as "subjectKind", type,
            target, ref, visitor, batch_id as "batchId", received_at as "receivedAt"
       from analytics_events order by id`,
  );
  return rows;
}

export async function batchIds(app: FastifyInstance): Promise<string[]> {
  const { rows } = await app.database.pool.query<{ batch_id: string }>(
    "select batch_id from analytics_batches order by batch_id",
  );
  return rows.map((row) => row.batch_id);
}

export type TCounter = {
  subjectId: string;
  subjectKind: string;
  day: string;
  metric: string;
  ref: string;
  count: number;
};

/** Every daily counter, keyed `subject|day|metric|ref`. */
export async function dailyCounters(app: FastifyInstance): Promise<Map<string, TCounter>> {
  const { rows } = await app.database.pool.query<TCounter>(
    `select subject_id as "subjectId", subject_kind as "subjectKind", day::text as "day", metric,
            ref, count from analytics_daily`,
  );
  return new Map(rows.map((row) => [counterKey(row), row]));
}

export const counterKey = (c: Pick<TCounter, "subjectId" | "day" | "metric" | "ref">) =>
  `${c.subjectId}|${c.day}|${c.metric}|${c.ref}`;
