import { NO_PROPOSAL_TERMS } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { proposalMessage, storedProposal } from "./proposals";

describe("storedProposal", () => {
  it("reads a proposal stored before lines and terms existed as one with none, losing nothing", () => {
    const old = {
      message: "Courts 1-4 are yours.",
      dates: ["2030-06-12"],
      price: 1800,
      priceUnit: "Per Team" as const,
      submittedDate: "2026-01-02T03:04:05.000Z",
    };
    expect(storedProposal(old)).toEqual({ ...old, ...NO_PROPOSAL_TERMS });
  });

  it("reads a deposit stored before refund terms existed as non-refundable", () => {
    const old = {
      message: "Courts 1-4 are yours.",
      dates: ["2030-06-12"],
      price: 10_000,
      priceUnit: "Total" as const,
      deposit: { percent: 20, dueDate: "2030-05-01" } as never,
      submittedDate: "2026-01-02T03:04:05.000Z",
    };
    expect(storedProposal(old).deposit).toEqual({
      percent: 20,
      dueDate: "2030-05-01",
      refundableUntil: null,
    });
    expect(proposalMessage(storedProposal(old), false).split("\n")).toContain(
      "Deposit: 20% by Wed, May 1st, 2030, non-refundable",
    );
  });
});

describe("proposalMessage", () => {
  it("writes the offered dates as people read them, not as ISO dates", () => {
    const text = proposalMessage(
      {
        message: "Courts 1-4 are yours.",
        dates: ["2030-06-12", "2030-06-13"],
        price: 1800,
        priceUnit: "Per Team",
        ...NO_PROPOSAL_TERMS,
      },
      false,
    );
    expect(text).toBe(
      "Courts 1-4 are yours.\nDates: Wed, Jun 12th, 2030; Thu, Jun 13th, 2030\nPrice: $1,800 Per Team",
    );
  });

  it("says an update is one, and leaves out what was not offered", () => {
    expect(
      proposalMessage(
        { message: "Lower price.", dates: [], price: null, priceUnit: null, ...NO_PROPOSAL_TERMS },
        true,
      ),
    ).toBe("Updated proposal: Lower price.");
  });
});

describe("proposalMessage of priced lines", () => {
  it("says the lines' total for the event's days, the concessions, the deposit, the expiry and the files", () => {
    const text = proposalMessage(
      {
        message: "Four courts.",
        dates: [],
        price: null,
        priceUnit: null,
        currency: "CAD",
        lines: [
          {
            kind: "space",
            description: "Court",
            dates: [],
            quantity: 4,
            unit: "Per Day",
            unitPrice: 450,
          },
          {
            kind: "extra",
            description: "Banner",
            dates: [],
            quantity: 1,
            unit: "Each",
            unitPrice: 99.5,
          },
        ],
        concessions: ["Free parking"],
        deposit: { percent: 25, dueDate: "2030-05-01", refundableUntil: "2030-04-20" },
        expiresOn: "2030-04-15",
        attachments: [
          {
            id: "0b6f1a4e-8d8e-4f5e-9b1a-2c3d4e5f6a7b",
            name: "Floor plan.pdf",
            size: 120_000,
            contentType: "application/pdf",
          },
          {
            id: "1b6f1a4e-8d8e-4f5e-9b1a-2c3d4e5f6a7b",
            name: "Rates.xlsx",
            size: 9_000,
            contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          },
        ],
      },
      false,
      ["2030-06-12", "2030-06-13"],
    );
    expect(text.split("\n")).toEqual([
      "Four courts.",
      "Total: CA$3,699.50 (2 lines)",
      "Concessions: Free parking",
      "Deposit: 25% by Wed, May 1st, 2030, fully refundable until Sat, Apr 20th, 2030",
      "Valid until Mon, Apr 15th, 2030",
      "Attachments: Floor plan.pdf; Rates.xlsx",
    ]);
  });
});
