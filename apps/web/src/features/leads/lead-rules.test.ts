import { NO_PROPOSAL_TERMS } from "@hostfield/domain/contracts";
import { LEAD_STATUSES } from "@hostfield/domain/reference";
import { LEAD_REASON_MAX_LENGTH } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  BOARD_STATUSES,
  canAskRevision,
  canDecide,
  canRecipientMove,
  canReviseProposal,
  checkReason,
  eventDays,
  hasEarlierVersions,
  headStartText,
  isBulkSelectable,
  isNeedDateReason,
  joinOr,
  leadReasonCheck,
  moveKind,
  movePatch,
  needDatesFirst,
  openRevisionRequest,
  organizerMoves,
  recipientMoves,
  refusedMoveMessage,
  unlockingTiers,
} from "./lead-rules";
import { buildLead } from "./testing";

describe("the recipient's moves", () => {
  it("has a column for every lead status, each once", () => {
    expect(BOARD_STATUSES).toHaveLength(LEAD_STATUSES.length);
    expect(new Set(BOARD_STATUSES)).toEqual(new Set(LEAD_STATUSES));
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

  it("only Interested leads keep a proposal that can change; only Open ones move in bulk", () => {
    expect(LEAD_STATUSES.filter(canReviseProposal)).toEqual(["Interested"]);
    expect(LEAD_STATUSES.filter(isBulkSelectable)).toEqual(["Open"]);
    // A bulk pass is a move the status machine allows from every selectable lead.
    for (const status of LEAD_STATUSES.filter(isBulkSelectable)) {
      expect(canRecipientMove(status, "Passed")).toBe(true);
    }
  });

  it("says why a drop is refused", () => {
    expect(refusedMoveMessage("Open", "Won")).toBe("Only the organizer moves a lead to Won.");
    expect(refusedMoveMessage("Lost", "Open")).toBe("This lead is Lost, which is final.");
    expect(refusedMoveMessage("Passed", "Interested")).toBe(
      "Reopen the lead before you respond to it.",
    );
    expect(refusedMoveMessage("Interested", "Open")).toBe(
      "A lead cannot move from Interested to Open.",
    );
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
    const proposal = {
      message: "We can host",
      dates: ["2025-06-07"],
      price: 100,
      priceUnit: null,
      ...NO_PROPOSAL_TERMS,
    };
    expect(movePatch("Interested", { proposal })).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: proposal },
    ]);
  });

  it("sends the other venues' reason and the version read with an award only", () => {
    expect(
      movePatch("Won", { reason: "Best courts", othersReason: " Too far ", version: 2 }),
    ).toEqual([
      { op: "replace", path: "/status", value: "Won" },
      { op: "replace", path: "/reason", value: "Best courts" },
      { op: "replace", path: "/othersReason", value: "Too far" },
      { op: "replace", path: "/version", value: 2 },
    ]);
    expect(movePatch("Lost", { reason: "Too far", othersReason: "Ignored" })).toEqual([
      { op: "replace", path: "/status", value: "Lost" },
      { op: "replace", path: "/reason", value: "Too far" },
    ]);
  });
});

describe("the organizer's decisions", () => {
  it("awards or declines only a lead that answered (Interested); never Open, Passed or a final one", () => {
    expect(organizerMoves("Interested")).toEqual(["Won", "Lost"]);
    for (const status of ["Open", "Passed", "Won", "Lost"] as const) {
      expect(organizerMoves(status)).toEqual([]);
      expect(canDecide(status)).toBe(false);
    }
    expect(canDecide("Interested")).toBe(true);
  });

  it("an award or decline is the same patch as any move: status, then the reason", () => {
    expect(movePatch("Won", { reason: " Closer to our hotels " })).toEqual([
      { op: "replace", path: "/status", value: "Won" },
      { op: "replace", path: "/reason", value: "Closer to our hotels" },
    ]);
    // No reason: the server words it for the others.
    expect(movePatch("Won", { reason: null })).toEqual([
      { op: "replace", path: "/status", value: "Won" },
    ]);
  });
});

describe("revisions of a proposal", () => {
  const proposal = {
    message: "Four courts.",
    dates: [],
    price: 1000,
    priceUnit: "Total" as const,
    ...NO_PROPOSAL_TERMS,
    submittedDate: "2025-03-11T10:00:00.000Z",
  };
  const ask = {
    message: "Less, please.",
    changes: ["price" as const],
    requestedDate: proposal.submittedDate,
  };

  it("the organizer asks only for a proposal still in the running, and not twice", () => {
    expect(canAskRevision(buildLead({ status: "Interested", proposal }))).toBe(true);
    expect(canAskRevision(buildLead({ status: "Interested", proposal: null }))).toBe(false);
    for (const status of ["Open", "Passed", "Won", "Lost"] as const) {
      expect(canAskRevision(buildLead({ status, proposal }))).toBe(false);
    }
    expect(
      canAskRevision(buildLead({ status: "Interested", proposal, revisionRequest: ask })),
    ).toBe(false);
  });

  it("an ask is open until the next version, and moot once the lead is decided", () => {
    expect(
      openRevisionRequest(buildLead({ status: "Interested", proposal, revisionRequest: ask })),
    ).toEqual(ask);
    expect(openRevisionRequest(buildLead({ status: "Interested", proposal }))).toBeNull();
    expect(
      openRevisionRequest(buildLead({ status: "Won", proposal, revisionRequest: ask })),
    ).toBeNull();
  });

  it("only a revised proposal has earlier versions", () => {
    expect(hasEarlierVersions({ proposalVersion: null })).toBe(false);
    expect(hasEarlierVersions({ proposalVersion: 1 })).toBe(false);
    expect(hasEarlierVersions({ proposalVersion: 2 })).toBe(true);
  });
});

describe("reasons against ZLeadEditable", () => {
  it("trims, requires one where the move needs it, and keeps to the contract's length", () => {
    expect(checkReason("  Booked  ", true)).toEqual({ ok: true, reason: "Booked" });
    expect(checkReason("   ", true)).toEqual({ ok: false, problem: "missing" });
    expect(checkReason("", false)).toEqual({ ok: true, reason: null });
    expect(checkReason("x".repeat(LEAD_REASON_MAX_LENGTH), true).ok).toBe(true);
    expect(checkReason("x".repeat(LEAD_REASON_MAX_LENGTH + 1), false)).toEqual({
      ok: false,
      problem: "too long",
    });
    const check = leadReasonCheck(true, "Say why.");
    expect(check("")).toEqual({ ok: false, message: "Say why." });
    expect(check("x".repeat(LEAD_REASON_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: "Use at most 500 characters.",
    });
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
});

describe("need-date matches", () => {
  const need = "You marked Sat, Mar 13th - Sun, Mar 14th, 2027 as need dates (10% off)";
  const free = "Free on Sat, Mar 6th - Sun, Mar 7th, 2027 and 2 more of your 8 date options";

  it("are the reasons that say the venue marked need dates", () => {
    expect(isNeedDateReason(need)).toBe(true);
    expect(isNeedDateReason(free)).toBe(false);
    expect(isNeedDateReason("3 of 3 sports")).toBe(false);
  });

  it("come first, the other reasons keeping their order", () => {
    expect(needDatesFirst(["3 of 3 sports", free, need, "38 mi from Indianapolis, IN"])).toEqual([
      need,
      "3 of 3 sports",
      free,
      "38 mi from Indianapolis, IN",
    ]);
    expect(needDatesFirst(["3 of 3 sports", free])).toEqual(["3 of 3 sports", free]);
  });
});
