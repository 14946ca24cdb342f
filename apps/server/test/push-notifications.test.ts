// Web Push over http, against a local fake push service (test/fakes/push-service.ts) that checks
// each push's VAPID signature and decrypts its payload with the device's own keys: a published
// request pushes the lead to its listing's managers' devices in the mail's words and link; a
// category turned off pushes nothing; a device its push service forgot (410) is dropped; only the
// member subscribes and unsubscribes their devices; the VAPID key pair is made once and kept.
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

const PEOPLE = ["organizer", "alice", "bob", "admin", "stranger"] as const;
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
  { env: () => ({ PUSH_ALLOW_HTTP_ENDPOINTS: "true", SECRET_KEY }) },
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
