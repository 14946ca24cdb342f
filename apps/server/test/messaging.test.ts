// Groups, direct conversations, threads and notifications over http: who may do what (group admin,
// member, outsider, site admin), unread state and badge counts, and notifications written from
// events (messages, likes, approvals, memberships).
import { invitationUrl } from "@hostfield/domain/contracts";
import { fileMessageBody } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptGroupInvitations } from "./group-invitations-driver";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";
import { png } from "./upload-fixtures";

const PEOPLE = ["alice", "bob", "carol", "dave", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  for (const who of PEOPLE) ids[who] = (await api("GET", "/users/my", who)).json().data.id;
}, 120_000);
afterAll(() => t?.close());

function api(method: string, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Lets every event handler run (notifications are written after the request answers). */
const settled = () => t.app.events.settled();
const counts = async (who: TPerson) => {
  const me = (await api("GET", "/users/my", who)).json().data;
  return { notifications: me.unopenedNotifications, messages: me.unreadMessages };
};
const notificationsOf = async (who: TPerson) =>
  (await api("GET", `/users/${ids[who]}/notifications`, who)).json().data as {
    id: string;
    title: string;
    contents: string;
    url: string;
    tags: string[];
    threadId: string | null;
    isOpened: boolean;
  }[];
const threadsOf = async (who: TPerson) =>
  (await api("GET", `/users/${ids[who]}/threads`, who)).json().data as {
    id: string;
    groupId: string;
    isOpened: boolean;
    isArchived: boolean;
    lastMessage: { body: string } | null;
  }[];

describe("a group", () => {
  let group: string;

  it("is started by one member, who becomes its admin; the people named are invited and join when they accept", async () => {
    const res = await api("POST", "/groups", "alice", {
      data: { name: "Tournament staff", memberIds: [ids.bob, ids.carol] },
    });
    expect(res.statusCode, res.body).toBe(201);
    group = res.json().data.id;
    expect(res.json().data).toMatchObject({
      kind: "group",
      memberCount: 1,
      my: { role: "admin", isMuted: false },
    });
    const groupsOfBob = async () =>
      (await api("GET", "/groups/my", "bob")).json().data.map((g: { id: string }) => g.id);
    expect(await groupsOfBob()).not.toContain(group);
    expect((await api("GET", `/groups/${group}`, "bob")).statusCode).toBe(404);
    await settled();
    const [invited] = await notificationsOf("bob");
    expect(invited).toMatchObject({ tags: ["invitation", "group"], isOpened: false });
    await acceptGroupInvitations(api, group, ["bob", "carol"]);
    expect(await groupsOfBob()).toContain(group);
    // Bob answered from the notification, which opened it.
    const opened = `/users/${ids.bob}/notifications/${invited!.id}/opened?isOpened=true`;
    expect((await api("PUT", opened, "bob")).statusCode).toBe(200);
    expect((await api("GET", `/groups/${group}`, "alice")).json().data.memberCount).toBe(3);
    expect((await api("POST", "/groups", "anonymous", { data: { name: "x" } })).statusCode).toBe(
      401,
    );
    const unknown = await api("POST", "/groups", "alice", {
      data: { name: "Ghosts", memberIds: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.statusCode).toBe(404);
    // A new group invites at most as many as a group keeps waiting (50).
    const crowd = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const tooMany = await api("POST", "/groups", "alice", {
      data: { name: "Crowd", memberIds: crowd },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("is hidden from outsiders, seen by members and site admins, and grants each its abilities", async () => {
    expect((await api("GET", `/groups/${group}`, "dave")).statusCode).toBe(404);
    expect((await api("GET", `/groups/${group}`, "anonymous")).statusCode).toBe(401);
    expect((await api("GET", `/groups/${group}`, "bob")).statusCode).toBe(200);
    expect((await api("GET", `/groups/${group}`, "admin")).json().data.my).toBeNull();
    const abilities = async (who: TPerson) =>
      (await api("GET", `/groups/${group}/my/entitlements`, who)).json().data;
    expect(await abilities("bob")).toEqual(["group.read", "messages.write", "files.write"]);
    expect(await abilities("alice")).toEqual(
      expect.arrayContaining(["members.write", "group.delete"]),
    );
    expect(await abilities("admin")).toEqual(expect.arrayContaining(["members.write"]));
    expect((await api("GET", "/groups", "bob")).statusCode).toBe(403);
    const all = (
      await api("POST", "/groups/filtered", "admin", { data: { text: "staff" } })
    ).json();
    expect(all.data.map((g: { id: string }) => g.id)).toContain(group);
  });

  it("is renamed by its admins only, through JSON Patch", async () => {
    const rename = [{ op: "replace", path: "/name", value: "Finals staff" }];
    expect((await api("PATCH", `/groups/${group}`, "bob", rename)).statusCode).toBe(403);
    expect((await api("PATCH", `/groups/${group}`, "dave", rename)).statusCode).toBe(404);
    const done = await api("PATCH", `/groups/${group}`, "alice", rename);
    expect(done.json().data.name).toBe("Finals staff");
    const bad = await api("PATCH", `/groups/${group}`, "alice", [
      { op: "replace", path: "/kind", value: "direct" },
    ]);
    expect(bad.statusCode).toBe(400);
  });

  it("takes members from its admins (by invitation), keeps one admin, and lets members leave", async () => {
    const add = (who: TWho) =>
      api("POST", `/groups/${group}/members`, who, { data: { userId: ids.dave } });
    expect((await add("bob")).statusCode).toBe(403);
    expect((await add("dave")).statusCode).toBe(404);
    const invited = await add("alice");
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.invitee.person.name).toBe("Dave Person");
    // Invited is not a member: Dave sees nothing of the group until he accepts.
    expect((await api("GET", `/groups/${group}`, "dave")).statusCode).toBe(404);
    const accepted = await api(
      "POST",
      `/groups/invitations/${invited.json().data.id}/accept`,
      "dave",
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await add("alice")).statusCode).toBe(409);
    const members = (await api("GET", `/groups/${group}/members`, "dave")).json();
    expect(members._meta.stats.count).toBe(4);
    const alice = members.data.find((m: { user: { id: string } }) => m.user.id === ids.alice);
    const dave = accepted.json().data.memberId;
    // The only admin cannot step down or leave while others remain.
    const demote = [{ op: "replace", path: "/role", value: "member" }];
    expect(
      (await api("PATCH", `/groups/${group}/members/${alice.id}`, "alice", demote)).statusCode,
    ).toBe(409);
    expect((await api("DELETE", `/groups/${group}/members/${alice.id}`, "alice")).statusCode).toBe(
      409,
    );
    // Dave may not remove Bob, but may leave himself.
    const bob = members.data.find((m: { user: { id: string } }) => m.user.id === ids.bob);
    expect((await api("DELETE", `/groups/${group}/members/${bob.id}`, "dave")).statusCode).toBe(
      403,
    );
    const own = (
      await api("GET", `/groups/${group}/members/${dave}/my/entitlements`, "dave")
    ).json();
    expect(own.data).toEqual(["member.read", "member.delete"]);
    expect((await api("DELETE", `/groups/${group}/members/${dave}`, "dave")).statusCode).toBe(200);
    expect((await api("GET", `/groups/${group}`, "dave")).statusCode).toBe(404);
    expect((await threadsOf("dave")).map((th) => th.groupId)).not.toContain(group);
  });

  it("delivers a message as an unread thread and one notification per conversation", async () => {
    expect(await counts("bob")).toEqual({ notifications: 0, messages: 0 });
    const post = (who: TWho, body: string) =>
      api("POST", `/groups/${group}/messages`, who, { data: { body } });
    expect((await post("dave", "let me in")).statusCode).toBe(404);
    const first = await post("alice", "Court 3 is double-booked on Saturday.");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.author.name).toBe("Alice Person");
    await post("alice", "Fixed: we moved to court 5.");
    await settled();
    expect(await counts("bob")).toEqual({ notifications: 1, messages: 1 });
    expect(await counts("alice")).toEqual({ notifications: 0, messages: 0 });
    const [note] = await notificationsOf("bob");
    expect(note).toMatchObject({
      title: "Alice Person in Finals staff",
      contents: "Fixed: we moved to court 5.",
      url: `/groups/${group}`,
      icon: "message",
      tags: ["message"],
      senderProfile: { id: ids.alice, kind: "user", name: "Alice Person", logo: null },
      isOpened: false,
      isArchived: false,
    });
    const [thread] = await threadsOf("bob");
    expect(thread).toMatchObject({ groupId: group, isOpened: false });
    expect(thread!.lastMessage!.body).toBe("Fixed: we moved to court 5.");
    expect(note!.threadId).toBe(thread!.id);
    // Reading the conversation opens the thread and the notification that announced it.
    const page = (await api("GET", `/groups/${group}/messages?take=1`, "bob")).json();
    expect(page.data.map((m: { body: string }) => m.body)).toEqual(["Fixed: we moved to court 5."]);
    expect(page._meta.stats.count).toBe(2);
    const older = await api("POST", `/groups/${group}/messages/filtered`, "bob", {
      data: { before: page.data[0].createdDate },
    });
    expect(older.json().data.map((m: { body: string }) => m.body)).toEqual([
      "Court 3 is double-booked on Saturday.",
    ]);
    await settled();
    expect(await counts("bob")).toEqual({ notifications: 0, messages: 0 });
    expect((await notificationsOf("bob"))[0]).toMatchObject({ id: note!.id, isOpened: true });
  });

  it("keeps the newer message's words when an older message's delivery comes last", async () => {
    const bobThread = (await threadsOf("bob")).find((th) => th.groupId === group)!;
    const posted = (body: string, postedDate: string, n: number) =>
      t.app.events.record(t.app.db, "MessagePosted", {
        groupId: group,
        groupName: "Finals staff",
        groupKind: "group",
        messageId: `00000000-0000-4000-8000-00000000010${n}`,
        authorId: ids.alice,
        body,
        recipientIds: [ids.bob],
        threadIds: { [ids.bob]: bobThread.id },
        postedDate,
      });
    // Deliveries run side by side: the later message's is handled first, then the earlier one's.
    const later = new Date().toISOString();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await posted("Warm-ups start at 8.", later, 1);
    await settled();
    await posted("Warm-ups start at 9.", earlier, 2);
    await settled();
    const unread = (await notificationsOf("bob")).filter(
      (n) => n.threadId === bobThread.id && !n.isOpened,
    );
    expect(unread.map((n) => n.contents)).toEqual(["Warm-ups start at 8."]);
    // Read, so the next test starts from an opened conversation.
    await api("GET", `/groups/${group}/messages?take=1`, "bob");
    await settled();
  });

  it("notifies from a MessagePosted recorded before events carried the recipients' threads", async () => {
    const bobThread = (await threadsOf("bob")).find((th) => th.groupId === group)!;
    await t.app.events.record(t.app.db, "MessagePosted", {
      groupId: group,
      groupName: "Finals staff",
      groupKind: "group",
      messageId: "00000000-0000-4000-8000-000000000001",
      authorId: ids.alice,
      body: "Recorded by an older version.",
      recipientIds: [ids.bob],
    });
    await settled();
    const unread = (await notificationsOf("bob")).filter(
      (n) => n.threadId === bobThread.id && !n.isOpened,
    );
    expect(unread.map((n) => n.contents)).toEqual(["Recorded by an older version."]);
    // A shared file reads as its name: no address, no clip glyph a font may lack.
    const shared = fileMessageBody({ title: "court.png", url: `/media/groups/${group}/court.png` });
    const res = await api("POST", `/groups/${group}/messages`, "alice", { data: { body: shared } });
    expect(res.statusCode, res.body).toBe(201);
    await settled();
    const refreshed = (await notificationsOf("bob")).filter(
      (n) => n.threadId === bobThread.id && !n.isOpened,
    );
    expect(refreshed.map((n) => n.contents)).toEqual(["Shared a file: court.png"]);
  });

  it("is muted (unread, no notification) or ignored (neither) per member", async () => {
    const mute = await api("PUT", `/groups/${group}/mute?isMuted=true`, "bob");
    expect(mute.json().data.my.isMuted).toBe(true);
    await api("PUT", `/groups/${group}/ignore?isIgnored=true`, "carol");
    const before = {
      bob: (await notificationsOf("bob")).length,
      carol: (await notificationsOf("carol")).length,
    };
    await api("POST", `/groups/${group}/messages`, "alice", { data: { body: "Quiet update." } });
    await settled();
    expect((await notificationsOf("bob")).length).toBe(before.bob);
    expect((await counts("bob")).messages).toBe(1);
    expect((await notificationsOf("carol")).length).toBe(before.carol);
    expect((await counts("carol")).messages).toBe(0);
    expect((await api("PUT", `/groups/${group}/mute?isMuted=true`, "admin")).statusCode).toBe(403);
    expect((await api("PUT", `/groups/${group}/mute?isMuted=maybe`, "bob")).statusCode).toBe(400);
    await api("PUT", `/groups/${group}/mute?isMuted=false`, "bob");
  });

  it("lets authors edit their messages and authors or group admins delete them", async () => {
    const mine = (
      await api("POST", `/groups/${group}/messages`, "bob", { data: { body: "Typo heer" } })
    ).json().data;
    const fix = [{ op: "replace", path: "/body", value: "Typo here" }];
    expect(
      (await api("PATCH", `/groups/${group}/messages/${mine.id}`, "alice", fix)).statusCode,
    ).toBe(403);
    const edited = await api("PATCH", `/groups/${group}/messages/${mine.id}`, "bob", fix);
    expect(edited.json().data).toMatchObject({ body: "Typo here" });
    expect(edited.json().data.editedDate).not.toBeNull();
    expect((await api("DELETE", `/groups/${group}/messages/${mine.id}`, "carol")).statusCode).toBe(
      403,
    );
    expect((await api("DELETE", `/groups/${group}/messages/${mine.id}`, "alice")).statusCode).toBe(
      200,
    );
    expect((await api("GET", `/groups/${group}/messages/${mine.id}`, "bob")).statusCode).toBe(404);
    const empty = await api("POST", `/groups/${group}/messages`, "bob", { data: { body: "   " } });
    expect(empty.statusCode).toBe(400);
  });

  it("shares images that their uploader or the group's admins change", async () => {
    const boundary = "----hostfield-groups";
    const upload = async (who: TPerson) =>
      t.app.inject({
        method: "POST",
        url: `/user-mgmt/api/groups/${group}/images?${V}`,
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${tokens[who].access_token}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="court.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          await png(60, 40),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const shared = await upload("bob");
    expect(shared.statusCode, shared.body).toBe(201);
    const image = shared.json().data;
    expect(image).toMatchObject({
      title: "court.png",
      width: 60,
      uploadedBy: { name: "Bob Person" },
    });
    expect((await upload("dave")).statusCode).toBe(404);
    const retitle = [{ op: "replace", path: "/title", value: "Court 5" }];
    expect(
      (await api("PATCH", `/groups/${group}/images/${image.id}`, "carol", retitle)).statusCode,
    ).toBe(403);
    expect(
      (await api("PATCH", `/groups/${group}/images/${image.id}`, "bob", retitle)).json().data.title,
    ).toBe("Court 5");
    expect(
      (await api("GET", `/groups/${group}/images/${image.id}/my/entitlements`, "carol")).json()
        .data,
    ).toEqual(["file.read"]);
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(200);
    expect((await api("DELETE", `/groups/${group}/images/${image.id}`, "alice")).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(404);
  });

  it("is deleted by its admins with everything in it", async () => {
    expect((await api("DELETE", `/groups/${group}`, "bob")).statusCode).toBe(403);
    expect((await api("DELETE", `/groups/${group}`, "alice")).statusCode).toBe(200);
    expect((await api("GET", `/groups/${group}`, "alice")).statusCode).toBe(404);
    expect((await threadsOf("bob")).map((th) => th.groupId)).not.toContain(group);
  });
});

describe("a direct conversation", () => {
  let direct: string;

  it("is opened once per pair, and shows for the other side with the first message", async () => {
    const opened = await api("POST", `/users/${ids.bob}/message`, "carol");
    expect(opened.statusCode, opened.body).toBe(200);
    direct = opened.json().data;
    expect((await api("POST", `/users/${ids.carol}/message`, "bob")).json().data).toBe(direct);
    expect((await api("POST", `/users/${ids.carol}/message`, "carol")).statusCode).toBe(400);
    expect((await threadsOf("carol")).map((th) => th.groupId)).toContain(direct);
    await api("POST", `/groups/${direct}/messages`, "carol", { data: { body: "Hi Bob!" } });
    await settled();
    const [note] = await notificationsOf("bob");
    expect(note).toMatchObject({ title: "Carol Person", contents: "Hi Bob!" });
    expect((await threadsOf("bob")).find((th) => th.groupId === direct)?.isOpened).toBe(false);
  });

  it("has no settings or members to change, and outsiders do not see it", async () => {
    const rename = [{ op: "replace", path: "/name", value: "Secret" }];
    expect((await api("PATCH", `/groups/${direct}`, "bob", rename)).statusCode).toBe(403);
    const add = await api("POST", `/groups/${direct}/members`, "bob", {
      data: { userId: ids.dave },
    });
    expect(add.statusCode).toBe(403);
    expect((await api("GET", `/groups/${direct}/messages`, "dave")).statusCode).toBe(404);
  });
});

describe("threads", () => {
  it("are opened and archived one by one or in bulk, only the owner's, and deleted for them alone", async () => {
    const group = (
      await api("POST", "/groups", "alice", { data: { name: "Bulk", memberIds: [ids.bob] } })
    ).json().data.id;
    await acceptGroupInvitations(api, group, ["bob"]);
    await api("POST", `/groups/${group}/messages`, "alice", { data: { body: "One" } });
    const threads = await threadsOf("bob");
    const unread = threads.filter((th) => !th.isOpened).map((th) => th.id);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    const aliceThread = (await threadsOf("alice"))[0]!.id;
    const bulk = await api("PUT", `/users/${ids.bob}/threads/bulk/opened?isOpened=true`, "bob", {
      data: [...unread, aliceThread],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data.sort()).toEqual([...unread].sort());
    expect((await counts("bob")).messages).toBe(0);
    expect((await api("GET", `/users/${ids.bob}/threads`, "carol")).statusCode).toBe(403);
    expect((await api("GET", `/users/${ids.bob}/threads`, "admin")).statusCode).toBe(200);
    const mine = (await threadsOf("bob")).find((th) => th.groupId === group)!;
    await api("PUT", `/users/${ids.bob}/threads/${mine.id}/archived?isArchived=true`, "bob");
    const archived = await api("POST", `/users/${ids.bob}/threads/filtered`, "bob", {
      data: { isArchived: true },
    });
    expect(archived.json().data.map((th: { id: string }) => th.id)).toEqual([mine.id]);
    expect(
      (await api("PUT", `/users/${ids.bob}/threads/${aliceThread}/opened?isOpened=false`, "bob"))
        .statusCode,
    ).toBe(404);
    expect((await api("DELETE", `/users/${ids.bob}/threads/${mine.id}`, "bob")).statusCode).toBe(
      200,
    );
    expect((await threadsOf("bob")).map((th) => th.groupId)).not.toContain(group);
    expect((await threadsOf("alice")).map((th) => th.groupId)).toContain(group);
    // The next message brings the conversation back, unread and out of the archive.
    await api("POST", `/groups/${group}/messages`, "alice", { data: { body: "Two" } });
    const back = (await threadsOf("bob")).find((th) => th.groupId === group);
    expect(back).toMatchObject({ isOpened: false, isArchived: false });
  });
});

describe("notifications", () => {
  it("are sent by admins only, and read, patched and deleted by their user", async () => {
    const send = (who: TWho) =>
      api("POST", `/users/${ids.dave}/notifications`, who, {
        data: { title: "Welcome to Hostfield", contents: "Your account is ready.", url: "/home" },
      });
    expect((await send("bob")).statusCode).toBe(403);
    // Dave may have others waiting (his invitation to a group, answered elsewhere).
    const before = (await counts("dave")).notifications;
    const sent = await send("admin");
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id;
    expect(sent.json().data).toMatchObject({ tags: ["admin"], isOpened: false });
    const external = await api("POST", `/users/${ids.dave}/notifications`, "admin", {
      data: { title: "Phish", url: "https://evil.example" },
    });
    expect(external.statusCode).toBe(400);
    const nobody = await api(
      "POST",
      "/users/00000000-0000-4000-8000-000000000000/notifications",
      "admin",
      {
        data: { title: "To nobody" },
      },
    );
    expect(nobody.statusCode).toBe(404);
    expect((await api("GET", `/users/${ids.dave}/notifications/${id}`, "bob")).statusCode).toBe(
      403,
    );
    expect((await counts("dave")).notifications).toBe(before + 1);
    const patched = await api("PATCH", `/users/${ids.dave}/notifications/${id}`, "dave", [
      { op: "replace", path: "/isArchived", value: true },
    ]);
    expect(patched.json().data.isArchived).toBe(true);
    expect((await counts("dave")).notifications).toBe(before);
    const title = await api("PATCH", `/users/${ids.dave}/notifications/${id}`, "dave", [
      { op: "replace", path: "/title", value: "Hacked" },
    ]);
    expect(title.statusCode).toBe(400);
    const filtered = await api("POST", `/users/${ids.dave}/notifications/filtered`, "dave", {
      data: { isArchived: true },
    });
    expect(filtered.json().data.map((n: { id: string }) => n.id)).toEqual([id]);
    expect((await api("DELETE", `/users/${ids.dave}/notifications/${id}`, "dave")).statusCode).toBe(
      200,
    );
    expect((await api("GET", `/users/${ids.dave}/notifications/${id}`, "dave")).statusCode).toBe(
      404,
    );
  });

  it("come from listings: a like, an approval, a membership", async () => {
    const facility = KIND_DESCRIPTORS.find((d) => d.kind === "facility")!;
    const client = profileClient(
      () => t.app,
      () => tokens,
    );
    const listing = await client.createListing(facility, "Notify Arena", "alice");
    const invited = await client.call(facility, "POST", `/${listing.id}/managers`, "alice", {
      data: { email: "dave@example.com", role: "manager" },
    });
    await settled();
    const invitationId = invited.json().data.id;
    expect((await notificationsOf("dave"))[0]).toMatchObject({
      title: "Alice Person invited you to Notify Arena",
      url: invitationUrl(invitationId),
      tags: ["invitation"],
    });
    expect((await client.answer("dave", invitationId)).statusCode).toBe(200);
    await client.call(facility, "PUT", `/${listing.id}/approve`, "admin");
    await client.call(facility, "PUT", `/${listing.id}/approve`, "admin");
    await settled();
    const approvals = (await notificationsOf("alice")).filter((n) => n.tags.includes("approval"));
    expect(approvals.map((n) => n.title)).toEqual(["Notify Arena is approved"]);
    await client.call(facility, "POST", `/${listing.id}/likes`, "carol");
    await client.call(facility, "POST", `/${listing.id}/likes`, "carol");
    await settled();
    const likes = (await notificationsOf("dave")).filter((n) => n.tags.includes("like"));
    expect(likes.map((n) => n.title)).toEqual(["Carol Person likes Notify Arena"]);
  });

  it("are written once per event, however often the queue delivers it", async () => {
    await settled();
    const before = await Promise.all(PEOPLE.map(notificationsOf));
    // Every event recorded so far, delivered a second time (as after a worker died before its ack).
    const events = await t.database.pool.query<{ id: string; type: string; data: unknown }>(
      "select id, type, data from domain_events",
    );
    expect(events.rows.length).toBeGreaterThan(5);
    for (const event of events.rows) {
      await t.app.jobs.send("events.notifications", {
        eventId: event.id,
        type: event.type,
        data: event.data,
      });
    }
    await t.app.jobs.idle(["events.notifications"]);
    await settled();
    expect(await Promise.all(PEOPLE.map(notificationsOf))).toEqual(before);
  });
});
