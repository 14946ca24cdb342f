// An event's teams and their hotel stays (issue 46): teams typed in (0 rooms refused, a name taken
// refused without case) or uploaded as CSV, all or nothing (broken quoting, a 0-rooms row, a
// missing column and a 10,000-row file each refused with the line and nothing imported; a second
// upload changes the teams it names); a team's booking link (a capability URL) shows without an
// account that team and the event's open blocks, books into them only, and records the team; the
// organizers' overview per team (Booked, Partly booked, Not booked, room nights); a revoked link
// answers 410 on the page and on booking while the new one works; forged links 404; another
// event's organizer reaches none of it; the reminder mails the teams not booked, once a day.
// The clock moves forward through the file, in order.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, HOUR } from "./rfps-fixture";
import { acceptedBlock, guest, hm, offerFor, staysSuite, type TStayWho } from "./stays-fixture";

const { api, app, clock, world } = staysSuite({ people: ["rival", "manager"] });
const sql = (text: string, values: unknown[] = []) => app().database.pool.query(text, values);

type TTeam = {
  id: string;
  name: string;
  contactEmail: string;
  roomsNeeded: number;
  bookingPath: string;
  reservations: number;
  roomsBooked: number;
  roomNights: number;
  outsideRoomNights: number;
  status: string;
  remindedDate: string | null;
};
type TOverview = {
  eventId: string;
  stayToPlay: boolean;
  teams: TTeam[];
  counts: { teams: number; booked: number; partlyBooked: number; notBooked: number };
};

const teamsUrl = () => `/hotels/events/${world().eventId}/teams`;
const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TStayWho | "rival" | "manager",
  payload?: unknown,
) => hm(api, method, route, who as TStayWho, payload);
const overview = () => api.ok<TOverview>(call("GET", teamsUrl(), "organizer"));
const upload = (csv: string, who: "organizer" | "rival" = "organizer") =>
  call("POST", `${teamsUrl()}/import`, who, { data: { csv } });
const teamNamed = async (name: string) => {
  const team = (await overview()).teams.find((t) => t.name === name);
  expect(team, name).toBeDefined();
  return team!;
};
const tokenOf = (team: { bookingPath: string }) => team.bookingPath.replace("/team-booking/", "");
/** A token's team id, version and signature: `{uuid}_{version}_{base64url}`. */
const partsOf = (token: string) => {
  const uuid = token.slice(0, 36);
  const [version, ...signature] = token.slice(37).split("_");
  return [uuid, version, signature.join("_")] as const;
};
const linkPage = (token: string, who: TStayWho | "manager" = "anonymous") =>
  call("GET", `/hotels/team-links/${encodeURIComponent(token)}`, who);

function refusal(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { error: { code: string; message: string; details?: unknown } }).error;
}

/** A fresh quote for `rooms` of a room type over the event's stay window. */
async function quoteFor(roomTypeId: string, rooms: number) {
  const w = world();
  const { offer } = await offerFor(api, w.hotelId, roomTypeId, {
    eventId: w.eventId,
    rooms,
    guests: rooms,
  });
  expect(offer.quote, JSON.stringify(offer)).toEqual(expect.any(String));
  return offer.quote as string;
}

const bookWithLink = async (token: string, roomTypeId: string, rooms: number) =>
  call("POST", "/hotels/reservations", "manager", {
    data: { quote: await quoteFor(roomTypeId, rooms), ...guest("manager"), teamLink: token },
  });

async function teamMails(to: string) {
  await app().events.settled();
  const found = await sql(
    `select subject, text from mail_outbox where "to" = $1 and subject like 'Hotel rooms for %' order by created_date`,
    [to],
  );
  return found.rows as { subject: string; text: string }[];
}

const HEADER = "Name, Contact Name,CONTACT EMAIL,contact_phone,Rooms";
/** Twelve teams: "Team 01" .. "Team 12", contact coach01@teams.test, rooms 2 .. 13. */
const TWELVE = [
  HEADER,
  ...Array.from({ length: 12 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return `Team ${n},Coach ${n},coach${n}@teams.test,${i % 2 ? "" : `"+1 317 555 01${n}"`},${i + 2}`;
  }),
].join("\r\n");

let typedId = "";
let rivalEventId = "";

beforeAll(async () => {
  rivalEventId = await createEvent(api, "rival", "Rival Cup");
});

describe("teams typed in", () => {
  it("adds a team with a booking link, refuses 0 rooms and a name already taken (any case)", async () => {
    const zero = await call("POST", teamsUrl(), "organizer", {
      data: {
        name: "Carmel Dads Club 12U",
        contactName: "Pat Coach",
        contactEmail: "pat@dads.test",
        roomsNeeded: 0,
      },
    });
    expect(refusal(zero, 400).code).toBe("VALIDATION_FAILED");
    const created = await api.ok<TTeam>(
      call("POST", teamsUrl(), "organizer", {
        data: {
          name: "Carmel Dads Club 12U",
          contactName: "Pat Coach",
          contactEmail: "pat@dads.test",
          contactPhone: "+1 317 555 0142",
          roomsNeeded: 4,
        },
      }),
      201,
    );
    typedId = created.id;
    expect(created).toMatchObject({
      eventId: world().eventId,
      name: "Carmel Dads Club 12U",
      contactPhone: "+1 317 555 0142",
      roomsNeeded: 4,
      reservations: 0,
      roomsBooked: 0,
      roomNights: 0,
      status: "Not booked",
      remindedDate: null,
    });
    expect(created.bookingPath).toMatch(new RegExp(`^/team-booking/${created.id}_1_[\\w-]+$`));
    // A page, not a file: the web server serves the app only for a path without an extension.
    expect(path.extname(created.bookingPath)).toBe("");
    const twice = await call("POST", teamsUrl(), "organizer", {
      data: {
        name: "carmel dads club 12u",
        contactName: "Someone Else",
        contactEmail: "else@dads.test",
        roomsNeeded: 2,
      },
    });
    expect(refusal(twice, 409).code).toBe("TEAM_NAME_TAKEN");
    expect((await overview()).counts.teams).toBe(1);
    const patchZero = await call("PATCH", `${teamsUrl()}/${typedId}`, "organizer", {
      data: { roomsNeeded: 0 },
    });
    expect(refusal(patchZero, 400).code).toBe("VALIDATION_FAILED");
    const patched = await api.ok<TTeam>(
      call("PATCH", `${teamsUrl()}/${typedId}`, "organizer", {
        data: { contactPhone: null, roomsNeeded: 3 },
      }),
    );
    expect(patched).toMatchObject({
      name: "Carmel Dads Club 12U",
      contactPhone: null,
      roomsNeeded: 3,
    });
  });
});

describe("teams uploaded as CSV", () => {
  it("adds twelve teams from a file with a loose header, quoted cells and Windows line ends", async () => {
    const result = await api.ok<{ added: number; changed: number; overview: TOverview }>(
      upload(TWELVE),
    );
    expect(result.added).toBe(12);
    expect(result.changed).toBe(0);
    expect(result.overview.counts).toEqual({
      teams: 13,
      booked: 0,
      partlyBooked: 0,
      notBooked: 13,
    });
    const seventh = result.overview.teams.find((t) => t.name === "Team 07");
    expect(seventh).toMatchObject({
      contactEmail: "coach07@teams.test",
      roomsNeeded: 8,
      status: "Not booked",
    });
    // Odd rows have a phone (quoted), even rows none.
    const rows = await sql(
      "select name, contact_phone from event_teams where name in ('Team 01', 'Team 02') order by name",
    );
    expect(rows.rows).toEqual([
      { name: "Team 01", contact_phone: "+1 317 555 0101" },
      { name: "Team 02", contact_phone: null },
    ]);
    // By name.
    expect(result.overview.teams.map((t) => t.name)).toEqual([
      "Carmel Dads Club 12U",
      ...Array.from({ length: 12 }, (_, i) => `Team ${String(i + 1).padStart(2, "0")}`),
    ]);
  });

  it("refuses broken quoting with the line the quote opened on, and imports nothing", async () => {
    const csv = [
      HEADER,
      "Quote One,Coach,one@teams.test,,2",
      'Quote Two,Coach,two@teams.test,"+1 317,3',
      '"Quote Three,Coach,three@teams.test,,2',
      "Quote Four,Coach,four@teams.test,,2",
    ].join("\n");
    const error = refusal(await upload(csv), 400);
    expect(error.code).toBe("TEAMS_CSV_INVALID");
    // Line 3 opens a quote (in the phone) that the file never closes.
    expect(error.details).toMatchObject({ line: 3 });
    expect(error.message).toMatch(/^Line 3:/);
    const unclosed = [
      HEADER,
      "Open One,Coach,one@teams.test,,2",
      "Open Two,Coach,two@teams.test,,2",
      '"Open Three,Coach,three@teams.test,,2',
      "Open Four,Coach,four@teams.test,,2",
    ].join("\n");
    const never = refusal(await upload(unclosed), 400);
    expect(never.code).toBe("TEAMS_CSV_INVALID");
    expect(never.details).toEqual({ line: 4, column: "name" });
    expect(never.message).toMatch(/^Line 4:/);
    const midValue = [HEADER, "Fine,Coach,fine@teams.test,,2", 'Bad "Quote",Coach,b@teams.test,,2'];
    const mid = refusal(await upload(midValue.join("\n")), 400);
    expect(mid.code).toBe("TEAMS_CSV_INVALID");
    expect(mid.details).toEqual({ line: 3, column: "name" });
    expect(mid.message).toMatch(/^Line 3:/);
    const names = (await overview()).teams.map((t) => t.name);
    expect(names.filter((n) => /Quote|Fine|Open/.test(n))).toEqual([]);
    expect(names).toHaveLength(13);
  });

  it("refuses a row of 0 rooms on line 5 by its line, a bad e-mail, a missing column, a name twice", async () => {
    const zero = [
      HEADER,
      "Zero A,Coach,a@teams.test,,2",
      "",
      "Zero B,Coach,b@teams.test,,3",
      "Zero C,Coach,c@teams.test,,0",
      "Zero D,Coach,d@teams.test,,1",
    ].join("\n");
    const error = refusal(await upload(zero), 400);
    expect(error.code).toBe("TEAMS_CSV_INVALID");
    expect(error.details).toEqual({ line: 5, column: "rooms" });
    expect(error.message).toMatch(/^Line 5:/);

    const email = [HEADER, "Mail A,Coach,a@teams.test,,2", "Mail B,Coach,not-an-address,,2"];
    const badMail = refusal(await upload(email.join("\n")), 400);
    expect(badMail.details).toEqual({ line: 3, column: "contact email" });
    expect(badMail.message).toMatch(/^Line 3:.*not-an-address/);

    const missing = refusal(await upload("name,contact name,rooms\nNo Mail,Coach,2"), 400);
    expect(missing.code).toBe("TEAMS_CSV_INVALID");
    expect(missing.details).toEqual({ line: 1, column: "contact email" });
    expect(missing.message).toMatch(/^Line 1:/);

    const twice = [
      HEADER,
      "Twice,Coach,a@teams.test,,2",
      "Other,Coach,o@teams.test,,2",
      "TWICE,Coach,b@teams.test,,2",
    ];
    const dup = refusal(await upload(twice.join("\n")), 400);
    expect(dup.details).toEqual({ line: 4, column: "name" });
    expect(dup.message).toMatch(/^Line 4:.*line 2/);

    const names = (await overview()).teams.map((t) => t.name);
    expect(names.filter((n) => /Zero|Mail|Twice|Other/.test(n))).toEqual([]);
    expect(names).toHaveLength(13);
  });

  it("refuses 10,000 rows, and more teams than an event may have in all, importing nothing", async () => {
    const huge = [
      "name,contact name,contact email,rooms",
      ...Array.from({ length: 10_000 }, (_, i) => `H${i},C,h${i}@t.io,1`),
    ].join("\n");
    expect(huge.length).toBeLessThan(256 * 1024);
    const started = Date.now();
    const error = refusal(await upload(huge), 400);
    expect(error.code).toBe("TEAMS_CSV_TOO_MANY");
    expect(Date.now() - started).toBeLessThan(5_000);
    // 13 teams already: 487 more make 500, the 488th row (line 489) is one too many.
    const over = [
      "name,contact name,contact email,rooms",
      ...Array.from({ length: 488 }, (_, i) => `Over ${i},C,o${i}@t.io,1`),
    ].join("\n");
    const tooMany = refusal(await upload(over), 400);
    expect(tooMany.code).toBe("TEAMS_CSV_TOO_MANY");
    expect(tooMany.message).toMatch(/^Line 489:/);
    const count = await sql("select count(*)::int as n from event_teams where event_id = $1", [
      world().eventId,
    ]);
    expect(count.rows[0].n).toBe(13);
  });

  it("a second upload changes the teams it names (without case) and adds the others", async () => {
    const csv = [
      "rooms,name,contact email,contact name",
      "9,team 03,new03@teams.test,New Coach",
      "1,Team 13,coach13@teams.test,Coach 13",
      // Unchanged: counted neither added nor changed.
      "3,Team 02,coach02@teams.test,Coach 02",
    ].join("\n");
    const result = await api.ok<{ added: number; changed: number; overview: TOverview }>(
      upload(csv),
    );
    expect(result.added).toBe(1);
    expect(result.changed).toBe(1);
    expect(result.overview.counts.teams).toBe(14);
    expect(result.overview.teams.find((t) => t.name.toLowerCase() === "team 03")).toMatchObject({
      name: "team 03",
      contactEmail: "new03@teams.test",
      roomsNeeded: 9,
    });
  });
});

describe("a team's booking link", () => {
  let blockId = "";

  beforeAll(async () => {
    // 10 queens a night of the event's 2 nights at $119, cut off on day 10.
    blockId = (await acceptedBlock(api, world(), clock.now(), 10)).id;
  });

  it("shows, without an account, its team and the event's open blocks, nothing of other teams", async () => {
    const team = await teamNamed("Team 05");
    const page = await api.ok(linkPage(tokenOf(team)));
    const w = world();
    expect(page).toEqual({
      event: {
        id: w.eventId,
        name: "Indy Hoops Classic",
        startDate: w.start,
        endDate: expect.any(String),
      },
      team: { name: "Team 05", roomsNeeded: 6, roomsBooked: 0 },
      stayToPlay: false,
      blocks: [
        {
          id: blockId,
          hotel: expect.objectContaining({ id: w.hotelId, name: "Canal Hotel" }),
          cutoffDate: expect.any(String),
          minNights: 1,
          nights: w.nights.map((night) => ({
            night,
            roomTypeId: w.queen,
            roomTypeName: "Double Queen",
            rate: 119,
            roomsLeft: 10,
          })),
        },
      ],
    });
    const body = JSON.stringify(page);
    for (const other of ["Team 04", "Team 06", "Carmel Dads", "coach05@teams.test", "Coach 05"]) {
      expect(body).not.toContain(other);
    }
  });

  it("books into the block, records the team, and the overview counts it per team", async () => {
    const w = world();
    const five = await teamNamed("Team 05"); // needs 6
    const six = await teamNamed("Team 06"); // needs 7
    const booked = await api.ok(bookWithLink(tokenOf(five), w.queen, 6), 201);
    // The team's name replaces what the form typed.
    expect(booked).toMatchObject({ team: "Team 05", teamId: five.id, blockId });
    const partly = await api.ok(bookWithLink(tokenOf(six), w.queen, 2), 201);
    expect(partly).toMatchObject({ team: "Team 06", teamId: six.id });
    const read = await api.ok(call("GET", `/hotels/reservations/${booked.id}`, "organizer"));
    expect(read).toMatchObject({ team: "Team 05", teamId: five.id });
    // A booking without a link records no team id.
    const plain = await api.ok(
      call("POST", "/hotels/reservations", "guest", {
        data: { quote: await quoteFor(w.queen, 1), ...guest() },
      }),
      201,
    );
    expect(plain.teamId).toBeNull();

    const now = await overview();
    // 6 rooms on each of 2 nights: 12 room nights, 6 on the busiest night, all it needs.
    expect(now.teams.find((t) => t.id === five.id)).toMatchObject({
      reservations: 1,
      roomsBooked: 6,
      roomNights: 12,
      outsideRoomNights: 0,
      status: "Booked",
    });
    expect(now.teams.find((t) => t.id === six.id)).toMatchObject({
      reservations: 1,
      roomsBooked: 2,
      roomNights: 4,
      status: "Partly booked",
    });
    expect(now.teams.find((t) => t.name === "Team 07")).toMatchObject({
      roomsBooked: 0,
      roomNights: 0,
      status: "Not booked",
    });
    // The booking without a link named "Carmel Dads Club 12U", the team typed in first (4 rooms
    // needed): it counts for that team, 1 room a night from the block.
    expect(now.teams.find((t) => t.id === typedId)).toMatchObject({
      reservations: 1,
      roomsBooked: 1,
      roomNights: 2,
      status: "Partly booked",
    });
    expect(now.counts).toEqual({ teams: 14, booked: 1, partlyBooked: 2, notBooked: 11 });
    // The page shows the team's own bookings and the rooms the block has left.
    const page = await api.ok(linkPage(tokenOf(six)));
    expect(page.team).toEqual({ name: "Team 06", roomsNeeded: 7, roomsBooked: 2 });
    // 10 held, 6 + 2 + 1 booked.
    expect(page.blocks[0].nights.map((n: { roomsLeft: number }) => n.roomsLeft)).toEqual([1, 1]);
  });

  it("refuses a stay outside the event's blocks", async () => {
    const w = world();
    const team = await teamNamed("Team 08");
    // The suites have no block: priced at the hotel's own rate.
    const outside = await bookWithLink(tokenOf(team), w.suite, 1);
    const error = refusal(outside, 409);
    expect(error.code).toBe("TEAM_LINK_BLOCK_ONLY");
    expect(error.message).toContain("Book within the event's room blocks");
    // A stay with no event at all.
    const { offer } = await offerFor(api, w.hotelId, w.queen, {
      checkIn: w.start,
      checkOut: w.nights[1],
      rooms: 1,
      guests: 1,
    });
    const noEvent = await call("POST", "/hotels/reservations", "manager", {
      data: { quote: offer.quote, ...guest("manager"), teamLink: tokenOf(team) },
    });
    expect(refusal(noEvent, 409).code).toBe("TEAM_LINK_BLOCK_ONLY");
    expect((await teamNamed("Team 08")).reservations).toBe(0);
    // Nor may its guest move a team's booking out of the blocks afterwards.
    const five = await teamNamed("Team 05");
    const [booking] = (await sql("select id from reservations where team_id = $1", [five.id]))
      .rows as { id: string }[];
    const moved = await call("PATCH", `/hotels/reservations/${booking!.id}`, "manager", {
      data: { quote: await quoteFor(w.suite, 1) },
    });
    expect(refusal(moved, 409).code).toBe("TEAM_LINK_BLOCK_ONLY");
    expect((await teamNamed("Team 05")).roomNights).toBe(12);
  });

  it("counts a booking made from the event's page that names the team, outside the blocks too", async () => {
    const w = world();
    // Booked without the link, at the hotel's own rate, the team typed loosely: its nights count
    // for Team 07 as outside the blocks (what stay-to-play forbids), and it is still not booked.
    await api.ok(
      call("POST", "/hotels/reservations", "guest", {
        data: { quote: await quoteFor(w.suite, 1), ...guest(), team: "  team 07 " },
      }),
      201,
    );
    expect(await teamNamed("Team 07")).toMatchObject({
      reservations: 0,
      roomNights: 0,
      outsideRoomNights: 2,
      status: "Not booked",
    });
  });

  it("once revoked, answers 410 on its page and on booking; the new link works", async () => {
    const w = world();
    const before = await teamNamed("Team 09");
    const revoked = await api.ok<TTeam>(
      call("PUT", `${teamsUrl()}/${before.id}/revoke-link`, "organizer"),
    );
    expect(revoked.bookingPath).not.toBe(before.bookingPath);
    const old = refusal(await linkPage(tokenOf(before)), 410);
    expect(old.code).toBe("TEAM_LINK_REVOKED");
    const oldBooking = refusal(await bookWithLink(tokenOf(before), w.queen, 1), 410);
    expect(oldBooking.code).toBe("TEAM_LINK_REVOKED");
    expect((await api.ok(linkPage(tokenOf(revoked)))).team.name).toBe("Team 09");
    const booked = await api.ok(bookWithLink(tokenOf(revoked), w.queen, 1), 201);
    expect(booked.teamId).toBe(before.id);
  });

  it("answers 404 to a forged link, another team's signature, a garbled one and a removed team's", async () => {
    const ten = await teamNamed("Team 10");
    const eleven = await teamNamed("Team 11");
    const [id, version, signature] = partsOf(tokenOf(ten));
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    const [, , otherSignature] = partsOf(tokenOf(eleven));
    for (const forged of [
      `${id}_${version}_${flipped}`,
      `${id}_${version}_${otherSignature}`,
      `${id}_2_${signature}`,
      `${id}.${version}.${signature}`,
      "not-a-token",
      `${id}_${version}`,
    ]) {
      const error = refusal(await linkPage(forged), 404);
      expect(error.code, forged).toBe("TEAM_LINK_NOT_FOUND");
    }
    // Team 06 booked: removed, its reservation keeps its name, without the team.
    const six = await teamNamed("Team 06");
    const [reservation] = (await sql("select id from reservations where team_id = $1", [six.id]))
      .rows as { id: string }[];
    await api.ok(call("DELETE", `${teamsUrl()}/${six.id}`, "organizer"));
    const gone = refusal(await linkPage(tokenOf(six)), 404);
    expect(gone.code).toBe("TEAM_LINK_NOT_FOUND");
    const kept = await api.ok(call("GET", `/hotels/reservations/${reservation!.id}`, "organizer"));
    expect(kept).toMatchObject({ team: "Team 06", teamId: null, status: "Confirmed" });
  });
});

describe("another event's organizer", () => {
  it("may not list, change, revoke, upload or remind the event's teams", async () => {
    const team = await teamNamed("Team 12");
    expect((await call("GET", teamsUrl(), "rival")).statusCode).toBe(403);
    expect((await call("GET", teamsUrl(), "anonymous")).statusCode).toBe(401);
    expect((await call("PUT", `${teamsUrl()}/${team.id}/revoke-link`, "rival")).statusCode).toBe(
      403,
    );
    expect(
      (await upload("name,contact name,contact email,rooms\nX,Y,x@y.io,1", "rival")).statusCode,
    ).toBe(403);
    expect((await call("POST", `${teamsUrl()}/remind`, "rival")).statusCode).toBe(403);
    // Through their own event: the team is not one of its teams.
    const viaOwn = `/hotels/events/${rivalEventId}/teams/${team.id}`;
    expect((await call("PUT", `${viaOwn}/revoke-link`, "rival")).statusCode).toBe(404);
    expect((await call("PATCH", viaOwn, "rival", { data: { roomsNeeded: 1 } })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", viaOwn, "rival")).statusCode).toBe(404);
    expect(
      (await api.ok<TOverview>(call("GET", `/hotels/events/${rivalEventId}/teams`, "rival"))).teams,
    ).toEqual([]);
    // Nothing changed.
    expect((await teamNamed("Team 12")).bookingPath).toBe(team.bookingPath);
  });
});

describe("stay-to-play and reminders", () => {
  it("sets stay-to-play, shown on the overview and on the team's page", async () => {
    const set = await api.ok<TOverview>(
      call("PUT", `${teamsUrl()}/stay-to-play`, "organizer", { data: { required: true } }),
    );
    expect(set.stayToPlay).toBe(true);
    expect((await overview()).stayToPlay).toBe(true);
    expect((await api.ok(linkPage(tokenOf(await teamNamed("Team 07"))))).stayToPlay).toBe(true);
  });

  it("mails the teams not booked (not the booked one) their link, once within 24 hours", async () => {
    const all = (await overview()).teams;
    const booked = all.filter((t) => t.status === "Booked");
    const unbooked = all.filter((t) => t.status !== "Booked");
    expect(booked.map((t) => t.name)).toEqual(["Team 05"]);
    const first = await api.ok(call("POST", `${teamsUrl()}/remind`, "organizer"));
    expect(first).toEqual({ reminded: unbooked.length, skipped: 0 });
    expect(await teamMails("coach05@teams.test")).toEqual([]);
    const nine = all.find((t) => t.name === "Team 09")!;
    const [mail] = await teamMails("coach09@teams.test");
    expect(mail!.subject).toBe("Hotel rooms for Team 09: Indy Hoops Classic");
    expect(mail!.text).toContain("Hello Coach 09,");
    expect(mail!.text).toContain("Rooms needed: 10");
    expect(mail!.text).toContain("1 room on the busiest night, 2 room nights");
    expect(mail!.text).toContain("stay-to-play");
    // Its link as it is now (revoked once).
    expect(mail!.text).toContain(`http://hostfield.test${nine.bookingPath}`);
    expect(nine.bookingPath).toMatch(/_2_/);
    const typed = await teamMails("pat@dads.test");
    expect(typed).toHaveLength(1);
    expect((await teamNamed("Team 07")).remindedDate).toEqual(expect.any(String));

    clock.advance(23 * HOUR);
    const again = await api.ok(call("POST", `${teamsUrl()}/remind`, "organizer"));
    expect(again).toEqual({ reminded: 0, skipped: unbooked.length });
    expect(await teamMails("coach09@teams.test")).toHaveLength(1);

    clock.advance(2 * HOUR);
    const nextDay = await api.ok(call("POST", `${teamsUrl()}/remind`, "organizer"));
    expect(nextDay).toEqual({ reminded: unbooked.length, skipped: 0 });
    expect(await teamMails("coach09@teams.test")).toHaveLength(2);
    expect(await teamMails("coach05@teams.test")).toEqual([]);
  });
});
