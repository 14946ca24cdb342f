// What /home reads: the activity feed (around me and mine, paged, hidden people anonymous) and who
// is online (the hub's open sessions, hidden users offline to others).
import { HUB_PATH } from "@hostfield/domain/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

const PEOPLE = ["owner", "fan", "shy", "other", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;
const kind = (k: string) => KIND_DESCRIPTORS.find((d) => d.kind === k)!;
const client = profileClient<TPerson>(
  () => t.app,
  () => tokens,
);

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  for (const who of PEOPLE) ids[who] = (await api("GET", "/users/my", who)).json().data.id;
}, 120_000);
afterAll(() => t?.close());

function api(method: string, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type TItem = {
  id: string;
  type: string;
  at: string;
  count: number;
  groupKey: string | null;
  actor: { id: string; name: string } | null;
  profile: { id: string; kind: string; name: string };
  context: { id: string; name: string } | null;
};
async function feed(who: TPerson, query = "") {
  const res = await api("GET", `/users/my/activity${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: TItem[]; _meta: { stats: { count: number } } };
  return { data: body.data, count: body._meta.stats.count };
}
const summary = (items: TItem[]) =>
  items.map((i) => `${i.type} ${i.profile.name}${i.actor ? ` by ${i.actor.name}` : ""}`);

async function approvedListing(k: string, name: string, who: TPerson, extra = {}) {
  const d = kind(k);
  const listing = await client.createListing(d, name, who);
  if (Object.keys(extra).length) {
    const res = await client.call(
      d,
      "PATCH",
      `/${listing.id}`,
      who,
      Object.entries(extra).map(([key, value]) => ({ op: "add", path: `/${key}`, value })),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await client.call(d, "PUT", `/${listing.id}/approve`, "admin")).statusCode).toBe(200);
  return listing;
}

describe("the activity feed", () => {
  it("answers 401 to visitors and 400 to an unknown tab", async () => {
    expect((await api("GET", "/users/my/activity", "anonymous")).statusCode).toBe(401);
    const bad = await api("GET", "/users/my/activity?tab=everyone", "fan");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("tells an owner who liked their listing, and the liker that they did", async () => {
    const arena = await approvedListing("facility", "Feed Arena", "owner");
    expect(
      (await client.call(kind("facility"), "POST", `/${arena.id}/likes`, "fan")).statusCode,
    ).toBe(200);
    const around = await feed("owner");
    expect(summary(around.data)).toContain("liked Feed Arena by Fan Person");
    const mine = await feed("fan", "?tab=mine");
    expect(summary(mine.data)).toContain("liked Feed Arena by Fan Person");
    // The owner's own reactions are not news to the owner.
    await client.call(kind("facility"), "POST", `/${arena.id}/likes`, "owner");
    expect(summary((await feed("owner")).data).filter((s) => s.includes("by Owner"))).toEqual([]);
    // Someone who runs nothing and follows nothing hears of nothing.
    expect((await feed("other")).data).toEqual([]);
  });

  it("shows a hidden person's reaction without their name", async () => {
    const court = await approvedListing("facility", "Quiet Court", "owner");
    expect((await api("PUT", "/users/my/visibility?isVisible=false", "shy")).statusCode).toBe(200);
    await client.call(kind("facility"), "POST", `/${court.id}/likes`, "shy");
    const item = (await feed("owner")).data.find((i) => i.profile.id === court.id);
    expect(item?.type).toBe("liked");
    expect(item?.actor).toBeNull();
    await api("PUT", "/users/my/visibility?isVisible=true", "shy");
  });

  it("brings facilities listed under a followed destination and events of a followed organization", async () => {
    const city = await approvedListing("destination", "Feed City", "owner");
    const league = await approvedListing("organization", "Feed League", "owner");
    await client.call(kind("destination"), "POST", `/${city.id}/followers`, "other");
    await client.call(kind("organization"), "POST", `/${league.id}/followers`, "other");
    const gym = await approvedListing("facility", "Feed Gym", "owner");
    const linked = await client.call(kind("facility"), "POST", `/${gym.id}/destinations`, "owner", {
      data: { destinationId: city.id },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    // A pending facility under the same destination is not news yet.
    const pending = await client.createListing(kind("facility"), "Pending Gym", "owner");
    await client.call(kind("facility"), "POST", `/${pending.id}/destinations`, "owner", {
      data: { destinationId: city.id },
    });
    await approvedListing("event", "Feed Cup", "owner", { organizationId: league.id });

    const items = (await feed("other")).data;
    const listed = items.find((i) => i.type === "listed");
    expect(listed?.profile.name).toBe("Feed Gym");
    expect(listed?.context?.name).toBe("Feed City");
    const announced = items.find((i) => i.type === "announced");
    expect(announced?.profile.name).toBe("Feed Cup");
    expect(announced?.context?.name).toBe("Feed League");
    expect(summary(items)).not.toContain("listed Pending Gym");
  });

  it("tells who likes an event when it changes afterwards, once per change", async () => {
    const cup = await approvedListing("event", "Changing Cup", "owner");
    await client.call(kind("event"), "POST", `/${cup.id}/likes`, "other");
    expect((await feed("other")).data.filter((i) => i.type === "updated")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await client.call(kind("event"), "PATCH", `/${cup.id}`, "owner", [
      { op: "replace", path: "/description", value: "Now with a final on Sunday." },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const updates = (await feed("other")).data.filter((i) => i.type === "updated");
    expect(updates.map((i) => i.profile.name)).toEqual(["Changing Cup"]);
  });

  it("pages newest first with a total, stable across pages", async () => {
    const all = await feed("owner", "?take=100");
    expect(all.count).toBe(all.data.length);
    expect(all.count).toBeGreaterThanOrEqual(3);
    const times = all.data.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await feed("owner", "?take=2&offset=0");
    const second = await feed("owner", "?take=2&offset=2");
    expect([...first.data, ...second.data].map((i) => i.id)).toEqual(
      all.data.slice(0, 4).map((i) => i.id),
    );
    expect(first.count).toBe(all.count);
  });
});

describe("grouped repeats and what concerns me", () => {
  let astoria: { id: string };
  const facilities: string[] = [];
  beforeAll(async () => {
    astoria = await approvedListing("destination", "Astoria Sports Authority", "owner");
    await client.call(kind("destination"), "POST", `/${astoria.id}/followers`, "fan");
    for (const name of ["Astoria Dome", "Astoria Rink", "Astoria Park"]) {
      const gym = await approvedListing("facility", name, "owner");
      const linked = await client.call(
        kind("facility"),
        "POST",
        `/${gym.id}/destinations`,
        "owner",
        {
          data: { destinationId: astoria.id },
        },
      );
      expect(linked.statusCode, linked.body).toBe(201);
      facilities.push(gym.id);
    }
    // Under a destination fan does not follow: not fan's news.
    const elsewhere = await approvedListing("destination", "Elsewhere Parks", "owner");
    const far = await approvedListing("facility", "Elsewhere Field", "owner");
    await client.call(kind("facility"), "POST", `/${far.id}/destinations`, "owner", {
      data: { destinationId: elsewhere.id },
    });
  });

  it("folds facilities newly listed in one destination into one row, newest first", async () => {
    const { data, count } = await feed("fan", "?take=100");
    const listed = data.filter((i) => i.type === "listed");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      count: 3,
      context: { id: astoria.id, name: "Astoria Sports Authority" },
      profile: { name: "Astoria Park" },
    });
    expect(listed[0]?.groupKey).toMatch(
      new RegExp(`^listed\\.${astoria.id}\\.\\d{4}-\\d{2}-\\d{2}$`),
    );
    // The total counts rows as shown, a group as one.
    expect(count).toBe(data.length);
  });

  it("lists a group's items, paged, newest first", async () => {
    const key = (await feed("fan", "?take=100")).data.find((i) => i.type === "listed")!.groupKey!;
    const page = async (query: string) => {
      const res = await api("GET", `/users/my/activity/groups/${key}${query}`, "fan");
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: TItem[]; _meta: { stats: { count: number } } };
      return { names: body.data.map((i) => i.profile.name), count: body._meta.stats.count };
    };
    expect(await page("?take=2")).toEqual({ names: ["Astoria Park", "Astoria Rink"], count: 3 });
    expect(await page("?take=2&offset=2")).toEqual({ names: ["Astoria Dome"], count: 3 });
    const items = (await api("GET", `/users/my/activity/groups/${key}`, "fan")).json()
      .data as TItem[];
    expect(items.map((i) => [i.count, i.groupKey])).toEqual([
      [1, null],
      [1, null],
      [1, null],
    ]);
  });

  it("keeps single items as they are", async () => {
    const liked = (await feed("fan", "?tab=mine")).data;
    expect(liked.length).toBeGreaterThan(0);
    expect(liked.every((i) => i.count === 1 && i.groupKey === null)).toBe(true);
  });

  it("shows only what concerns me: a group of someone else's is empty to me", async () => {
    const key = (await feed("fan", "?take=100")).data.find((i) => i.type === "listed")!.groupKey!;
    // `other` follows no Astoria listing: the same key lists nothing for them.
    const theirs = await api("GET", `/users/my/activity/groups/${key}`, "other");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ data: [], _meta: { stats: { count: 0 } } });
    expect((await api("GET", `/users/my/activity/groups/${key}`, "anonymous")).statusCode).toBe(
      401,
    );
    // A destination fan does not follow, and likes of listings fan does not run, are not fan's news.
    expect(summary((await feed("fan", "?take=100")).data).join("\n")).not.toMatch(
      /Elsewhere|by Shy/,
    );
  });

  it("answers 400 with a code to a malformed group key", async () => {
    const bad = await api("GET", "/users/my/activity/groups/listed.not-an-id.2026-01-01", "fan");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("folds repeated likes of one listing into one row for its owner", async () => {
    const hall = await approvedListing("facility", "Repeat Hall", "owner");
    for (const who of ["fan", "other", "admin"] as const) {
      await client.call(kind("facility"), "POST", `/${hall.id}/likes`, who);
    }
    const rows = (await feed("owner", "?take=100")).data.filter((i) => i.profile.id === hall.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "liked", count: 3, actor: { name: "Admin Person" } });
  });
});

describe("presence", () => {
  const sockets: Socket[] = [];
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const connect = (who: TPerson) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(base, {
        path: HUB_PATH,
        auth: { token: tokens[who].access_token },
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  const presence = async (who: TWho, of: TPerson[]) => {
    const res = await api("GET", `/users/presence?ids=${of.map((p) => ids[p]).join(",")}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      (res.json().data as { id: string; isOnline: boolean }[]).map((p) => [
        PEOPLE.find((person) => ids[person] === p.id),
        p.isOnline,
      ]),
    );
  };

  it("reads a user online while a session is open, and offline after", async () => {
    expect(await presence("owner", ["fan", "other"])).toEqual({ fan: false, other: false });
    const socket = await connect("fan");
    expect(await presence("owner", ["fan", "other"])).toEqual({ fan: true, other: false });
    socket.disconnect();
    await expect.poll(async () => (await presence("owner", ["fan"])).fan).toBe(false);
  });

  it("shows a hidden user offline to others but online to themselves", async () => {
    await api("PUT", "/users/my/visibility?isVisible=false", "shy");
    await connect("shy");
    expect(await presence("owner", ["shy"])).toEqual({ shy: false });
    expect(await presence("shy", ["shy"])).toEqual({ shy: true });
    await api("PUT", "/users/my/visibility?isVisible=true", "shy");
    expect(await presence("owner", ["shy"])).toEqual({ shy: true });
  });

  it("refuses visitors, bad ids and more than 100 ids", async () => {
    expect((await api("GET", `/users/presence?ids=${ids.fan}`, "anonymous")).statusCode).toBe(401);
    expect((await api("GET", "/users/presence?ids=not-an-id", "owner")).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(",");
    expect((await api("GET", `/users/presence?ids=${many}`, "owner")).statusCode).toBe(400);
    // An id nobody has reads as offline: the answer says nothing about who exists.
    const unknown = crypto.randomUUID();
    const res = await api("GET", `/users/presence?ids=${unknown}`, "owner");
    expect(res.json().data).toEqual([{ id: unknown, isOnline: false }]);
  });
});
