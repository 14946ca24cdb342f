// The permission matrix: every write route of every listing kind (and the reads sent as POST
// `filtered`), called by an anonymous visitor, a stranger, a member, a manager, the owner, a
// manager of a destination the facility is listed under, and an admin. The expected callers restate
// the product's rules, not policy.ts: owners and managers edit and manage media, members, boosts and
// partners; a destination's managers manage its facilities; members read private parts; signed-in
// people react, and review facilities they do not manage; owners delete and name owners; admins do everything and alone approve.
// The inventory test fails when a kind gains a write route that this table does not cover.
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { outcomeOf, type TOutcome } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient, requiredFields, type TMethod } from "./profile-client";

const PEOPLE = ["owner", "manager", "member", "inherited", "other", "admin", "extra"] as const;
type TPerson = (typeof PEOPLE)[number];
const CALLERS = ["anonymous", "other", "member", "manager", "owner", "inherited", "admin"] as const;
type TCaller = (typeof CALLERS)[number];

const EVERYONE: readonly TCaller[] = CALLERS;
const SIGNED_IN: readonly TCaller[] = CALLERS.filter((c) => c !== "anonymous");
const MEMBERS: readonly TCaller[] = ["member", "manager", "owner", "inherited", "admin"];
const MANAGERS: readonly TCaller[] = ["manager", "owner", "inherited", "admin"];
const OWNERS: readonly TCaller[] = ["owner", "admin"];
const ADMINS: readonly TCaller[] = ["admin"];
/** Signed-in people who do not manage the facility (its managers may not review it). */
const REVIEWERS: readonly TCaller[] = ["other", "member", "admin"];

const DESTINATION = KIND_DESCRIPTORS.find((d) => d.kind === "destination")!;
const COMPANY = KIND_DESCRIPTORS.find((d) => d.kind === "company")!;
const HOTEL = KIND_DESCRIPTORS.find((d) => d.kind === "hotel")!;
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, upload, createListing, join } = profileClient(
  () => t.app,
  () => tokens,
);

/** Listings every kind's matrix uses: destinations to link facilities to, a company, partners. */
type TShared = {
  /** Owned by `inherited`, whose facilities it manages. */
  home: string;
  /** Admin-owned: the facility's managers list it under them (the destination has no say). */
  linkable: [string, string];
  company: string;
  /** A listed hotel that events link (`/events/{id}/hotels`). */
  hotel: string;
};
let shared: TShared;

beforeAll(async () => {
  // Thousands of calls from one address: the rate limit is not what this suite is about.
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  const listed = async (d: TKindDescriptor, name: string, who: TPerson) => {
    const { id } = await createListing(d, name, who);
    expect((await call(d, "PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
    return id;
  };
  const home = await listed(DESTINATION, "Home Destination", "inherited");
  const linkable: [string, string] = [
    await listed(DESTINATION, "Linkable One", "admin"),
    await listed(DESTINATION, "Linkable Two", "admin"),
  ];
  shared = {
    home,
    linkable,
    company: await listed(COMPANY, "Linked Company", "admin"),
    hotel: await listed(HOTEL, "Linked Hotel", "admin"),
  };
}, 180_000);
afterAll(() => t?.close());

const addMember = (d: TKindDescriptor, id: string, who: TPerson, role: string) =>
  join(d, id, "admin", who, role);

/** A listing with an owner, a manager and a member; facilities are listed under `home` too. */
async function newListing(d: TKindDescriptor, status: "approved" | "pending"): Promise<string> {
  const { id } = await createListing(d, `Matrix ${d.label} ${Math.random()}`, "owner");
  await addMember(d, id, "manager", "manager");
  await addMember(d, id, "member", "member");
  if (d.kind === "facility") {
    const link = await call(d, "POST", `/${id}/destinations`, "admin", {
      data: { destinationId: shared.home },
    });
    expect(link.statusCode, link.body).toBe(201);
  }
  if (status === "approved") await call(d, "PUT", `/${id}/approve`, "admin");
  return id;
}

type TRequest = {
  method: TMethod;
  route: string;
  payload?: unknown;
  file?: { body: Buffer; name: string };
};
type TCase = {
  method: TMethod;
  /** The route as registered below the kind's base path, e.g. `/:id/images/:childId`. */
  route: string;
  /** What this call does, when one route has several cases. */
  what?: string;
  allowed: readonly TCaller[];
  /** Each caller gets a listing of its own in this state (delete, approve). */
  fresh?: "approved" | "pending";
  /** Puts the listing in the state the call needs (as the admin) and returns the request. */
  prepare: (id: string, caller: TCaller) => Promise<TRequest>;
};

const post = (route: string, payload: unknown = { data: {} }): TRequest => ({
  method: "POST",
  route,
  payload,
});

/** The ids of a listing's children, read as the admin. */
async function childIds(d: TKindDescriptor, id: string, segment: string): Promise<string[]> {
  const res = await call(d, "GET", `/${id}/${segment}?take=100`, "admin");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((c) => c.id);
}

async function clearChildren(d: TKindDescriptor, id: string, segment: string) {
  for (const child of await childIds(d, id, segment)) {
    expect((await call(d, "DELETE", `/${id}/${segment}/${child}`, "admin")).statusCode).toBe(200);
  }
}

/**
 * Adds one child as the admin, or as `by` (after clearing the set, which refuses duplicates).
 */
async function freshChild(
  d: TKindDescriptor,
  id: string,
  segment: string,
  input: unknown,
  by: TCaller = "admin",
) {
  await clearChildren(d, id, segment);
  const res = await call(d, "POST", `/${id}/${segment}`, by, { data: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

function childCases(
  d: TKindDescriptor,
  segment: string,
  writers: readonly TCaller[],
  input: () => unknown,
  patch: () => unknown[],
  readers: readonly TCaller[] = EVERYONE,
  /** Who adds the child a change or removal is tried on. */
  creator: TCaller = "admin",
): TCase[] {
  const base = `/:id/${segment}`;
  return [
    {
      method: "POST",
      route: `${base}/filtered`,
      allowed: readers,
      prepare: async (id) => post(`/${id}/${segment}/filtered`),
    },
    {
      method: "POST",
      route: base,
      allowed: writers,
      prepare: async (id) => {
        await clearChildren(d, id, segment);
        return post(`/${id}/${segment}`, { data: input() });
      },
    },
    {
      method: "PATCH",
      route: `${base}/:childId`,
      allowed: writers,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}/${segment}/${await freshChild(d, id, segment, input(), creator)}`,
        payload: patch(),
      }),
    },
    {
      method: "DELETE",
      route: `${base}/:childId`,
      allowed: writers,
      prepare: async (id) => ({
        method: "DELETE",
        route: `/${id}/${segment}/${await freshChild(d, id, segment, input(), creator)}`,
      }),
    },
  ];
}

async function uploadAsAdmin(d: TKindDescriptor, id: string, segment: string) {
  const file = segment === "images" ? await png("#224466") : PDF;
  const res = await upload(d, `/${id}/${segment}`, "admin", file, `a.${extension(segment)}`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const extension = (segment: string) => (segment === "images" ? "png" : "pdf");

function mediaCases(d: TKindDescriptor, segment: "images" | "documents"): TCase[] {
  const base = `/:id/${segment}`;
  const file = async () => ({
    body: segment === "images" ? await png("#663399") : PDF,
    name: `new.${extension(segment)}`,
  });
  return [
    {
      method: "POST",
      route: `${base}/filtered`,
      allowed: EVERYONE,
      prepare: async (id) => post(`/${id}/${segment}/filtered`),
    },
    {
      method: "POST",
      route: base,
      allowed: MANAGERS,
      prepare: async (id) => ({ method: "POST", route: `/${id}/${segment}`, file: await file() }),
    },
    {
      method: "PUT",
      route: `${base}/sort`,
      allowed: MANAGERS,
      prepare: async (id) => {
        await uploadAsAdmin(d, id, segment);
        const last = await uploadAsAdmin(d, id, segment);
        return {
          method: "PUT",
          route: `/${id}/${segment}/sort`,
          payload: { data: { id: last, afterId: null } },
        };
      },
    },
    {
      method: "PATCH",
      route: `${base}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}/${segment}/${await uploadAsAdmin(d, id, segment)}`,
        payload: [{ op: "replace", path: "/title", value: "Retitled" }],
      }),
    },
    {
      method: "PUT",
      route: `${base}/:childId/file`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PUT",
        route: `/${id}/${segment}/${await uploadAsAdmin(d, id, segment)}/file`,
        file: await file(),
      }),
    },
    {
      method: "DELETE",
      route: `${base}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "DELETE",
        route: `/${id}/${segment}/${await uploadAsAdmin(d, id, segment)}`,
      }),
    },
  ];
}

/** The `extra` person's membership of the listing, made afresh as a plain member. */
async function extraMember(d: TKindDescriptor, id: string): Promise<string> {
  const res = await call(d, "GET", `/${id}/${d.memberWord}?take=100`, "admin");
  const rows = res.json().data as { id: string; email: string }[];
  const found = rows.find((m) => m.email === "extra@example.com");
  if (found) await call(d, "DELETE", `/${id}/${d.memberWord}/${found.id}`, "admin");
  return addMember(d, id, "extra", "member");
}

function memberCases(d: TKindDescriptor): TCase[] {
  const base = `/:id/${d.memberWord}`;
  const addExtra = (role: string) => async (id: string) => {
    const memberId = await extraMember(d, id);
    await call(d, "DELETE", `/${id}/${d.memberWord}/${memberId}`, "admin");
    return post(`/${id}/${d.memberWord}`, { data: { email: "extra@example.com", role } });
  };
  // Some kinds also answer the member list under another word (organizations: managers).
  const lists = [d.memberWord, ...(d.memberFilterAliases ?? [])].map(
    (word): TCase => ({
      method: "POST",
      route: `/:id/${word}/filtered`,
      allowed: MEMBERS,
      prepare: async (id) => post(`/${id}/${word}/filtered`),
    }),
  );
  return [
    ...lists,
    {
      method: "POST",
      route: base,
      what: "a member",
      allowed: MANAGERS,
      prepare: addExtra("member"),
    },
    { method: "POST", route: base, what: "an owner", allowed: OWNERS, prepare: addExtra("owner") },
    {
      method: "PATCH",
      route: `${base}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}/${d.memberWord}/${await extraMember(d, id)}`,
        payload: [{ op: "replace", path: "/staffRole", value: "Sales" }],
      }),
    },
    {
      method: "DELETE",
      route: `${base}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "DELETE",
        route: `/${id}/${d.memberWord}/${await extraMember(d, id)}`,
      }),
    },
    {
      method: "DELETE",
      route: `${base}/invitations/:childId`,
      what: "a pending invitation",
      allowed: MANAGERS,
      prepare: async (id) => {
        const invited = await call(d, "POST", `/${id}/${d.memberWord}`, "admin", {
          data: { email: "invitee@example.com", role: "member" },
        });
        expect(invited.statusCode, invited.body).toBe(201);
        return {
          method: "DELETE",
          route: `/${id}/${d.memberWord}/invitations/${invited.json().data.id}`,
        };
      },
    },
  ];
}

function reactionCases(d: TKindDescriptor): TCase[] {
  const base = `/:id/${d.reaction}`;
  return [
    {
      method: "POST",
      route: `${base}/filtered`,
      allowed: MEMBERS,
      prepare: async (id) => post(`/${id}/${d.reaction}/filtered`),
    },
    {
      method: "POST",
      route: base,
      allowed: SIGNED_IN,
      prepare: async (id) => ({ method: "POST", route: `/${id}/${d.reaction}` }),
    },
    {
      method: "DELETE",
      route: base,
      allowed: SIGNED_IN,
      prepare: async (id) => ({ method: "DELETE", route: `/${id}/${d.reaction}` }),
    },
    {
      method: "DELETE",
      route: `${base}/:childId`,
      what: "someone else's",
      allowed: MANAGERS,
      prepare: async (id) => {
        await call(d, "POST", `/${id}/${d.reaction}`, "extra");
        const res = await call(d, "GET", `/${id}/${d.reaction}?take=100`, "admin");
        const rows = res.json().data as { id: string; email?: string; name: string }[];
        const row = rows.find((r) => r.name === "Extra Person")!;
        return { method: "DELETE", route: `/${id}/${d.reaction}/${row.id}` };
      },
    },
  ];
}

/** The review `who` wrote, written now if there is none. */
async function reviewBy(d: TKindDescriptor, id: string, who: TPerson): Promise<string> {
  const mine = (await call(d, "GET", `/${id}/reviews/my`, who)).json().data;
  if (mine) return mine.id;
  const res = await call(d, "POST", `/${id}/reviews`, who, { data: { rating: 4 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

function facilityCases(d: TKindDescriptor): TCase[] {
  const links = "/:id/destinations";
  /** The facility's link to `destination`, made now if missing; other links but home's dropped. */
  const linkTo = async (id: string, destination: string | null) => {
    const res = await call(d, "GET", `/${id}/destinations?take=100`, "admin");
    const rows = (res.json().data as { id: string; destination: { id: string } }[]).map((r) => ({
      id: r.id,
      destinationId: r.destination.id,
    }));
    for (const row of rows) {
      if (row.destinationId !== shared.home && row.destinationId !== destination) {
        await call(d, "DELETE", `/${id}/destinations/${row.id}`, "admin");
      }
    }
    const found = rows.find((r) => r.destinationId === destination);
    if (!destination || found) return found?.id;
    const made = await call(d, "POST", `/${id}/destinations`, "admin", {
      data: { destinationId: destination },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as string;
  };
  return [
    {
      method: "POST",
      route: "/:id/reviews/filtered",
      allowed: EVERYONE,
      prepare: async (id) => post(`/${id}/reviews/filtered`),
    },
    {
      method: "POST",
      route: "/:id/reviews",
      allowed: REVIEWERS,
      prepare: async (id, caller) => {
        if (caller !== "anonymous") {
          const mine = (await call(d, "GET", `/${id}/reviews/my`, caller)).json().data;
          if (mine) await call(d, "DELETE", `/${id}/reviews/${mine.id}`, "admin");
        }
        return post(`/${id}/reviews`, { data: { rating: 5, title: "Great courts" } });
      },
    },
    {
      method: "PATCH",
      route: "/:id/reviews/:childId",
      what: "someone else's",
      allowed: ADMINS,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}/reviews/${await reviewBy(d, id, "extra")}`,
        payload: [{ op: "replace", path: "/rating", value: 2 }],
      }),
    },
    {
      method: "PATCH",
      route: "/:id/reviews/:childId",
      what: "one's own",
      allowed: REVIEWERS,
      prepare: async (id, caller) => ({
        method: "PATCH",
        // Those who may not review have no review of their own: they meet someone else's.
        route: `/${id}/reviews/${await reviewBy(d, id, REVIEWERS.includes(caller) ? (caller as TPerson) : "extra")}`,
        payload: [{ op: "replace", path: "/rating", value: 3 }],
      }),
    },
    {
      method: "DELETE",
      route: "/:id/reviews/:childId",
      what: "someone else's",
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "DELETE",
        route: `/${id}/reviews/${await reviewBy(d, id, "extra")}`,
      }),
    },
    {
      method: "POST",
      route: `${links}/filtered`,
      allowed: EVERYONE,
      prepare: async (id) => post(`/${id}/destinations/filtered`),
    },
    {
      method: "POST",
      route: links,
      allowed: MANAGERS,
      prepare: async (id) => {
        await linkTo(id, null);
        return post(`/${id}/destinations`, { data: { destinationId: shared.linkable[0] } });
      },
    },
    {
      method: "PATCH",
      route: `${links}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}/destinations/${await linkTo(id, shared.linkable[0])}`,
        payload: [{ op: "replace", path: "/destinationId", value: shared.linkable[1] }],
      }),
    },
    {
      method: "DELETE",
      route: `${links}/:childId`,
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "DELETE",
        route: `/${id}/destinations/${await linkTo(id, shared.linkable[0])}`,
      }),
    },
    {
      method: "POST",
      route: "/destinations/search",
      allowed: EVERYONE,
      prepare: async () => post("/destinations/search"),
    },
    {
      method: "POST",
      route: "/destinations/search/stats",
      allowed: EVERYONE,
      prepare: async () => post("/destinations/search/stats"),
    },
  ];
}

function companyCases(d: TKindDescriptor): TCase[] {
  const route = "/:id/companies/:companyId";
  const at = (id: string) => `/${id}/companies/${shared.company}`;
  return [
    {
      method: "PUT",
      route,
      allowed: MANAGERS,
      prepare: async (id) => {
        await call(d, "DELETE", at(id), "admin");
        return { method: "PUT", route: at(id) };
      },
    },
    {
      method: "DELETE",
      route,
      allowed: MANAGERS,
      prepare: async (id) => {
        expect((await call(d, "PUT", at(id), "admin")).statusCode).toBe(200);
        return { method: "DELETE", route: at(id) };
      },
    },
  ];
}

const replace = (path: string, value: unknown) => ({ op: "replace", path, value });

/**
 * The event's own calls (modules/events): organizers (its managers) clone it, link partners and
 * keep its settings and hotels; settings are theirs to read too; anyone signed in who sees it has
 * an invitation written; the Marketed search is public, its presets each member's.
 */
function eventCases(d: TKindDescriptor): TCase[] {
  const at =
    (method: TMethod, route: string, payload?: unknown) => async (): Promise<TRequest> => ({
      method,
      route,
      payload: payload ?? { data: {} },
    });
  return [
    {
      method: "PUT",
      route: "/:id/clone",
      allowed: MANAGERS,
      prepare: async (id) => ({ method: "PUT", route: `/${id}/clone` }),
    },
    {
      method: "PUT",
      route: "/:id/partner",
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PUT",
        route: `/${id}/partner`,
        payload: { data: { partnerId: shared.linkable[0] } },
      }),
    },
    {
      method: "PUT",
      route: "/email/generate",
      allowed: SIGNED_IN,
      prepare: async (id) => ({
        method: "PUT",
        route: "/email/generate",
        payload: { data: { eventId: id } },
      }),
    },
    ...childCases(
      d,
      "setting",
      MANAGERS,
      () => ({ key: "showHotels", value: true }),
      () => [replace("/value", false)],
      MANAGERS,
    ),
    ...childCases(
      d,
      "hotels",
      MANAGERS,
      () => ({ hotelId: shared.hotel }),
      () => [replace("/roomsHeld", 12)],
    ),
    {
      method: "POST",
      route: "/search/marketed",
      allowed: EVERYONE,
      prepare: at("POST", "/search/marketed"),
    },
    {
      method: "PUT",
      route: "/search/marketed/filters",
      allowed: SIGNED_IN,
      prepare: at("PUT", "/search/marketed/filters", { data: [] }),
    },
  ];
}

/**
 * The business's own calls (modules/businesses): its managers keep its promotions (and upload
 * their images), which are as public as it is, and give its partner links a picture; anyone may
 * search promotions.
 */
function businessCases(d: TKindDescriptor): TCase[] {
  const today = todayUtc();
  return [
    ...childCases(
      d,
      "promotions",
      MANAGERS,
      () => ({
        title: "10% off for teams",
        offer: { type: "percentage", value: 10 },
        validFrom: today,
        validTo: addDays(today, 30),
        code: "TEAM10",
      }),
      () => [replace("/title", "15% off for teams")],
    ),
    {
      method: "POST",
      route: "/:id/promotions/images",
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "POST",
        route: `/${id}/promotions/images`,
        file: { body: await png("#2a9d8f"), name: "deal.png" },
      }),
    },
    {
      method: "POST",
      route: "/partners/:id/images",
      allowed: MANAGERS,
      // The path names the partner link, not the business: the link's business decides.
      prepare: async (id) => {
        let [linkId] = await childIds(d, id, "partners");
        if (!linkId) {
          const res = await call(d, "POST", `/${id}/partners`, "admin", {
            data: { partnerId: shared.linkable[0] },
          });
          expect(res.statusCode, res.body).toBe(201);
          linkId = res.json().data.id as string;
        }
        return {
          method: "POST",
          route: `/partners/${linkId}/images`,
          file: { body: await png("#22aa77"), name: "together.png" },
        };
      },
    },
    {
      method: "POST",
      route: "/promotions/search",
      allowed: EVERYONE,
      prepare: async () => post("/promotions/search", { data: { lat: 39.77, lng: -86.16 } }),
    },
  ];
}

/** The organization's own calls (modules/organizations): its events are as public as it is. */
function organizationCases(): TCase[] {
  return [
    {
      method: "POST",
      route: "/:id/events/filtered",
      allowed: EVERYONE,
      prepare: async (id) => post(`/${id}/events/filtered`),
    },
    {
      method: "POST",
      route: "/:id/events/calendar",
      allowed: EVERYONE,
      prepare: async (id) => post(`/${id}/events/calendar?startDate=2027-01-01&endDate=2027-12-31`),
    },
  ];
}

function casesOf(d: TKindDescriptor): TCase[] {
  const today = todayUtc();
  const kindWide = (
    method: TMethod,
    route: string,
    allowed: readonly TCaller[],
    payload?: unknown,
  ): TCase => ({
    method,
    route,
    allowed,
    prepare: async () => ({ method, route, payload: payload ?? { data: {} } }),
  });
  const cases: TCase[] = [
    kindWide("POST", "", SIGNED_IN, {
      data: { name: `Created ${d.label}`, ...requiredFields(d) },
    }),
    kindWide("POST", "/filtered", EVERYONE),
    kindWide("POST", "/my/filtered", SIGNED_IN),
    kindWide("POST", `/my/${d.reaction === "likes" ? "liked" : "followed"}/filtered`, SIGNED_IN),
    kindWide("POST", "/search", EVERYONE),
    kindWide("POST", "/search/stats", EVERYONE),
    kindWide("PUT", "/search/filters", SIGNED_IN, { data: [] }),
    kindWide("POST", "/boosts/filtered", EVERYONE),
    {
      method: "PATCH",
      route: "/:id",
      allowed: MANAGERS,
      prepare: async (id) => ({
        method: "PATCH",
        route: `/${id}`,
        payload: [{ op: "replace", path: "/description", value: "Edited in the matrix." }],
      }),
    },
    {
      method: "DELETE",
      route: "/:id",
      allowed: OWNERS,
      fresh: "approved",
      prepare: async (id) => ({ method: "DELETE", route: `/${id}` }),
    },
    {
      method: "PUT",
      route: "/:id/approve",
      allowed: ADMINS,
      fresh: "pending",
      prepare: async (id) => ({ method: "PUT", route: `/${id}/approve` }),
    },
    ...reactionCases(d),
    ...memberCases(d),
    ...mediaCases(d, "images"),
    ...mediaCases(d, "documents"),
    ...childCases(
      d,
      "boosts",
      MANAGERS,
      // Three days, and shortened to two: within the 3 boost days a month a listing without a tier
      // includes (issue 47), however the month falls. The owner books it: an admin's boost keeps
      // its dates for the listing's people (BOOST_LOCKED), which is not a permission.
      () => ({ startDate: today, endDate: addDays(today, 2) }),
      () => [{ op: "replace", path: "/endDate", value: addDays(today, 1) }],
      EVERYONE,
      "owner",
    ),
  ];
  // The optional children: what to add, and how to change it, for the kinds that have them.
  const optional: Record<string, [() => unknown, () => unknown[]]> = {
    sports: [() => ({ name: "Basketball" }), () => [replace("/name", "Volleyball")]],
    amenities: [() => ({ name: "Parking" }), () => [replace("/name", "Wifi")]],
    spaceTypes: [
      () => ({
        name: "Court",
        surface: "Hardwood",
        count: 2,
        location: "Indoor",
        additionalFeatures: [],
      }),
      () => [replace("/count", 4)],
    ],
    partners: [
      () => ({ partnerId: shared.linkable[0] }),
      () => [replace("/partnerId", shared.linkable[1])],
    ],
  };
  for (const [segment, [input, patch]] of Object.entries(optional)) {
    if ((d.children as readonly string[]).includes(segment)) {
      cases.push(...childCases(d, segment, MANAGERS, input, patch));
    }
  }
  if (d.extras?.includes("companyLinks")) cases.push(...companyCases(d));
  if (d.extras?.includes("descriptionDraft")) {
    cases.push(kindWide("PUT", "/ai/description", SIGNED_IN, { data: { name: "Riverside" } }));
  }
  if (d.kind === "facility") cases.push(...facilityCases(d));
  if (d.kind === "event") cases.push(...eventCases(d));
  if (d.kind === "organization") cases.push(...organizationCases());
  if (d.kind === "business") cases.push(...businessCases(d));
  if (d.kind === "hotel") {
    cases.push(kindWide("POST", "/onboarding", SIGNED_IN, { data: { name: "Onboarded Inn" } }));
  }
  return cases;
}

async function send(d: TKindDescriptor, caller: TCaller, request: TRequest) {
  if (request.file) {
    const { body, name } = request.file;
    return upload(d, request.route, caller, body, name, request.method as "POST" | "PUT");
  }
  return call(d, request.method, request.route, caller, request.payload);
}

describe.each(KIND_DESCRIPTORS.map((d) => [d.kind, d] as const))("%s", (_kind, d) => {
  // Only facilities are managed through a destination; elsewhere the destination's owner is a stranger.
  const callers = CALLERS.filter((c) => c !== "inherited" || d.kind === "facility");
  let listing: string;

  it("covers every write route and every POST read of the kind", async () => {
    listing = await newListing(d, "approved");
    const base = `/${d.service}/api/${d.path}`;
    const normal = (route: string) => route.replace(/:[A-Za-z]+/g, ":p");
    const served = t.app.routeTable
      .filter((r) => r.method !== "GET" && r.method !== "HEAD" && r.url.startsWith(base))
      // Requests for proposals and leads have their own matrix (rfps-permissions.test.ts), and so
      // do hotel stays: rooms, calendar, blocks, quotes, reservations, matches, an event's teams,
      // a hotel's stay settings (stays-permissions).
      .filter((r) => !/\/(requirements|leads)\b|\/search\/rfps$/.test(r.url))
      .filter(
        (r) =>
          !/^\/hotel-mgmt\/api\/hotels\/(:id\/(rooms|calendar|availability|stay-settings)|blocks|reservations|search\/matches|events\/:eventId\/teams)\b/.test(
            r.url,
          ),
      )
      // A venue's calendar and its sync have their own callers' checks (availability.test.ts,
      // availability-feeds.test.ts).
      .filter((r) => !/^\/(facility|destination)-mgmt\/api\/\w+\/:id\/availability\b/.test(r.url))
      // A destination's tour guide is the assistant's (assistant-permissions.test.ts).
      .filter((r) => !/^\/destination-mgmt\/api\/destinations\/:id\/tour-guide\b/.test(r.url))
      // A destination's CRM connections have their own matrix (crm.test.ts).
      .filter((r) => !/^\/destination-mgmt\/api\/destinations\/:id\/crm\b/.test(r.url))
      // Messaging a listing's team refuses its own people with 400, not 403 (profile-message.test.ts).
      .filter((r) => !r.url.endsWith("/:id/message"))
      .map((r) => `${r.method} ${normal(r.url.slice(base.length))}`);
    const covered = new Set(casesOf(d).map((c) => `${c.method} ${normal(c.route)}`));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(
    casesOf(d).map((c) => [`${c.method} ${c.route}${c.what ? ` (${c.what})` : ""}`, c] as const),
  )("%s", async (_name, c) => {
    const expected: Record<string, TOutcome> = {};
    const actual: Record<string, TOutcome> = {};
    for (const caller of callers) {
      const id = c.fresh ? await newListing(d, c.fresh) : listing;
      const request = await c.prepare(id, caller);
      const res = await send(d, caller, request);
      actual[caller] = outcomeOf(res);
      expected[caller] = c.allowed.includes(caller)
        ? "allowed"
        : caller === "anonymous"
          ? "unauthorized"
          : "refused";
    }
    expect(actual).toEqual(expected);
  });
});
