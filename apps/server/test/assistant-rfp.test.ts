// The RFP assistant through the API, on the built-in provider: a described event becomes a draft
// that passes the shared contract and names what it understood, a correction in the same exchange
// changes only what it states, the questions still needed follow the draft, and a draft's fields
// fill a request the server accepts. And the hourly limits of the assistant, per user and per
// address, with Retry-After.
import { ZRequirementInput, ZRfpDraft } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { ask, assistantSuite } from "./assistant-fixture";
import { createEvent } from "./rfps-fixture";

const { api } = assistantSuite();
const { ok, call } = api;

const describeEvent = (who: string, message: string, exchangeId?: string) =>
  ok(
    call("assistant-mgmt", "POST", "/assistants/rfp", who, {
      data: { message, ...(exchangeId ? { exchangeId } : {}) },
    }),
  );

describe("the RFP assistant", () => {
  it("reads a description into a draft the contract accepts", async () => {
    const reply = await describeEvent(
      "asker",
      "12U girls basketball, 40 teams, 6 hardwood courts indoors, within 30 miles of Indianapolis, about 300 room nights, urgent",
    );
    expect(ZRfpDraft.safeParse(reply.draft).success).toBe(true);
    expect(reply.draft).toMatchObject({
      sportsList: ["Basketball"],
      spaceType: "Court",
      spaceSurface: "Hardwood",
      spaceTypeCount: 6,
      spaceLocation: "Indoor",
      address: "Indianapolis, IN",
      dist: 30,
      urgency: 0,
      roomNights: 300,
      teamCount: 40,
      attendance: null,
    });
    expect(reply.provider).toBe("embedded");
    // Dates were not given: the reply and the questions ask for them.
    expect(reply.draft.startDate).toBeNull();
    expect(reply.questions.map((q: { field: string }) => q.field)).toContain("startDate");
    expect(reply.reply.length).toBeGreaterThan(0);
  });

  it("corrects the draft in the same exchange, keeping what the correction does not state", async () => {
    const first = await describeEvent(
      "asker",
      "Volleyball tournament near Indianapolis, 8 indoor courts",
    );
    const corrected = await describeEvent("asker", "Actually we need 10 courts", first.exchangeId);
    expect(corrected.exchangeId).toBe(first.exchangeId);
    expect(corrected.draft).toMatchObject({
      sportsList: ["Volleyball"],
      address: "Indianapolis, IN",
      spaceType: "Court",
      spaceLocation: "Indoor",
      spaceTypeCount: 10,
    });
    const questions = await ok(
      call(
        "assistant-mgmt",
        "GET",
        `/assistants/rfp/questions?context=${first.exchangeId}`,
        "asker",
      ),
    );
    expect(questions).toEqual(corrected.questions);
    // Another organizer may neither continue it nor read its questions.
    const other = await call("assistant-mgmt", "POST", "/assistants/rfp", "stranger", {
      data: { message: "12 courts", exchangeId: first.exchangeId },
    });
    expect(other.statusCode).toBe(404);
    const opening = await ok(
      call("assistant-mgmt", "GET", "/assistants/rfp/questions", "stranger"),
    );
    expect(opening.length).toBeGreaterThan(0);
  });

  it("gives fields the request contract takes as they are: the wizard publishes them", async () => {
    const reply = await describeEvent(
      "asker",
      "Youth soccer showcase, 12 outdoor turf fields within 40 miles of Carmel, Indiana, 2,000 athletes, exploring options",
    );
    const d = reply.draft;
    const request = {
      sportsList: d.sportsList,
      needsSpecificFacilityType: false,
      needsSpecificSpaceType: d.spaceType !== null,
      spaceType: d.spaceType,
      spaceSurface: d.spaceSurface,
      spaceTypeCount: d.spaceTypeCount,
      spaceLocation: d.spaceLocation,
      spaceDescription: null,
      facilityTypes: [],
      address: d.address,
      dist: d.dist,
      urgency: d.urgency,
      attendance: d.attendance,
      roomNights: d.roomNights,
    };
    expect(ZRequirementInput.safeParse(request).success).toBe(true);
    const eventId = await createEvent(api, "asker", "Youth Soccer Showcase");
    await ok(api.ev("POST", `/events/${eventId}/requirements`, "asker", { data: request }), 201);
  });

  it("reads a window into date options a request keeps as they are", async () => {
    // Today is the real day: "a weekend in March or April" is the next March and April ahead.
    const reply = await describeEvent(
      "asker",
      "Volleyball, 10 indoor courts near Indianapolis, a weekend in March or April",
    );
    const d = reply.draft;
    expect(d.dateOptions).toMatchObject({ kind: "window", days: 2, weekdays: [6, 0] });
    expect(d.dateOptions.from.slice(5)).toBe("03-01");
    expect(d.dateOptions.to.slice(5)).toBe("04-30");
    expect([d.startDate, d.endDate, d.hasFlexibleDates]).toEqual([
      d.dateOptions.from,
      d.dateOptions.to,
      true,
    ]);
    const eventId = await createEvent(api, "asker", "Volleyball Weekend");
    const request = {
      sportsList: d.sportsList,
      needsSpecificFacilityType: false,
      needsSpecificSpaceType: true,
      spaceType: d.spaceType,
      spaceSurface: null,
      spaceTypeCount: d.spaceTypeCount,
      spaceLocation: d.spaceLocation,
      spaceDescription: null,
      facilityTypes: [],
      address: d.address,
      dist: d.dist,
      urgency: 2,
      dateOptions: d.dateOptions,
    };
    const made = await ok(
      api.ev("POST", `/events/${eventId}/requirements`, "asker", { data: request }),
      201,
    );
    expect(made.dateOptions).toEqual(d.dateOptions);
  });

  it("asks a visitor to sign in", async () => {
    const res = await call("assistant-mgmt", "POST", "/assistants/rfp", "anonymous", {
      data: { message: "Soccer in June" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("hourly limits", () => {
  const limited = assistantSuite({
    env: () => ({
      ASSISTANT_REQUESTS_PER_HOUR_PER_USER: "3",
      ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: "5",
    }),
  });

  it("refuses a user's fourth question of the hour with 429 and Retry-After, then lets them in the next hour", async () => {
    const destinationId = limited.world().destinationId;
    const send = (who: string) => ask(limited.api, destinationId, who, { message: "Hotels?" });
    for (let i = 0; i < 3; i++) expect((await send("asker")).statusCode).toBe(200);
    const refused = await send("asker");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The address has room left for someone else, up to its own limit (every caller here shares one).
    expect((await send("stranger")).statusCode).toBe(200);
    expect((await send("anonymous")).statusCode).toBe(429);
    // A refused question is not kept.
    const mine = await limited.api.ok(
      limited.api.call("assistant-mgmt", "GET", "/exchanges/my", "asker"),
    );
    expect(mine).toHaveLength(3);
    limited.clock.advance(retryAfter * 1000);
    expect((await send("asker")).statusCode).toBe(200);
  });
});
