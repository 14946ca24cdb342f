// The requests-for-proposals suites' world: an app on a clock the tests move, the people, the
// hand-built network around Indianapolis that the matching example names, and the calls
// every suite makes (draft and send a request, answer a lead, read notifications).

import fs from "node:fs";
import { KIND_API } from "@hostfield/domain/kinds";
import type { TProfileKind } from "@hostfield/domain/reference";
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp } from "../src/app";
import { openTestDatabase, type TTestApp, testConfig, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

export const HOUR = 3_600_000;

/** A clock that starts at the real time and moves only when told. */
export function fakeClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
export type TClock = ReturnType<typeof fakeClock>;

/** buildTestApp, with the clock given to the modules that take one (and `extraEnv` set). */
export async function buildRfpApp(
  clock: TClock,
  extraEnv: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<TTestApp> {
  const env = { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000", ...extraEnv };
  const config = testConfig(env);
  const database = await openTestDatabase(config);
  const app = await buildApp({ config, database, now: clock.now, logStream });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TApi = ReturnType<typeof rfpApi>;

/**
 * A suite's world: its own app and clock, `people` signed in (each `<name>@example.com`, shown as
 * "<Name> Person"), and `setup` run once after that. Starts and closes with the suite. `env` is read
 * when the app is built (after the suite's earlier `beforeAll` hooks), for settings such as the
 * address of a fake service the suite starts first.
 */
export function rfpSuite<TWho extends string>(
  people: readonly TWho[],
  setup: (api: TApi) => Promise<void> = async () => {},
  options: {
    env?: () => Record<string, string>;
    /** Receives the app's log lines (set `LOG_LEVEL` in `env` to have some). */
    logStream?: { write(line: string): void };
  } = {},
) {
  const clock = fakeClock();
  let built: TTestApp | undefined;
  let tokens: Record<string, TTokens> = {};
  const app = () => built!.app;
  const api = rfpApi(app, () => tokens);
  beforeAll(async () => {
    built = await buildRfpApp(clock, options.env?.() ?? {}, options.logStream);
    tokens = await signIn(built.app, people);
    await setup(api);
  }, 240_000);
  afterAll(() => built?.close());
  return { clock, api, app, ev: api.ev, ok: api.ok };
}

/** The signed-in user's id. */
export async function userIdOf(api: TApi, who: string): Promise<string> {
  return (await api.ok<{ id: string }>(api.call("user-mgmt", "GET", "/users/my", who))).id;
}

/** The titles of someone's notifications, once the domain events are handled. */
export async function notificationTitles(api: TApi, app: FastifyInstance, who: string) {
  return (await notificationsOf(api, app, who)).map((n) => n.title);
}

/** The person's notifications (title and contents), newest first, once every event is handled. */
export async function notificationsOf(api: TApi, app: FastifyInstance, who: string) {
  await app.events.settled();
  const id = await userIdOf(api, who);
  return api.ok<{ title: string; contents: string }[]>(
    api.call("user-mgmt", "GET", `/users/${id}/notifications?take=100`, who),
  );
}

/** Calls as one of the signed-in people (or "anonymous"); `service` picks the base path. */
export function rfpApi(app: () => FastifyInstance, tokens: () => Record<string, TTokens>) {
  type TCaller = string;
  function call(
    service: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    route: string,
    who: TCaller,
    payload?: unknown,
  ) {
    return app().inject({
      method,
      url: `/${service}/api${route}${route.includes("?") ? "&" : "?"}${V}`,
      headers:
        who === "anonymous" ? {} : { authorization: `Bearer ${tokens()[who]!.access_token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const ev = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    route: string,
    who: TCaller,
    payload?: unknown,
  ) => call("event-mgmt", method, route, who, payload);
  /**
   * POSTs `file` as the multipart field `file` (named `filename`) to an event-mgmt route; `null`
   * sends a form with a text field and no file.
   */
  const upload = (route: string, who: TCaller, file: Buffer | null, filename = "file") => {
    const boundary = "----hostfield-rfps";
    const part = file
      ? `Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream`
      : `Content-Disposition: form-data; name="note"`;
    return app().inject({
      method: "POST",
      url: `/event-mgmt/api${route}?${V}`,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...(who === "anonymous" ? {} : { authorization: `Bearer ${tokens()[who]!.access_token}` }),
      },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\n${part}\r\n\r\n`),
        file ?? Buffer.from("no file here"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };
  /** The data of a call that must succeed. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely; each assertion names the fields it checks.
  async function ok<T = any>(
    response: Promise<Awaited<ReturnType<typeof call>>>,
    status = 200,
  ): Promise<T> {
    const res = await response;
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as T;
  }
  return { call, ev, upload, ok };
}

export const PLACES = {
  indianapolis: { lat: 39.76838, lng: -86.15804, city: "Indianapolis", state: "IN" },
  carmel: { lat: 39.97837, lng: -86.11804, city: "Carmel", state: "IN" },
  fishers: { lat: 39.95559, lng: -86.01387, city: "Fishers", state: "IN" },
  louisville: { lat: 38.25424, lng: -85.75941, city: "Louisville", state: "KY" },
} as const;
type TPlaceName = keyof typeof PLACES;

/** Where a listing stands: one of PLACES, or any other place a test needs. */
export type TPlace = { lat: number; lng: number; city: string; state: string };

export type TListingSpec = {
  name: string;
  at: TPlaceName | TPlace;
  /** Left pending (not approved by the admin). */
  pending?: boolean;
  tier?: string | null;
  sports?: string[];
  spaces?: { name: string; surface: string; count: number; location: string }[];
  facilityTypes?: string[];
  /** More of the kind's own fields (a business's category, a facility's capacity), and a description. */
  details?: Record<string, unknown>;
};

/**
 * A listing of any kind owned by `owner`, approved by the admin (unless `pending`), with its tier
 * set by the admin and its spaces added. An event gets dates in 2030.
 */
export async function createListed(
  api: TApi,
  kind: TProfileKind,
  owner: string,
  spec: TListingSpec,
): Promise<string> {
  const { service, path } = KIND_API[kind];
  const place = typeof spec.at === "string" ? PLACES[spec.at] : spec.at;
  const created = await api.ok<{ id: string }>(
    api.call(service, "POST", `/${path}`, owner, {
      data: {
        name: spec.name,
        address: {
          street: null,
          city: place.city,
          state: place.state,
          postalCode: null,
          country: "US",
        },
        lat: place.lat,
        lng: place.lng,
        ...(spec.sports ? { sports: spec.sports } : {}),
        ...(spec.facilityTypes ? { facilityTypes: spec.facilityTypes } : {}),
        ...spec.details,
        ...(kind === "event"
          ? { type: "Tournament", startDate: "2030-06-12", endDate: "2030-06-14" }
          : {}),
      },
    }),
    201,
  );
  const id = created.id;
  if (!spec.pending) await api.ok(api.call(service, "PUT", `/${path}/${id}/approve`, "admin"));
  if (spec.tier !== undefined && spec.tier !== null) {
    await api.ok(
      api.call(service, "PATCH", `/${path}/${id}`, "admin", [
        { op: "replace", path: "/tier", value: spec.tier },
      ]),
    );
  }
  for (const space of spec.spaces ?? []) {
    await api.ok(
      api.call(service, "POST", `/${path}/${id}/spaceTypes`, "admin", {
        data: { ...space, additionalFeatures: [] },
      }),
      201,
    );
  }
  return id;
}

export async function listUnder(api: TApi, facilityId: string, destinationId: string) {
  await api.ok(
    api.call("facility-mgmt", "POST", `/facilities/${facilityId}/destinations`, "admin", {
      data: { destinationId },
    }),
    201,
  );
}

export async function addMember(
  api: TApi,
  kind: TProfileKind,
  id: string,
  who: string,
  role: "owner" | "manager" | "member",
) {
  const { service, path, memberWord } = KIND_API[kind];
  const invitation = await api.ok<{ id: string }>(
    api.call(service, "POST", `/${path}/${id}/${memberWord}`, "admin", {
      data: { email: `${who}@example.com`, role },
    }),
    201,
  );
  await api.ok(api.call("user-mgmt", "POST", `/invitations/${invitation.id}/accept`, who));
}

/** The fixture's events' days unless a test gives others (12 to 14 June 2030). */
export const EVENT_DAYS = { startDate: "2030-06-12", endDate: "2030-06-14" };

/**
 * An event owned by `organizer`, on dates well ahead. An award books the winner's days on its
 * calendar, so a suite that awards a venue and then publishes again for it gives other days.
 */
export async function createEvent(
  api: TApi,
  organizer: string,
  name: string,
  days: { startDate: string; endDate: string } = EVENT_DAYS,
) {
  const created = await api.ok<{ id: string }>(
    api.ev("POST", "/events", organizer, {
      data: { name, type: "Tournament", ...days },
    }),
    201,
  );
  return created.id;
}

/** "4 indoor hardwood basketball courts within 50 mi of Indianapolis, IN". */
export const courtsRequest = (overrides: Record<string, unknown> = {}) => ({
  ...FOUR_INDOOR_COURTS,
  sportsList: [...FOUR_INDOOR_COURTS.sportsList],
  facilityTypes: [],
  spaceDescription: "Four courts for a youth tournament",
  ...NEAR_INDIANAPOLIS,
  urgency: 2,
  attendance: 600,
  roomNights: 250,
  ...overrides,
});

export const indoorCourts = (count: number, location = "Indoor", surface = "Hardwood") => ({
  name: "Court",
  surface,
  count,
  location,
});

/** A draft request on the event; returns its id. */
export async function draftRequest(
  api: TApi,
  organizer: string,
  eventId: string,
  input: Record<string, unknown> = courtsRequest(),
): Promise<string> {
  const draft = await api.ok<{ id: string }>(
    api.ev("POST", `/events/${eventId}/requirements`, organizer, { data: input }),
    201,
  );
  return draft.id;
}

/** A draft request on the event, then published; returns the request's id. */
export async function publishRequest(
  api: TApi,
  organizer: string,
  eventId: string,
  input: Record<string, unknown> = courtsRequest(),
) {
  const id = await draftRequest(api, organizer, eventId, input);
  await api.ok(api.ev("PUT", `/events/${eventId}/requirements/${id}/publish`, organizer));
  return id;
}

/** Sends the request straight to these facilities; the ids of the leads made, in order. */
export async function sendToFacilities(
  api: TApi,
  organizer: string,
  eventId: string,
  requirementId: string,
  facilityIds: readonly string[],
): Promise<string[]> {
  const sent = await api.ok<{ created: { id: string }[] }>(
    api.ev("POST", `/events/${eventId}/leads/bulk`, organizer, {
      data: {
        requirementId,
        targets: facilityIds.map((ownerId) => ({ ownerType: "Facility", ownerId })),
      },
    }),
  );
  return sent.created.map((l) => l.id);
}

/** A proposal for the fixture's events (12 to 14 June 2030). */
export const proposal = (dates = ["2030-06-12", "2030-06-13"]) => ({
  message: "Four courts, ready on Friday evening.",
  dates,
  price: 4800,
  priceUnit: "Total",
});

/** A lead PATCH: the status, with the reason and the proposal when given. */
export const move = (
  status: string,
  extra: { reason?: string; reasonCode?: string; othersReason?: string; proposal?: object } = {},
) => [
  { op: "replace", path: "/status", value: status },
  ...(extra.reason ? [{ op: "replace", path: "/reason", value: extra.reason }] : []),
  ...(extra.reasonCode ? [{ op: "replace", path: "/reasonCode", value: extra.reasonCode }] : []),
  ...(extra.othersReason
    ? [{ op: "replace", path: "/othersReason", value: extra.othersReason }]
    : []),
  ...(extra.proposal ? [{ op: "replace", path: "/proposal", value: extra.proposal }] : []),
];

/** The patch that moves a lead to `status` with whatever that move needs. */
export const moveTo = (status: string, dates?: string[]) =>
  move(status, {
    ...(status === "Interested" ? { proposal: proposal(dates) } : {}),
    ...(status === "Passed" || status === "Lost" ? { reason: "Dates do not work" } : {}),
  });

export type TLeadDto = {
  id: string;
  event: { name: string };
  status: string;
  score: number | null;
  reasons: string[];
  visibleFrom: string;
  owner: { ownerType: string; ownerId: string; name: string; responseTime: string | null };
  groupId: string | null;
  statusReason: string | null;
  firstResponseDate: string | null;
  proposal: { message: string; dates: string[] } | null;
  source: string;
};

export async function signIn<TWho extends string>(app: FastifyInstance, people: readonly TWho[]) {
  return signInPeople(app, app.db, people, "correct horse 42");
}
