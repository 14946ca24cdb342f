// Shortlists (/user-mgmt/api/shortlists): an organizer's named lists of facilities and
// destinations. Only the owner reads or changes one (a stranger gets 404, a visitor 401); the
// comparison rows carry sports, spaces, capacity, distance and response time; a share link reads
// the public rows without sign-in until it is rotated or revoked; limits answer 409 with a code.
import type { TShortlist, TShortlistDetail } from "@hostfield/domain/contracts";
import { SHORTLIST_MAX_ITEMS, SHORTLISTS_PER_USER } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import {
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  moveTo,
  rfpSuite,
  sendToFacilities,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "stranger", "manager", "hoarder", "admin"] as const;
const ids = {} as Record<string, string>;

const { clock, api } = rfpSuite(PEOPLE, async (api) => {
  ids.courts = await createListed(api, "facility", "manager", {
    name: "Carmel Courts",
    at: "carmel",
    sports: ["Basketball", "Volleyball"],
    spaces: [indoorCourts(4), { name: "Field", surface: "Turf", count: 2, location: "Outdoor" }],
    details: { capacity: 1200 },
  });
  ids.arena = await createListed(api, "facility", "manager", {
    name: "Louisville Arena",
    at: "louisville",
    sports: ["Basketball"],
    spaces: [indoorCourts(1)],
  });
  ids.visitIndy = await createListed(api, "destination", "admin", {
    name: "Visit Indy",
    at: "indianapolis",
  });
  ids.pending = await createListed(api, "facility", "manager", {
    name: "Pending Gym",
    at: "fishers",
    pending: true,
  });
});

const sl = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  route: string,
  who: string,
  body?: unknown,
) => api.call("user-mgmt", method, route, who, body);

async function newList(who: string, name: string): Promise<TShortlist> {
  return api.ok<TShortlist>(sl("POST", "/shortlists", who, { data: { name } }), 201);
}

const save = (who: string, listId: string, kind: string, id: string, note?: string) =>
  sl("POST", `/shortlists/${listId}/items`, who, { data: { kind, id, ...(note ? { note } : {}) } });

describe("my shortlists", () => {
  it("an organizer creates, renames, lists and deletes their own shortlists", async () => {
    const list = await newList("organizer", "  Summer hoops  ");
    expect(list).toMatchObject({
      name: "Summer hoops",
      itemCount: 0,
      entries: [],
      shareToken: null,
    });
    const renamed = await api.ok<TShortlist>(
      sl("PUT", `/shortlists/${list.id}`, "organizer", { data: { name: "Summer 2030" } }),
    );
    expect(renamed.name).toBe("Summer 2030");
    const mine = await api.ok<TShortlist[]>(sl("GET", "/shortlists", "organizer"));
    expect(mine.map((l) => l.name)).toContain("Summer 2030");
    const strangers = await api.ok<TShortlist[]>(sl("GET", "/shortlists", "stranger"));
    expect(strangers.map((l) => l.id)).not.toContain(list.id);
    await api.ok(sl("DELETE", `/shortlists/${list.id}`, "organizer"));
    expect((await sl("GET", `/shortlists/${list.id}`, "organizer")).statusCode).toBe(404);
  });

  it("refuses a visitor (401) and hides a list from a stranger (404) on every call", async () => {
    const list = await newList("organizer", "Private");
    await api.ok(save("organizer", list.id, "facility", ids.courts!), 201);
    expect((await sl("GET", "/shortlists", "anonymous")).statusCode).toBe(401);
    expect((await sl("POST", "/shortlists", "anonymous", { data: { name: "x" } })).statusCode).toBe(
      401,
    );
    const calls: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["GET", `/shortlists/${list.id}`],
      ["PUT", `/shortlists/${list.id}`, { data: { name: "Mine now" } }],
      ["POST", `/shortlists/${list.id}/items`, { data: { kind: "facility", id: ids.arena } }],
      ["DELETE", `/shortlists/${list.id}/items/${ids.courts}`],
      ["PUT", `/shortlists/${list.id}/share`],
      ["DELETE", `/shortlists/${list.id}/share`],
      ["DELETE", `/shortlists/${list.id}`],
    ];
    for (const [method, route, body] of calls) {
      const stranger = await sl(method, route, "stranger", body);
      expect(stranger.statusCode, `${method} ${route}`).toBe(404);
      expect(stranger.json().error.code).toBe("NOT_FOUND");
      expect((await sl(method, route, "anonymous", body)).statusCode, `${method} ${route}`).toBe(
        401,
      );
    }
    // Nothing the refused calls tried happened.
    const after = await api.ok<TShortlistDetail>(sl("GET", `/shortlists/${list.id}`, "organizer"));
    expect(after).toMatchObject({ name: "Private", shareToken: null });
    expect(after.rows.map((r) => r.id)).toEqual([ids.courts]);
  });

  it("answers bad input with 400 and a code, never a 500", async () => {
    const list = await newList("organizer", "Checks");
    const cases: [Promise<{ statusCode: number; json(): { error: { code: string } } }>, string][] =
      [
        [sl("POST", "/shortlists", "organizer", { data: { name: "   " } }), "VALIDATION_FAILED"],
        [
          sl("POST", "/shortlists", "organizer", { data: { name: "x".repeat(81) } }),
          "VALIDATION_FAILED",
        ],
        [sl("GET", "/shortlists/not-a-uuid", "organizer"), "VALIDATION_FAILED"],
        [save("organizer", list.id, "hotel", ids.courts!), "VALIDATION_FAILED"],
        [save("organizer", list.id, "facility", "nope"), "VALIDATION_FAILED"],
        // A destination's id named as a facility, and a listing not approved yet.
        [save("organizer", list.id, "facility", ids.visitIndy!), "PROFILE_NOT_FOUND"],
        [save("organizer", list.id, "facility", ids.pending!), "PROFILE_NOT_FOUND"],
        [
          sl("GET", `/shortlists/${list.id}?from=Nowhereville%2C%20ZZ`, "organizer"),
          "UNKNOWN_PLACE",
        ],
      ];
    for (const [call, code] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
  });

  it("keeps a listing once per list (409 ALREADY_EXISTS) and takes it off again", async () => {
    const list = await newList("organizer", "Once");
    const saved = await api.ok<TShortlist>(
      save("organizer", list.id, "facility", ids.courts!),
      201,
    );
    expect(saved.entries).toEqual([{ kind: "facility", id: ids.courts }]);
    const again = await save("organizer", list.id, "facility", ids.courts!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ALREADY_EXISTS");
    const removed = await api.ok<TShortlist>(
      sl("DELETE", `/shortlists/${list.id}/items/${ids.courts}`, "organizer"),
    );
    expect(removed.itemCount).toBe(0);
    expect(
      (await sl("DELETE", `/shortlists/${list.id}/items/${ids.courts}`, "organizer")).statusCode,
    ).toBe(404);
  });
});

describe("the comparison", () => {
  it("shows sports, spaces, capacity, distance from a place and the median response time", async () => {
    // The Carmel facility answers a request three hours after it arrives.
    const eventId = await createEvent(api, "organizer", "Response timing");
    const requestId = await draftRequest(api, "organizer", eventId);
    const [leadId] = await sendToFacilities(api, "organizer", eventId, requestId, [ids.courts!]);
    clock.advance(3 * HOUR);
    await api.ok(
      api.ev("PATCH", `/events/${eventId}/leads/${leadId}`, "manager", moveTo("Interested")),
    );

    const list = await newList("organizer", "Compare");
    await api.ok(save("organizer", list.id, "facility", ids.courts!, "Near the hotels"), 201);
    await api.ok(save("organizer", list.id, "destination", ids.visitIndy!), 201);
    await api.ok(save("organizer", list.id, "facility", ids.arena!), 201);
    const detail = await api.ok<TShortlistDetail>(
      sl(
        "GET",
        `/shortlists/${list.id}?from=${encodeURIComponent("Indianapolis, IN")}`,
        "organizer",
      ),
    );
    expect(detail.origin?.label).toBe("Indianapolis, IN");
    expect(detail.rows.map((r) => r.name)).toEqual([
      "Carmel Courts",
      "Visit Indy",
      "Louisville Arena",
    ]);
    const [courts, indy, arena] = detail.rows;
    expect(courts).toMatchObject({
      kind: "facility",
      listed: true,
      city: "Carmel",
      sports: ["Basketball", "Volleyball"],
      spaceCount: 6,
      capacity: 1200,
      responseHours: 3,
      note: "Near the hotels",
    });
    // Carmel is about 14.6 miles north of downtown Indianapolis, Louisville about 104 south.
    expect(courts!.distanceMiles).toBeGreaterThan(13);
    expect(courts!.distanceMiles).toBeLessThan(16);
    expect(arena!.distanceMiles).toBeGreaterThan(95);
    expect(arena!.distanceMiles).toBeLessThan(115);
    expect(indy).toMatchObject({ kind: "destination", capacity: null, responseHours: null });
    expect(indy!.distanceMiles).toBeLessThan(5);
    // Without a place, no distances.
    const plain = await api.ok<TShortlistDetail>(sl("GET", `/shortlists/${list.id}`, "organizer"));
    expect(plain.origin).toBeNull();
    expect(plain.rows.every((r) => r.distanceMiles === null)).toBe(true);
  });
});

describe("the share link", () => {
  it("reads the public rows without sign-in, without notes or hidden listings; rotating and revoking end it", async () => {
    const hidden = await createListed(api, "facility", "manager", {
      name: "Soon Hidden Hall",
      at: "fishers",
    });
    const list = await newList("organizer", "For the board");
    await api.ok(save("organizer", list.id, "facility", ids.courts!, "Our favourite"), 201);
    await api.ok(save("organizer", list.id, "facility", hidden), 201);
    await api.ok(
      api.call("facility-mgmt", "PATCH", `/facilities/${hidden}`, "admin", [
        { op: "replace", path: "/isActive", value: false },
      ]),
    );
    const owners = await api.ok<TShortlistDetail>(sl("GET", `/shortlists/${list.id}`, "organizer"));
    expect(owners.rows.map((r) => [r.id, r.listed, r.name])).toEqual([
      [ids.courts, true, "Carmel Courts"],
      [hidden, false, null],
    ]);

    const shared = await api.ok<TShortlist>(sl("PUT", `/shortlists/${list.id}/share`, "organizer"));
    expect(shared.shareToken).toEqual(expect.any(String));
    const view = await api.ok(sl("GET", `/shared-shortlists/${shared.shareToken}`, "anonymous"));
    expect(view.name).toBe("For the board");
    expect(view.rows.map((r: { name: string; note: string | null }) => [r.name, r.note])).toEqual([
      ["Carmel Courts", null],
    ]);
    expect(JSON.stringify(view)).not.toContain(list.id);

    const rotated = await api.ok<TShortlist>(
      sl("PUT", `/shortlists/${list.id}/share`, "organizer"),
    );
    expect(rotated.shareToken).not.toBe(shared.shareToken);
    expect(
      (await sl("GET", `/shared-shortlists/${shared.shareToken}`, "anonymous")).statusCode,
    ).toBe(404);
    await api.ok(sl("GET", `/shared-shortlists/${rotated.shareToken}`, "stranger"));

    await api.ok(sl("DELETE", `/shortlists/${list.id}/share`, "organizer"));
    const revoked = await sl("GET", `/shared-shortlists/${rotated.shareToken}`, "anonymous");
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error.code).toBe("NOT_FOUND");
  });
});

describe("limits", () => {
  it(`keeps at most ${SHORTLISTS_PER_USER} shortlists per person (409 TOO_MANY_SHORTLISTS)`, async () => {
    for (let i = 0; i < SHORTLISTS_PER_USER; i++) await newList("hoarder", `List ${i}`);
    const over = await sl("POST", "/shortlists", "hoarder", { data: { name: "One more" } });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("TOO_MANY_SHORTLISTS");
    // Another person is not held to the hoarder's count.
    await newList("stranger", "Mine");
  });

  it(`holds at most ${SHORTLIST_MAX_ITEMS} listings on one list (409 SHORTLIST_FULL)`, async () => {
    const list = await newList("organizer", "Everything");
    // Two facilities made above, these, and the destination: exactly the limit.
    const extra = SHORTLIST_MAX_ITEMS - 3;
    const made: string[] = [ids.courts!, ids.arena!];
    for (let i = 0; i < extra; i++) {
      made.push(await createListed(api, "facility", "admin", { name: `Gym ${i}`, at: "fishers" }));
    }
    for (const id of made) await api.ok(save("organizer", list.id, "facility", id), 201);
    await api.ok(save("organizer", list.id, "destination", ids.visitIndy!), 201);
    const detail = await api.ok<TShortlistDetail>(sl("GET", `/shortlists/${list.id}`, "organizer"));
    expect(detail.itemCount).toBe(SHORTLIST_MAX_ITEMS);
    const last = await createListed(api, "facility", "admin", {
      name: "One Too Many",
      at: "fishers",
    });
    const full = await save("organizer", list.id, "facility", last);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe("SHORTLIST_FULL");
  }, 120_000);
});
