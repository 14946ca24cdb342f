// /admin?tab=payments: the prices form (its checks and what it sends), the price of a boost day,
// and the ledger (its filters, paging and a failed webhook's replay).
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sent, serveBase } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildAdminAuth } from "../admin/testing";
import { BOOST_PRICE_INVALID, BOOST_PRICE_LABEL, BOOST_PRICE_SAVED } from "./admin-boost-price";
import { AMOUNT_INVALID, AMOUNT_REQUIRED, PRICES_SAVED, priceLabel } from "./admin-prices";
import { PAYMENTS_OFF_ADMIN } from "./payments-admin-panel";
import {
  BOOST_PRICE_URL,
  buildLedgerEntry,
  buildPrice,
  LEDGER_URL,
  PAYMENTS_OFF,
  PRICES_URL,
  paymentsHandlers,
  paymentsWorld,
  replayUrl,
  type TPaymentsWorld,
  uuid,
} from "./testing";

async function openPayments(world: TPaymentsWorld, path = "/admin?tab=payments") {
  serveBase(...paymentsHandlers(world));
  const rendered = await renderApp({ path, auth: buildAdminAuth() });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("/admin payments: prices", () => {
  it("checks the amounts, then sends the prices that changed", async () => {
    const world = paymentsWorld({
      prices: [buildPrice("Bronze", "month", 29), buildPrice("Silver", "month", 59)],
    });
    const { main, user } = await openPayments(world);
    const prices = within(await main.findByRole("form", { name: "Prices" }));
    const bronze = prices.getByRole("textbox", { name: priceLabel("Bronze", "month") });
    expect((bronze as HTMLInputElement).value).toBe("29");
    expect(prices.getByText("Now $29")).toBeTruthy();

    // A price on sale cannot be emptied, and amounts are dollars and cents from $1.
    await user.clear(bronze);
    const goldYear = prices.getByRole("textbox", { name: priceLabel("Gold", "year") });
    await user.type(goldYear, "0.5");
    const silverYear = prices.getByRole("textbox", { name: priceLabel("Silver", "year") });
    await user.type(silverYear, "590.123");
    await user.click(prices.getByRole("button", { name: "Save prices" }));
    expect(prices.getByText(AMOUNT_REQUIRED)).toBeTruthy();
    expect(prices.getAllByText(AMOUNT_INVALID)).toHaveLength(2);
    expect(sent.to(PRICES_URL, "PUT")).toHaveLength(0);

    await user.type(bronze, "35");
    await user.clear(goldYear);
    await user.type(goldYear, "$1,190.50");
    await user.clear(silverYear);
    await user.click(prices.getByRole("button", { name: "Save prices" }));

    expect(await screen.findByText(PRICES_SAVED)).toBeTruthy();
    expect(sent.bodies(PRICES_URL, "PUT")).toEqual([
      {
        data: {
          prices: [
            { tier: "Bronze", interval: "month", amount: 35 },
            { tier: "Gold", interval: "year", amount: 1190.5 },
          ],
        },
      },
    ]);
    const saved = within(await main.findByRole("form", { name: "Prices" }));
    expect(saved.getByText("Now $1,190.50")).toBeTruthy();
  });

  it("says when payments are off", async () => {
    const { main } = await openPayments(paymentsWorld({ config: PAYMENTS_OFF, prices: [] }));
    expect(await main.findByText(PAYMENTS_OFF_ADMIN)).toBeTruthy();
  });
});

describe("/admin payments: the price of a boost day", () => {
  it("starts off sale, checks the amount, saves it and can take it off sale again", async () => {
    const world = paymentsWorld();
    const { main, user } = await openPayments(world);
    const form = within(await main.findByRole("form", { name: "Boost day price" }));
    expect(form.getByText("Not on sale")).toBeTruthy();
    const field = form.getByRole("textbox", { name: BOOST_PRICE_LABEL });
    await user.type(field, "12.345");
    await user.click(form.getByRole("button", { name: "Save boost day price" }));
    expect(form.getByText(BOOST_PRICE_INVALID)).toBeTruthy();
    expect(sent.to(BOOST_PRICE_URL, "PUT")).toHaveLength(0);
    await user.clear(field);
    await user.type(field, "12.50");
    await user.click(form.getByRole("button", { name: "Save boost day price" }));
    expect(await screen.findByText(BOOST_PRICE_SAVED)).toBeTruthy();
    expect(sent.bodies(BOOST_PRICE_URL, "PUT")).toEqual([{ data: { amount: 12.5 } }]);
    const saved = within(await main.findByRole("form", { name: "Boost day price" }));
    expect(await saved.findByText("Now $12.50")).toBeTruthy();
    await user.clear(saved.getByRole("textbox", { name: BOOST_PRICE_LABEL }));
    await user.click(saved.getByRole("button", { name: "Save boost day price" }));
    await waitFor(() =>
      expect(sent.bodies(BOOST_PRICE_URL, "PUT")).toEqual([
        { data: { amount: 12.5 } },
        { data: { amount: null } },
      ]),
    );
  });
});

describe("/admin payments: ledger", () => {
  const failed = buildLedgerEntry({
    id: uuid(1),
    providerId: "evt_failed",
    type: "customer.subscription.updated",
    amount: null,
    state: "failed",
    problem: "The listing's membership could not be written.",
    attempts: 3,
    processedDate: null,
    listing: { id: uuid(50), kind: "facility", name: "Riverside Sports Complex" },
  });
  const charge = buildLedgerEntry({
    id: uuid(2),
    kind: "charge",
    providerId: "ch_1",
    type: "charge.succeeded",
    amount: 59,
  });
  const refund = buildLedgerEntry({
    id: uuid(3),
    kind: "refund",
    providerId: "re_1",
    type: "charge.refunded",
    amount: 29.5,
  });

  it("lists every entry with its state, and filters by kind and state", async () => {
    const world = paymentsWorld({ ledger: [failed, charge, refund] });
    const { main, user } = await openPayments(world);
    const table = within(await main.findByRole("table", { name: "Ledger" }));
    const row = within(
      table.getByRole("row", { name: "customer.subscription.updated evt_failed" }),
    );
    expect(row.getByText("Failed")).toBeTruthy();
    expect(row.getByText("The listing's membership could not be written.")).toBeTruthy();
    expect(row.getByText("3")).toBeTruthy();
    expect(row.getByRole("link", { name: "Riverside Sports Complex" }).getAttribute("href")).toBe(
      `/facilities/${uuid(50)}#membership`,
    );
    expect(table.getByText("$29.50")).toBeTruthy();
    expect(main.getByText("Showing 1–3 of 3 entries, newest first")).toBeTruthy();
    // Only failed and flagged entries can be replayed.
    expect(table.getAllByRole("button", { name: /^Replay/ })).toHaveLength(1);

    await user.selectOptions(main.getByRole("combobox", { name: "Kind" }), "charge");
    await waitFor(() =>
      expect(
        within(main.getByRole("table", { name: "Ledger" }))
          .getAllByRole("row")
          .slice(1)
          .map((r) => r.getAttribute("aria-label")),
      ).toEqual(["charge.succeeded ch_1"]),
    );
    expect(sent.to(LEDGER_URL, "GET").at(-1)?.url.searchParams.get("kind")).toBe("charge");

    await user.selectOptions(main.getByRole("combobox", { name: "Kind" }), "all");
    await user.selectOptions(main.getByRole("combobox", { name: "State" }), "failed");
    await waitFor(() =>
      expect(
        within(main.getByRole("table", { name: "Ledger" }))
          .getAllByRole("row")
          .slice(1)
          .map((r) => r.getAttribute("aria-label")),
      ).toEqual(["customer.subscription.updated evt_failed"]),
    );
    const last = sent.to(LEDGER_URL, "GET").at(-1)!.url.searchParams;
    expect([last.get("kind"), last.get("state"), last.get("offset")]).toEqual([
      null,
      "failed",
      "0",
    ]);
  });

  it("pages the ledger", async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      buildLedgerEntry({ id: uuid(100 + n), providerId: `evt_${n}` }),
    );
    const { main, user } = await openPayments(paymentsWorld({ ledger: many }));
    expect(await main.findByText("Showing 1–25 of 30 entries, newest first")).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Go to page 2" }));
    expect(await main.findByText("Showing 26–30 of 30 entries, newest first")).toBeTruthy();
    expect(sent.to(LEDGER_URL, "GET").at(-1)?.url.searchParams.get("offset")).toBe("25");
  });

  it("replays a failed webhook after asking, and shows its new state", async () => {
    const world = paymentsWorld({ ledger: [failed, charge] });
    const { main, user } = await openPayments(world);
    const row = within(
      await main.findByRole("row", { name: "customer.subscription.updated evt_failed" }),
    );
    await user.click(row.getByRole("button", { name: "Replay customer.subscription.updated" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Replay this webhook?" }));
    await user.click(dialog.getByRole("button", { name: "Replay" }));

    expect(await row.findByText("Processed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(replayUrl(failed.id), "POST")).toHaveLength(1);
    expect(row.queryByRole("button", { name: /^Replay/ })).toBeNull();
    expect(await screen.findByText("Replayed: the webhook is now processed.")).toBeTruthy();
  });
});
