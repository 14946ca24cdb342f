// The fuzz's world: the app built by the test helper (embedded PGlite, or PostgreSQL when
// DATABASE_URL is set) with every outside service pointed at a local fake (Stripe, HubSpot,
// Salesforce; feeds, webhooks and push endpoints at one local server), any other outgoing fetch
// refused and counted, the people signed in, and the stays and requests fixtures' rows (hotels,
// rooms, an event, a destination, a block, a reservation, listings of every kind, a lead) in the
// id pools.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { startFakeHubSpot, type TFakeHubSpot } from "../fakes/hubspot";
import { icsOf } from "../fakes/ics-feed";
import { startFakeSalesforce, type TFakeSalesforce } from "../fakes/salesforce";
import { startFakeStripe, type TFakeStripe } from "../fakes/stripe";
import type { TTestApp } from "../helper";
import { signIn as signInWithPassword, type TTokens } from "../oidc-driver";
import {
  buildRfpApp,
  courtsRequest,
  createListed,
  fakeClock,
  indoorCourts,
  listUnder,
  publishRequest,
  rfpApi,
  sendToFacilities,
  signIn,
  type TApi,
} from "../rfps-fixture";
import { acceptedBlock, buildStayWorld, dayOf, guest, offerFor } from "../stays-fixture";
import { Pools } from "./pools";

/** Who calls: nobody, a signed-in person who owns nothing, the owner of the row addressed, an admin. */
export const CALLERS = ["anonymous", "member", "owner", "admin"] as const;
export type TCaller = (typeof CALLERS)[number];

/**
 * The people: the stays fixture's (admin, hotelier, organizer, guest, other, destmgr), `member`
 * (owns nothing), `owner` (a listing of every kind) and `target` (whom the admin's calls on a
 * person address, so the admin never blocks or deletes a caller).
 */
const PEOPLE = [
  "admin",
  "hotelier",
  "organizer",
  "guest",
  "other",
  "destmgr",
  "member",
  "owner",
  "target",
] as const;
const PASSWORD = "correct horse 42";

export type TWorld = {
  app: FastifyInstance;
  api: TApi;
  pools: Pools;
  tokens: Record<string, TTokens>;
  userIds: Record<string, string>;
  /** Error lines the app logged (LOG_LEVEL error), in order. */
  logLines: string[];
  /** Hosts the app tried to reach outside this machine (refused). */
  refusedHosts: Map<string, number>;
  /** The local server every generated address points at. */
  sinkUrl: string;
  today: string;
  /** Signs `person` in again (after a call that ended their sessions); false when it cannot. */
  signInAgain(person: string): Promise<boolean>;
  close(): Promise<void>;
};

/** A local server for every address the fuzz generates: feeds get a calendar, the rest `{}`. */
async function startSink(): Promise<{ url: string; close(): Promise<void> }> {
  const calendar = icsOf([
    ["DTSTART;VALUE=DATE:20300610", "DTEND;VALUE=DATE:20300611", "SUMMARY:Booked"],
  ]);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method === "GET" || req.method === "HEAD") {
        res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
        res.end(calendar);
      } else {
        res.writeHead(201, { "content-type": "application/json" });
        res.end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * Replaces the process's fetch: calls to this machine go through, any other host is answered as
 * a refused connection and counted (the app must never reach an outside service from a test).
 */
function guardFetch(refused: Map<string, number>): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (!LOCAL_HOSTS.has(url.hostname)) {
      refused.set(url.host, (refused.get(url.host) ?? 0) + 1);
      const cause = Object.assign(new Error(`connect ECONNREFUSED ${url.host} (the fuzz)`), {
        code: "ECONNREFUSED",
      });
      throw new TypeError("fetch failed", { cause });
    }
    return original(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}

/** Builds the app, its fakes and the fixture's rows. */
export async function buildWorld(): Promise<TWorld> {
  const refusedHosts = new Map<string, number>();
  const restoreFetch = guardFetch(refusedHosts);
  const clock = fakeClock();
  const sink = await startSink();
  let stripe: TFakeStripe | undefined;
  let hubspot: TFakeHubSpot | undefined;
  let salesforce: TFakeSalesforce | undefined;
  let built: TTestApp | undefined;
  try {
    stripe = await startFakeStripe({ now: clock.now });
    hubspot = await startFakeHubSpot();
    salesforce = await startFakeSalesforce();
    const logLines: string[] = [];
    built = await buildRfpApp(
      clock,
      {
        LOG_LEVEL: "error",
        RATE_LIMIT_MAX: "100000000",
        ASSISTANT_REQUESTS_PER_HOUR_PER_USER: "100000000",
        ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: "100000000",
        MEDIA_VARIANTS_PER_MINUTE: "100000000",
        MAIL_RECIPIENT_WINDOW_SECONDS: "0",
        OIDC_ACCESS_TOKEN_TTL_SECONDS: String(7 * 86_400),
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
        STRIPE_API_URL: stripe.url,
        CRM_HUBSPOT_BASE_URL: hubspot.url,
        CRM_SALESFORCE_LOGIN_URL: salesforce.url,
        CRM_WEBHOOK_ALLOW_HTTP: "true",
        CRM_TIMEOUT_MS: "2000",
        CRM_SYNC_RETRY_LIMIT: "0",
        CALENDAR_FEED_TIMEOUT_MS: "2000",
        PUSH_ALLOW_HTTP_ENDPOINTS: "true",
      },
      { write: (line: string) => void logLines.push(line) },
    );
    const app = built.app;
    const tokens: Record<string, TTokens> = await signIn(app, PEOPLE);
    const api = rfpApi(
      () => app,
      () => tokens,
    );
    const pools = new Pools();
    const userIds: Record<string, string> = {};
    for (const person of PEOPLE) {
      const me = await api.ok<{ id: string }>(api.call("user-mgmt", "GET", "/users/my", person));
      userIds[person] = me.id;
      pools.add("users", me.id, { owner: person, confirmed: true });
      pools.add("/user-mgmt/api/users", me.id, { owner: person, confirmed: true });
    }
    await seedRows(api, pools, clock.now());
    const closing = { built, stripe, hubspot, salesforce };
    return {
      app,
      api,
      pools,
      tokens,
      userIds,
      logLines,
      refusedHosts,
      sinkUrl: sink.url,
      today: dayOf(clock.now()),
      async signInAgain(person) {
        try {
          tokens[person] = await signInWithPassword(app, `${person}@example.com`, PASSWORD);
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        await closing.built.close();
        await Promise.all([
          closing.stripe.close(),
          closing.hubspot.close(),
          closing.salesforce.close(),
        ]);
        await sink.close();
        restoreFetch();
      },
    };
  } catch (error) {
    await built?.close().catch(() => undefined);
    await Promise.all(
      [stripe?.close(), hubspot?.close(), salesforce?.close()].map((p) =>
        p?.catch(() => undefined),
      ),
    );
    await sink.close();
    restoreFetch();
    throw error;
  }
}

/** The fixtures' rows, each in the pool of the collection its path names, with its owner. */
async function seedRows(api: TApi, pools: Pools, now: Date) {
  // Under the collection's word and its path (the one the service lists it at).
  const PATHS: Record<string, string> = {
    hotels: "/hotel-mgmt/api/hotels",
    events: "/event-mgmt/api/events",
    destinations: "/destination-mgmt/api/destinations",
    facilities: "/facility-mgmt/api/facilities",
    businesses: "/business-mgmt/api/businesses",
    companies: "/company-mgmt/api/companies",
    organizations: "/event-mgmt/api/organizations",
    rooms: "/hotel-mgmt/api/hotels/{}/rooms",
    blocks: "/hotel-mgmt/api/hotels/blocks",
    reservations: "/hotel-mgmt/api/hotels/reservations",
    requirements: "/event-mgmt/api/events/{}/requirements",
    leads: "/event-mgmt/api/events/{}/leads",
  };
  const put = (key: string, value: string, owner: string, parent?: string) => {
    pools.add(key, value, { owner, parent, confirmed: true });
    if (PATHS[key]) pools.add(PATHS[key]!, value, { owner, parent, confirmed: true });
  };

  const stays = await buildStayWorld(api, now);
  put("hotels", stays.hotelId, "hotelier");
  put("hotels", stays.otherHotelId, "other");
  put("events", stays.eventId, "organizer");
  put("destinations", stays.destinationId, "destmgr");
  for (const room of [stays.queen, stays.suite]) {
    put("rooms", room, "hotelier", stays.hotelId);
    put("field:roomTypeId", room, "hotelier", stays.hotelId);
  }
  const block = await acceptedBlock(api, stays, now, 5);
  put("blocks", block.id, "organizer");
  const { offer } = await offerFor(api, stays.hotelId, stays.queen, {
    checkIn: dayOf(now, 3),
    checkOut: dayOf(now, 5),
    rooms: 1,
    guests: 2,
  });
  const reservation = await api.ok<{ id: string }>(
    api.call("hotel-mgmt", "POST", "/hotels/reservations", "guest", {
      data: { quote: offer.quote, ...guest("guest") },
    }),
    201,
  );
  put("reservations", reservation.id, "guest");

  // A listing of every other kind, the owner's; the facility listed under the destination.
  const facility = await createListed(api, "facility", "owner", {
    name: "Fuzz Fieldhouse",
    at: "indianapolis",
    sports: ["Basketball"],
    spaces: [indoorCourts(4)],
  });
  put("facilities", facility, "owner");
  await listUnder(api, facility, stays.destinationId);
  for (const [kind, key] of [
    ["business", "businesses"],
    ["company", "companies"],
    ["organization", "organizations"],
    ["destination", "destinations"],
    ["hotel", "hotels"],
    ["event", "events"],
  ] as const) {
    const id = await createListed(api, kind, "owner", { name: `Fuzz ${kind}`, at: "carmel" });
    put(key, id, "owner");
  }

  // A request of the stays event sent to the owner's facility: a lead both sides can reach.
  const requirement = await publishRequest(api, "organizer", stays.eventId, courtsRequest());
  put("requirements", requirement, "organizer", stays.eventId);
  const [lead] = await sendToFacilities(api, "organizer", stays.eventId, requirement, [facility]);
  put("leads", lead!, "organizer", stays.eventId);
}
