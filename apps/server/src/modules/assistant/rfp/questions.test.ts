// The questions still needed for a request, in the wizard's order, and the reply that says what was understood.
import { RFP_DRAFT_FIELDS, type TRfpDraft } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { createGazetteer } from "../../../platform/geo/gazetteer";
import { emptyRfpDraft, parseRfpDescription } from "./parse";
import {
  formatDateRange,
  openingRfpQuestions,
  rfpQuestions,
  rfpReply,
  spaceNoun,
} from "./questions";

const gazetteer = createGazetteer();
const options = { today: "2026-05-20", geocode: (address: string) => gazetteer.resolve(address) };

const complete: TRfpDraft = {
  ...emptyRfpDraft(),
  sportsList: ["Basketball"],
  startDate: "2027-03-13",
  endDate: "2027-03-14",
  hasFlexibleDates: false,
  spaceType: "Court",
  spaceSurface: "Hardwood",
  spaceTypeCount: 6,
  spaceLocation: "Indoor",
  address: "Indianapolis, IN",
  dist: 50,
  urgency: 0,
  attendance: 500,
  roomNights: 300,
};

describe("rfpQuestions", () => {
  it("asks for everything, in the wizard's order, when nothing is known", () => {
    const questions = openingRfpQuestions();
    expect(questions.map((q) => q.field)).toEqual([
      "sportsList",
      "startDate",
      "spaceType",
      "address",
      "urgency",
      "attendance",
      "roomNights",
    ]);
    const order = questions.map((q) =>
      RFP_DRAFT_FIELDS.indexOf(q.field as (typeof RFP_DRAFT_FIELDS)[number]),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("asks nothing of a complete request", () => {
    expect(rfpQuestions(complete)).toEqual([]);
  });

  it("asks only for what is missing", () => {
    const questions = rfpQuestions({ ...complete, urgency: null, roomNights: null });
    expect(questions.map((q) => q.field)).toEqual(["urgency", "roomNights"]);
  });

  it("asks for the space the sport is usually played on", () => {
    const [question] = rfpQuestions({
      ...complete,
      spaceType: null,
      spaceTypeCount: null,
      spaceSurface: null,
    });
    expect(question?.field).toBe("spaceType");
    expect(question?.question).toContain("courts");
  });

  it("asks how many once the space is known, then indoors or outdoors", () => {
    expect(rfpQuestions({ ...complete, spaceTypeCount: null })).toEqual([
      { field: "spaceTypeCount", question: "How many courts do you need?" },
    ]);
    expect(rfpQuestions({ ...complete, spaceLocation: null }).map((q) => q.field)).toEqual([
      "spaceLocation",
    ]);
    // A gymnasium is only ever indoors: nothing to ask.
    expect(rfpQuestions({ ...complete, spaceType: "Gymnasium", spaceLocation: null })).toEqual([]);
  });

  it("asks where when there is no place", () => {
    const questions = rfpQuestions({ ...complete, address: null, dist: null });
    expect(questions.map((q) => q.field)).toEqual(["address"]);
    expect(questions[0]?.question).toMatch(/city or ZIP/);
  });
});

describe("rfpReply", () => {
  it("says what it understood, field by field in plain words, and what it still needs", () => {
    const draft = parseRfpDescription(
      "12U girls basketball, 40 teams, 6 hardwood courts indoors, near Indianapolis, second weekend of March, about 300 room nights, urgent",
      options,
    );
    const reply = rfpReply(draft, rfpQuestions(draft));
    expect(reply).toContain("• Sport: Basketball");
    expect(reply).toContain("• Dates: March 13–14, 2027");
    expect(reply).toContain("• Space: 6 indoor hardwood courts");
    expect(reply).toContain("• Where: within 50 miles of Indianapolis, IN");
    expect(reply).toContain("• Urgency: in urgent need of a venue");
    expect(reply).toContain("• Room nights: 300");
    expect(reply).toContain("• Teams: 40");
    expect(reply).toContain("• Age group: Youth");
    expect(reply).toContain("About how many people will attend");
    expect(reply.indexOf("Here's what I understood")).toBeLessThan(reply.indexOf("I still need"));
  });

  it("says flexible dates as a month", () => {
    const reply = rfpReply(
      { ...complete, startDate: "2026-06-01", endDate: "2026-06-30", hasFlexibleDates: true },
      [],
    );
    expect(reply).toContain("• Dates: sometime in June 2026 (flexible)");
    expect(reply).toContain("check the draft and publish it");
  });

  it("says date options: the alternatives, or the window's days, weekdays and bounds", () => {
    const sets = rfpReply(
      {
        ...complete,
        dateOptions: {
          kind: "sets",
          sets: [
            { startDate: "2027-03-13", endDate: "2027-03-14" },
            { startDate: "2027-03-20", endDate: "2027-03-21" },
          ],
        },
      },
      [],
    );
    expect(sets).toContain("• Dates: March 13–14, 2027 or March 20–21, 2027");
    const window = rfpReply(
      {
        ...complete,
        dateOptions: {
          kind: "window",
          from: "2027-03-01",
          to: "2027-04-30",
          days: 2,
          weekdays: [6, 0],
        },
      },
      [],
    );
    expect(window).toContain(
      "• Dates: 2 days in a row (Sat, Sun) between March 1 – April 30, 2027",
    );
  });

  it("asks for everything when it understood nothing", () => {
    const reply = rfpReply(emptyRfpDraft(), openingRfpQuestions());
    expect(reply).toMatch(/^I couldn't pick out the details/);
    expect(reply).toContain("Which sport or sports is the event for?");
  });
});

describe("words", () => {
  it.each([
    ["2027-03-13", "2027-03-13", "March 13, 2027"],
    ["2027-03-13", "2027-03-15", "March 13–15, 2027"],
    ["2027-03-30", "2027-04-02", "March 30 – April 2, 2027"],
    ["2026-12-30", "2027-01-02", "December 30, 2026 – January 2, 2027"],
  ])("says %s to %s as %j", (start, end, words) => {
    expect(formatDateRange(start, end)).toBe(words);
  });

  it("says space types in the plural", () => {
    expect(
      ["Court", "Gymnasium", "Lanes", "Batting Cage", "Field"].map((s) => spaceNoun(s)),
    ).toEqual(["courts", "gymnasiums", "lanes", "batting cages", "fields"]);
    expect(spaceNoun("Pool", 1)).toBe("pool");
  });
});
