import { describe, expect, it } from "vitest";
import { LEAD_STATUSES, type TLeadStatus } from "../reference/leads";
import {
  canMoveLead,
  HOT_LEAD_HEAD_START_MS,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  leadVisibleFrom,
  medianOf,
  responseTimeLabel,
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
    expect(LEAD_STATUS_SIDE.Interested).toBe("recipient");
    expect(LEAD_STATUS_SIDE.Passed).toBe("recipient");
    expect(LEAD_STATUS_SIDE.Won).toBe("organizer");
    expect(LEAD_STATUS_SIDE.Lost).toBe("organizer");
  });

  it("asks for a reason when passing or losing only", () => {
    expect(LEAD_STATUSES.filter(leadStatusNeedsReason)).toEqual(["Lost", "Passed"]);
  });
});

describe("hot leads", () => {
  const published = new Date("2026-05-01T12:00:00Z");
  it("shows a hot request at once to hot-lead tiers and a day later to the others", () => {
    expect(leadVisibleFrom(published, 0, true)).toEqual(published);
    expect(leadVisibleFrom(published, 1, false).getTime() - published.getTime()).toBe(
      HOT_LEAD_HEAD_START_MS,
    );
    expect(HOT_LEAD_HEAD_START_MS).toBe(86_400_000);
  });
  it("shows an exploring request to everyone at once", () => {
    expect(leadVisibleFrom(published, 2, false)).toEqual(published);
  });
});

describe("response time", () => {
  it("reads in hours, then days", () => {
    const hour = 3_600_000;
    expect(responseTimeLabel(null)).toBeNull();
    expect(responseTimeLabel(20 * 60_000)).toBe("usually responds within an hour");
    expect(responseTimeLabel(3.2 * hour)).toBe("usually responds within 4 h");
    expect(responseTimeLabel(50 * hour)).toBe("usually responds within 3 days");
  });
  it("takes the median", () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
  });
});
