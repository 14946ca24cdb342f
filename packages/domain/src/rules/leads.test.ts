import { describe, expect, it } from "vitest";
import { LEAD_STATUSES, type TLeadStatus, URGENCY_LEVELS } from "../reference/leads";
import {
  canMoveLead,
  HOT_LEAD_HEAD_START_MS,
  isHotRequest,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  leadVisibleFrom,
  lossReasonText,
  qualifyingFacilitiesReason,
  responseTimeLabel,
  soleQualifyingFacility,
  sportsReason,
  withoutFacility,
} from "./leads";

describe("lead transitions", () => {
  // The state machine, written out pair by pair (not read from LEAD_TRANSITIONS).
  const allowed = new Set([
    "Open>Interested",
    "Open>Passed",
    "Interested>Won",
    "Interested>Lost",
    "Interested>Passed",
    "Passed>Open",
  ]);
  const pairs = LEAD_STATUSES.flatMap((from) =>
    LEAD_STATUSES.map((to) => [from, to] as [TLeadStatus, TLeadStatus]),
  );

  it.each(pairs)("%s → %s for members follows the machine", (from, to) => {
    expect(canMoveLead(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("lets admins move a Won or Lost lead anywhere else, and nothing else beyond the machine", () => {
    expect(canMoveLead("Won", "Open", { isAdmin: true })).toBe(true);
    expect(canMoveLead("Lost", "Interested", { isAdmin: true })).toBe(true);
    expect(canMoveLead("Won", "Won", { isAdmin: true })).toBe(false);
    expect(canMoveLead("Open", "Won", { isAdmin: true })).toBe(false);
  });

  it("gives answering to the recipient and deciding to the organizer", () => {
    expect(LEAD_STATUS_SIDE).toEqual({
      Open: "recipient",
      Interested: "recipient",
      Passed: "recipient",
      Won: "organizer",
      Lost: "organizer",
    });
  });

  it("asks for a reason when passing or losing only", () => {
    expect(LEAD_STATUSES.filter(leadStatusNeedsReason)).toEqual(["Lost", "Passed"]);
  });
});

describe("hot leads", () => {
  const published = new Date("2026-05-01T12:00:00Z");
  const dayLater = new Date("2026-05-02T12:00:00Z");

  it("calls Urgent Need and Near Future requests hot, and Exploring not", () => {
    const hot = URGENCY_LEVELS.filter((level) => isHotRequest(level.priority));
    expect(hot.map((level) => level.label)).toEqual(["Urgent Need", "Near Future"]);
  });

  it("shows a hot request at once to hot-lead tiers and a day later to the others", () => {
    for (const urgency of [0, 1] as const) {
      expect(leadVisibleFrom(published, urgency, true)).toEqual(published);
      expect(leadVisibleFrom(published, urgency, false)).toEqual(dayLater);
    }
    expect(HOT_LEAD_HEAD_START_MS).toBe(24 * 3_600_000);
  });

  it("shows an exploring request to everyone at once", () => {
    expect(leadVisibleFrom(published, 2, false)).toEqual(published);
    expect(leadVisibleFrom(published, 2, true)).toEqual(published);
  });
});

describe("response time", () => {
  it("reads in hours, then days", () => {
    const hour = 3_600_000;
    expect(responseTimeLabel(null)).toBeNull();
    expect(responseTimeLabel(-1)).toBeNull();
    expect(responseTimeLabel(20 * 60_000)).toBe("usually responds within an hour");
    expect(responseTimeLabel(hour)).toBe("usually responds within an hour");
    expect(responseTimeLabel(hour + 1)).toBe("usually responds within 2 h");
    expect(responseTimeLabel(3.2 * hour)).toBe("usually responds within 4 h");
    expect(responseTimeLabel(47 * hour)).toBe("usually responds within 47 h");
    expect(responseTimeLabel(48 * hour)).toBe("usually responds within 2 days");
    expect(responseTimeLabel(50 * hour)).toBe("usually responds within 3 days");
  });
});

describe("the facility a destination's lead stands for", () => {
  it("is the one named when exactly one listed facility qualified", () => {
    const reasons = [
      "1 listed facility qualifies",
      "1 of 1 sport at Hoosier Courts",
      "6 hardwood courts at Hoosier Courts, needs 4",
      "12 mi from Indianapolis, IN",
    ];
    expect(soleQualifyingFacility(reasons)).toBe("Hoosier Courts");
    expect(withoutFacility(reasons[2]!, "Hoosier Courts")).toBe("6 hardwood courts, needs 4");
  });

  it("is found after a calendar's need dates, which come first", () => {
    const reasons = [
      "You marked Sat, Mar 13th - Sun, Mar 14th, 2027 as need dates",
      "1 listed facility qualifies",
      "1 of 1 sport at Hoosier Courts",
    ];
    expect(soleQualifyingFacility(reasons)).toBe("Hoosier Courts");
  });

  it("is none when several qualified, or for a facility's own reasons", () => {
    expect(
      soleQualifyingFacility(["2 listed facilities qualify", "2 of 3 sports at Hoosier Courts"]),
    ).toBeNull();
    expect(soleQualifyingFacility(["1 of 1 sport", "Looking nationally"])).toBeNull();
  });

  it("reads the words the server writes", () => {
    expect(qualifyingFacilitiesReason(1)).toBe("1 listed facility qualifies");
    expect(qualifyingFacilitiesReason(3)).toBe("3 listed facilities qualify");
    expect(sportsReason(2, 3, "Pacers Gym")).toBe("2 of 3 sports at Pacers Gym");
  });
});

describe("a loss's reason", () => {
  it("reads the coded reason, then the organizer's words, or either alone", () => {
    expect(lossReasonText("budget", " We found courts for less ")).toBe(
      "Over our budget: We found courts for less",
    );
    expect(lossReasonText("dates", null)).toBe("The dates do not work");
    expect(lossReasonText(null, "Too far from the airport")).toBe("Too far from the airport");
    expect(lossReasonText(null, "  ")).toBeNull();
  });

  it("does not repeat the award's default words after its code", () => {
    expect(lossReasonText("another", "Another venue was chosen")).toBe("We chose another venue");
    expect(lossReasonText("another", "Closest to downtown")).toBe(
      "We chose another venue: Closest to downtown",
    );
  });
});
