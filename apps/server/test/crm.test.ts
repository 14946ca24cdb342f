// A destination's CRM sync over http on the embedded database, against real local servers: a
// webhook receiver that checks the HMAC signature and the timestamp itself, and fakes of HubSpot and
// Salesforce that follow their documented shapes. A lead sent to the destination and its status
// changes reach each CRM once (a retry after a remote failure creates nothing twice), a remote
// failure is a 502 with the remote words and a failed log entry, secrets never show in a reply or
// a log line, the log filters and pages, and only the destination's managers and admins get in.
// A webhook goes through the outbound rule: no redirect followed, a closed port worded as any
// unreachable receiver, and (without CRM_WEBHOOK_ALLOW_HTTP) this machine's own and private
// addresses refused in generic words.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, expectCallers } from "./access-matrix";
import { startFakeHubSpot, type TFakeHubSpot } from "./fakes/hubspot";
import { startFakeSalesforce, type TFakeSalesforce } from "./fakes/salesforce";
import {
  addMember,
  courtsRequest,
  createListed,
  draftRequest,
  moveTo,
  rfpSuite,
} from "./rfps-fixture";

const PEOPLE = ["dmo", "deputy", "member", "stranger", "organizer", "admin"] as const;
type TWho = (typeof PEOPLE)[number] | "anonymous";

// ---- a webhook receiver that verifies what it gets, as a receiving system would ----

type TDelivery = {
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the receiver reads the payload loosely.
  body: any;
  verified: boolean;
  fresh: boolean;
};
type TReceiver = {
  url: string;
  deliveries: TDelivery[];
  /** Status to answer with (204 by default). */
  status: number;
  close(): Promise<void>;
};

async function startReceiver(secret: string): Promise<TReceiver> {
  const receiver: TReceiver = {
    url: "",
    deliveries: [],
    status: 204,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(req.headers["x-hostfield-timestamp"] ?? "");
      // HMAC-SHA256 over "{timestamp}.{body}" with the shared secret, hex, as the docs say.
      const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex")}`;
      const verified = req.headers["x-hostfield-signature"] === expected;
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
      receiver.deliveries.push({ headers: req.headers, body: JSON.parse(raw), verified, fresh });
      res.writeHead(verified && fresh ? receiver.status : 401, {
        "content-type": "application/json",
      });
      res.end(
        receiver.status >= 400
          ? JSON.stringify({ message: "receiver is down for maintenance" })
          : "",
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/hostfield`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

// ---- the suite's world ----

const WEBHOOK_SECRET = "whsec-shared-0123456789-abcdefWXYZ";
const FAILING_SECRET = "whsec-failing-9876543210-zyxwQRST";
let hubspot: TFakeHubSpot;
let salesforce: TFakeSalesforce;
let receiver: TReceiver;
let failing: TReceiver;
const logLines: string[] = [];

beforeAll(async () => {
  hubspot = await startFakeHubSpot();
  salesforce = await startFakeSalesforce();
  receiver = await startReceiver(WEBHOOK_SECRET);
  failing = await startReceiver(FAILING_SECRET);
  failing.status = 503;
});
afterAll(async () => {
  await Promise.all([hubspot.close(), salesforce.close(), receiver.close(), failing.close()]);
});

const ids = { webhook: "", hubspot: "", salesforce: "", failing: "", matrix: "" };
const { api, app } = rfpSuite(
  PEOPLE,
  async (a) => {
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
      ids[key] = await createListed(a, "destination", "dmo", {
        name: `Visit ${key}`,
        at: "indianapolis",
      });
    }
    await addMember(a, "destination", ids.matrix, "deputy", "manager");
    await addMember(a, "destination", ids.matrix, "member", "member");
  },
  {
    env: () => ({
      CRM_HUBSPOT_BASE_URL: hubspot.url,
      CRM_SALESFORCE_LOGIN_URL: salesforce.url,
      CRM_WEBHOOK_ALLOW_HTTP: "true",
      CRM_SYNC_RETRY_LIMIT: "1",
      LOG_LEVEL: "debug",
    }),
    logStream: { write: (line: string) => void logLines.push(line) },
  },
);

/** Every reply the suite saw, to search for secrets at the end. */
const replies: string[] = [];
async function dm(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TWho,
  payload?: unknown,
) {
  const res = await api.call("destination-mgmt", method, route, who, payload);
  replies.push(res.body);
  return res;
}
async function data(
  res: Promise<LightMyRequestResponse> | LightMyRequestResponse,
  status = 200,
  // biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely.
): Promise<any> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json().data;
}

let events = 0;
/** A new event of the organizer (with a public e-mail address) sending a request to the destination. */
async function leadFor(destinationId: string) {
  events++;
  const event = await api.ok(
    api.ev("POST", "/events", "organizer", {
      data: {
        name: `Hoosier Hoops Classic ${events}`,
        type: "Tournament",
        startDate: "2030-06-12",
        endDate: "2030-06-14",
        email: "games@hoosierhoops.example",
      },
    }),
    201,
  );
  const requestId = await draftRequest(api, "organizer", event.id, courtsRequest());
  const sent = await api.ok(
    api.ev("POST", `/events/${event.id}/leads/bulk`, "organizer", {
      data: {
        requirementId: requestId,
        targets: [{ ownerType: "Destination", ownerId: destinationId }],
      },
    }),
  );
  return { eventId: event.id as string, leadId: sent.created[0].id as string };
}

async function move(lead: { eventId: string; leadId: string }, status: string, who: TWho) {
  await api.ok(
    api.ev("PATCH", `/events/${lead.eventId}/leads/${lead.leadId}`, who, moveTo(status)),
  );
}

/** Waits for the lead events to be handled and the sync jobs to run (retries included). */
async function settle() {
  await app().events.settled();
  await app().jobs.idle(["crm.sync"]);
}

/** Polls until `check` passes (a retry waits for its backoff). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    await settle();
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const crmUrl = (dest: string) => `/destinations/${dest}/crm`;
const logsOf = async (dest: string, crmId: string) =>
  (await data(dm("GET", `${crmUrl(dest)}/${crmId}/logs?take=100`, "dmo"))) as {
    status: string;
    direction: string;
    trigger: string;
    attempt: number;
    counts: Record<string, number>;
    error: string | null;
  }[];

// ---- the signed webhook ----

describe("signed webhook", () => {
  let crmId = "";

  it("connects without ever showing the secret, and its setup sends a signed ping", async () => {
    const created = await data(
      dm("POST", crmUrl(ids.webhook), "dmo", {
        data: { connector: "webhook", name: "Our CRM", url: receiver.url, secret: WEBHOOK_SECRET },
      }),
      201,
    );
    crmId = created.id;
    expect(created).toMatchObject({
      connector: "webhook",
      hasSecret: true,
      secretLast4: "WXYZ",
      setupStatus: "pending",
      settings: { url: receiver.url, clientId: null },
    });
    expect(JSON.stringify(created)).not.toContain("whsec");

    const ready = await data(
      dm("POST", `${crmUrl(ids.webhook)}/${crmId}/accounts/setup`, "dmo", { data: {} }),
    );
    expect(ready.setupStatus).toBe("ready");
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries[0]).toMatchObject({
      verified: true,
      fresh: true,
      body: { type: "ping" },
    });
  });

  it("delivers a new lead and its status change, each signed and fresh, to the same lead id", async () => {
    const lead = await leadFor(ids.webhook);
    await settle();
    await move(lead, "Interested", "dmo");
    await settle();
    const leadDeliveries = receiver.deliveries.filter((d) => d.body.type === "lead.changed");
    expect(
      leadDeliveries.map((d) => [d.verified, d.fresh, d.body.lead.id, d.body.lead.status]),
    ).toEqual([
      [true, true, lead.leadId, "Open"],
      [true, true, lead.leadId, "Interested"],
    ]);
    expect(leadDeliveries[1]!.body.lead.proposal).toMatchObject({ price: 4800 });
    expect(leadDeliveries[0]!.body.lead.organizer).toMatchObject({
      email: "games@hoosierhoops.example",
    });
    // Two changes, two delivery ids.
    expect(new Set(leadDeliveries.map((d) => d.headers["x-hostfield-delivery"])).size).toBe(2);

    const logs = await logsOf(ids.webhook, crmId);
    expect(
      logs.map((l) => [l.direction, l.trigger, l.status, l.counts.created, l.counts.updated]),
    ).toEqual([
      ["outbound", "change", "succeeded", 0, 1],
      ["outbound", "change", "succeeded", 1, 0],
      ["check", "setup", "succeeded", 0, 0],
    ]);
  });

  it("syncs on demand: what did not change is not sent again", async () => {
    const before = receiver.deliveries.length;
    expect(await data(dm("PUT", `${crmUrl(ids.webhook)}/${crmId}/sync`, "dmo"), 202)).toEqual({
      crmId,
      queued: true,
    });
    await settle();
    expect(receiver.deliveries.length).toBe(before);
    const [latest] = await logsOf(ids.webhook, crmId);
    expect(latest).toMatchObject({
      trigger: "manual",
      status: "succeeded",
      counts: { unchanged: 1, created: 0 },
    });
  });

  it("a receiver checking with another secret refuses it: the log says so with its status", async () => {
    await data(
      dm("PATCH", `${crmUrl(ids.webhook)}/${crmId}`, "dmo", [
        { op: "replace", path: "/secret", value: "another-secret-entirely-0000" },
      ]),
    );
    const res = await dm("POST", `${crmUrl(ids.webhook)}/${crmId}/accounts/setup`, "dmo", {
      data: {},
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: "CRM_REMOTE_FAILED" });
    expect(res.json().error.message).toMatch(/webhook answered 401/);
    const current = await data(dm("GET", crmUrl(ids.webhook), "dmo"));
    expect(current[0]).toMatchObject({ secretLast4: "0000", setupStatus: "failed" });
    // Put the right one back.
    await data(
      dm("PATCH", `${crmUrl(ids.webhook)}/${crmId}`, "dmo", [
        { op: "replace", path: "/secret", value: WEBHOOK_SECRET },
      ]),
    );
    await data(dm("POST", `${crmUrl(ids.webhook)}/${crmId}/accounts/setup`, "dmo", { data: {} }));
  });
});

describe("a receiver that keeps failing", () => {
  it("is retried with backoff, then shown as failed with the remote error", async () => {
    const crm = await data(
      dm("POST", crmUrl(ids.failing), "dmo", {
        data: { connector: "webhook", name: "Down", url: failing.url, secret: FAILING_SECRET },
      }),
      201,
    );
    // Its test fails (the receiver answers 503), so it is not set up: let it pass once.
    failing.status = 204;
    await data(dm("POST", `${crmUrl(ids.failing)}/${crm.id}/accounts/setup`, "dmo", { data: {} }));
    failing.status = 503;
    await leadFor(ids.failing);
    const logs = await eventually(
      () => logsOf(ids.failing, crm.id),
      (l) => l.some((e) => e.status === "failed"),
    );
    const outbound = logs.filter((l) => l.direction === "outbound");
    expect(outbound.map((l) => [l.status, l.attempt])).toEqual([
      ["failed", 2],
      ["retrying", 1],
    ]);
    expect(outbound[0]!.error).toBe("The webhook answered 503: receiver is down for maintenance");
    expect(outbound[0]!.counts.failed).toBe(1);
    const [shown] = await data(dm("GET", crmUrl(ids.failing), "dmo"));
    expect(shown).toMatchObject({ lastSyncStatus: "failed", syncedLeads: 0 });
  }, 60_000);
});

// ---- HubSpot ----

describe("HubSpot", () => {
  let crmId = "";

  it("refuses a wrong token with HubSpot's words, never the token", async () => {
    const wrong = await data(
      dm("POST", crmUrl(ids.hubspot), "dmo", {
        data: { connector: "hubspot", name: "HubSpot", secret: "pat-na1-wrong-token-abcdef" },
      }),
      201,
    );
    const res = await dm("GET", `${crmUrl(ids.hubspot)}/${wrong.id}/accounts`, "dmo");
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe("CRM_REMOTE_FAILED");
    expect(res.json().error.message).toMatch(
      /^HubSpot answered 401: Authentication credentials not found/,
    );
    expect(res.body).not.toContain("wrong-token");
    await data(dm("DELETE", `${crmUrl(ids.hubspot)}/${wrong.id}`, "dmo"));
  });

  it("lists the deal pipelines, refuses a stage the pipeline lacks, and sets up with our lead-id property", async () => {
    crmId = (
      await data(
        dm("POST", crmUrl(ids.hubspot), "dmo", {
          data: { connector: "hubspot", name: "HubSpot", secret: hubspot.token },
        }),
        201,
      )
    ).id;
    const accounts = await data(dm("GET", `${crmUrl(ids.hubspot)}/${crmId}/accounts`, "dmo"));
    expect(accounts.map((a: { id: string; name: string }) => [a.id, a.name])).toEqual([
      ["default", "Sales Pipeline"],
      ["tourism", "Sports Tourism"],
    ]);
    expect(accounts[1].stages.map((s: { id: string }) => s.id)).toEqual([
      "lead-in",
      "bid",
      "booked",
      "gone",
    ]);

    const bad = await dm("POST", `${crmUrl(ids.hubspot)}/${crmId}/accounts/setup`, "dmo", {
      data: { accountId: "tourism" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    expect(bad.json().error.message).toContain('has no stage "appointmentscheduled"');

    const ready = await data(
      dm("POST", `${crmUrl(ids.hubspot)}/${crmId}/accounts/setup`, "dmo", {
        data: {
          accountId: "tourism",
          stages: {
            Open: "lead-in",
            Interested: "bid",
            Won: "booked",
            Lost: "gone",
            Passed: "gone",
          },
        },
      }),
    );
    expect(ready).toMatchObject({ setupStatus: "ready", mapping: { accountId: "tourism" } });
    expect(hubspot.properties.has("hostfield_lead_id")).toBe(true);
  });

  it("makes exactly one deal per lead when HubSpot fails after creating it, and moves that deal", async () => {
    // HubSpot makes the deal but answers 502: the retry must find it, not make another.
    hubspot.failNext({
      match: /^POST \/crm\/v3\/objects\/deals$/,
      status: 502,
      body: { status: "error", message: "Bad gateway", category: "UNKNOWN" },
      afterWork: true,
    });
    const lead = await leadFor(ids.hubspot);
    const logs = await eventually(
      () => logsOf(ids.hubspot, crmId),
      (l) => l.some((e) => e.direction === "outbound" && e.status === "succeeded"),
    );
    expect(
      logs.filter((l) => l.direction === "outbound").map((l) => [l.status, l.attempt]),
    ).toEqual([
      ["succeeded", 2],
      ["retrying", 1],
    ]);
    expect(logs.find((l) => l.status === "retrying")!.error).toBe(
      "HubSpot answered 502: Bad gateway",
    );
    const deals = () =>
      hubspot.objects.deals.filter((d) => d.properties.hostfield_lead_id === lead.leadId);
    expect(deals()).toHaveLength(1);
    expect(deals()[0]!.properties).toMatchObject({ pipeline: "tourism", dealstage: "lead-in" });
    expect(hubspot.objects.companies.map((c) => c.properties.name)).toEqual([
      `Hoosier Hoops Classic ${events}`,
    ]);
    expect(hubspot.objects.contacts.map((c) => c.properties.email)).toEqual([
      "games@hoosierhoops.example",
    ]);
    const [company, contact] = [hubspot.objects.companies[0]!, hubspot.objects.contacts[0]!];
    expect(deals()[0]!.associations).toEqual([
      { toId: company.id, typeId: 5 },
      { toId: contact.id, typeId: 3 },
    ]);

    await move(lead, "Interested", "dmo");
    await settle();
    await move(lead, "Won", "organizer");
    await settle();
    expect(deals()).toHaveLength(1);
    expect(deals()[0]!.properties).toMatchObject({ dealstage: "booked", amount: "4800" });
    expect(hubspot.objects.deals).toHaveLength(1);
  });

  it("running the sync again changes nothing remotely", async () => {
    const patches = hubspot.requests.filter((r) => r.method === "PATCH").length;
    await data(dm("PUT", `${crmUrl(ids.hubspot)}/${crmId}/sync`, "admin"), 202);
    await settle();
    expect(hubspot.requests.filter((r) => r.method === "PATCH").length).toBe(patches);
    expect(hubspot.objects.deals).toHaveLength(1);
    const [shown] = await data(dm("GET", crmUrl(ids.hubspot), "dmo"));
    expect(shown).toMatchObject({ syncedLeads: 1, lastSyncStatus: "succeeded" });
  });
});

// ---- Salesforce ----

describe("Salesforce", () => {
  let crmId = "";

  it("refuses wrong client credentials with Salesforce's words, never the secret", async () => {
    const wrong = await data(
      dm("POST", crmUrl(ids.salesforce), "dmo", {
        data: {
          connector: "salesforce",
          name: "SF",
          clientId: salesforce.clientId,
          secret: "sf-wrong-secret-not-it",
        },
      }),
      201,
    );
    const res = await dm("POST", `${crmUrl(ids.salesforce)}/${wrong.id}/accounts/setup`, "dmo", {
      data: {},
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe("Salesforce answered 400: invalid client credentials");
    await data(dm("DELETE", `${crmUrl(ids.salesforce)}/${wrong.id}`, "dmo"));
  });

  it("lists the opportunity stages and sets up", async () => {
    crmId = (
      await data(
        dm("POST", crmUrl(ids.salesforce), "dmo", {
          data: {
            connector: "salesforce",
            name: "SF",
            clientId: salesforce.clientId,
            secret: salesforce.clientSecret,
          },
        }),
        201,
      )
    ).id;
    const [account] = await data(dm("GET", `${crmUrl(ids.salesforce)}/${crmId}/accounts`, "dmo"));
    expect(account.id).toBe("Opportunity");
    expect(account.stages.map((s: { id: string }) => s.id)).toContain("Closed Won");
    const ready = await data(
      dm("POST", `${crmUrl(ids.salesforce)}/${crmId}/accounts/setup`, "dmo", { data: {} }),
    );
    expect(ready.setupStatus).toBe("ready");
  });

  it("makes exactly one opportunity per lead across a retry, and updates it on every change", async () => {
    salesforce.failNext({
      match: /^PATCH \/services\/data\/v60\.0\/sobjects\/Opportunity\//,
      status: 503,
      body: [{ message: "Server unavailable", errorCode: "SERVER_UNAVAILABLE", fields: [] }],
      afterWork: true,
    });
    const lead = await leadFor(ids.salesforce);
    await eventually(
      () => logsOf(ids.salesforce, crmId),
      (l) => l.some((e) => e.direction === "outbound" && e.status === "succeeded"),
    );
    const opportunities = () =>
      salesforce.records.Opportunity.filter((o) => o.Hostfield_Lead_Id__c === lead.leadId);
    expect(opportunities()).toHaveLength(1);
    expect(opportunities()[0]).toMatchObject({ StageName: "Prospecting", CloseDate: "2030-06-12" });
    expect(salesforce.records.Account).toHaveLength(1);
    expect(salesforce.records.Contact).toHaveLength(1);
    expect(opportunities()[0]!.AccountId).toBe(salesforce.records.Account[0]!.Id);

    await move(lead, "Passed", "dmo");
    await settle();
    expect(opportunities()).toHaveLength(1);
    expect(opportunities()[0]).toMatchObject({ StageName: "Closed Lost" });
    expect(salesforce.records.Opportunity).toHaveLength(1);
    expect(salesforce.records.Account).toHaveLength(1);
  }, 60_000);
});

// ---- the log ----

describe("the log", () => {
  it("filters by status, direction and trigger, and pages", async () => {
    const crm = (await data(dm("GET", crmUrl(ids.webhook), "dmo")))[0];
    const url = `${crmUrl(ids.webhook)}/${crm.id}/logs`;
    const all = await dm("GET", `${url}?take=100`, "dmo");
    const total = all.json()._meta.stats.count as number;
    expect(total).toBe(all.json().data.length);
    const page = await dm("GET", `${url}?take=2&offset=1`, "dmo");
    expect(page.json()._meta.stats.count).toBe(total);
    expect(page.json().data.map((l: { id: string }) => l.id)).toEqual(
      all
        .json()
        .data.slice(1, 3)
        .map((l: { id: string }) => l.id),
    );
    const failed = await data(dm("POST", url, "dmo", { data: { status: ["failed"] } }));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((l: { status: string }) => l.status === "failed")).toBe(true);
    const checks = await data(dm("GET", `${url}?direction=check`, "dmo"));
    expect(checks.every((l: { trigger: string }) => l.trigger === "setup")).toBe(true);
    const manual = await data(
      dm("POST", url, "dmo", { data: { trigger: "manual", direction: "outbound" } }),
    );
    expect(manual.map((l: { trigger: string }) => l.trigger)).toEqual(["manual"]);
    const future = await data(dm("POST", url, "dmo", { data: { from: "2099-01-01T00:00:00Z" } }));
    expect(future).toEqual([]);
    expect(codeOf(await dm("POST", url, "dmo", { data: { status: ["maybe"] } }))).toBe(
      "VALIDATION_FAILED",
    );
  });
});

// ---- bad input ----

describe("bad input is a clear 4xx", () => {
  it.each([
    ["an unknown connector", { connector: "pipedrive", name: "x", secret: "0123456789abc" }],
    ["a webhook without an address", { connector: "webhook", name: "x", secret: "0123456789abc" }],
    [
      "Salesforce without a consumer key",
      { connector: "salesforce", name: "x", secret: "0123456789abc" },
    ],
    ["a short secret", { connector: "hubspot", name: "x", secret: "short" }],
    [
      "an address that is not a URL",
      { connector: "webhook", name: "x", url: "ftp:/x", secret: "0123456789abc" },
    ],
  ])("refuses %s with 400 VALIDATION_FAILED", async (_label, input) => {
    const res = await dm("POST", crmUrl(ids.matrix), "dmo", { data: input });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("refuses a patch of what cannot be patched, an unknown or malformed connection id, and a sync before setup", async () => {
    const crm = await data(
      dm("POST", crmUrl(ids.matrix), "dmo", {
        data: {
          connector: "webhook",
          name: "Later",
          url: "https://crm.example/hook",
          secret: "0123456789abc",
        },
      }),
      201,
    );
    const patch = await dm("PATCH", `${crmUrl(ids.matrix)}/${crm.id}`, "dmo", [
      { op: "replace", path: "/connector", value: "hubspot" },
    ]);
    expect(patch.statusCode).toBe(400);
    const clearUrl = await dm("PATCH", `${crmUrl(ids.matrix)}/${crm.id}`, "dmo", [
      { op: "replace", path: "/url", value: null },
    ]);
    expect(codeOf(clearUrl)).toBe("VALIDATION_FAILED");
    expect((await dm("GET", `${crmUrl(ids.matrix)}/not-a-uuid/logs`, "dmo")).statusCode).toBe(400);
    const missing = await dm(
      "GET",
      `${crmUrl(ids.matrix)}/00000000-0000-4000-8000-000000000000/logs`,
      "dmo",
    );
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, "NOT_FOUND"]);
    const early = await dm("PUT", `${crmUrl(ids.matrix)}/${crm.id}/sync`, "dmo");
    expect([early.statusCode, codeOf(early)]).toEqual([409, "CRM_NOT_READY"]);
    // Nothing listens there: a clear 502, not a 500.
    const unreachable = await data(
      dm("POST", crmUrl(ids.matrix), "dmo", {
        data: {
          connector: "webhook",
          name: "Nowhere",
          url: "http://127.0.0.1:9/hook",
          secret: "0123456789abc",
        },
      }),
      201,
    );
    const res = await dm("POST", `${crmUrl(ids.matrix)}/${unreachable.id}/accounts/setup`, "dmo", {
      data: {},
    });
    expect([res.statusCode, codeOf(res)]).toEqual([502, "CRM_REMOTE_FAILED"]);
    // The same words whatever the reason (a closed port, no answer): the reason is in the log only.
    expect(res.json().error.message).toBe("The webhook could not be reached.");
    expect(res.body).not.toMatch(/ECONN|refused|127\.0\.0\.1/);
    expect(logLines.some((l) => l.includes("ECONNREFUSED") && l.includes("127.0.0.1:9"))).toBe(
      true,
    );
    await data(dm("DELETE", `${crmUrl(ids.matrix)}/${unreachable.id}`, "dmo"));
  });

  it("follows no redirect: a receiver answering 302 is a failure, and where it points hears nothing", async () => {
    const before = receiver.deliveries.length;
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: receiver.url }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    try {
      const port = (redirector.address() as AddressInfo).port;
      const moved = await data(
        dm("POST", crmUrl(ids.matrix), "dmo", {
          data: {
            connector: "webhook",
            name: "Moved",
            url: `http://127.0.0.1:${port}/hook`,
            secret: WEBHOOK_SECRET,
          },
        }),
        201,
      );
      const res = await dm("POST", `${crmUrl(ids.matrix)}/${moved.id}/accounts/setup`, "dmo", {
        data: {},
      });
      expect([res.statusCode, codeOf(res)]).toEqual([502, "CRM_REMOTE_FAILED"]);
      expect(res.json().error.message).toBe("The webhook answered 302: no message");
      expect(receiver.deliveries.length).toBe(before);
      await data(dm("DELETE", `${crmUrl(ids.matrix)}/${moved.id}`, "dmo"));
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });
});

// ---- without the test setting: the outbound rule ----

/** An address of this machine's network interfaces other than loopback (URL-ready). */
function ownAddress(): string {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const own = all.find((a) => !a.internal) ?? all[0]!;
  return own.family === "IPv6" ? `[${own.address.replace(/%.*$/, "")}]` : own.address;
}

describe("a server whose webhooks reach only the internet", () => {
  const strictIds = { city: "" };
  const strict = rfpSuite(["dana", "admin"] as const, async (a) => {
    strictIds.city = await createListed(a, "destination", "dana", {
      name: "Visit Strictville",
      at: "indianapolis",
    });
  });

  it("refuses this machine's own address and private ones at the setup's ping, in the same generic words", async () => {
    const call = (method: "POST" | "DELETE", route: string, payload?: unknown) =>
      strict.api.call("destination-mgmt", method, route, "dana", payload);
    for (const url of [
      `https://${ownAddress()}:5432/hook`,
      "https://127.0.0.1:5432/hook",
      "https://10.0.0.8/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/hook",
    ]) {
      const created = await strict.ok<{ id: string }>(
        call("POST", crmUrl(strictIds.city), {
          data: { connector: "webhook", name: "Inside", url, secret: "0123456789abc" },
        }),
        201,
      );
      const res = await call("POST", `${crmUrl(strictIds.city)}/${created.id}/accounts/setup`, {
        data: {},
      });
      expect([res.statusCode, codeOf(res)], url).toEqual([502, "CRM_REMOTE_FAILED"]);
      expect(res.json().error.message, url).toBe(
        "The webhook's address is not allowed: it is not on the public internet.",
      );
      await strict.ok(call("DELETE", `${crmUrl(strictIds.city)}/${created.id}`));
    }
  });
});

// ---- who may call ----

const CALLERS = ["anonymous", "dmo", "deputy", "member", "stranger", "organizer", "admin"] as const;
type TCaller = (typeof CALLERS)[number];
const MANAGERS: TCaller[] = ["dmo", "deputy", "admin"];

describe("who may call: the destination's managers and admins", () => {
  let crmId = "";
  const base = () => crmUrl(ids.matrix);
  /** A fresh connection to act on (each caller meets the same state). */
  async function fresh() {
    crmId = (
      await data(
        dm("POST", base(), "dmo", {
          data: { connector: "webhook", name: "Matrix", url: receiver.url, secret: WEBHOOK_SECRET },
        }),
        201,
      )
    ).id;
  }
  beforeAll(fresh);
  const setup = async () => {
    await data(dm("POST", `${base()}/${crmId}/accounts/setup`, "dmo", { data: {} }));
  };

  const ROWS: {
    route: string;
    send: (who: TCaller) => Promise<LightMyRequestResponse>;
    prepare?: () => Promise<void>;
  }[] = [
    {
      route: "GET /destination-mgmt/api/destinations/:id/crm",
      send: (who) => dm("GET", base(), who),
    },
    {
      route: "POST /destination-mgmt/api/destinations/:id/crm",
      send: (who) =>
        dm("POST", base(), who, {
          data: {
            connector: "webhook",
            name: `By ${who}`,
            url: "https://crm.example/h",
            secret: "0123456789abc",
          },
        }),
    },
    {
      route: "PATCH /destination-mgmt/api/destinations/:id/crm/:crmId",
      send: (who) =>
        dm("PATCH", `${base()}/${crmId}`, who, [{ op: "replace", path: "/name", value: who }]),
    },
    {
      route: "PUT /destination-mgmt/api/destinations/:id/crm/:crmId/sync",
      prepare: setup,
      send: (who) => dm("PUT", `${base()}/${crmId}/sync`, who),
    },
    {
      route: "GET /destination-mgmt/api/destinations/:id/crm/:crmId/accounts",
      send: (who) => dm("GET", `${base()}/${crmId}/accounts`, who),
    },
    {
      route: "POST /destination-mgmt/api/destinations/:id/crm/:crmId/accounts/setup",
      send: (who) => dm("POST", `${base()}/${crmId}/accounts/setup`, who, { data: {} }),
    },
    {
      route: "GET /destination-mgmt/api/destinations/:id/crm/:crmId/logs",
      send: (who) => dm("GET", `${base()}/${crmId}/logs`, who),
    },
    {
      route: "POST /destination-mgmt/api/destinations/:id/crm/:crmId/logs",
      send: (who) => dm("POST", `${base()}/${crmId}/logs`, who, { data: {} }),
    },
    // Last: each caller removes a fresh one.
    {
      route: "DELETE /destination-mgmt/api/destinations/:id/crm/:crmId",
      prepare: fresh,
      send: (who) => dm("DELETE", `${base()}/${crmId}`, who),
    },
  ];

  it.each(ROWS.map((r) => [r.route, r] as const))("%s", async (_route, row) => {
    await expectCallers(CALLERS, MANAGERS, row.send, { prepare: row.prepare });
  });

  it("covers every CRM route of the app", () => {
    const routes = app()
      .routeTable.filter((r) => r.method !== "HEAD" && r.url.includes("/crm"))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(ROWS.map((r) => r.route).sort());
  });

  it("reaches a connection only through its own destination", async () => {
    const res = await dm("GET", `${crmUrl(ids.webhook)}/${crmId}/logs`, "dmo");
    expect(res.statusCode).toBe(404);
  });
});

// ---- secrets ----

describe("secrets", () => {
  it("never appear in any reply or any log line of the whole suite", async () => {
    await settle();
    expect(logLines.length).toBeGreaterThan(10);
    const secrets = [
      WEBHOOK_SECRET,
      FAILING_SECRET,
      hubspot.token,
      salesforce.clientSecret,
      "pat-na1-wrong-token-abcdef",
      "sf-wrong-secret-not-it",
      "another-secret-entirely-0000",
      ...salesforce.tokens,
    ];
    for (const secret of secrets) {
      expect(
        replies.filter((r) => r.includes(secret)),
        secret,
      ).toEqual([]);
      expect(
        logLines.filter((l) => l.includes(secret)),
        secret,
      ).toEqual([]);
    }
  });

  it("are stored sealed, not as written", async () => {
    const rows = await app().database.pool.query<{ secret_sealed: string }>(
      "select secret_sealed from destination_crms",
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.secret_sealed).not.toContain(WEBHOOK_SECRET);
    }
  });
});
