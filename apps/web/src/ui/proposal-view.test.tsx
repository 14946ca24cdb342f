import { NO_PROPOSAL_TERMS, type TProposal } from "@hostfield/domain/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProposalLines, ProposalPerDay, ProposalTerms } from "./proposal-view";

const EVENT = { startDate: "2025-06-06", endDate: "2025-06-08" };

const PROPOSAL: TProposal = {
  message: "Courts, referees and a welcome pack.",
  dates: ["2025-06-06", "2025-06-07", "2025-06-08"],
  price: null,
  priceUnit: null,
  currency: "EUR",
  lines: [
    {
      kind: "space",
      description: "Four hardwood courts",
      dates: [],
      quantity: 4,
      unit: "Per Day",
      unitPrice: 250,
    },
    {
      kind: "service",
      description: "Referees",
      dates: ["2025-06-07"],
      quantity: 6,
      unit: "Per Hour",
      unitPrice: 42.5,
    },
    {
      kind: "extra",
      description: "Welcome pack",
      dates: [],
      quantity: 300,
      unit: "Each",
      unitPrice: 3,
    },
  ],
  concessions: ["Free parking", "A free warm-up court"],
  deposit: { percent: 30, dueDate: "2025-05-01" },
  expiresOn: "2025-03-01",
};

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("a sent proposal, read only", () => {
  it("lists its lines with their dates, rate and amount, in its currency, and their total", () => {
    render(<ProposalLines proposal={PROPOSAL} event={EVENT} />);
    expect(cellsOf(screen.getByRole("table", { name: "Priced lines" }))).toEqual([
      ["Description", "Dates", "Qty × unit price", "Amount"],
      ["Four hardwood courtsSpace", "Every day", "4 × €250 per day", "€3,000"],
      ["RefereesService", "Sat, Jun 7", "6 × €42.50 per hour", "€255"],
      ["Welcome packExtra", "Every day", "300 × €3 each", "€900"],
      ["Total", "€4,155"],
    ]);
  });

  it("says what each day comes to, and what no day carries", () => {
    render(<ProposalPerDay proposal={PROPOSAL} event={EVENT} />);
    expect(
      within(screen.getByRole("list", { name: "Per day" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Fri, Jun 6: €1,000",
      "Sat, Jun 7: €1,255",
      "Sun, Jun 8: €1,000",
      "Not tied to a day: €900",
    ]);
  });

  it("lists its concessions, deposit and expiry, marking an expiry that has passed", () => {
    render(<ProposalTerms proposal={PROPOSAL} today="2025-03-12" />);
    const terms = [...document.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ["Concessions", "Free parkingA free warm-up court"],
      ["Deposit", "30% due by Thu, May 1st, 2025"],
      ["Valid until", "Sat, Mar 1st, 2025 (expired)"],
    ]);
  });

  it("shows nothing of lines or terms for a proposal that has none (the first ones)", () => {
    const plain: TProposal = {
      message: "Hi",
      dates: [],
      price: 1200,
      priceUnit: "Total",
      ...NO_PROPOSAL_TERMS,
    };
    const { container } = render(
      <>
        <ProposalLines proposal={plain} event={EVENT} />
        <ProposalPerDay proposal={plain} event={EVENT} />
        <ProposalTerms proposal={plain} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });
});
