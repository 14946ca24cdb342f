// The lead pipeline over http: every status move allowed and refused for the recipient's manager,
// the organizer and an admin; history; proposals with their conversation; awarding (the rest lose
// and hear why); response time; direct sends, withdrawal, assignment, stats and the pipeline board;
// and the request's own lifecycle (draft edits, closing, deleting).
import type { TLead, TLeadCard } from "@hostfield/domain/contracts";
import { LEAD_STATUSES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  listUnder,
  move,
  moveTo,
  notificationsOf,
  notificationTitles,
  proposal,
  publishRequest,
  rfpSuite,
  sendToFacilities,
  type TLeadDto,
  userIdOf,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "dave", "member", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];

const ids = {} as Record<
  "indy" | "carmel" | "visitIndy" | "vendor" | "userMember" | "userStranger",
  string
>;
const { clock, api, app, ev, ok } = rfpSuite(PEOPLE, async () => {
  const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)] };
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    tier: "Silver",
    ...qualifying,
  });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    tier: "Gold",
    ...qualifying,
  });
  ids.visitIndy = await createListed(api, "destination", "dave", {
    name: "Visit Indy",
    at: "indianapolis",
    tier: "Gold",
  });
  await listUnder(api, ids.carmel, ids.visitIndy);
  ids.vendor = await createListed(api, "organization", "admin", {
    name: "Court Rentals Inc",
    at: "indianapolis",
  });
  await addMember(api, "facility", ids.indy, "member", "member");
  ids.userMember = await userIdOf(api, "member");
  ids.userStranger = await userIdOf(api, "stranger");
});
// Days of the matched events below, apart from the status machine's (whose awards book June).
const JULY = { startDate: "2030-07-10", endDate: "2030-07-12" };
const JULY_BID = ["2030-07-10", "2030-07-11"];
const AUGUST = { startDate: "2030-08-07", endDate: "2030-08-09" };
const titlesOf = (who: TPerson) => notificationTitles(api, app(), who);
const notificationsTo = (who: TPerson) => notificationsOf(api, app(), who);

/** A fresh event with one request sent directly to the Indianapolis facility; its lead. */
async function freshLead(name = "Transition Cup") {
  const eventId = await createEvent(api, "organizer", name);
  const requestId = await draftRequest(api, "organizer", eventId);
  const [leadId] = await sendToFacilities(api, "organizer", eventId, requestId, [ids.indy]);
  return { eventId, requestId, leadId: leadId! };
}

const patchLead = (eventId: string, leadId: string, who: TPerson | "anonymous", ops: unknown) =>
  ev("PATCH", `/events/${eventId}/leads/${leadId}`, who, ops);

/** Brings a fresh lead to `status` along the machine, as the sides that own each step. */
async function leadIn(status: string) {
  const lead = await freshLead();
  const step = async (to: string, who: TPerson) =>
    ok(patchLead(lead.eventId, lead.leadId, who, moveTo(to)));
  if (status === "Interested" || status === "Won" || status === "Lost")
    await step("Interested", "alice");
  if (status === "Passed") await step("Passed", "alice");
  if (status === "Won" || status === "Lost") await step(status, "organizer");
  return lead;
}

describe("the status machine", () => {
  // The machine and sides, restated: recipients answer (Interested, Passed, back to Open),
  // organizers decide (Won, Lost); Won and Lost are final except for admins.
  const MACHINE = new Set([
    "Open>Interested",
    "Open>Passed",
    "Interested>Won",
    "Interested>Lost",
    "Interested>Passed",
    "Passed>Open",
  ]);
  const RECIPIENT_MOVES = new Set(["Open", "Interested", "Passed"]);
  const FINAL = new Set(["Won", "Lost"]);
  const expected = (who: "alice" | "organizer" | "admin", from: string, to: string) => {
    if (who === "admin") return MACHINE.has(`${from}>${to}`) || FINAL.has(from) ? 200 : 409;
    const mine = who === "alice" ? RECIPIENT_MOVES.has(to) : !RECIPIENT_MOVES.has(to);
    if (!mine) return 403;
    return MACHINE.has(`${from}>${to}`) ? 200 : 409;
  };
  const pairs = LEAD_STATUSES.flatMap((from) =>
    LEAD_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)("%s → %s: recipient manager, organizer, admin", async (from, to) => {
    const actual: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const who of ["alice", "organizer", "admin"] as const) {
      const lead = await leadIn(from);
      const res = await patchLead(lead.eventId, lead.leadId, who, moveTo(to));
      actual[who] = res.statusCode;
      wanted[who] = expected(who, from, to);
      if (res.statusCode === 409) expect(res.json().error.code).toBe("LEAD_TRANSITION_REFUSED");
      if (res.statusCode === 200) expect(res.json().data.status).toBe(to);
    }
    expect(actual).toEqual(wanted);
  });

  it("asks for a reason to pass or lose, and a proposal with dates of the event to answer", async () => {
    const lead = await freshLead();
    const at = (who: TPerson, ops: unknown) => patchLead(lead.eventId, lead.leadId, who, ops);
    const code = async (who: TPerson, ops: unknown) => (await at(who, ops)).json().error?.code;
    expect(await code("alice", move("Passed"))).toBe("REASON_REQUIRED");
    expect(await code("alice", move("Passed", { reason: "   " }))).toBe("REASON_REQUIRED");
    expect(await code("alice", move("Interested"))).toBe("PROPOSAL_REQUIRED");
    const outside = await at("alice", move("Interested", { proposal: proposal(["2030-06-15"]) }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.code).toBe("DATES_OUTSIDE_EVENT");
    expect(outside.json().error.message).toContain("2030-06-12 to 2030-06-14");
    expect((await at("alice", [{ op: "replace", path: "/score", value: 5 }])).statusCode).toBe(400);
    expect((await at("alice", [{ op: "add", path: "/score", value: 5 }])).json().error.code).toBe(
      "FIELD_NOT_EDITABLE",
    );
    expect((await at("alice", move("Nowhere"))).statusCode).toBe(400);
    await ok(at("alice", moveTo("Interested")));
    expect(await code("organizer", move("Lost"))).toBe("REASON_REQUIRED");
  });

  it("declines with a coded reason, words or both; the venue reads its own; a code goes with a decline only", async () => {
    const coded = await freshLead("Coded Decline Cup");
    await ok(patchLead(coded.eventId, coded.leadId, "alice", moveTo("Interested")));
    // A code on another move, or a code not on the list, is refused.
    const onPass = await patchLead(
      coded.eventId,
      coded.leadId,
      "alice",
      move("Passed", { reason: "Booked", reasonCode: "budget" }),
    );
    expect(onPass.statusCode).toBe(400);
    const unknown = await patchLead(
      coded.eventId,
      coded.leadId,
      "organizer",
      move("Lost", { reasonCode: "weather" }),
    );
    expect(unknown.statusCode).toBe(400);
    // The code alone is reason enough.
    const lost = await ok<TLeadDto & { statusReasonCode: string | null }>(
      patchLead(
        coded.eventId,
        coded.leadId,
        "organizer",
        move("Lost", { reasonCode: "budget", reason: "We found courts for less" }),
      ),
    );
    expect([lost.status, lost.statusReasonCode, lost.statusReason]).toEqual([
      "Lost",
      "budget",
      "We found courts for less",
    ]);
    const seen = await ok<{ statusReasonCode: string | null; statusReason: string | null }>(
      ev("GET", `/events/${coded.eventId}/leads/${coded.leadId}`, "alice"),
    );
    expect([seen.statusReasonCode, seen.statusReason]).toEqual([
      "budget",
      "We found courts for less",
    ]);
    const history = await ok<{ toStatus: string; reasonCode: string | null }[]>(
      ev("GET", `/events/${coded.eventId}/leads/${coded.leadId}/history`, "alice"),
    );
    expect(history.at(-1)).toMatchObject({ toStatus: "Lost", reasonCode: "budget" });
    expect(await titlesOf("alice")).toContain(
      "Coded Decline Cup declined the proposal: Over our budget: We found courts for less",
    );
    const bare = await freshLead("Code Only Cup");
    await ok(patchLead(bare.eventId, bare.leadId, "alice", moveTo("Interested")));
    await ok(
      patchLead(bare.eventId, bare.leadId, "organizer", move("Lost", { reasonCode: "dates" })),
    );
    expect(await titlesOf("alice")).toContain(
      "Code Only Cup declined the proposal: The dates do not work",
    );
  });

  it("lets the member a lead is assigned to answer it, and no other member", async () => {
    const lead = await freshLead();
    const assign = (who: TPerson, userId: string | null) =>
      ev("PUT", `/events/${lead.eventId}/leads/${lead.leadId}/member`, who, { data: { userId } });
    expect(
      (await patchLead(lead.eventId, lead.leadId, "member", moveTo("Passed"))).statusCode,
    ).toBe(403);
    expect((await assign("member", ids.userMember)).statusCode).toBe(403);
    const bad = await assign("alice", ids.userStranger);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("NOT_A_MEMBER");
    const assigned = await ok(assign("alice", ids.userMember));
    expect(assigned.assignedUser).toMatchObject({ id: ids.userMember, name: "Member Person" });
    const mine = await ok<TLeadDto[]>(
      ev("POST", `/facilities/${ids.indy}/leads`, "member", { data: { assignedToMe: true } }),
    );
    expect(mine.map((l) => l.id)).toEqual([lead.leadId]);
    expect(
      (await ok(patchLead(lead.eventId, lead.leadId, "member", moveTo("Passed")))).status,
    ).toBe("Passed");
    expect((await ok(assign("alice", null))).assignedUser).toBeNull();
  });
});

describe("answering, awarding and the history", () => {
  let eventId: string;
  let requestId: string;
  let leads: Record<string, TLeadDto>;

  it("sends the request to the matching facilities and the destination", async () => {
    // Its own days: the status machine's awards above booked Indy Fieldhouse's June days.
    eventId = await createEvent(api, "organizer", "Circle City Classic", JULY);
    requestId = await publishRequest(api, "organizer", eventId);
    const all = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"));
    leads = Object.fromEntries(all.map((l) => [l.owner.name, l]));
    expect(Object.keys(leads).sort()).toEqual(["Carmel Courts", "Indy Fieldhouse", "Visit Indy"]);
    const found = await ok<TLeadDto[]>(
      ev("POST", `/events/${eventId}/leads/search`, "organizer", { data: { text: "carmel" } }),
    );
    expect(found.map((l) => l.owner.name)).toEqual(["Carmel Courts"]);
    const byEvent = await ok<TLeadDto[]>(
      ev("POST", `/destinations/${ids.visitIndy}/leads`, "dave", { data: { text: "Circle City" } }),
    );
    expect(byEvent.map((l) => l.event.name)).toEqual(["Circle City Classic"]);
  });

  it("finds leads by their event's and their venue's names as they are now, after a rename", async () => {
    const rename = (service: string, path: string, who: "organizer" | "bob", name: string) =>
      ok(api.call(service, "PATCH", path, who, [{ op: "replace", path: "/name", value: name }]));
    const texts = async (route: string, who: "organizer" | "dave", text: string) =>
      (await ok<TLeadDto[]>(ev("POST", route, who, { data: { text } }))).map(
        (l) => `${l.event.name} · ${l.owner.name}`,
      );
    await rename("event-mgmt", `/events/${eventId}`, "organizer", "Hoosier Hardwood Classic");
    await rename("facility-mgmt", `/facilities/${ids.carmel}`, "bob", "Monon Courts");
    const destination = `/destinations/${ids.visitIndy}/leads`;
    expect(await texts(destination, "dave", "Circle City")).toEqual([]);
    expect(await texts(destination, "dave", "hardwood")).toEqual([
      "Hoosier Hardwood Classic · Visit Indy",
    ]);
    // Whatever the case of the text, the event's name or the listing's own.
    expect(await texts(destination, "dave", "HARDWOOD Classic")).toEqual([
      "Hoosier Hardwood Classic · Visit Indy",
    ]);
    expect(await texts(destination, "dave", "visit INDY")).toContain(
      "Hoosier Hardwood Classic · Visit Indy",
    );
    const search = `/events/${eventId}/leads/search`;
    expect(await texts(search, "organizer", "carmel")).toEqual([]);
    expect(await texts(search, "organizer", "monon")).toEqual([
      "Hoosier Hardwood Classic · Monon Courts",
    ]);
    // Back as they were, for the tests below.
    await rename("event-mgmt", `/events/${eventId}`, "organizer", "Circle City Classic");
    await rename("facility-mgmt", `/facilities/${ids.carmel}`, "bob", "Carmel Courts");
    expect(await texts(search, "organizer", "carmel")).toEqual([
      "Circle City Classic · Carmel Courts",
    ]);
  });

  it("answers with a proposal: a conversation with the organizer, a first response time and a notification", async () => {
    clock.advance(3 * HOUR - 60_000);
    // Carmel Courts answers its first lead ever after (just under) three hours.
    const carmel = await ok<TLeadDto>(
      patchLead(eventId, leads["Carmel Courts"]!.id, "bob", moveTo("Interested", JULY_BID)),
    );
    expect(carmel.firstResponseDate).not.toBeNull();
    expect(carmel.owner.responseTime).toBe("usually responds within 3 h");
    // The listing's own stats: the median its answered leads give, and its one Interested lead.
    const carmelStats = await ok(
      ev("POST", `/facilities/${ids.carmel}/leads/stats`, "bob", { data: {} }),
    );
    expect(carmelStats).toMatchObject({ total: 1, byStatus: { Interested: 1, Open: 0 } });
    expect(Math.abs(carmelStats.medianResponseMs - 3 * HOUR)).toBeLessThan(2 * 60_000);
    const indy = leads["Indy Fieldhouse"]!;
    const answered = await ok<TLeadDto>(
      patchLead(eventId, indy.id, "alice", moveTo("Interested", JULY_BID)),
    );
    expect(answered.status).toBe("Interested");
    expect(answered.proposal).toMatchObject({
      message: proposal().message,
      dates: JULY_BID,
    });
    expect(answered.groupId).not.toBeNull();
    expect(answered.groupId).not.toBe(carmel.groupId);
    const messages = await ok<{ body: string }[]>(
      api.call("user-mgmt", "GET", `/groups/${answered.groupId}/messages`, "organizer"),
    );
    expect(messages[0]!.body).toContain("Four courts, ready on Friday evening.");
    expect(messages[0]!.body).toContain("Dates: Wed, Jul 10th, 2030; Thu, Jul 11th, 2030");
    expect(await titlesOf("organizer")).toContain("New proposal from Indy Fieldhouse");

    const stats = await ok(ev("POST", `/events/${eventId}/leads/stats`, "organizer", { data: {} }));
    expect(stats).toMatchObject({ total: 3, byStatus: { Open: 1, Interested: 2 } });
    expect(Math.abs(stats.medianResponseMs - 3 * HOUR)).toBeLessThan(2 * 60_000);
    expect(stats.responseTime).toBe("usually responds within 3 h");
  });

  it("revises an Interested proposal without changing its status", async () => {
    const indy = leads["Indy Fieldhouse"]!;
    const revised = await ok<TLeadDto>(
      patchLead(eventId, indy.id, "alice", [
        { op: "replace", path: "/proposal/message", value: "Four courts and a warm-up gym." },
      ]),
    );
    expect(revised.status).toBe("Interested");
    expect(revised.proposal!.message).toBe("Four courts and a warm-up gym.");
  });

  it("awards one lead: the others in the running lose with their reason, the winner reads its own words, and every bidder is told", async () => {
    const indy = leads["Indy Fieldhouse"]!;
    const won = await ok<TLeadDto>(
      patchLead(
        eventId,
        indy.id,
        "organizer",
        move("Won", {
          reason: "Your four courts fit us best",
          othersReason: "Closest to downtown",
        }),
      ),
    );
    expect(won.status).toBe("Won");
    const after = Object.fromEntries(
      (await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"))).map((l) => [
        l.owner.name,
        [l.status, l.statusReason],
      ]),
    );
    const codes = Object.fromEntries(
      (
        await ok<(TLeadDto & { statusReasonCode: string | null })[]>(
          ev("GET", `/events/${eventId}/leads`, "organizer"),
        )
      ).map((l) => [l.owner.name, l.statusReasonCode]),
    );
    expect(codes).toEqual({
      "Indy Fieldhouse": null,
      "Carmel Courts": "another",
      "Visit Indy": "another",
    });
    expect(after).toEqual({
      "Indy Fieldhouse": ["Won", "Your four courts fit us best"],
      "Carmel Courts": ["Lost", "Closest to downtown"],
      "Visit Indy": ["Lost", "Closest to downtown"],
    });
    const request = await ok(
      ev("GET", `/events/${eventId}/requirements/${requestId}`, "organizer"),
    );
    expect(request.status).toBe("awarded");
    expect(request.leadCounts).toMatchObject({ Won: 1, Lost: 2, Open: 0 });

    // The winner hears its own words, never the reason the others lose with.
    const toAlice = (await notificationsTo("alice"))
      .filter((n) => n.title === "You won Circle City Classic")
      .map(({ title, contents }) => ({ title, contents }));
    expect(toAlice).toEqual([
      {
        title: "You won Circle City Classic",
        contents: "The organizer chose Indy Fieldhouse: Your four courts fit us best",
      },
    ]);
    expect(await titlesOf("bob")).toContain(
      "Circle City Classic chose another venue: Closest to downtown",
    );
    expect(await titlesOf("dave")).toContain(
      "Circle City Classic chose another venue: Closest to downtown",
    );
    const carmel = await ok<TLeadDto>(
      ev("GET", `/events/${eventId}/leads/${leads["Carmel Courts"]!.id}`, "bob"),
    );
    expect([carmel.status, carmel.statusReason]).toEqual(["Lost", "Closest to downtown"]);
  });

  it("keeps every change with who, when and why", async () => {
    const indy = leads["Indy Fieldhouse"]!;
    const history = await ok<
      {
        fromStatus: string | null;
        toStatus: string;
        reason: string | null;
        by: { name: string } | null;
        at: string;
      }[]
    >(ev("GET", `/events/${eventId}/leads/${indy.id}/history`, "alice"));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.reason, h.by?.name])).toEqual([
      [null, "Open", null, "Organizer Person"],
      ["Open", "Interested", null, "Alice Person"],
      ["Interested", "Won", "Your four courts fit us best", "Organizer Person"],
    ]);
    const carmel = await ok<{ toStatus: string; reason: string | null }[]>(
      ev("GET", `/events/${eventId}/leads/${leads["Carmel Courts"]!.id}/history`, "organizer"),
    );
    expect(carmel.at(-1)).toMatchObject({ toStatus: "Lost", reason: "Closest to downtown" });
  });

  it("says 'Another venue was chosen' when the organizer gives no reason", async () => {
    // Days of its own: Indy Fieldhouse won July's Circle City Classic above.
    const other = await createEvent(api, "organizer", "Quiet Award Open", AUGUST);
    await publishRequest(api, "organizer", other);
    const all = await ok<TLeadDto[]>(ev("GET", `/events/${other}/leads`, "organizer"));
    const indy = all.find((l) => l.owner.name === "Indy Fieldhouse")!;
    await ok(patchLead(other, indy.id, "alice", moveTo("Interested", [AUGUST.startDate])));
    await ok(patchLead(other, indy.id, "organizer", move("Won")));
    const rest = await ok<TLeadDto[]>(
      ev("POST", `/events/${other}/leads/filtered`, "organizer", { data: { status: ["Lost"] } }),
    );
    expect(rest.map((l) => l.statusReason)).toEqual([
      "Another venue was chosen",
      "Another venue was chosen",
    ]);
    // A winner given no words of its own is told plainly, not the others' reason.
    const won = (await notificationsTo("alice")).find(
      (n) => n.title === "You won Quiet Award Open",
    );
    expect(won?.contents).toBe("The organizer chose Indy Fieldhouse.");
  });

  it("takes the other venues' reason only with an award", async () => {
    const { eventId: other, leadId } = await freshLead("Reasoned Decline Cup");
    await ok(patchLead(other, leadId, "alice", moveTo("Interested")));
    const decline = await patchLead(
      other,
      leadId,
      "organizer",
      move("Lost", { reason: "Too far", othersReason: "Someone else" }),
    );
    expect(decline.statusCode).toBe(400);
    expect(decline.json().error.code).toBe("VALIDATION_FAILED");
    const alone = await patchLead(other, leadId, "organizer", [
      { op: "replace", path: "/othersReason", value: "Someone else" },
    ]);
    expect(alone.statusCode).toBe(400);
    const lead = await ok<TLeadDto>(ev("GET", `/events/${other}/leads/${leadId}`, "organizer"));
    expect(lead.status).toBe("Interested");
  });

  it("shows the destination its pipeline, one column per status in order", async () => {
    const board = await ok<{ columns: { status: string; count: number; leads: TLeadDto[] }[] }>(
      ev("GET", `/destinations/${ids.visitIndy}/pipeline`, "dave"),
    );
    expect(board.columns.map((c) => c.status)).toEqual([...LEAD_STATUSES]);
    const lost = board.columns.find((c) => c.status === "Lost")!;
    expect(lost.count).toBe(2);
    expect(lost.leads.map((l) => l.owner.name)).toEqual(["Visit Indy", "Visit Indy"]);
    // Cards: what a card shows and moving it needs, each as the lead's page has it; the rest
    // (its request, proposal, the venue's place and time to answer) only there.
    const card = lost.leads[0] as unknown as TLeadCard;
    const whole = await ok<TLead>(ev("GET", `/events/${card.eventId}/leads/${card.id}`, "dave"));
    expect(whole.request).toMatchObject({ sportsList: ["Basketball"] });
    expect(card).toEqual({
      id: whole.id,
      eventId: whole.eventId,
      event: {
        name: "Quiet Award Open",
        startDate: whole.event.startDate,
        endDate: whole.event.endDate,
        hasFlexibleDates: whole.event.hasFlexibleDates,
        urgency: whole.event.urgency,
      },
      owner: { ownerType: "Destination", ownerId: ids.visitIndy, name: "Visit Indy" },
      status: "Lost",
      score: whole.score,
      reasons: whole.reasons,
      assignedUser: whole.assignedUser,
      createdDate: whole.createdDate,
    });
    const stats = await ok(
      ev("POST", `/destinations/${ids.visitIndy}/leads/stats`, "dave", { data: {} }),
    );
    expect(stats).toMatchObject({ total: 2, byStatus: { Lost: 2 } });
  });
});

describe("direct sends, withdrawal and the request's lifecycle", () => {
  it("sends straight to chosen listings, vendors too, keeping leads that exist", async () => {
    const eventId = await createEvent(api, "organizer", "Direct Cup");
    const request = { id: await draftRequest(api, "organizer", eventId) };
    const targets = [
      { ownerType: "Facility", ownerId: ids.indy },
      { ownerType: "Vendor", ownerId: ids.vendor },
    ];
    const first = await ok(
      ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
        data: { requirementId: request.id, targets },
      }),
    );
    expect(first.created.map((l: TLeadDto) => [l.owner.name, l.source, l.score])).toEqual([
      ["Indy Fieldhouse", "direct", null],
      ["Court Rentals Inc", "direct", null],
    ]);
    expect(first.existing).toEqual([]);
    const second = await ok(
      ev("POST", `/events/${eventId}/leads`, "organizer", {
        data: { requirementId: request.id, ownerType: "Facility", ownerId: ids.indy },
      }),
      201,
    );
    expect(second.created).toEqual([]);
    expect(second.existing).toEqual([
      { ownerType: "Facility", ownerId: ids.indy, leadId: first.created[0].id },
    ]);
    const wrongKind = await ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
      data: {
        requirementId: request.id,
        targets: [{ ownerType: "Destination", ownerId: ids.indy }],
      },
    });
    expect(wrongKind.statusCode).toBe(404);
    // A draft that was sent directly is still a draft: publishing matches the rest.
    await ok(ev("PUT", `/events/${eventId}/requirements/${request.id}/publish`, "organizer"));
    const all = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"));
    expect(all.map((l) => [l.owner.name, l.source]).sort()).toEqual([
      ["Carmel Courts", "match"],
      ["Court Rentals Inc", "direct"],
      ["Indy Fieldhouse", "direct"],
      ["Visit Indy", "match"],
    ]);
  });

  it("withdraws an Open lead for the organizer and any lead for an admin", async () => {
    const open = await freshLead();
    await ok(ev("DELETE", `/events/${open.eventId}/leads/${open.leadId}`, "organizer"));
    expect(
      (await ev("GET", `/events/${open.eventId}/leads/${open.leadId}`, "organizer")).statusCode,
    ).toBe(404);
    const answered = await leadIn("Interested");
    const refused = await ev(
      "DELETE",
      `/events/${answered.eventId}/leads/${answered.leadId}`,
      "organizer",
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("LEAD_NOT_OPEN");
    await ok(ev("DELETE", `/events/${answered.eventId}/leads/${answered.leadId}`, "admin"));
  });

  it("edits a draft, refuses edits once published, closes and deletes by the rules", async () => {
    const eventId = await createEvent(api, "organizer", "Lifecycle Games");
    const path = `/events/${eventId}/requirements`;
    const draft = await ok(
      ev("POST", path, "organizer", { data: courtsRequest({ address: null, dist: null }) }),
      201,
    );
    expect(draft).toMatchObject({ status: "draft", placeLabel: null, dist: null });
    const moved = await ok(
      ev("PATCH", `${path}/${draft.id}`, "organizer", [
        { op: "replace", path: "/address", value: "Carmel, IN" },
        { op: "replace", path: "/dist", value: 25 },
      ]),
    );
    expect(moved).toMatchObject({ address: "Carmel, IN", placeLabel: "Carmel, IN", dist: 25 });
    const unknown = await ev("PATCH", `${path}/${draft.id}`, "organizer", [
      { op: "replace", path: "/address", value: "Atlantis, ZZ" },
    ]);
    expect(unknown.json().error.code).toBe("UNKNOWN_PLACE");
    const publishByPatch = await ev("PATCH", `${path}/${draft.id}`, "organizer", [
      { op: "replace", path: "/status", value: "published" },
    ]);
    expect(publishByPatch.json().error.code).toBe("STATUS_NOT_EDITABLE");
    await ok(ev("PUT", `${path}/${draft.id}/publish`, "organizer"));
    const late = await ev("PATCH", `${path}/${draft.id}`, "organizer", [
      { op: "replace", path: "/spaceTypeCount", value: 2 },
    ]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("REQUIREMENT_NOT_DRAFT");
    expect((await ev("DELETE", `${path}/${draft.id}`, "organizer")).json().error.code).toBe(
      "REQUIREMENT_IN_USE",
    );
    const closed = await ok(
      ev("PATCH", `${path}/${draft.id}`, "organizer", [
        { op: "replace", path: "/status", value: "closed" },
      ]),
    );
    expect(closed.status).toBe("closed");
    const byStatus = async (status: string) =>
      (
        await ok<{ id: string }[]>(
          ev("POST", `${path}/filtered`, "organizer", { data: { status: [status] } }),
        )
      ).map((r) => r.id);
    expect(await byStatus("closed")).toEqual([draft.id]);
    expect(await byStatus("published")).toEqual([]);
    await ok(ev("DELETE", `${path}/${draft.id}`, "organizer"));
    expect((await ev("GET", `${path}/${draft.id}`, "organizer")).statusCode).toBe(404);
    expect(await byStatus("closed")).toEqual([]);
  });
});

describe("one winner per event, and closed events", () => {
  /** A fresh event whose request went straight to both facilities, and both answered. */
  async function twoBids(name: string) {
    const eventId = await createEvent(api, "organizer", name);
    const requestId = await draftRequest(api, "organizer", eventId);
    const [indy, carmel] = await sendToFacilities(api, "organizer", eventId, requestId, [
      ids.indy,
      ids.carmel,
    ]);
    await ok(patchLead(eventId, indy!, "alice", moveTo("Interested")));
    await ok(patchLead(eventId, carmel!, "bob", moveTo("Interested")));
    return { eventId, requestId, indy: indy!, carmel: carmel! };
  }
  const statuses = async (eventId: string) =>
    Object.fromEntries(
      (await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"))).map((l) => [
        l.owner.name,
        l.status,
      ]),
    );

  it("awards one of two bids sent at once: the other is refused with 409, never a 500 or two wins", async () => {
    // On PostgreSQL the two transactions overlap; each used to lock its own lead and then wait
    // for the other's (a deadlock, failed with a 500) or, worse, both won. Several rounds, since
    // the overlap depends on timing.
    for (let round = 0; round < 4; round++) {
      const bids = await twoBids(`Photo Finish ${round}`);
      const replies = await Promise.all(
        [bids.indy, bids.carmel].map((leadId) =>
          patchLead(bids.eventId, leadId, "organizer", move("Won")),
        ),
      );
      const outcomes = replies.map((r) => [r.statusCode, r.json().error?.code ?? null]).sort();
      expect(outcomes, `round ${round}`).toEqual([
        [200, null],
        [409, "LEAD_TRANSITION_REFUSED"],
      ]);
      const winner = replies[0]!.statusCode === 200 ? "Indy Fieldhouse" : "Carmel Courts";
      const loser = winner === "Indy Fieldhouse" ? "Carmel Courts" : "Indy Fieldhouse";
      expect(await statuses(bids.eventId)).toEqual({ [winner]: "Won", [loser]: "Lost" });
    }
  });

  it("refuses an admin a second winner until the first win is taken back", async () => {
    const bids = await twoBids("Second Thoughts Open");
    await ok(patchLead(bids.eventId, bids.indy, "organizer", move("Won")));
    const second = await patchLead(bids.eventId, bids.carmel, "admin", move("Won"));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("LEAD_ALREADY_AWARDED");
    expect(await statuses(bids.eventId)).toEqual({
      "Indy Fieldhouse": "Won",
      "Carmel Courts": "Lost",
    });
    // Taking the win back reopens the request; then the other bid may win (and the first loses).
    await ok(patchLead(bids.eventId, bids.indy, "admin", move("Open")));
    const request = await ok(
      ev("GET", `/events/${bids.eventId}/requirements/${bids.requestId}`, "organizer"),
    );
    expect(request.status).not.toBe("awarded");
    await ok(patchLead(bids.eventId, bids.carmel, "admin", move("Won")));
    expect(await statuses(bids.eventId)).toEqual({
      "Indy Fieldhouse": "Lost",
      "Carmel Courts": "Won",
    });
  });

  it("sends and publishes nothing for a closed event", async () => {
    const eventId = await createEvent(api, "organizer", "Closed Doors Cup");
    const requestId = await draftRequest(api, "organizer", eventId);
    await ok(
      ev("PATCH", `/events/${eventId}`, "organizer", [
        { op: "replace", path: "/isClosed", value: true },
      ]),
    );
    const direct = await ev("POST", `/events/${eventId}/leads`, "organizer", {
      data: { requirementId: requestId, ownerType: "Facility", ownerId: ids.indy },
    });
    expect([direct.statusCode, direct.json().error?.code]).toEqual([409, "EVENT_CLOSED"]);
    const publish = await ev(
      "PUT",
      `/events/${eventId}/requirements/${requestId}/publish`,
      "organizer",
    );
    expect([publish.statusCode, publish.json().error?.code]).toEqual([409, "EVENT_CLOSED"]);
    expect(await ok(ev("GET", `/events/${eventId}/leads`, "organizer"))).toEqual([]);
    const request = await ok(
      ev("GET", `/events/${eventId}/requirements/${requestId}`, "organizer"),
    );
    expect(request.status).toBe("draft");
  });
});

describe("a listing's lead list and board at length", () => {
  const COLUMN = 20;
  let hostId: string;
  const names: string[] = [];

  it("pages a listing's leads newest first, counting them all", async () => {
    hostId = await createListed(api, "destination", "dave", {
      name: "Hoosier Host",
      at: "indianapolis",
      tier: "Gold",
    });
    for (let i = 0; i < COLUMN + 2; i++) {
      const name = `Board Cup ${i}`;
      const eventId = await createEvent(api, "organizer", name);
      const requirementId = await draftRequest(api, "organizer", eventId);
      await ok(
        ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
          data: { requirementId, targets: [{ ownerType: "Destination", ownerId: hostId }] },
        }),
      );
      names.unshift(name);
      clock.advance(60_000);
    }
    const page = (
      await ev("POST", `/destinations/${hostId}/leads?take=2&offset=1`, "dave", {
        data: {},
      })
    ).json();
    expect(page.data.map((l: TLeadDto) => l.event.name)).toEqual(names.slice(1, 3));
    expect(page._meta.stats.count).toBe(COLUMN + 2);
    // A page past the last lead still counts them all, filtered or not.
    const past = async (data: object) =>
      (
        await ev("POST", `/destinations/${hostId}/leads?take=5&offset=${COLUMN + 2}`, "dave", {
          data,
        })
      ).json();
    expect(await past({})).toMatchObject({ data: [], _meta: { stats: { count: COLUMN + 2 } } });
    expect(await past({ status: ["Open"] })).toMatchObject({
      data: [],
      _meta: { stats: { count: COLUMN + 2 } },
    });
    expect(await past({ status: ["Won"] })).toMatchObject({
      data: [],
      _meta: { stats: { count: 0 } },
    });
  });

  it("finds leads by the listing's own name (all of them) or by the event's", async () => {
    const find = async (text: string) =>
      (await ev("POST", `/destinations/${hostId}/leads?take=5`, "dave", { data: { text } })).json();
    const own = await find("hoosier");
    expect(own._meta.stats.count).toBe(COLUMN + 2);
    expect(own.data.map((l: TLeadDto) => l.event.name)).toEqual(names.slice(0, 5));
    const one = await find("board cup 7");
    expect(one.data.map((l: TLeadDto) => l.event.name)).toEqual(["Board Cup 7"]);
    expect((await find("Nowhere Cup"))._meta.stats.count).toBe(0);
  });

  it("pages the leads a text finds, newest first, counting every match", async () => {
    const page = (
      await ev("POST", `/destinations/${hostId}/leads?take=3&offset=2`, "dave", {
        data: { text: "board cup 1" },
      })
    ).json();
    // Board Cup 1 and 10 to 19 match; the newest come first.
    expect(page._meta.stats.count).toBe(11);
    expect(page.data.map((l: TLeadDto) => l.event.name)).toEqual([
      "Board Cup 17",
      "Board Cup 16",
      "Board Cup 15",
    ]);
    const past = (
      await ev("POST", `/destinations/${hostId}/leads?take=3&offset=11`, "dave", {
        data: { text: "board cup 1" },
      })
    ).json();
    expect(past.data).toEqual([]);
    expect(past._meta.stats.count).toBe(11);
    // An offset past any 32-bit integer is still a page past the last lead, not a failure.
    const far = await ev("POST", `/destinations/${hostId}/leads?take=3&offset=5000000000`, "dave", {
      data: {},
    });
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual([]);
  });

  it("shows each pipeline column's newest 20 and the whole count", async () => {
    const board = await ok<{ columns: { status: string; count: number; leads: TLeadDto[] }[] }>(
      ev("GET", `/destinations/${hostId}/pipeline`, "dave"),
    );
    const open = board.columns.find((c) => c.status === "Open")!;
    expect(open.count).toBe(COLUMN + 2);
    expect(open.leads.map((l) => l.event.name)).toEqual(names.slice(0, COLUMN));
    expect(
      board.columns.filter((c) => c.status !== "Open").every((c) => c.leads.length === 0),
    ).toBe(true);
  });
});
