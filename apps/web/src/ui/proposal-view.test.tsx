import { NO_PROPOSAL_TERMS, type TProposal } from "@hostfield/domain/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setAccessTokenGetter } from "../lib/api";
import { errorReply, sent, server } from "../test/msw";
import {
  DOWNLOAD_FAILED,
  ProposalAttachments,
  ProposalLines,
  ProposalPerDay,
  ProposalTerms,
} from "./proposal-view";

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
  deposit: { percent: 30, dueDate: "2025-05-01", refundableUntil: null },
  expiresOn: "2025-03-01",
  attachments: [
    {
      id: "0b6f1a4e-8d8e-4f5e-9b1a-2c3d4e5f6a7b",
      name: "Floor plan.pdf",
      size: 1_258_291,
      contentType: "application/pdf",
    },
    {
      id: "1c7f2b5f-9e9f-4a6f-8c2b-3d4e5f6a7b8c",
      name: "Rates 2025.xlsx",
      size: 18_432,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  ],
};
const LEAD = {
  eventId: "5e0c4a34-0f7e-4b3b-8c1d-2a3b4c5d6e7f",
  id: "6f1d5b45-1a8f-4c4c-9d2e-3b4c5d6e7f80",
};
const FILES = `/event-mgmt/api/events/${LEAD.eventId}/leads/${LEAD.id}/attachments`;

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
    // Without the lead it answers, its files cannot be fetched: none are offered.
    render(<ProposalTerms proposal={PROPOSAL} today="2025-03-12" />);
    const terms = [...document.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ["Concessions", "Free parkingA free warm-up court"],
      ["Deposit", "30% due by Thu, May 1st, 2025"],
      ["Deposit refund", "Non-refundable"],
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

describe("a sent proposal's files", () => {
  afterEach(() => setAccessTokenGetter(null));

  /** Captures what the view saves as a download. */
  function captureDownloads() {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:test-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    return saved;
  }

  it("are listed among its terms, each with its type and size", () => {
    render(<ProposalTerms proposal={PROPOSAL} lead={LEAD} today="2025-03-12" />);
    const terms = [...document.querySelectorAll("dt")].map((dt) => dt.textContent);
    expect(terms).toEqual([
      "Concessions",
      "Deposit",
      "Deposit refund",
      "Valid until",
      "Attachments",
    ]);
    const files = within(screen.getByRole("list", { name: "Attachments" }));
    expect(files.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Floor plan.pdfPDF · 1.2 MB",
      "Rates 2025.xlsxExcel · 18 KB",
    ]);
  });

  it("download with the signed-in user's token, saved under their own names", async () => {
    setAccessTokenGetter(() => "organizer-token");
    const saved = captureDownloads();
    server.use(
      http.get(`${FILES}/:attachmentId`, ({ params }) =>
        params.attachmentId === PROPOSAL.attachments[1]!.id
          ? new HttpResponse("sheet bytes", {
              headers: {
                "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                "content-disposition": 'attachment; filename="Rates 2025.xlsx"',
              },
            })
          : errorReply(404, "NOT_FOUND", "The attachment was not found."),
      ),
    );
    render(<ProposalAttachments attachments={PROPOSAL.attachments} lead={LEAD} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download Rates 2025.xlsx" }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(["Rates 2025.xlsx"]));
    expect(await saved[0]!.blob.text()).toBe("sheet bytes");
    const [call] = sent.to(`${FILES}/${PROPOSAL.attachments[1]!.id}`, "GET");
    expect(call?.headers.authorization).toBe("Bearer organizer-token");

    // A refusal says why, beside the file, and saves nothing.
    await user.click(screen.getByRole("button", { name: "Download Floor plan.pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The attachment was not found.");
    expect(saved).toHaveLength(1);
    expect(DOWNLOAD_FAILED).toBe("The file did not download. Try again.");
  });

  it("show nothing for a proposal without files", () => {
    const { container } = render(<ProposalAttachments attachments={[]} lead={LEAD} />);
    expect(container.innerHTML).toBe("");
  });
});
