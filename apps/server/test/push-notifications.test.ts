// Web Push over http, against a local fake push service (test/fakes/push-service.ts) that checks
// each push's VAPID signature and decrypts its payload with the device's own keys: a published
// request pushes the lead to its listing's managers' devices in the mail's words and link; a
// category turned off pushes nothing; a device its push service forgot (410) is dropped; only the
// member subscribes and unsubscribes their devices; the VAPID key pair is made once and kept.
// An endpoint must name a push service's host (the fake's, 127.0.0.1, is added with PUSH_HOSTS, as
// a deployment adds one), a member keeps at most 10 devices, and without the local-fake switch an
// endpoint on this machine or a private network is refused at subscribe and never posted to.
import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVapidKeys } from "../src/modules/notifications/push";
import { createSecretBox } from "../src/platform/crypto/secret-box";
import { codeOf, expectCallers } from "./access-matrix";
import { startFakePushService, type TFakeDevice } from "./fakes/push-service";
import {
  courtsRequest,
  createEvent,
  createListed,
  indoorCourts,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
  userIdOf,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "admin", "stranger", "dave", "erin"] as const;
type TPerson = (typeof PEOPLE)[number];
const ids = {} as Record<string, string>;
const SECRET_KEY = "test-secret-key-of-at-least-32-characters";

let service: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(() => service.close());

const { api, app, ev, ok } = rfpSuite(
  PEOPLE,
  async (api: TApi) => {
    ids.indy = await createListed(api, "facility", "alice", {
      name: "Indy Fieldhouse",
      at: "indianapolis",
      sports: ["Basketball"],
      spaces: [indoorCourts(4)],
      tier: "Gold",
    });
    for (const who of PEOPLE) ids[who] = await userIdOf(api, who);
  },
  // The fake push service is plain http on 127.0.0.1: the local-fake switch, and its host added
  // to the push services' as a deployment would add one (not a bypass of the host list).
  { env: () => ({ PUSH_ALLOW_HTTP_ENDPOINTS: "true", PUSH_HOSTS: "127.0.0.1", SECRET_KEY }) },
);

const devicesUrl = (who: TPerson) => `/users/${ids[who]}/push-subscriptions`;
const subscribe = (who: TPerson, device: TFakeDevice, as: TPerson | "anonymous" = who) =>
  api.call("user-mgmt", "POST", devicesUrl(who), as, { data: device.subscription });
const unsubscribe = (who: TPerson, device: TFakeDevice, as: TPerson | "anonymous" = who) =>
  api.call(
    "user-mgmt",
    "DELETE",
    `${devicesUrl(who)}?endpoint=${encodeURIComponent(device.subscription.endpoint)}`,
    as,
  );
const devicesOf = async (who: TPerson) =>
  (await ok<{ endpoint: string }[]>(api.call("user-mgmt", "GET", devicesUrl(who), who))).map(
    (d) => d.endpoint,
  );

/** The pushes received so far, once the events and the push jobs are done. */
async function pushesTo(device: TFakeDevice) {
  const queues = ["events.notifications.email", "notifications.push", "notifications.push-device"];
  await app().events.settled();
  await app().jobs.idle(queues);
  await app().events.settled();
  await app().jobs.idle(queues);
  return service.received.filter((p) => p.device === device.name);
}

async function publishLead(eventName: string) {
  const eventId = await createEvent(api, "organizer", eventName);
  await publishRequest(api, "organizer", eventId, courtsRequest());
  const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"));
  return { eventId, lead: leads.find((l) => l.owner.ownerId === ids.indy)! };
}

describe("a device's subscription", () => {
  it("gives the VAPID public key to signed-in members only", async () => {
    await expectCallers(["alice", "admin", "anonymous"], ["alice", "admin"], (who) =>
      api.call("user-mgmt", "GET", "/push/public-key", who),
    );
  });

  it("is made, listed and removed by the member alone, not by an admin or anyone else", async () => {
    const phone = service.device("permissions-phone");
    await expectCallers(
      ["alice", "admin", "stranger", "anonymous"],
      ["alice"],
      (who) => subscribe("alice", phone, who),
      { prepare: async () => void (await unsubscribe("alice", phone)) },
    );
    await expectCallers(["alice", "admin", "stranger", "anonymous"], ["alice"], (who) =>
      api.call("user-mgmt", "GET", devicesUrl("alice"), who),
    );
    await expectCallers(
      ["alice", "admin", "stranger", "anonymous"],
      ["alice"],
      (who) => unsubscribe("alice", phone, who),
      { prepare: async () => void (await subscribe("alice", phone)) },
    );
    // The last caller was refused: the device is still there until Alice removes it.
    expect(await devicesOf("alice")).toEqual([phone.subscription.endpoint]);
    await ok(unsubscribe("alice", phone));
    expect(await devicesOf("alice")).toEqual([]);
  });

  it("refuses a malformed subscription with a 400 and a code, and keeps nothing", async () => {
    const phone = service.device("malformed-phone");
    const bad = [
      { ...phone.subscription, endpoint: "not a url" },
      { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: "c2hvcnQ" } },
      { ...phone.subscription, keys: { p256dh: phone.subscription.keys.p256dh } },
    ];
    for (const data of bad) {
      const res = await api.call("user-mgmt", "POST", devicesUrl("alice"), "alice", { data });
      expect(res.statusCode, res.body).toBe(400);
      expect(codeOf(res)).toBe("VALIDATION_FAILED");
    }
    expect(await devicesOf("alice")).toEqual([]);
    // Removing a device that is not there says so.
    const missing = await unsubscribe("alice", phone);
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe("NOT_FOUND");
  });
});

describe("a device's endpoint", () => {
  const endpointOf = (endpoint: string) => ({
    ...service.device(`probe-${endpoint}`).subscription,
    endpoint,
  });

  it("must name a push service's host: others are refused with 400 PUSH_ENDPOINT_NOT_ALLOWED", async () => {
    const port = new URL(service.origin).port;
    for (const endpoint of [
      `http://localhost:${port}/push/x`,
      "https://[::1]/push/x",
      "https://push.example.com/send/x",
      "https://evilpush.apple.com/x",
      "https://web.push.apple.com.evil.example/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
    ]) {
      const res = await api.call("user-mgmt", "POST", devicesUrl("alice"), "alice", {
        data: endpointOf(endpoint),
      });
      expect([res.statusCode, codeOf(res)], endpoint).toEqual([400, "PUSH_ENDPOINT_NOT_ALLOWED"]);
      expect(res.json().error.message, endpoint).toMatch(
        /^Push notifications go through the browsers' push services .*is not one of them\.$/,
      );
    }
    expect(await devicesOf("alice")).toEqual([]);
  });

  it("is accepted on the push services' own hosts and on a host PUSH_HOSTS adds", async () => {
    const accepted = [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx-abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
      // PUSH_HOSTS=127.0.0.1: the fake's.
      service.device("added-host").subscription.endpoint,
    ];
    for (const endpoint of accepted) {
      await ok(subscribe("stranger", { name: endpoint, subscription: endpointOf(endpoint) }), 201);
    }
    expect(await devicesOf("stranger")).toEqual(accepted);
    for (const endpoint of accepted)
      await ok(unsubscribe("stranger", { name: endpoint, subscription: endpointOf(endpoint) }));
  });
});

describe("a member's devices", () => {
  it("are at most 10: the 11th is refused with 409 PUSH_DEVICE_LIMIT, the same device again is not another", async () => {
    const devices = Array.from({ length: 11 }, (_, i) => service.device(`dave-${i}`));
    for (const device of devices.slice(0, 10)) await ok(subscribe("dave", device), 201);
    const eleventh = await subscribe("dave", devices[10]!);
    expect([eleventh.statusCode, codeOf(eleventh)]).toEqual([409, "PUSH_DEVICE_LIMIT"]);
    expect(eleventh.json().error.message).toBe(
      "You already receive push notifications on 10 devices, the most allowed. Remove one of them to add this one.",
    );
    // The 10th subscribing again (a browser renews its subscription): still one device.
    await ok(subscribe("dave", devices[9]!), 201);
    expect(await devicesOf("dave")).toHaveLength(10);
    // One removed: the 11th has its place.
    await ok(unsubscribe("dave", devices[0]!));
    await ok(subscribe("dave", devices[10]!), 201);
    expect(await devicesOf("dave")).toHaveLength(10);
  });

  it("are at most 10 when 12 subscribe at once", async () => {
    const devices = Array.from({ length: 12 }, (_, i) => service.device(`erin-${i}`));
    const replies = await Promise.all(devices.map((device) => subscribe("erin", device)));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 409, 409]);
    expect(await devicesOf("erin")).toHaveLength(10);
  });
});

describe("pushes", () => {
  let alicePhone: TFakeDevice;

  it("push a new lead to the manager's device in the mail's words and link, signed and encrypted for it", async () => {
    alicePhone = service.device("alice-phone");
    const phone = alicePhone;
    await ok(subscribe("alice", phone), 201);
    const strangers = service.device("stranger-phone");
    await ok(subscribe("stranger", strangers), 201);

    const { eventId, lead } = await publishLead("Hoosier Hoops Classic");
    const pushes = await pushesTo(phone);
    expect(service.refused).toEqual([]);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    // Exactly the notification's words and link, nothing else.
    expect(Object.keys(push!.payload).sort()).toEqual(["body", "title", "url"]);
    expect(push!.payload.title).toBe("New request: Hoosier Hoops Classic");
    expect(push!.payload.body).toContain("Indy Fieldhouse received a request for proposals.");
    expect(push!.payload.url).toBe(`/leads/${eventId}/${lead.id}`);
    // Signed with the key the server publishes, for this push service.
    const { publicKey } = await ok(api.call("user-mgmt", "GET", "/push/public-key", "alice"));
    expect(push!.vapidKey).toBe(publicKey);
    expect(push!.claims.aud).toBe(service.origin);
    expect(push!.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push!.ttl).toBeGreaterThan(0);
    // Nobody else's device hears of it.
    expect(await pushesTo(strangers)).toEqual([]);
  });

  it("pushes nothing in a category the member turned off, and again once it is back on", async () => {
    const phone = alicePhone;
    const before = (await pushesTo(phone)).length;
    const prefs = `/users/${ids.alice}/push-preferences`;
    const off = await ok(api.call("user-mgmt", "PUT", prefs, "alice", { data: { leads: "off" } }));
    expect(off).toEqual({
      leads: "off",
      proposals: "instant",
      decisions: "instant",
      invitations: "instant",
      messages: "instant",
    });
    // Push has no digest.
    const digest = await api.call("user-mgmt", "PUT", prefs, "alice", {
      data: { leads: "digest" },
    });
    expect(digest.statusCode).toBe(400);
    expect(codeOf(digest)).toBe("VALIDATION_FAILED");
    // E-mail's setting is its own.
    const email = await ok(
      api.call("user-mgmt", "GET", `/users/${ids.alice}/email-preferences`, "alice"),
    );
    expect(email.leads).toBe("instant");

    await publishLead("Quiet Invitational");
    expect((await pushesTo(phone)).length).toBe(before);

    await ok(api.call("user-mgmt", "PUT", prefs, "alice", { data: { leads: "instant" } }));
    await publishLead("Loud Invitational");
    const titles = (await pushesTo(phone)).map((p) => p.payload.title);
    expect(titles.slice(before)).toEqual(["New request: Loud Invitational"]);
  });

  it("push settings are read and changed by the member or an admin only", async () => {
    const prefs = `/users/${ids.alice}/push-preferences`;
    await expectCallers(["alice", "admin", "stranger", "anonymous"], ["alice", "admin"], (who) =>
      api.call("user-mgmt", "GET", prefs, who),
    );
    await expectCallers(["alice", "admin", "stranger", "anonymous"], ["alice", "admin"], (who) =>
      api.call("user-mgmt", "PUT", prefs, who, { data: { invitations: "instant" } }),
    );
  });

  it("drops a device its push service answers 410 for, and keeps pushing to the member's others", async () => {
    const gone = service.device("bob-old-tablet");
    const laptop = service.device("bob-laptop");
    await ok(subscribe("bob", gone), 201);
    await ok(subscribe("bob", laptop), 201);
    service.answer(gone.name, 410);
    // Alice invites Bob to her facility: an invitation, pushed to Bob's devices.
    const invitation = await ok<{ id: string }>(
      api.call("facility-mgmt", "POST", `/facilities/${ids.indy}/managers`, "alice", {
        data: { email: "bob@example.com" },
      }),
      201,
    );
    const pushed = await pushesTo(laptop);
    expect(pushed.map((p) => p.payload.title)).toEqual([
      "Alice Person invited you to Indy Fieldhouse",
    ]);
    // The link opens the invitation on the account page, where Bob answers it.
    expect(pushed[0]!.payload.url).toBe(`/account?invitation=${invitation.id}`);
    expect(await pushesTo(gone)).toEqual([]);
    expect(await devicesOf("bob")).toEqual([laptop.subscription.endpoint]);
  });
});

describe("the VAPID key pair", () => {
  it("is made once and kept: loading it again gives the same pair, its private key sealed in the database", async () => {
    const box = createSecretBox(SECRET_KEY);
    const first = await loadVapidKeys(app().database.db, box, undefined);
    const again = await loadVapidKeys(app().database.db, box, undefined);
    expect(again).toEqual(first);
    const { publicKey } = await ok(api.call("user-mgmt", "GET", "/push/public-key", "alice"));
    expect(first.publicKey).toBe(publicKey);
    const stored = await app().database.pool.query<{ private_key_sealed: string }>(
      "select private_key_sealed from push_vapid_keys",
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.private_key_sealed).not.toContain(first.privateKey);
  });
});

// ---- without the local-fake switch: the outbound rule ----

/** An address of this machine's network interfaces other than loopback. */
function ownAddress(): { raw: string; inUrl: string } {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const own = all.find((a) => !a.internal) ?? all[0]!;
  const raw = own.address.replace(/%.*$/, "");
  return { raw, inUrl: own.family === "IPv6" ? `[${raw}]` : raw };
}

describe("a server that pushes only to the internet", () => {
  // Even named in PUSH_HOSTS, this machine and its networks are refused.
  const own = ownAddress();
  const strict = rfpSuite(["dana", "admin"] as const, async () => {}, {
    env: () => ({ PUSH_HOSTS: `localhost,127.0.0.1,::1,10.0.0.8,${own.raw}`, SECRET_KEY }),
  });
  const strictDevices = async () =>
    strict.ok<{ endpoint: string }[]>(
      strict.api.call(
        "user-mgmt",
        "GET",
        `/users/${await userIdOf(strict.api, "dana")}/push-subscriptions`,
        "dana",
      ),
    );

  it("refuses 127.0.0.1, [::1], localhost, a private address and this machine's own at subscribe", async () => {
    const id = await userIdOf(strict.api, "dana");
    const port = new URL(service.origin).port;
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/x`,
      "https://[::1]/push/x",
      "https://localhost/push/x",
      "https://10.0.0.8/push/x",
      `https://${own.inUrl}:5432/push/x`,
    ]) {
      const res = await strict.api.call(
        "user-mgmt",
        "POST",
        `/users/${id}/push-subscriptions`,
        "dana",
        {
          data: { ...service.device("strict").subscription, endpoint },
        },
      );
      expect([res.statusCode, codeOf(res)], endpoint).toEqual([400, "PUSH_ENDPOINT_NOT_ALLOWED"]);
      expect(res.json().error.message, endpoint).toBe(
        "The push endpoint is not allowed: it is not on the public internet.",
      );
    }
    // Plain http is refused too.
    const plain = await strict.api.call(
      "user-mgmt",
      "POST",
      `/users/${id}/push-subscriptions`,
      "dana",
      {
        data: service.device("strict-plain").subscription,
      },
    );
    expect([plain.statusCode, codeOf(plain)]).toEqual([400, "PUSH_ENDPOINT_NOT_ALLOWED"]);
    expect(await strictDevices()).toEqual([]);
  });

  it("does not post to a device whose host resolves to this machine at delivery, and does not retry it", async () => {
    // Something listening where the endpoint's name leads: it must see no connection at all.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      // Stored as if its name had resolved to the internet when it subscribed (DNS changes).
      const userId = await userIdOf(strict.api, "dana");
      const inserted = await strict
        .app()
        .database.pool.query<{ id: string }>(
          "insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id",
          [
            userId,
            `https://localhost:${port}/push/rebound`,
            service.device("rebound").subscription.keys.p256dh,
            service.device("rebound").subscription.keys.auth,
          ],
        );
      const subscriptionId = inserted.rows[0]!.id;
      const jobId = await strict.app().jobs.send("notifications.push-device", {
        subscriptionId,
        message: { title: "Hello", body: "Is anyone there?", url: "/" },
      });
      await strict.app().jobs.idle(["notifications.push-device"]);
      expect(connections).toBe(0);
      const job = await strict
        .app()
        .database.pool.query<{ state: string; retry_count: number }>(
          "select state, retry_count from pgboss.job where id = $1",
          [jobId],
        );
      // Done once, as a final refusal: not failed, not waiting for a retry.
      expect(job.rows[0]).toEqual({ state: "completed", retry_count: 0 });
      const device = await strict
        .app()
        .database.pool.query<{ last_failure_date: Date | null }>(
          "select last_failure_date from push_subscriptions where id = $1",
          [subscriptionId],
        );
      expect(device.rows[0]!.last_failure_date).not.toBeNull();
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
