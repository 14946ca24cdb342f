// E-mail notifications over http: a published request mails the recipients' managers (HTML and
// text, a link to the lead, List-Unsubscribe), a proposal mails the organizer, an award or a loss
// every bidder; each member's setting per category (instantly, daily digest, off) decides; the
// signed one-click unsubscribe link turns a category off; a conversation left unread is mailed
// once until it is read. Mail is read from the outbox the server writes.
import { describe, expect, it } from "vitest";
import { expectCallers } from "./access-matrix";
import {
  courtsRequest,
  createEvent,
  createListed,
  indoorCourts,
  move,
  proposal,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
  userIdOf,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "admin", "stranger"] as const;
type TPerson = (typeof PEOPLE)[number];
const ids = {} as Record<string, string>;

const { api, app, ev, ok } = rfpSuite(
  PEOPLE,
  async (api: TApi) => {
    const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)], tier: "Gold" };
    ids.indy = await createListed(api, "facility", "alice", {
      name: "Indy Fieldhouse",
      at: "indianapolis",
      ...qualifying,
    });
    ids.carmel = await createListed(api, "facility", "bob", {
      name: "Carmel Courts",
      at: "carmel",
      ...qualifying,
    });
    for (const who of PEOPLE) ids[who] = await userIdOf(api, who);
  },
  // Mailed as soon as a conversation is unread, so the suite needs no waiting.
  { env: () => ({ MAIL_UNREAD_AFTER_MINUTES: "0" }) },
);

type TMail = {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
};

const EMAIL_QUEUES = ["notifications.email", "notifications.unread-mail"];

/** Every mail to this person since the suite began, oldest first, once the events are handled. */
async function mailsTo(who: TPerson): Promise<TMail[]> {
  await app().events.settled();
  await app().jobs.idle([...EMAIL_QUEUES, "events.notifications"]);
  await app().events.settled();
  await app().jobs.idle(EMAIL_QUEUES);
  const result = await app().database.pool.query<TMail>(
    // The sign-up's verification mail is not a notification.
    `select subject, text, html, headers from mail_outbox
     where "to" = $1 and subject not like 'Verify%' order by created_date`,
    [`${who}@example.com`],
  );
  return result.rows;
}

const subjectsTo = async (who: TPerson) => (await mailsTo(who)).map((m) => m.subject);

const prefs = (who: TPerson, data?: Record<string, string>) =>
  api.call(
    "user-mgmt",
    data ? "PUT" : "GET",
    `/users/${ids[who]}/email-preferences`,
    who,
    data ? { data } : undefined,
  );

async function leadOf(eventId: string, ownerId: string): Promise<TLeadDto> {
  const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer"));
  return leads.find((l) => l.owner.ownerId === ownerId)!;
}

describe("the pipeline's mail", () => {
  let eventId: string;

  it("mails a new lead to the listing's managers, with HTML and text, the lead's link and one-click unsubscribe", async () => {
    eventId = await createEvent(api, "organizer", "Hoosier Hoops Classic");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    const lead = await leadOf(eventId, ids.indy!);
    const mails = (await mailsTo("alice")).filter((m) => m.subject.includes("Hoosier"));
    expect(mails.map((m) => m.subject)).toEqual(["New request: Hoosier Hoops Classic"]);
    const [mail] = mails;
    const leadLink = `/leads/${eventId}/${lead.id}`;
    expect(mail!.text).toContain("Indy Fieldhouse received a request for proposals.");
    expect(mail!.text).toMatch(new RegExp(`https?://[^\\s]+${leadLink}`));
    expect(mail!.html).toContain(`${leadLink}"`);
    expect(mail!.html).toContain("Open the lead");
    const unsubscribe = mail!.headers?.["List-Unsubscribe"];
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+\/email\/unsubscribe\?[^>]+>$/);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The footer carries the same link as the header.
    expect(mail!.text).toContain(unsubscribe!.slice(1, -1));
    // Nobody else hears of it by mail: not the organizer, not a stranger.
    expect(await subjectsTo("stranger")).toEqual([]);
    expect((await subjectsTo("organizer")).filter((s) => s.includes("New request"))).toEqual([]);
  });

  it("mails a proposal to the organizer, and the award and the loss to each bidder", async () => {
    const indy = await leadOf(eventId, ids.indy!);
    const carmel = await leadOf(eventId, ids.carmel!);
    await ok(
      ev(
        "PATCH",
        `/events/${eventId}/leads/${indy.id}`,
        "alice",
        move("Interested", { proposal: proposal() }),
      ),
    );
    await ok(
      ev(
        "PATCH",
        `/events/${eventId}/leads/${carmel.id}`,
        "bob",
        move("Interested", { proposal: proposal() }),
      ),
    );
    // Two jobs, in whatever order the queue ran them.
    expect(
      (await subjectsTo("organizer")).filter((s) => s.startsWith("New proposal")).sort(),
    ).toEqual(["New proposal from Carmel Courts", "New proposal from Indy Fieldhouse"]);
    await ok(ev("PATCH", `/events/${eventId}/leads/${indy.id}`, "organizer", move("Won")));
    expect(await subjectsTo("alice")).toContain("You won Hoosier Hoops Classic");
    const lost = (await subjectsTo("bob")).filter((s) => s.includes("chose another venue"));
    expect(lost).toHaveLength(1);
  });
});

describe("who may be mailed", () => {
  it("mails only a verified address: an unverified one still gets the notification, not the mail", async () => {
    const bobs = (await mailsTo("bob")).length;
    const alices = (await mailsTo("alice")).length;
    await app().database.pool.query(
      `update users set email_verified_date = null where email = 'bob@example.com'`,
    );
    try {
      // July: Indy Fieldhouse's June days are booked by the award above.
      const eventId = await createEvent(api, "organizer", "Unverified Open", {
        startDate: "2030-07-10",
        endDate: "2030-07-12",
      });
      await publishRequest(api, "organizer", eventId, courtsRequest());
      expect((await mailsTo("alice")).length).toBe(alices + 1);
      expect((await mailsTo("bob")).length).toBe(bobs);
      const notified = await ok<{ title: string }[]>(
        api.call("user-mgmt", "GET", `/users/${ids.bob}/notifications?take=100`, "bob"),
      );
      expect(notified.map((n) => n.title)).toContain("New request: Unverified Open");
    } finally {
      await app().database.pool.query(
        `update users set email_verified_date = now() where email = 'bob@example.com'`,
      );
    }
  });
});

describe("a member's settings", () => {
  it("start as 'instant' in every category, and only the member (or an admin) reads or changes them", async () => {
    expect(await ok(prefs("alice"))).toEqual({
      leads: "instant",
      proposals: "instant",
      decisions: "instant",
      invitations: "instant",
      messages: "instant",
    });
    await expectCallers(["alice", "admin", "stranger", "anonymous"], ["alice", "admin"], (who) =>
      api.call("user-mgmt", "GET", `/users/${ids.alice}/email-preferences`, who),
    );
    await expectCallers(["alice", "admin", "stranger", "anonymous"], ["alice", "admin"], (who) =>
      api.call("user-mgmt", "PUT", `/users/${ids.alice}/email-preferences`, who, {
        data: { messages: "instant" },
      }),
    );
  });

  it("refuses an unknown category or mode with a 400 and a code, and changes nothing", async () => {
    for (const data of [{ leads: "weekly" }, { sms: "off" }, { leads: null }]) {
      const res = await prefs("alice", data as unknown as Record<string, string>);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    expect((await ok(prefs("alice"))).leads).toBe("instant");
  });

  it("'off' stops a category's mail, 'digest' gathers it into one mail a day", async () => {
    await ok(prefs("alice", { leads: "off" }));
    await ok(prefs("bob", { leads: "digest" }));
    const before = { alice: (await mailsTo("alice")).length, bob: (await mailsTo("bob")).length };
    const eventId = await createEvent(api, "organizer", "Spring Shootout");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    expect((await mailsTo("alice")).length).toBe(before.alice);
    expect((await mailsTo("bob")).length).toBe(before.bob);
    // The notification is still written for both.
    await app().events.settled();

    await app().jobs.send("notifications.email-digest", {});
    await app().jobs.idle(["notifications.email-digest"]);
    const digests = (await mailsTo("bob")).slice(before.bob);
    expect(digests.map((m) => m.subject)).toEqual([
      "Your day on Hostfield: New request: Spring Shootout",
    ]);
    expect(digests[0]!.text).toContain("Carmel Courts received a request for proposals.");
    expect(digests[0]!.headers?.["List-Unsubscribe"]).toContain("c=digest");
    // Sent once: the next run has nothing to send.
    await app().jobs.send("notifications.email-digest", {});
    await app().jobs.idle(["notifications.email-digest"]);
    expect((await mailsTo("bob")).length).toBe(before.bob + 1);
    await ok(prefs("alice", { leads: "instant" }));
    await ok(prefs("bob", { leads: "instant" }));
  });
});

describe("the unsubscribe link", () => {
  async function unsubscribeLinkOf(who: TPerson, subject: string) {
    const mail = (await mailsTo(who)).find((m) => m.subject.includes(subject))!;
    const header = mail.headers!["List-Unsubscribe"]!;
    const url = new URL(header.slice(1, -1));
    return `${url.pathname}${url.search}`;
  }

  it("asks first on GET (a link scanner changes nothing), and turns the category off on the one-click POST", async () => {
    const link = await unsubscribeLinkOf("alice", "New request: Hoosier");
    const page = await app().inject({ method: "GET", url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Unsubscribe?");
    expect((await ok(prefs("alice"))).leads).toBe("instant");

    const posted = await app().inject({
      method: "POST",
      url: link,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode, posted.body.slice(-1500)).toBe(200);
    expect(posted.body).toContain("You will no longer get e-mails about new requests");
    expect(await ok(prefs("alice"))).toMatchObject({ leads: "off", proposals: "instant" });
    await ok(prefs("alice", { leads: "instant" }));
  });

  it("refuses an altered or malformed link with a page, not an error, and changes nothing", async () => {
    const link = await unsubscribeLinkOf("alice", "New request: Hoosier");
    const url = new URL(link, "http://x");
    const otherUser = new URL(url);
    otherUser.searchParams.set("u", ids.bob!);
    const otherCategory = new URL(url);
    otherCategory.searchParams.set("c", "messages");
    for (const bad of [
      `${otherUser.pathname}${otherUser.search}`,
      `${otherCategory.pathname}${otherCategory.search}`,
      "/email/unsubscribe",
      "/email/unsubscribe?u=nope&c=leads&s=x",
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await app().inject({ method, url: bad });
        expect(res.statusCode, `${method} ${bad} ${res.body.slice(-800)}`).toBe(404);
        expect(res.body).toContain("This link is not valid");
      }
    }
    expect((await ok(prefs("bob"))).leads).toBe("instant");
    expect((await ok(prefs("alice"))).messages).toBe("instant");
  });
});

describe("unread conversations", () => {
  it("mails a member once per conversation while it stays unread, and again after it was read", async () => {
    // A direct conversation between the organizer and Alice, started by the organizer.
    const direct = await startDirect("organizer", "alice");
    const say = (who: TPerson, body: string) =>
      ok(api.call("user-mgmt", "POST", `/groups/${direct}/messages`, who, { data: { body } }), 201);
    const unreadMails = async () =>
      (await mailsTo("alice")).filter((m) => m.subject.startsWith("Unread:"));

    await say("organizer", "Are the courts free on Friday?");
    await say("organizer", "And Saturday morning?");
    const first = await unreadMails();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain("And Saturday morning?");
    expect(first[0]!.text).toContain(`/groups/${direct}`);

    // Read, then a new message: a new unread stretch, mailed again.
    await readAll("alice");
    await say("organizer", "One more question.");
    expect(await unreadMails()).toHaveLength(2);
    // The author is never mailed about their own messages.
    const organizers = await mailsTo("organizer");
    expect(organizers.filter((m) => m.text.includes(`/groups/${direct}`))).toEqual([]);
  });

  it("mails nothing when the member has read the conversation", async () => {
    await ok(prefs("bob", { messages: "instant" }));
    const direct = await startDirect("alice", "bob");
    const before = (await mailsTo("bob")).length;
    await ok(
      api.call("user-mgmt", "POST", `/groups/${direct}/messages`, "alice", {
        data: { body: "Seen it?" },
      }),
      201,
    );
    // Read before the job looks (the mail is due at once here; the suite waits for the events only).
    await app().events.settled();
    await readAll("bob");
    expect((await mailsTo("bob")).slice(before)).toEqual([]);
  });
});

/** A direct conversation of `from` with `to`; returns its group's id. */
async function startDirect(from: TPerson, to: TPerson): Promise<string> {
  return ok(api.call("user-mgmt", "POST", `/users/${ids[to]}/message`, from));
}

/** Marks every thread of `who` read. */
async function readAll(who: TPerson) {
  await app().events.settled();
  const threads = await ok<{ id: string }[]>(
    api.call("user-mgmt", "GET", `/users/${ids[who]}/threads?take=100`, who),
  );
  await ok(
    api.call("user-mgmt", "PUT", `/users/${ids[who]}/threads/bulk/opened?isOpened=true`, who, {
      data: threads.map((t) => t.id),
    }),
  );
  await app().events.settled();
}
