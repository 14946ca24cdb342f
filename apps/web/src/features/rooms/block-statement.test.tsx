// A held block's final statement from its card, for both sides: the per-night table and the totals
// with the allowance, shortfall, owed and comps said in words; the hotel corrects what stayed (the
// totals follow) and confirms (the PUT's body checked); the organizer cannot edit but disputes a
// confirmed statement in the thread; the PDF link's address and its download through the app; a
// statement that fails to load offers Retry; the card offers no statement before the event.
import {
  type TBlock,
  type TBlockMessage,
  type TBlockStatement,
  ZBlockMessage,
  ZBlockStatement,
} from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataOf, dataReply, errorReply, listReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  BLOCKS,
  buildBlock,
  buildPickup,
  buildRoomType,
  EVENT_ID,
  HOTEL_ID,
  NOW,
  roomsHandlers,
  roomsWorld,
  SPRING_CLASSIC,
  T0,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };
const king = buildRoomType({ name: "King Suite" });
/** The event ran Feb 20 – 22 (today is Mar 2): its block was released at the cut-off. */
const PAST_EVENT = { ...SPRING_CLASSIC, startDate: "2026-02-20", endDate: "2026-02-22" };

function pastBlock(overrides: Partial<TBlock> = {}): TBlock {
  return buildBlock({
    status: "Released",
    event: PAST_EVENT,
    attritionPercent: 20,
    compPerPaid: 5,
    nights: [
      {
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        night: "2026-02-20",
        held: 10,
        rate: 150,
        booked: 6,
      },
      {
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        night: "2026-02-21",
        held: 10,
        rate: 150,
        booked: 4,
      },
    ],
    held: 20,
    booked: 10,
    ...overrides,
  });
}

/**
 * 10 kings held on each of 2 nights at $150, 6 and 4 booked. Until the hotel confirms, stayed is
 * booked: 10 of 20. Allowance floor(20 × 20%) = 4; shortfall 20 − 4 − 10 = 6; owed 6 × $150 =
 * $900; comps floor(10 / 5) = 2, worth $300.
 */
function awaiting(blockId: string): TBlockStatement {
  return ZBlockStatement.parse({
    blockId,
    status: "Awaiting hotel",
    event: { ...PAST_EVENT },
    hotel: { id: HOTEL_ID, name: "Harbor Inn" },
    attritionPercent: 20,
    compPerPaid: 5,
    nights: [
      {
        night: "2026-02-20",
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        held: 10,
        booked: 6,
        stayed: 6,
        confirmed: false,
        rate: 150,
      },
      {
        night: "2026-02-21",
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        held: 10,
        booked: 4,
        stayed: 4,
        confirmed: false,
        rate: 150,
      },
    ],
    totals: {
      held: 20,
      booked: 10,
      stayed: 10,
      allowance: 4,
      shortfall: 6,
      owed: 900,
      comps: 2,
      compValue: 300,
      averageRate: 150,
    },
    confirmedDate: null,
    confirmedBy: null,
  } satisfies TBlockStatement);
}

/** The hotel said 8 stayed on Feb 20: 12 picked up, shortfall 20 − 4 − 12 = 4, owed $600. */
function confirmed(blockId: string, status: "Confirmed" | "Disputed" = "Confirmed") {
  const s = awaiting(blockId);
  return ZBlockStatement.parse({
    ...s,
    status,
    nights: s.nights.map((n) => ({
      ...n,
      stayed: n.night === "2026-02-20" ? 8 : n.stayed,
      confirmed: true,
    })),
    totals: { ...s.totals, stayed: 12, shortfall: 4, owed: 600, comps: 2, compValue: 300 },
    confirmedDate: "2026-03-01T10:00:00.000Z",
    confirmedBy: { id: HOTEL_ID, name: "Hana Front Desk" },
  } satisfies TBlockStatement);
}

/** The server's statement and thread of one block, kept as the app changes them. */
function statementHandlers(block: TBlock, start: TBlockStatement) {
  const state = { statement: start, messages: [] as TBlockMessage[] };
  const url = `${BLOCKS}/${block.id}`;
  return {
    state,
    handlers: [
      http.get(`${url}/statement`, () => dataReply(ZBlockStatement, state.statement)),
      http.put(`${url}/statement`, () => {
        state.statement = confirmed(block.id);
        return dataReply(ZBlockStatement, state.statement);
      }),
      http.get(
        `${url}/statement.pdf`,
        () => new HttpResponse("%PDF-1.3 test", { headers: { "Content-Type": "application/pdf" } }),
      ),
      http.get(`${url}/messages`, () => listReply(ZBlockMessage, state.messages)),
      http.post(`${url}/messages`, async ({ request }) => {
        const input = await dataOf<{ body: string; dispute?: boolean }>(request);
        const message = ZBlockMessage.parse({
          id: "00000000-0000-4000-8000-000000009901",
          side: "organizer",
          by: { id: EVENT_ID, name: "Casey Park" },
          body: input.body,
          dispute: input.dispute === true,
          createdDate: T0,
        } satisfies TBlockMessage);
        state.messages = [...state.messages, message];
        if (message.dispute) state.statement = confirmed(block.id, "Disputed");
        return dataReply(ZBlockMessage, message, { status: 201 });
      }),
    ],
  };
}

async function openStatement(
  side: "hotel" | "organizer",
  block: TBlock,
  start: TBlockStatement,
  width?: number,
) {
  const world = roomsWorld({
    blocks: [block],
    roomTypes: [king],
    pickups: { [block.id]: buildPickup({ blockId: block.id }) },
  });
  const served = statementHandlers(block, start);
  serveBase(...served.handlers, ...roomsHandlers(world));
  const rendered = await renderApp({
    path: side === "hotel" ? `/hotels/${HOTEL_ID}/blocks` : `/events/${EVENT_ID}/hotels`,
    auth: buildSignedInAuth(),
    width,
  });
  const main = within(screen.getByRole("main"));
  const card = within(
    await main.findByRole(
      "article",
      { name: side === "hotel" ? PAST_EVENT.name : "Harbor Inn" },
      LAZY,
    ),
  );
  await rendered.user.click(card.getByRole("button", { name: "Statement" }));
  const region = within(await card.findByRole("region", { name: "Statement" }));
  await region.findByRole("table", { name: "Statement nights" });
  return { ...rendered, card, region, state: served.state };
}

/** A row's cells as read: a cell's input by its value. */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.querySelector("input")?.value ?? cell.textContent);

/** "Label: value" of each total, as the statement lists them. */
const totalsOf = (region: ReturnType<typeof within>) =>
  within(region.getByRole("region", { name: "Totals" }))
    .getAllByRole("term")
    .map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.firstElementChild?.textContent}`,
    );

/** Captures what the page saves as a download. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
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
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

describe("a block's final statement", () => {
  it("shows the hotel each night and the totals in words; its corrections move the totals and are confirmed", async () => {
    const block = pastBlock();
    const { region, user, state } = await openStatement("hotel", block, awaiting(block.id));
    expect(region.getByLabelText("Statement status: Awaiting hotel")).toBeTruthy();
    const rows = within(region.getByRole("table", { name: "Statement nights" })).getAllByRole(
      "row",
    );
    expect(rows[0]!.textContent).toBe("NightRoom typeHeldBookedStayedRate");
    expect(rows.slice(1).map(cellsOf)).toEqual([
      ["Fri, Feb 20", "King Suite", "10", "6", "6", "$150"],
      ["Sat, Feb 21", "King Suite", "10", "4", "4", "$150"],
      ["Total", "", "20", "10", "10", ""],
    ]);
    expect(totalsOf(region)).toEqual([
      "Picked up: 10 of 20 room nights",
      "Attrition allowance: 4 room nights",
      "Shortfall: 6 room nights",
      "Owed: $900",
      "Comps earned: 2 room nights ($300)",
    ]);
    expect(
      region.getByText(
        "20% of the 20 room nights held (rounded down) may go unsold without penalty.",
      ),
    ).toBeTruthy();
    expect(
      region.getByText("One free room night per 5 picked up, valued at the average rate."),
    ).toBeTruthy();

    // 8 stayed on Friday, not 6: 12 picked up, the shortfall 4, $600 owed.
    const friday = region.getByRole("spinbutton", { name: "Stayed, King Suite, Fri, Feb 20" });
    expect((friday as HTMLInputElement).value).toBe("6");
    await user.clear(friday);
    await user.type(friday, "8");
    expect(region.getByText("With your figures, before you confirm:")).toBeTruthy();
    expect(totalsOf(region)).toContain("Shortfall: 4 room nights");
    expect(totalsOf(region)).toContain("Owed: $600");

    await user.click(region.getByRole("button", { name: "Confirm statement" }));
    expect(await region.findByLabelText("Statement status: Confirmed")).toBeTruthy();
    expect(sent.bodies(`${BLOCKS}/${block.id}/statement`, "PUT")).toEqual([
      {
        data: {
          nights: [
            { roomTypeId: king.id, night: "2026-02-20", stayed: 8 },
            { roomTypeId: king.id, night: "2026-02-21", stayed: 4 },
          ],
        },
      },
    ]);
    expect(state.statement.status).toBe("Confirmed");
    expect(region.getByText(/Confirmed by the hotel \(Hana Front Desk\)/)).toBeTruthy();
  });

  it("keeps the hotel from confirming a figure that is not a whole number", async () => {
    const block = pastBlock();
    const { region, user } = await openStatement("hotel", block, awaiting(block.id));
    const saturday = region.getByRole("spinbutton", { name: "Stayed, King Suite, Sat, Feb 21" });
    await user.clear(saturday);
    const confirm = region.getByRole("button", { name: "Confirm statement" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(
      region.getByText("Each night's stayed is a whole number from 0 to 10,000."),
    ).toBeTruthy();
  });

  it("lets the organizer read but not edit, and dispute a confirmed statement in the thread", async () => {
    const block = pastBlock();
    const { region, user, state } = await openStatement("organizer", block, confirmed(block.id));
    expect(region.queryAllByRole("spinbutton")).toHaveLength(0);
    expect(region.queryByRole("button", { name: "Confirm statement" })).toBeNull();
    const rows = within(region.getByRole("table", { name: "Statement nights" })).getAllByRole(
      "row",
    );
    expect(rows.slice(1).map(cellsOf)).toEqual([
      ["Fri, Feb 20", "King Suite", "10", "6", "8", "$150"],
      ["Sat, Feb 21", "King Suite", "10", "4", "4", "$150"],
      ["Total", "", "20", "10", "12", ""],
    ]);
    expect(totalsOf(region)).toContain("Owed: $600");
    expect(await region.findByText("No messages yet.")).toBeTruthy();

    await user.type(
      region.getByRole("textbox", { name: "Message" }),
      "Our rooming list shows 7 on Friday.",
    );
    await user.click(
      region.getByRole("checkbox", { name: "Dispute the statement with this message" }),
    );
    await user.click(region.getByRole("button", { name: "Send and dispute" }));
    const thread = within(await region.findByRole("list", { name: "Messages" }));
    expect(thread.getByText("Our rooming list shows 7 on Friday.")).toBeTruthy();
    expect(sent.bodies(`${BLOCKS}/${block.id}/messages`, "POST")).toEqual([
      { data: { body: "Our rooming list shows 7 on Friday.", dispute: true } },
    ]);
    expect(state.statement.status).toBe("Disputed");
    expect(await region.findByLabelText("Statement status: Disputed")).toBeTruthy();
    expect(
      region.getByText("You disputed this statement: the hotel settles it by confirming again."),
    ).toBeTruthy();
  });

  it("offers the organizer no dispute before the hotel confirmed", async () => {
    const block = pastBlock();
    const { region } = await openStatement("organizer", block, awaiting(block.id));
    expect(await region.findByText("No messages yet.")).toBeTruthy();
    expect(region.queryByRole("checkbox", { name: /Dispute/ })).toBeNull();
    expect(region.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("links the PDF, and downloads it through the app", async () => {
    const block = pastBlock();
    const { region, user } = await openStatement("organizer", block, confirmed(block.id));
    const files = captureDownloads();
    const link = region.getByRole("link", { name: "Download PDF" });
    const href = new URL(link.getAttribute("href")!, "http://localhost");
    expect(href.pathname).toBe(`${BLOCKS}/${block.id}/statement.pdf`);
    await user.click(link);
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(`statement-${block.id}.pdf`);
    expect((await files[0]!.blob.text()).startsWith("%PDF")).toBe(true);
    const calls = sent.to(`${BLOCKS}/${block.id}/statement.pdf`, "GET");
    expect(calls).toHaveLength(1);
    // Fetched by the app (with my token), not opened as a bare address.
    expect(calls[0]!.headers.accept).toBe("application/pdf");
  });

  it("fits a phone: the nights' table scrolls sideways within its box", async () => {
    const block = pastBlock();
    const { region } = await openStatement("hotel", block, awaiting(block.id), 375);
    const table = region.getByRole("table", { name: "Statement nights" });
    expect(getComputedStyle(table.parentElement!).overflowX).toBe("auto");
    expect(
      region.getByRole("spinbutton", { name: "Stayed, King Suite, Sat, Feb 21" }),
    ).toBeTruthy();
  });

  it("offers Retry when the statement does not load", async () => {
    const block = pastBlock();
    let fail = true;
    server.use(
      http.get(`${BLOCKS}/${block.id}/statement`, () =>
        fail
          ? errorReply(409, "BLOCK_NOT_HELD", "Only a block the hotel held has a statement.")
          : undefined,
      ),
    );
    const world = roomsWorld({
      blocks: [block],
      pickups: { [block.id]: buildPickup({ blockId: block.id }) },
    });
    const handlers = statementHandlers(block, awaiting(block.id)).handlers;
    serveBase(...handlers, ...roomsHandlers(world));
    const { user } = await renderApp({
      path: `/hotels/${HOTEL_ID}/blocks`,
      auth: buildSignedInAuth(),
    });
    const card = within(
      await within(screen.getByRole("main")).findByRole("article", { name: PAST_EVENT.name }, LAZY),
    );
    await user.click(card.getByRole("button", { name: "Statement" }));
    expect(await card.findByText("Only a block the hotel held has a statement.")).toBeTruthy();
    fail = false;
    await user.click(card.getByRole("button", { name: "Retry" }));
    expect(await card.findByLabelText("Statement status: Awaiting hotel")).toBeTruthy();
  });

  it("is not offered before the event, nor for a proposal", async () => {
    const ahead = pastBlock({ status: "Accepted", event: SPRING_CLASSIC });
    const proposal = pastBlock({ status: "Proposed" });
    serveBase(...roomsHandlers(roomsWorld({ blocks: [ahead, proposal] })));
    await renderApp({ path: `/hotels/${HOTEL_ID}/blocks`, auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    const cards = await main.findAllByRole("article", {}, LAZY);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(within(card).queryByRole("button", { name: "Statement" })).toBeNull();
    }
  });
});
