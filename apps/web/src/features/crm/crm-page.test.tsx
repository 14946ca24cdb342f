// A destination's CRM page: connecting a webhook (the secret shown only by its last four), its
// setup, the sync log a page at a time with its states, and the managers-only notice.
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildCrm,
  buildCrmLog,
  CRM_DESTINATION_ID,
  crmHandlers,
  crmUrl,
  crmWorld,
} from "./testing";

const PATH = `/destinations/${CRM_DESTINATION_ID}/crm`;
const LAZY = { timeout: 10_000 };

describe("a destination's CRM page", () => {
  it("connects a webhook, shows only the secret's last four, and sets it up", async () => {
    const world = crmWorld();
    server.use(...crmHandlers(world));
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    const form = await screen.findByRole("form", { name: "Connect a CRM" }, LAZY);
    await user.type(within(form).getByLabelText("Name"), "Bureau CRM");
    await user.type(within(form).getByLabelText(/Webhook address/), "https://crm.example/hook");
    await user.type(within(form).getByLabelText(/Shared secret/), "whsec-0123456789-WXYZ");
    await user.click(within(form).getByRole("button", { name: "Connect" }));

    expect(await screen.findByRole("heading", { name: "Bureau CRM" })).toBeTruthy();
    expect(world.added).toEqual([
      {
        connector: "webhook",
        name: "Bureau CRM",
        url: "https://crm.example/hook",
        clientId: null,
        secret: "whsec-0123456789-WXYZ",
      },
    ]);
    expect(screen.getByText(/saved, ending WXYZ/)).toBeTruthy();
    expect(screen.queryByText(/whsec-0123456789/)).toBeNull();
    expect(await screen.findByText("Nothing synced yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sync now" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Set up and test" }));
    expect(await screen.findByText("Ready")).toBeTruthy();
    const log = await screen.findByRole("table", { name: "Sync log entries" });
    expect(within(log).getByText("Setup")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Sync now" })).toHaveProperty("disabled", false),
    );
  });

  it("pages the sync log and shows a failed sync's remote error", async () => {
    const crm = buildCrm({ setupStatus: "ready" });
    const logs = Array.from({ length: 12 }, (_, i) =>
      buildCrmLog(
        i,
        i === 0 ? { status: "failed", attempt: 6, error: "HubSpot answered 401: no" } : {},
      ),
    );
    server.use(...crmHandlers(crmWorld([crm], logs)));
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    const log = await screen.findByRole("table", { name: "Sync log entries" }, LAZY);
    expect(within(log).getAllByRole("row")).toHaveLength(11);
    expect(within(log).getByText("HubSpot answered 401: no")).toBeTruthy();
    expect(screen.getByText("1–10 of 12")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("table", { name: "Sync log entries" })).getAllByRole("row"),
      ).toHaveLength(3),
    );
  });

  it("says when the log did not load", async () => {
    const crm = buildCrm({ setupStatus: "ready" });
    // The first handler that matches answers.
    server.use(
      http.get(`${crmUrl(CRM_DESTINATION_ID)}/:crmId/logs`, () =>
        errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side."),
      ),
      ...crmHandlers(crmWorld([crm])),
    );
    await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await screen.findByText("The sync log did not load", {}, LAZY)).toBeTruthy();
  });

  it("tells someone who does not manage the destination that it is for managers", async () => {
    server.use(
      http.get(crmUrl(CRM_DESTINATION_ID), () =>
        errorReply(403, "FORBIDDEN", "Only the destination's managers may manage its CRM."),
      ),
    );
    await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await screen.findByText("Managers only", {}, LAZY)).toBeTruthy();
  });
});
