import type { TLead, TProposal } from "@hostfield/domain/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  acceptMove,
  buildLead,
  buildRequest,
  leadsHandlers,
  leadsWorld,
  leadUrl,
  NOW,
  type TLeadsWorld,
  testUuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW)); // today is 2025-03-12
});

afterEach(() => {
  vi.useRealTimers();
});

const openLead = (overrides: Parameters<typeof buildLead>[0] = {}) =>
  buildLead({
    event: { name: "Spring Hoops Classic", startDate: "2025-06-06", endDate: "2025-06-08" },
    request: buildRequest(),
    ...overrides,
  });

/** The lead as the server makes it of a proposal: Interested, with the conversation it opened. */
const interested = (lead: TLead, proposal: TProposal): TLead => ({
  ...lead,
  status: "Interested",
  proposal: { ...proposal, submittedDate: NOW },
  groupId: testUuid(9999),
  firstResponseDate: NOW,
  updatedDate: NOW,
});

/** A proposal of two priced lines, with a concession, a deposit and an expiry. */
const PRICED: TProposal = {
  message: "Four courts and a hotel block.",
  dates: ["2025-06-07"],
  price: null,
  priceUnit: null,
  currency: "USD",
  lines: [
    {
      kind: "space",
      description: "Four hardwood courts",
      dates: ["2025-06-07", "2025-06-08"],
      quantity: 4,
      unit: "Per Day",
      unitPrice: 250,
    },
    {
      kind: "rooms",
      description: "Hotel block",
      dates: ["2025-06-07"],
      quantity: 20,
      unit: "Per Night",
      unitPrice: 129.5,
    },
  ],
  concessions: ["Free parking"],
  deposit: { percent: 25, dueDate: "2025-04-01", refundableUntil: "2025-03-25" },
  expiresOn: "2025-04-15",
  attachments: [],
};

/** What the server says of an expiry before today (the domain's proposalProblems). */
const PAST_EXPIRY = "A proposal cannot expire before today (2025-03-12); 2025-03-11 has passed.";

async function openDialog(
  state: TLeadsWorld,
  lead: TLead,
  button = "Respond with a proposal",
  width?: number,
) {
  serveBase(...leadsHandlers(state));
  const rendered = await renderApp({
    path: `/leads/${lead.eventId}/${lead.id}`,
    auth: buildSignedInAuth(),
    width,
  });
  const status = within(await screen.findByRole("region", { name: "Status" }));
  await rendered.user.click(await status.findByRole("button", { name: button }));
  const dialog = within(await screen.findByRole("dialog"));
  const line = (n: number) => within(dialog.getByRole("group", { name: `Line ${n}` }));
  return { ...rendered, dialog, line };
}

describe("the venue's proposal form", () => {
  it("prices two dated lines, shows each amount, the total and each day, and sends them with the terms", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    server.use(acceptMove(state, interested(lead, PRICED)));
    const { dialog, line, user } = await openDialog(state, lead);

    await user.paste("Four courts and a hotel block.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    expect(dialog.getByRole("combobox", { name: "Currency" })).toHaveProperty("value", "USD");

    await user.click(dialog.getByRole("button", { name: "Add a line" }));
    // The new line's description takes the focus.
    expect(document.activeElement).toBe(line(1).getByRole("textbox", { name: "Description" }));
    await user.paste("Four hardwood courts");
    await user.clear(line(1).getByRole("spinbutton", { name: "Quantity" }));
    await user.type(line(1).getByRole("spinbutton", { name: "Quantity" }), "4");
    await user.type(line(1).getByRole("spinbutton", { name: "Unit price (USD)" }), "250");
    // No dates: every day of the event (three days of four courts).
    expect(line(1).getByText("Amount: $3,000")).toBeTruthy();
    await user.click(line(1).getByRole("button", { name: "Sat, Jun 7" }));
    await user.click(line(1).getByRole("button", { name: "Sun, Jun 8" }));
    expect(line(1).getByRole("button", { name: "Sat, Jun 7" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(line(1).getByText("Amount: $2,000")).toBeTruthy();

    await user.click(dialog.getByRole("button", { name: "Add a line" }));
    await user.paste("Hotel block");
    await user.selectOptions(line(2).getByRole("combobox", { name: "Kind" }), "Hotel rooms");
    await user.selectOptions(line(2).getByRole("combobox", { name: "Unit" }), "Per Night");
    await user.clear(line(2).getByRole("spinbutton", { name: "Quantity" }));
    await user.type(line(2).getByRole("spinbutton", { name: "Quantity" }), "20");
    expect(line(2).getByText("Amount: —")).toBeTruthy();
    await user.type(line(2).getByRole("spinbutton", { name: "Unit price (USD)" }), "129.50");
    await user.click(line(2).getByRole("button", { name: "Sat, Jun 7" }));
    expect(line(2).getByText("Amount: $2,590")).toBeTruthy();

    // Wide, each line is a row of inputs ruled above, not a card.
    const row = getComputedStyle(dialog.getByRole("group", { name: "Line 1" }));
    expect([row.borderTopStyle, row.borderBottomStyle]).toEqual(["solid", "none"]);
    const total = within(dialog.getByRole("status", { name: "Proposal total" }));
    expect(total.getByText("Total: $4,590")).toBeTruthy();
    expect(total.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Sat, Jun 7: $3,590",
      "Sun, Jun 8: $1,000",
    ]);
    // With lines, the single price is theirs to make.
    expect(dialog.getByRole("spinbutton", { name: "Price (USD)" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(dialog.getByText("With lines, the total comes from the lines.")).toBeTruthy();

    await user.click(dialog.getByRole("button", { name: "Add a concession" }));
    await user.paste("Free parking");
    await user.type(dialog.getByRole("spinbutton", { name: "Deposit (%)" }), "25");
    fireEvent.change(dialog.getByLabelText("Deposit due"), { target: { value: "2025-04-01" } });
    fireEvent.change(dialog.getByLabelText("Refundable until"), {
      target: { value: "2025-03-25" },
    });
    fireEvent.change(dialog.getByLabelText("Expires on"), { target: { value: "2025-04-15" } });
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: PRICED },
    ]);
    expect(await screen.findByText("Proposal sent for Spring Hoops Classic.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // The page shows what was sent: the lines with their total, and the terms.
    const sentProposal = within(screen.getByRole("region", { name: "Your proposal" }));
    const rows = within(sentProposal.getByRole("table", { name: "Priced lines" }))
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Description", "Dates", "Qty × unit price", "Amount"],
      ["Four hardwood courtsSpace", "Sat, Jun 7; Sun, Jun 8", "4 × $250 per day", "$2,000"],
      ["Hotel blockHotel rooms", "Sat, Jun 7", "20 × $129.50 per night", "$2,590"],
      ["Total", "$4,590"],
    ]);
    expect(sentProposal.getByText("Free parking")).toBeTruthy();
    expect(sentProposal.getByText("25% due by Tue, Apr 1st, 2025")).toBeTruthy();
    expect(sentProposal.getByText("Fully refundable until Tue, Mar 25th, 2025")).toBeTruthy();
    expect(sentProposal.getByText("Tue, Apr 15th, 2025")).toBeTruthy();
  });

  it("refuses a deposit refundable until a day past beside its field; none is non-refundable", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    const { dialog, user } = await openDialog(state, lead);
    await user.paste("We can host you.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    await user.type(dialog.getByRole("spinbutton", { name: "Price (USD)" }), "1000");
    await user.type(dialog.getByRole("spinbutton", { name: "Deposit (%)" }), "20");
    fireEvent.change(dialog.getByLabelText("Deposit due"), { target: { value: "2025-04-01" } });
    const refundable = dialog.getByLabelText("Refundable until");
    expect(dialog.getByText(/empty: non-refundable once paid/)).toBeTruthy();
    fireEvent.change(refundable, { target: { value: "2025-03-11" } });
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    expect(refundable.getAttribute("aria-invalid")).toBe("true");
    expect(
      dialog.getByText(
        "A deposit cannot stop being refundable before today (2025-03-12); 2025-03-11 has passed.",
      ),
    ).toBeTruthy();
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(0);
  });

  it("refuses an expiry in the past beside its field, and sends nothing", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    const { dialog, user } = await openDialog(state, lead);
    await user.paste("We can host you.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    fireEvent.change(dialog.getByLabelText("Expires on"), { target: { value: "2025-03-11" } });
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    const expiry = dialog.getByLabelText("Expires on");
    expect(expiry.getAttribute("aria-invalid")).toBe("true");
    expect(dialog.getByText(PAST_EXPIRY)).toBeTruthy();
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(0);
    // Today is still fine.
    fireEvent.change(expiry, { target: { value: "2025-03-12" } });
    expect(dialog.queryByText(PAST_EXPIRY)).toBeNull();
  });

  it("says beside a line what it misses, and shows the server's refusal in the dialog", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    server.use(
      http.patch(leadUrl(lead), () =>
        errorReply(
          400,
          "PROPOSAL_TOTAL_TOO_HIGH",
          "A proposal may come to $100,000,000 at most; this one comes to $120,000,000.",
        ),
      ),
    );
    const { dialog, line, user } = await openDialog(state, lead);
    await user.paste("A big one.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    await user.click(dialog.getByRole("button", { name: "Add a line" }));
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    expect(line(1).getByText("Describe what the line prices.")).toBeTruthy();
    expect(line(1).getByText("Enter a unit price of 0 or more.")).toBeTruthy();
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(0);

    await user.type(line(1).getByRole("textbox", { name: "Description" }), "Stadium");
    await user.type(line(1).getByRole("spinbutton", { name: "Unit price (USD)" }), "4000000");
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    expect(
      (await dialog.findByRole("alert")).textContent?.includes(
        "A proposal may come to $100,000,000 at most",
      ),
    ).toBe(true);
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("revises an Interested proposal in the same form, prefilled with its lines and terms", async () => {
    const lead = interested(openLead(), PRICED);
    const state = leadsWorld({ leads: [lead] });
    const revised: TProposal = {
      ...PRICED,
      lines: [PRICED.lines[0]!],
      concessions: [],
    };
    server.use(acceptMove(state, interested(lead, revised)));
    const { dialog, line, user } = await openDialog(state, lead, "Update proposal");

    expect(screen.getByRole("dialog", { name: "Update your proposal" })).toBeTruthy();
    expect(dialog.getByRole("textbox", { name: "Message" })).toHaveProperty(
      "value",
      "Four courts and a hotel block.",
    );
    expect(line(1).getByRole("textbox", { name: "Description" })).toHaveProperty(
      "value",
      "Four hardwood courts",
    );
    expect(line(2).getByRole("combobox", { name: "Kind" })).toHaveProperty("value", "rooms");
    expect(line(2).getByText("Amount: $2,590")).toBeTruthy();
    expect(dialog.getByRole("textbox", { name: "Concession 1" })).toHaveProperty(
      "value",
      "Free parking",
    );
    expect(dialog.getByLabelText("Expires on")).toHaveProperty("value", "2025-04-15");

    // Removing a line gives the focus back to the button that adds one.
    await user.click(dialog.getByRole("button", { name: "Remove line 2" }));
    expect(document.activeElement).toBe(dialog.getByRole("button", { name: "Add a line" }));
    await user.click(dialog.getByRole("button", { name: "Remove concession 1" }));
    expect(
      within(dialog.getByRole("status", { name: "Proposal total" })).getByText("Total: $2,000"),
    ).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Update proposal" }));

    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/proposal", value: revised },
    ]);
    expect(await screen.findByText("Your proposal was updated.")).toBeTruthy();
  });

  it("works from the keyboard, and fills a phone's screen with each line a card", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    const { dialog, line, user } = await openDialog(state, lead, undefined, 375);
    expect(document.querySelector(".MuiDialog-paperFullScreen")).not.toBeNull();

    dialog.getByRole("button", { name: "Add a line" }).focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(line(1).getByRole("textbox", { name: "Description" }));
    const chip = line(1).getByRole("button", { name: "Fri, Jun 6" });
    chip.focus();
    await user.keyboard(" ");
    expect(chip.getAttribute("aria-pressed")).toBe("true");
    await user.keyboard("{Enter}");
    expect(chip.getAttribute("aria-pressed")).toBe("false");
    // Each line is a card of its own: a box all round (wide, lines are rows ruled above).
    const card = getComputedStyle(dialog.getByRole("group", { name: "Line 1" }));
    expect([card.borderTopStyle, card.borderBottomStyle]).toEqual(["solid", "solid"]);
  });
});
