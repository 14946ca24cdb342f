// An awarded lead's deposit panel, on both sides: the organizer's "Deposit: $2,000 (20%) due by …"
// and its Pay button (the hosted checkout, a provider that is down), the venue's "not paid yet",
// "Deposit paid …" and its refund of a part (too much refused), the organizer's refund under the
// terms, payments off (collected outside Hostfield), loading, a failed load, a lead without a
// deposit, and the return from the checkout waiting for the payment's confirmation.
import type { TLeadDeposit } from "@hostfield/domain/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, HttpResponse, http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, serveBase, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import {
  DEPOSIT_CONFIRMING,
  DEPOSIT_PROVIDER_DOWN,
  DEPOSIT_UNREACHABLE,
  DepositPanel,
  type TDepositSide,
} from "./deposit-panel";
import {
  buildDeposit,
  DEPOSIT_CHECKOUT_URL,
  depositHandlers,
  depositUrl,
  paidDeposit,
  paymentsError,
} from "./testing";

const LEAD = "5d6c1c9e-0a4b-4f7e-8a2b-1c3d5e7f9a0b";
const RETURN = "/events/e1/proposals";

/** The panel for `side`, the service answering from `deposit` (null: the lead has none). */
function renderPanel(
  deposit: TLeadDeposit | null,
  side: TDepositSide = "organizer",
  path = RETURN,
) {
  const world = new Map([[LEAD, deposit]]);
  serveBase(...depositHandlers(world));
  const router = createMemoryRouter(
    [{ path: "*", element: <DepositPanel leadId={LEAD} side={side} returnPath={RETURN} /> }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const rendered = render(
    <TestProviders auth={buildSignedInAuth()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...rendered, user, world };
}

const panel = async () => within(await screen.findByRole("region", { name: "Deposit" }));

/** Replaces window.location with one whose assign is recorded. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

describe("the organizer's deposit", () => {
  it("says what is due and pays it through the hosted checkout", async () => {
    const assign = stubAssign();
    const { user } = renderPanel(
      buildDeposit(LEAD, { actions: { pay: true, refund: false, refundPart: false } }),
    );
    const region = await panel();
    expect(await region.findByText("Deposit: $2,000 (20%) due by Wed, May 1st, 2030")).toBeTruthy();
    expect(
      region.getByText(/20% of the proposal's total · Fully refundable until Sat, Apr 20th, 2030/),
    ).toBeTruthy();
    await user.click(region.getByRole("button", { name: "Pay deposit" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(DEPOSIT_CHECKOUT_URL));
    expect(sent.bodies(depositUrl(LEAD, "/checkout"), "POST")).toEqual([
      { data: { returnPath: RETURN } },
    ]);
  });

  it("says the payment service is not answering when it is down, and charges nothing", async () => {
    const assign = stubAssign();
    const { user } = renderPanel(
      buildDeposit(LEAD, { actions: { pay: true, refund: false, refundPart: false } }),
    );
    server.use(
      http.post(depositUrl(LEAD, "/checkout"), () =>
        paymentsError(503, "PAYMENTS_UNAVAILABLE", "The payment service is not answering."),
      ),
    );
    const region = await panel();
    await user.click(await region.findByRole("button", { name: "Pay deposit" }));
    expect((await region.findByRole("alert")).textContent).toBe(DEPOSIT_PROVIDER_DOWN);
    expect(assign).not.toHaveBeenCalled();
    expect(region.getByRole("button", { name: "Pay deposit" })).toHaveProperty("disabled", false);
  });

  it("takes the deposit back under the proposal's terms, after asking", async () => {
    const { user } = renderPanel(
      paidDeposit(LEAD, { actions: { pay: false, refund: true, refundPart: false } }),
    );
    const region = await panel();
    expect(await region.findByText("Deposit paid $2,000 on Apr 18, 2030")).toBeTruthy();
    await user.click(region.getByRole("button", { name: "Refund deposit" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText(/\$2,000 goes back to the card it was paid with/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Refund the deposit" }));
    expect(await region.findByText("Refunded $2,000 on Apr 19, 2030")).toBeTruthy();
    // No amount: the organizer's refund is what the terms give.
    expect(sent.bodies(depositUrl(LEAD, "/refund"), "POST")).toEqual([undefined]);
    expect(region.queryByRole("button", { name: "Refund deposit" })).toBeNull();
  });

  it("shows a deposit collected outside Hostfield when payments are off, with nothing to pay", async () => {
    renderPanel(buildDeposit(LEAD, { paymentsEnabled: false }));
    const region = await panel();
    expect(
      await region.findByText(
        "Deposit: $2,000 (20%) due by Wed, May 1st, 2030, collected outside Hostfield",
      ),
    ).toBeTruthy();
    expect(region.queryByRole("button")).toBeNull();
  });

  it("waits for the payment's confirmation back from the checkout", async () => {
    let reads = 0;
    server.use(
      http.get(depositUrl(LEAD), () => {
        reads += 1;
        const deposit = reads === 1 ? buildDeposit(LEAD, { state: "open" }) : paidDeposit(LEAD);
        return HttpResponse.json({ data: deposit });
      }),
    );
    renderPanel(buildDeposit(LEAD, { state: "open" }), "organizer", `${RETURN}?deposit=paid`);
    const region = await panel();
    expect(await region.findByText(DEPOSIT_CONFIRMING)).toBeTruthy();
    expect(
      await region.findByText("Deposit paid $2,000 on Apr 18, 2030", {}, { timeout: 6000 }),
    ).toBeTruthy();
    expect(region.queryByText(DEPOSIT_CONFIRMING)).toBeNull();
  });
});

describe("the venue's deposit", () => {
  it("says it is not paid yet", async () => {
    renderPanel(buildDeposit(LEAD), "venue");
    const region = await panel();
    expect(
      await region.findByText("Deposit of $2,000 due by Wed, May 1st, 2030, not paid yet"),
    ).toBeTruthy();
    expect(region.queryByRole("button")).toBeNull();
  });

  it("says when it was paid, and refunds a part of it (not more than is left)", async () => {
    const { user } = renderPanel(
      paidDeposit(LEAD, { refundDue: 0, actions: { pay: false, refund: false, refundPart: true } }),
      "venue",
    );
    const region = await panel();
    expect(await region.findByText("Deposit paid $2,000 on Apr 18, 2030")).toBeTruthy();
    await user.click(region.getByRole("button", { name: "Refund…" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Refund part of the deposit" }),
    );
    const amount = dialog.getByRole("spinbutton", { name: "Amount (USD)" });
    expect(amount).toHaveProperty("value", "2000");
    await user.clear(amount);
    await user.type(amount, "2500");
    await user.click(dialog.getByRole("button", { name: "Refund" }));
    expect(dialog.getByText("At most $2,000 is left to refund.")).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "500");
    await user.click(dialog.getByRole("button", { name: "Refund" }));
    expect(await region.findByText("Refunded $500 on Apr 19, 2030")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(depositUrl(LEAD, "/refund"), "POST")).toEqual([{ data: { amount: 500 } }]);
  });
});

describe("loading and failures", () => {
  it("shows it loading, then nothing for a lead without a deposit", async () => {
    server.use(
      http.get(depositUrl(LEAD), async () => {
        await delay(200);
        return HttpResponse.json({ data: null });
      }),
    );
    renderPanel(null);
    expect(await screen.findByRole("status", { name: "Loading the deposit" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Deposit" })).toBeNull());
  });

  it("says the payment service is not answering when the deposit cannot load, and tries again", async () => {
    let reads = 0;
    server.use(
      http.get(depositUrl(LEAD), () => {
        reads += 1;
        return reads === 1
          ? paymentsError(503, "PAYMENTS_UNAVAILABLE", "The payment service is not answering.")
          : HttpResponse.json({ data: buildDeposit(LEAD) });
      }),
    );
    const { user } = renderPanel(buildDeposit(LEAD));
    const region = await panel();
    expect(await region.findByText(DEPOSIT_UNREACHABLE)).toBeTruthy();
    await user.click(region.getByRole("button", { name: "Retry" }));
    expect(await region.findByText("Deposit: $2,000 (20%) due by Wed, May 1st, 2030")).toBeTruthy();
  });
});
