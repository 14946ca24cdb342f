// Card guarantees on the hotel's side: the rooms page's "Require a card guarantee" switch (saved
// when payments are on; off and disabled with a note when they are not), and the reservations
// page's charge of a no-show or a late cancellation: only the reasons the rules allow now, an
// amount defaulting to and capped at the limit, confirmed in a dialog, the result or the
// provider's refusal, and the charge made shown in place of the buttons; and a block's term over
// the hotel's setting, shown on the block and put in its new terms.
import { type TReservationGuarantee, ZReservationGuarantee } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { securedGuarantee } from "../payments/testing";
import {
  blockUrl,
  buildBlock,
  buildReservation,
  buildRoomType,
  changesBlock,
  guaranteeChargeUrl,
  HOTEL_ID,
  NOW,
  roomsHandlers,
  roomsWorld,
  staySettingsUrl,
  type TRoomsWorld,
  uuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };

async function open(world: TRoomsWorld, page: "rooms" | "reservations") {
  serveBase(...roomsHandlers(world));
  const rendered = await renderApp({
    path: `/hotels/${HOTEL_ID}/${page}`,
    auth: buildSignedInAuth(),
  });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("the rooms page's booking settings", () => {
  it("turns the card guarantee on when payments are on", async () => {
    const world = roomsWorld({ paymentsEnabled: true });
    const { main, user } = await open(world, "rooms");
    const section = within(await main.findByRole("region", { name: "Booking settings" }, LAZY));
    const toggle = await section.findByRole("switch", { name: "Require a card guarantee" });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() =>
      expect(sent.bodies(staySettingsUrl(HOTEL_ID), "PUT")).toEqual([
        { data: { requireCardGuarantee: true } },
      ]),
    );
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(await screen.findByText("Bookings now need a card guarantee.")).toBeTruthy();
    expect(section.queryByText(/need payments set up/)).toBeNull();
  });

  it("is off and disabled, with a note, when payments are off", async () => {
    const world = roomsWorld({ paymentsEnabled: false });
    const { main } = await open(world, "rooms");
    const section = within(await main.findByRole("region", { name: "Booking settings" }, LAZY));
    expect(
      await section.findByText(
        "Card guarantees need payments set up on Hostfield; until then bookings are taken without a card.",
      ),
    ).toBeTruthy();
    const toggle = section.getByRole("switch", { name: "Require a card guarantee" });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(sent.to(staySettingsUrl(HOTEL_ID), "PUT")).toEqual([]);
  });
});

const ID = uuid(81);

/** The hotel's list with one guaranteed reservation, HF-0081, of Morgan Diaz. */
function guaranteedWorld(guarantee: TReservationGuarantee) {
  return roomsWorld({
    reservations: [buildReservation({ id: ID, confirmationNumber: "HF-0081", guarantee })],
  });
}

const rowOf = async (main: Awaited<ReturnType<typeof open>>["main"]) => {
  const table = within(await main.findByRole("table", { name: /Reservations/ }, LAZY));
  return within(table.getAllByRole("row")[1]!);
};

describe("charging a guarantee from the hotel's reservations", () => {
  it("charges a no-show: the amount defaults to the limit and is capped there, then the charge shows", async () => {
    const world = guaranteedWorld(securedGuarantee({ chargeableFor: ["no_show"] }));
    const charged = securedGuarantee({
      state: "charged",
      chargeableFor: [],
      charge: {
        id: uuid(90),
        reason: "no_show",
        amount: 100,
        currency: "usd",
        state: "succeeded",
        failure: null,
        attempts: 1,
        date: NOW,
      },
    });
    server.use(
      http.post(guaranteeChargeUrl(ID), () => {
        world.reservations = [
          buildReservation({ id: ID, confirmationNumber: "HF-0081", guarantee: charged }),
        ];
        return dataReply(ZReservationGuarantee, charged);
      }),
    );
    const { main, user } = await open(world, "reservations");
    const row = await rowOf(main);
    expect(row.getByText("Guaranteed by Visa ending 4242")).toBeTruthy();
    // A no-show only: no late cancellation on a confirmed booking.
    expect(row.queryByRole("button", { name: /Charge late cancellation/ })).toBeNull();
    await user.click(row.getByRole("button", { name: "Charge no-show for reservation HF-0081" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Charge a no-show?" }));
    expect(dialog.getByText(/Morgan Diaz's Visa ending 4242 is charged now/)).toBeTruthy();
    const amount = dialog.getByRole<HTMLInputElement>("spinbutton", { name: "Amount (USD)" });
    expect(amount.value).toBe("139");
    await user.clear(amount);
    await user.type(amount, "139.01");
    expect(
      dialog.getByText("At most $139.00 may be charged: the first night's rate × rooms."),
    ).toBeTruthy();
    expect((dialog.getByRole("button", { name: "Charge" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(amount);
    await user.type(amount, "100");
    await user.click(dialog.getByRole("button", { name: "Charge $100.00" }));

    await waitFor(() =>
      expect(sent.bodies(guaranteeChargeUrl(ID), "POST")).toEqual([
        { data: { reason: "no_show", amount: 100 } },
      ]),
    );
    expect(
      await screen.findByText(
        "Charged $100.00 for a no-show to Visa ending 4242. The guest and the hotel's managers are mailed a receipt.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const after = await rowOf(main);
    expect(
      await after.findByText("Charged $100.00 for a no-show to Visa ending 4242"),
    ).toBeTruthy();
    expect(after.queryByRole("button", { name: /Charge/ })).toBeNull();
  });

  it("shows the provider's refusal of a declined card in the dialog, and charges nothing", async () => {
    const world = guaranteedWorld(
      securedGuarantee({ chargeableFor: ["late_cancellation"], chargeLimit: 278 }),
    );
    server.use(
      http.post(guaranteeChargeUrl(ID), () =>
        errorReply(
          402,
          "PAYMENT_CARD_DECLINED",
          "The card was declined: Your card has insufficient funds.",
        ),
      ),
    );
    const { main, user } = await open(world, "reservations");
    const row = await rowOf(main);
    await user.click(
      row.getByRole("button", { name: "Charge late cancellation for reservation HF-0081" }),
    );
    const dialog = within(
      await screen.findByRole("dialog", { name: "Charge a late cancellation?" }),
    );
    expect(dialog.getByRole<HTMLInputElement>("spinbutton", { name: "Amount (USD)" }).value).toBe(
      "278",
    );
    await user.click(dialog.getByRole("button", { name: "Charge $278.00" }));
    expect(
      await dialog.findByText("The card was declined: Your card has insufficient funds."),
    ).toBeTruthy();
    expect(row.getByText("Guaranteed by Visa ending 4242")).toBeTruthy();
  });

  it("offers no charge before the rules allow one, and names a booking still awaiting its card", async () => {
    const world = roomsWorld({
      reservations: [
        buildReservation({
          id: ID,
          confirmationNumber: "HF-0081",
          guarantee: securedGuarantee({ chargeableFor: [] }),
        }),
        buildReservation({
          id: uuid(82),
          confirmationNumber: "HF-0082",
          guarantee: securedGuarantee({ state: "awaiting_card", card: null }),
        }),
      ],
    });
    const { main } = await open(world, "reservations");
    const table = within(await main.findByRole("table", { name: /Reservations/ }, LAZY));
    expect(table.getByText("Guaranteed by Visa ending 4242")).toBeTruthy();
    expect(table.getByText("Card needed to hold this booking")).toBeTruthy();
    expect(table.queryByRole("button", { name: /Charge/ })).toBeNull();
  });
});

describe("a block's card-guarantee term", () => {
  it("shows on the block, and a counter-proposal may require a card", async () => {
    const king = buildRoomType({ name: "King Suite" });
    const block = buildBlock({
      status: "Proposed",
      proposedBy: "organizer",
      requireCardGuarantee: false,
      nights: [
        {
          roomTypeId: king.id,
          roomTypeName: "King Suite",
          night: "2026-04-10",
          held: 40,
          rate: 139,
          booked: 0,
        },
      ],
      held: 40,
    });
    const world = roomsWorld({ roomTypes: [king], blocks: [block] });
    server.use(
      ...changesBlock(world, block, {
        patched: { ...block, proposedBy: "hotel", requireCardGuarantee: true },
      }),
    );
    serveBase(...roomsHandlers(world));
    const { user } = await renderApp({
      path: `/hotels/${HOTEL_ID}/blocks`,
      auth: buildSignedInAuth(),
    });
    const article = within(
      await screen.findByRole("article", { name: "Spring Hoops Classic" }, LAZY),
    );
    expect(article.getByText("Card guarantee")).toBeTruthy();
    expect(article.getByText("Not required")).toBeTruthy();
    await user.click(article.getByRole("button", { name: "Counter-propose" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New terms for Harbor Inn" }));
    await user.click(dialog.getByRole("combobox", { name: "Card guarantee" }));
    await user.click(await screen.findByRole("option", { name: "Required" }));
    await user.click(dialog.getByRole("button", { name: "Send terms" }));
    await waitFor(() => expect(sent.bodies(blockUrl(block.id), "PATCH")).toHaveLength(1));
    expect(sent.bodies(blockUrl(block.id), "PATCH")[0]).toMatchObject({
      data: { requireCardGuarantee: true },
    });
  });
});
