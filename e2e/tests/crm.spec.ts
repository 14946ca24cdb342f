// A destination's CRM end to end: its manager connects a signed webhook from the destination's
// page (the spec runs the receiving system, which checks the signature and the timestamp), tests
// it, a lead sent to the destination changes status, and the CRM log shows the delivery.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { draftRequest, sendTo } from "../support/requests";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

type TReceived = {
  type: string;
  verified: boolean;
  fresh: boolean;
  status?: string;
  leadId?: string;
};

/** A receiving system: verifies HMAC-SHA256 over "{timestamp}.{body}" and refuses stale ones. */
async function startReceiver(secret: string) {
  const received: TReceived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(req.headers["x-hostfield-timestamp"] ?? "");
      const signature = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex")}`;
      const body = JSON.parse(raw) as { type: string; lead?: { id: string; status: string } };
      const verified = req.headers["x-hostfield-signature"] === signature;
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
      received.push({
        type: body.type,
        verified,
        fresh,
        status: body.lead?.status,
        leadId: body.lead?.id,
      });
      res.writeHead(verified && fresh ? 204 : 401);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hostfield`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("a destination manager connects a webhook and the CRM log shows a lead's status change delivered", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const secret = `whsec-${stamp}-journey`;
  const receiver = await startReceiver(secret);
  try {
    // The destination, listed, and its manager.
    const { page: dana } = await desktopPage(browser);
    await signedInAs(dana, "Dana Destination", `dana-${stamp}@example.com`);
    const destinationName = `Visit Crossroads ${stamp}`;
    const created = await api(
      dana,
      "POST",
      "/destination-mgmt/api/destinations",
      { data: { name: destinationName, lat: 39.7684, lng: -86.158 } },
      201,
    );
    const destinationId = created!.data.id;
    await api(ada, "PUT", `/destination-mgmt/api/destinations/${destinationId}/approve`);

    // An organizer sends the destination a request for proposals (a lead).
    const { page: olive } = await desktopPage(browser);
    await signedInAs(olive, "Olive Organizer", `olive-crm-${stamp}@example.com`);
    const request = await draftRequest(olive, `Crossroads Classic ${stamp}`);
    const [leadId] = await sendTo(olive, request, [
      { ownerType: "Destination", ownerId: destinationId },
    ]);

    // Dana opens the CRM from her destination's manage menu and connects the webhook.
    await dana.goto(`/destinations/${destinationId}`);
    await dana.getByRole("button", { name: "More listing actions" }).click();
    await dana.getByRole("menuitem", { name: "CRM" }).click();
    await expect(dana).toHaveURL(new RegExp(`/destinations/${destinationId}/crm$`));
    const form = dana.getByRole("form", { name: "Connect a CRM" });
    await form.getByLabel("Name").fill("Our bureau CRM");
    await form.getByLabel("Webhook address").fill(receiver.url);
    await form.getByLabel("Shared secret").fill(secret);
    await form.getByRole("button", { name: "Connect" }).click();

    await expect(dana.getByRole("heading", { name: "Our bureau CRM" })).toBeVisible();
    await expect(dana.getByText("Not set up")).toBeVisible();
    await expect(dana.getByText(`ending ${secret.slice(-4)}`)).toBeVisible();
    await expect(dana.getByText("Nothing synced yet")).toBeVisible();

    // The test sends a signed ping the receiver accepts.
    await dana.getByRole("button", { name: "Set up and test" }).click();
    await expect(dana.getByText("The connection works: leads will sync.")).toBeVisible();
    await expect(dana.getByText("Ready", { exact: true })).toBeVisible();
    expect(receiver.received.map((r) => [r.type, r.verified, r.fresh])).toEqual([
      ["ping", true, true],
    ]);
    const log = dana.getByRole("table", { name: "Sync log entries" });
    await expect(log.getByRole("row").filter({ hasText: "Setup" })).toContainText("succeeded");

    // Dana answers the lead with a proposal: the change reaches the CRM, and the log says so.
    await api(dana, "PATCH", `/event-mgmt/api/events/${request.eventId}/leads/${leadId}`, [
      { op: "replace", path: "/status", value: "Interested" },
      {
        op: "replace",
        path: "/proposal",
        value: {
          message: "Four courts downtown, ready Friday evening.",
          dates: ["2031-06-12", "2031-06-13"],
          price: 5200,
          priceUnit: "Total",
        },
      },
    ]);
    const delivered = log.getByRole("row").filter({ hasText: "A lead changed" });
    await expect(delivered).toContainText("succeeded", { timeout: 30_000 });
    await expect(delivered).toContainText("1 · 0 · 0 · 0");
    expect(receiver.received.filter((r) => r.type === "lead.changed")).toEqual([
      { type: "lead.changed", verified: true, fresh: true, status: "Interested", leadId },
    ]);

    // Sync now sends nothing new: the lead has not changed since.
    await dana.getByRole("button", { name: "Sync now" }).click();
    await expect(log.getByRole("row").filter({ hasText: "Sync now" })).toContainText(
      "0 · 0 · 1 · 0",
      {
        timeout: 30_000,
      },
    );
  } finally {
    await receiver.close();
  }
});
