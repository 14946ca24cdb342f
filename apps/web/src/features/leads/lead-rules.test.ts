import { LEAD_STATUSES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import {
  BOARD_STATUSES,
  canRecipientMove,
  distanceText,
  eventDays,
  headStartText,
  joinOr,
  moveKind,
  movePatch,
  priceText,
  recipientMoves,
  spaceNeed,
  unlockingTiers,
} from "./lead-rules";

describe("the recipient's moves", () => {
  it("has a column for every lead status, in the order a lead travels", () => {
    expect(BOARD_STATUSES).toEqual(["Open", "Interested", "Passed", "Won", "Lost"]);
    expect([...BOARD_STATUSES].sort()).toEqual([...LEAD_STATUSES].sort());
  });

  it("Open → Interested | Passed; Interested → Passed; Passed → Open; Won and Lost stay", () => {
    expect(recipientMoves("Open")).toEqual(["Interested", "Passed"]);
    // Interested → Won | Lost is the organizer's decision, not the recipient's.
    expect(recipientMoves("Interested")).toEqual(["Passed"]);
    expect(recipientMoves("Passed")).toEqual(["Open"]);
    expect(recipientMoves("Won")).toEqual([]);
    expect(recipientMoves("Lost")).toEqual([]);
  });

  it("never offers the organizer's statuses, and lets admins reopen a final lead", () => {
    for (const from of LEAD_STATUSES) {
      expect(canRecipientMove(from, "Won", { isAdmin: true })).toBe(false);
      expect(canRecipientMove(from, "Lost", { isAdmin: true })).toBe(false);
    }
    expect(recipientMoves("Won", { isAdmin: true })).toEqual(["Open", "Interested", "Passed"]);
    expect(canRecipientMove("Passed", "Interested")).toBe(false);
  });

  it("asks a proposal for Interested, a reason for Passed, nothing to reopen", () => {
    expect(moveKind("Interested")).toBe("proposal");
    expect(moveKind("Passed")).toBe("reason");
    expect(moveKind("Open")).toBe("direct");
  });

  it("patches the status, with the reason or the proposal the move carries", () => {
    expect(movePatch("Open")).toEqual([{ op: "replace", path: "/status", value: "Open" }]);
    expect(movePatch("Passed", { reason: "  Booked that weekend " })).toEqual([
      { op: "replace", path: "/status", value: "Passed" },
      { op: "replace", path: "/reason", value: "Booked that weekend" },
    ]);
    const proposal = { message: "We can host", dates: ["2025-06-07"], price: 100, priceUnit: null };
    expect(movePatch("Interested", { proposal })).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: proposal },
    ]);
  });
});

describe("what unlocks the RFP marketplace (rules/membership.ts)", () => {
  it("'enableRfpMarketplace needs an active non-Legacy tier'; hot leads need neither Bronze nor Legacy", () => {
    expect(unlockingTiers()).toEqual({
      marketplace: ["Bronze", "Silver", "Gold"],
      hotLeads: ["Silver", "Gold"],
    });
    expect(joinOr(["Bronze", "Silver", "Gold"])).toBe("Bronze, Silver or Gold");
    expect(joinOr(["Silver", "Gold"])).toBe("Silver or Gold");
    expect(joinOr(["Gold"])).toBe("Gold");
    expect(headStartText()).toBe("24 hours");
  });
});

describe("display formats", () => {
  it("lists an event's days for a proposal, none for a range too long to tick", () => {
    expect(eventDays("2025-02-27", "2025-03-02")).toEqual([
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
      "2025-03-02",
    ]);
    expect(eventDays("2025-06-06", "2025-06-06")).toEqual(["2025-06-06"]);
    expect(eventDays("2025-01-01", "2025-12-31")).toEqual([]);
  });

  it("reads space needs, prices and distances", () => {
    expect(
      spaceNeed({
        spaceType: "Court",
        spaceTypeCount: 4,
        spaceSurface: "Hardwood",
        spaceLocation: "Indoor",
      }),
    ).toBe("4 × Indoor Hardwood Court");
    expect(
      spaceNeed({
        spaceType: "Pool",
        spaceTypeCount: null,
        spaceSurface: "N/A",
        spaceLocation: "Both",
      }),
    ).toBe("1 × Pool");
    expect(
      spaceNeed({ spaceType: null, spaceTypeCount: 2, spaceSurface: null, spaceLocation: null }),
    ).toBeNull();
    expect(priceText(4500, "Per Team")).toBe("$4,500 · Per Team");
    expect(priceText(12.5, null)).toBe("$12.5");
    expect(priceText(null, "Total")).toBeNull();
    expect(distanceText(38.4)).toBe("38 mi away");
    expect(distanceText(2.25)).toBe("2.3 mi away");
    expect(distanceText(null)).toBeNull();
  });
});
