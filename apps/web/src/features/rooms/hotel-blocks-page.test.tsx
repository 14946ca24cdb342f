import { detailSchemaOfKind, type TBlock, ZBlock, zProfile } from "@hostfield/domain/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataOf, dataReply, listReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  answersBlock,
  BLOCKS,
  blockUrl,
  buildBlock,
  buildRoomType,
  EVENT_ID,
  EVENTS,
  HOTEL_ID,
  NOW,
  roomsHandlers,
  roomsWorld,
  type TRoomsWorld,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };

async function openBlocks(world: TRoomsWorld) {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: `/hotels/${HOTEL_ID}/blocks`,
    auth: buildSignedInAuth(),
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const king = buildRoomType({ name: "King Suite" });

/** The organizer asked Harbor Inn for 40 kings on each of two nights. */
function askedByOrganizer(): TBlock {
  return buildBlock({
    status: "Proposed",
    proposedBy: "organizer",
    nights: [
      {
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        night: "2026-04-10",
        held: 40,
        rate: 139,
        booked: 0,
      },
      {
        roomTypeId: king.id,
        roomTypeName: "King Suite",
        night: "2026-04-11",
        held: 40,
        rate: 139,
        booked: 0,
      },
    ],
    held: 80,
    history: [
      {
        date: "2026-02-20T10:00:00.000Z",
        side: "organizer",
        by: { id: EVENT_ID, name: "Casey Park" },
        action: "proposed",
        summary: "40 King Suite rooms a night at $139, Apr 10 – Apr 12",
      },
    ],
  });
}

const card = (name: string) => within(screen.getByRole("article", { name }));

describe("/hotels/:id/blocks", () => {
  it("accepts the organizer's proposal, and the block shows as accepted", async () => {
    const block = askedByOrganizer();
    const world = roomsWorld({ roomTypes: [king], blocks: [block] });
    server.use(...answersBlock(world, block, { ...block, status: "Accepted" }));
    const { main, user } = await openBlocks(world);

    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    expect(article.getByText("Proposed")).toBeTruthy();
    expect(
      article.getByText("The organizer proposed these terms. Accept, decline or propose a change."),
    ).toBeTruthy();
    await user.click(article.getByRole("button", { name: "Accept" }));

    await waitFor(() => expect(sent.to(`${blockUrl(block.id)}/accept`, "PUT")).toHaveLength(1));
    expect(sent.to(`${blockUrl(block.id)}/decline`)).toHaveLength(0);
    expect(await screen.findByText("The block was accepted.")).toBeTruthy();
    await waitFor(() => expect(card("Spring Hoops Classic").getByText("Accepted")).toBeTruthy());
    expect(card("Spring Hoops Classic").queryByRole("button", { name: "Accept" })).toBeNull();
    expect(
      card("Spring Hoops Classic").queryByRole("button", { name: "Counter-propose" }),
    ).toBeNull();
  });

  it("declines the organizer's proposal", async () => {
    const block = askedByOrganizer();
    const world = roomsWorld({ blocks: [block] });
    server.use(...answersBlock(world, block, { ...block, status: "Declined" }));
    const { main, user } = await openBlocks(world);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    await user.click(article.getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(sent.to(`${blockUrl(block.id)}/decline`, "PUT")).toHaveLength(1));
    expect(sent.to(`${blockUrl(block.id)}/accept`)).toHaveLength(0);
    expect(await screen.findByText("The block was declined.")).toBeTruthy();
    await waitFor(() => expect(card("Spring Hoops Classic").getByText("Declined")).toBeTruthy());
    expect(card("Spring Hoops Classic").queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("lets only the other side answer: my own proposal waits, with no accept or decline", async () => {
    const world = roomsWorld({
      blocks: [buildBlock({ status: "Proposed", proposedBy: "hotel" })],
    });
    const { main } = await openBlocks(world);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    expect(
      article.getByText("You proposed these terms; waiting for the organizer to answer."),
    ).toBeTruthy();
    expect(article.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(article.queryByRole("button", { name: "Decline" })).toBeNull();
    expect(article.getByRole("button", { name: "Change proposal" })).toBeTruthy();
  });

  it("shows the terms, the nights and who changed what", async () => {
    const world = roomsWorld({ blocks: [askedByOrganizer()] });
    const { main, user } = await openBlocks(world);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    expect(article.getByText("Fri, Apr 10th - Sun, Apr 12th, 2026")).toBeTruthy();
    expect(article.getByText("Mar 20, 2026")).toBeTruthy();
    expect(article.getByText("1 free per 40 paid")).toBeTruthy();

    await user.click(article.getByRole("button", { name: "History (1)" }));
    const history = within(await article.findByRole("list", { name: "Block history" }));
    expect(history.getByRole("listitem").textContent).toContain(
      "The organizer (Casey Park) proposed: 40 King Suite rooms a night at $139, Apr 10 – Apr 12",
    );
    await user.click(article.getByRole("button", { name: "Nights (2)" }));
    const nights = within(
      await article.findByRole("table", { name: "Nights of the block at Harbor Inn" }),
    );
    expect(nights.getAllByRole("row").map((r) => r.textContent)).toEqual([
      "NightRoom typeHeldBookedRate",
      "Fri, Apr 10King Suite400$139",
      "Sat, Apr 11King Suite400$139",
    ]);
  });

  it("counter-proposes new rooms, rate and cut-off", async () => {
    const block = askedByOrganizer();
    const world = roomsWorld({ blocks: [block] });
    const { main, user } = await openBlocks(world);
    const article = within(
      await main.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    await user.click(article.getByRole("button", { name: "Counter-propose" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New terms for Harbor Inn" }));
    const rooms = dialog.getByRole("spinbutton", { name: "Rooms, King Suite, Sat, Apr 11" });
    await user.clear(rooms);
    await user.type(rooms, "25");
    const rate = dialog.getByRole("spinbutton", { name: "Rate, King Suite, Fri, Apr 10" });
    await user.clear(rate);
    await user.type(rate, "149");
    fireEvent.change(dialog.getByLabelText("Cut-off date"), { target: { value: "2026-03-27" } });
    await user.click(dialog.getByRole("button", { name: "Send terms" }));

    await waitFor(() => expect(sent.bodies(blockUrl(block.id), "PATCH")).toHaveLength(1));
    expect(sent.bodies(blockUrl(block.id), "PATCH")[0]).toEqual({
      data: {
        nights: [
          { roomTypeId: king.id, night: "2026-04-10", rooms: 40, rate: 149 },
          { roomTypeId: king.id, night: "2026-04-11", rooms: 25, rate: 139 },
        ],
        cutoffDate: "2026-03-27",
        minNights: 2,
        attritionPercent: 20,
        compPerPaid: 40,
        note: null,
        requireCardGuarantee: null,
      },
    });
  });

  it("proposes a block to an event given its page address", async () => {
    const world = roomsWorld({ roomTypes: [king] });
    const made = buildBlock({ status: "Proposed", proposedBy: "hotel", held: 60 });
    server.use(
      http.post(BLOCKS, () => {
        world.blocks = [made];
        return dataReply(ZBlock, made, { status: 201 });
      }),
    );
    const { main, user } = await openBlocks(world);
    expect(await main.findByText("No room blocks yet", {}, LAZY)).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Propose a block" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to an event" }),
    );
    await user.click(dialog.getByRole("textbox", { name: "Or the event's id or page address" }));
    await user.paste(`https://hostfield.example/events/${EVENT_ID}`);
    await user.click(dialog.getByRole("combobox", { name: "Room type" }));
    await user.click(await screen.findByRole("option", { name: "King Suite (1 King)" }));
    const rooms = dialog.getByRole("spinbutton", { name: "Rooms on the peak night" });
    await user.clear(rooms);
    await user.type(rooms, "30");
    const rate = dialog.getByRole("spinbutton", { name: "Group rate ($ a night)" });
    await user.clear(rate);
    await user.type(rate, "129");
    await user.click(dialog.getByRole("button", { name: "Propose block" }));

    await waitFor(() => expect(sent.bodies(BLOCKS, "POST")).toHaveLength(1));
    expect(sent.bodies(BLOCKS, "POST")[0]).toEqual({
      data: {
        eventId: EVENT_ID,
        hotelId: HOTEL_ID,
        // The Spring Hoops Classic runs Apr 10–12: 30 on the peak night, 15 on the shoulders.
        nights: [
          { roomTypeId: king.id, night: "2026-04-09", rooms: 15, rate: 129 },
          { roomTypeId: king.id, night: "2026-04-10", rooms: 30, rate: 129 },
          { roomTypeId: king.id, night: "2026-04-11", rooms: 15, rate: 129 },
        ],
        cutoffDate: "2026-04-01",
        minNights: 1,
        attritionPercent: 20,
        compPerPaid: null,
        note: null,
        requireCardGuarantee: null,
      },
    });
    expect(
      await screen.findByText("The block was proposed to Spring Hoops Classic's organizers."),
    ).toBeTruthy();
    const article = within(await main.findByRole("article", { name: "Spring Hoops Classic" }));
    expect(
      article.getByText("You proposed these terms; waiting for the organizer to answer."),
    ).toBeTruthy();
  });

  it("finds the event by name through the events search", async () => {
    const world = roomsWorld({ roomTypes: [king] });
    const eventSchema = zProfile(detailSchemaOfKind("event"));
    server.use(
      http.post(`${EVENTS}/search`, async ({ request }) => {
        const filter = await dataOf<{ text?: string }>(request);
        const found = filter.text === "Spring" ? [world.listings.get(EVENT_ID)!] : [];
        return listReply(eventSchema, found);
      }),
      http.post(BLOCKS, () =>
        dataReply(ZBlock, buildBlock({ proposedBy: "hotel" }), { status: 201 }),
      ),
    );
    const { main, user } = await openBlocks(world);
    await user.click(await main.findByRole("button", { name: "Propose a block" }, LAZY));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Propose a block to an event" }),
    );
    await user.type(dialog.getByRole("combobox", { name: "Event" }), "Spring");
    await user.click(
      await screen.findByRole("option", { name: "Spring Hoops Classic Starts Apr 10, 2026" }, LAZY),
    );
    expect(sent.bodies(`${EVENTS}/search`, "POST").at(-1)).toEqual({ data: { text: "Spring" } });
    await user.click(dialog.getByRole("combobox", { name: "Room type" }));
    await user.click(await screen.findByRole("option", { name: "King Suite (1 King)" }));
    await user.type(dialog.getByRole("spinbutton", { name: "Group rate ($ a night)" }), "9");
    await user.click(dialog.getByRole("button", { name: "Propose block" }));
    await waitFor(() => expect(sent.bodies(BLOCKS, "POST")).toHaveLength(1));
    expect(sent.bodies(BLOCKS, "POST")[0]).toMatchObject({
      data: {
        eventId: EVENT_ID,
        hotelId: HOTEL_ID,
        nights: [
          { roomTypeId: king.id, night: "2026-04-09", rooms: 5 },
          { roomTypeId: king.id, night: "2026-04-10", rooms: 10 },
          { roomTypeId: king.id, night: "2026-04-11", rooms: 5 },
        ],
      },
    });
  });
});
