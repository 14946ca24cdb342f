// The permission matrix of messaging: every write route (and POST read) of groups, threads and
// notifications, called by an anonymous visitor, an outsider, a member, the group's admin and a
// site admin. The expected callers restate the rules: members see and post; group admins manage
// members and settings; the author or uploader changes their own message or file and group admins
// any; a user's threads and notifications are theirs (and admins'); only admins send notifications.
// The inventory test fails when a route appears that this table does not cover.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png } from "./upload-fixtures";

const PEOPLE = ["owner", "member", "outsider", "admin", "extra"] as const;
type TPerson = (typeof PEOPLE)[number];
const CALLERS = ["anonymous", "outsider", "member", "owner", "admin"] as const;
type TCaller = (typeof CALLERS)[number];

const EVERYONE_SIGNED_IN: readonly TCaller[] = ["outsider", "member", "owner", "admin"];
const MEMBERS: readonly TCaller[] = ["member", "owner", "admin"];
const GROUP_ADMINS: readonly TCaller[] = ["owner", "admin"];
const SITE_ADMINS: readonly TCaller[] = ["admin"];
/** For /users/{id}/... of the member: themselves and admins. */
const SELF: readonly TCaller[] = ["member", "admin"];

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;
let group: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  for (const who of PEOPLE)
    ids[who] = (await send(who, { method: "GET", url: "/users/my" })).json().data.id;
}, 120_000);
afterAll(() => t?.close());

type TRequest = { method: string; url: string; payload?: unknown; file?: Buffer };

function send(who: TCaller | TPerson, request: TRequest) {
  const headers: Record<string, string> =
    who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` };
  const url = `/user-mgmt/api${request.url}${request.url.includes("?") ? "&" : "?"}${V}`;
  if (request.file) {
    const boundary = "----hostfield-matrix";
    return t.app.inject({
      method: request.method as "POST",
      url,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pitch.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        request.file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }
  return t.app.inject({
    method: request.method as "GET",
    url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

/** Calls as the given person and expects success; returns `data`. */
async function as(who: TPerson, request: TRequest) {
  const res = await send(who, request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

/** A group owned by `owner` with `member` in it, for the cases that consume one. */
async function newGroup(): Promise<string> {
  const { id } = await as("owner", {
    method: "POST",
    url: "/groups",
    payload: { data: { name: `Matrix ${Math.random()}`, memberIds: [ids.member] } },
  });
  const [invitation] = (
    await as("member", { method: "GET", url: "/groups/invitations/my" })
  ).filter((i: { groupId: string }) => i.groupId === id);
  await as("member", { method: "POST", url: `/groups/invitations/${invitation.id}/accept` });
  return id;
}

async function memberIdOf(groupId: string, who: TPerson): Promise<string | undefined> {
  const members = await as("owner", { method: "GET", url: `/groups/${groupId}/members?take=100` });
  return members.find((m: { user: { id: string } }) => m.user.id === ids[who])?.id;
}

/** `extra` as a member of the group, made afresh. */
async function extraMember(groupId: string): Promise<string> {
  const existing = await memberIdOf(groupId, "extra");
  if (existing)
    await as("owner", { method: "DELETE", url: `/groups/${groupId}/members/${existing}` });
  const invitation = await as("owner", {
    method: "POST",
    url: `/groups/${groupId}/members`,
    payload: { data: { userId: ids.extra } },
  });
  return (await as("extra", { method: "POST", url: `/groups/invitations/${invitation.id}/accept` }))
    .memberId;
}

/** A fresh invitation of `outsider` to the group. */
const invitationOf = async (groupId: string): Promise<string> =>
  (
    await as("owner", {
      method: "POST",
      url: `/groups/${groupId}/members`,
      payload: { data: { userId: ids.outsider } },
    })
  ).id;

const messageBy = async (who: TPerson, groupId = group) =>
  (
    await as(who, {
      method: "POST",
      url: `/groups/${groupId}/messages`,
      payload: { data: { body: "Hi" } },
    })
  ).id;
const fileBy = async (who: TPerson, kind: "images" | "documents") => {
  if (who === "extra" && !(await memberIdOf(group, "extra"))) await extraMember(group);
  return (
    await as(who, { method: "POST", url: `/groups/${group}/${kind}`, file: await png(20, 20) })
  ).id;
};
const threadOf = async (who: TPerson) =>
  (await as(who, { method: "GET", url: `/users/${ids[who]}/threads` }))[0].id as string;
const notificationFor = async (who: TPerson) =>
  (
    await as("admin", {
      method: "POST",
      url: `/users/${ids[who]}/notifications`,
      payload: { data: { title: "Matrix" } },
    })
  ).id as string;

type TCase = {
  method: string;
  /** The route as registered below /user-mgmt/api. */
  route: string;
  what?: string;
  allowed: readonly TCaller[];
  /** Each caller gets a group of its own (the call consumes it). */
  fresh?: boolean;
  prepare: (groupId: string, caller: TCaller) => Promise<TRequest>;
};

const ok = (request: TRequest) => async () => request;
const replace = (path: string, value: unknown) => [{ op: "replace", path, value }];

function cases(): TCase[] {
  const g = "/groups/:id";
  const fileCases = (kind: "images" | "documents"): TCase[] => [
    {
      method: "POST",
      route: `${g}/${kind}/filtered`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "POST",
        url: `/groups/${id}/${kind}/filtered`,
        payload: { data: {} },
      }),
    },
    {
      method: "POST",
      route: `${g}/${kind}`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "POST",
        url: `/groups/${id}/${kind}`,
        file: await png(24, 24),
      }),
    },
    {
      method: "PUT",
      route: `${g}/${kind}/sort`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "PUT",
        url: `/groups/${id}/${kind}/sort`,
        payload: { data: { id: await fileBy("owner", kind), afterId: null } },
      }),
    },
    {
      method: "PATCH",
      route: `${g}/${kind}/:childId`,
      what: "someone else's",
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "PATCH",
        url: `/groups/${id}/${kind}/${await fileBy("extra", kind)}`,
        payload: replace("/title", "Renamed"),
      }),
    },
    {
      method: "PUT",
      route: `${g}/${kind}/:childId/file`,
      what: "someone else's",
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "PUT",
        url: `/groups/${id}/${kind}/${await fileBy("extra", kind)}/file`,
        file: await png(30, 30),
      }),
    },
    {
      method: "DELETE",
      route: `${g}/${kind}/:childId`,
      what: "someone else's",
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "DELETE",
        url: `/groups/${id}/${kind}/${await fileBy("extra", kind)}`,
      }),
    },
  ];
  return [
    {
      method: "POST",
      route: "/groups",
      allowed: EVERYONE_SIGNED_IN,
      prepare: ok({ method: "POST", url: "/groups", payload: { data: { name: "Mine" } } }),
    },
    {
      method: "POST",
      route: "/groups/filtered",
      allowed: SITE_ADMINS,
      prepare: ok({ method: "POST", url: "/groups/filtered", payload: { data: {} } }),
    },
    {
      method: "POST",
      route: "/groups/my/filtered",
      allowed: EVERYONE_SIGNED_IN,
      prepare: ok({ method: "POST", url: "/groups/my/filtered", payload: { data: {} } }),
    },
    {
      method: "PATCH",
      route: g,
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "PATCH",
        url: `/groups/${id}`,
        payload: replace("/name", "Renamed"),
      }),
    },
    {
      method: "DELETE",
      route: g,
      allowed: GROUP_ADMINS,
      fresh: true,
      prepare: async (id) => ({ method: "DELETE", url: `/groups/${id}` }),
    },
    {
      method: "PUT",
      route: `${g}/mute`,
      allowed: ["member", "owner"],
      prepare: async (id) => ({ method: "PUT", url: `/groups/${id}/mute?isMuted=false` }),
    },
    {
      method: "PUT",
      route: `${g}/ignore`,
      allowed: ["member", "owner"],
      prepare: async (id) => ({ method: "PUT", url: `/groups/${id}/ignore?isIgnored=false` }),
    },
    {
      method: "POST",
      route: `${g}/members/filtered`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "POST",
        url: `/groups/${id}/members/filtered`,
        payload: { data: {} },
      }),
    },
    {
      method: "POST",
      route: `${g}/members`,
      allowed: GROUP_ADMINS,
      prepare: async (id) => {
        const existing = await memberIdOf(id, "extra");
        if (existing)
          await as("owner", { method: "DELETE", url: `/groups/${id}/members/${existing}` });
        return {
          method: "POST",
          url: `/groups/${id}/members`,
          payload: { data: { userId: ids.extra } },
        };
      },
    },
    {
      method: "DELETE",
      route: `${g}/invitations/:childId`,
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "DELETE",
        url: `/groups/${id}/invitations/${await invitationOf(id)}`,
      }),
    },
    // Only the invitee (here the outsider, invited to a group of their own each time) answers.
    ...(["accept", "decline"] as const).map((answer) => ({
      method: "POST",
      route: `/groups/invitations/:id/${answer}`,
      allowed: ["outsider"] as const,
      fresh: true,
      prepare: async (id: string) => ({
        method: "POST",
        url: `/groups/invitations/${await invitationOf(id)}/${answer}`,
      }),
    })),
    {
      method: "PATCH",
      route: `${g}/members/:childId`,
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "PATCH",
        url: `/groups/${id}/members/${await extraMember(id)}`,
        payload: replace("/role", "member"),
      }),
    },
    {
      method: "DELETE",
      route: `${g}/members/:childId`,
      what: "someone else",
      allowed: GROUP_ADMINS,
      prepare: async (id) => ({
        method: "DELETE",
        url: `/groups/${id}/members/${await extraMember(id)}`,
      }),
    },
    {
      method: "POST",
      route: `${g}/messages/filtered`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "POST",
        url: `/groups/${id}/messages/filtered`,
        payload: { data: {} },
      }),
    },
    {
      method: "POST",
      route: `${g}/messages`,
      allowed: MEMBERS,
      prepare: async (id) => ({
        method: "POST",
        url: `/groups/${id}/messages`,
        payload: { data: { body: "Hello" } },
      }),
    },
    {
      method: "PATCH",
      route: `${g}/messages/:childId`,
      what: "the member's",
      allowed: ["member"],
      prepare: async (id) => ({
        method: "PATCH",
        url: `/groups/${id}/messages/${await messageBy("member", id)}`,
        payload: replace("/body", "Edited"),
      }),
    },
    {
      method: "DELETE",
      route: `${g}/messages/:childId`,
      what: "the member's",
      allowed: ["member", "owner", "admin"],
      prepare: async (id) => ({
        method: "DELETE",
        url: `/groups/${id}/messages/${await messageBy("member", id)}`,
      }),
    },
    ...fileCases("images"),
    ...fileCases("documents"),
    {
      method: "POST",
      route: "/users/:id/message",
      allowed: EVERYONE_SIGNED_IN,
      prepare: ok({ method: "POST", url: "" }),
    },
    {
      method: "POST",
      route: "/users/:id/threads/filtered",
      allowed: SELF,
      prepare: async () => ({
        method: "POST",
        url: `/users/${ids.member}/threads/filtered`,
        payload: { data: {} },
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/threads/bulk/opened",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/threads/bulk/opened?isOpened=true`,
        payload: { data: [await threadOf("member")] },
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/threads/bulk/archived",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/threads/bulk/archived?isArchived=false`,
        payload: { data: [await threadOf("member")] },
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/threads/:threadId/opened",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/threads/${await threadOf("member")}/opened?isOpened=true`,
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/threads/:threadId/archived",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/threads/${await threadOf("member")}/archived?isArchived=false`,
      }),
    },
    {
      method: "DELETE",
      route: "/users/:id/threads/:threadId",
      allowed: SELF,
      prepare: async () => {
        await messageBy("owner");
        return {
          method: "DELETE",
          url: `/users/${ids.member}/threads/${await threadOf("member")}`,
        };
      },
    },
    {
      method: "POST",
      route: "/users/:id/notifications",
      allowed: SITE_ADMINS,
      prepare: ok({ method: "POST", url: "", payload: { data: { title: "Hello" } } }),
    },
    {
      method: "POST",
      route: "/users/:id/notifications/filtered",
      allowed: SELF,
      prepare: async () => ({
        method: "POST",
        url: `/users/${ids.member}/notifications/filtered`,
        payload: { data: {} },
      }),
    },
    {
      method: "PATCH",
      route: "/users/:id/notifications/:notificationId",
      allowed: SELF,
      prepare: async () => ({
        method: "PATCH",
        url: `/users/${ids.member}/notifications/${await notificationFor("member")}`,
        payload: replace("/isOpened", true),
      }),
    },
    {
      method: "DELETE",
      route: "/users/:id/notifications/:notificationId",
      allowed: SELF,
      prepare: async () => ({
        method: "DELETE",
        url: `/users/${ids.member}/notifications/${await notificationFor("member")}`,
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/notifications/:notificationId/opened",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/notifications/${await notificationFor("member")}/opened?isOpened=true`,
      }),
    },
    {
      method: "PUT",
      route: "/users/:id/notifications/:notificationId/archived",
      allowed: SELF,
      prepare: async () => ({
        method: "PUT",
        url: `/users/${ids.member}/notifications/${await notificationFor("member")}/archived?isArchived=true`,
      }),
    },
  ];
}

type TOutcome = "allowed" | "refused" | "unauthorized" | `unexpected ${number}: ${string}`;
function outcomeOf(status: number, body: string): TOutcome {
  if (status >= 200 && status < 300) return "allowed";
  if (status === 401) return "unauthorized";
  if (status === 403 || status === 404) return "refused";
  return `unexpected ${status}: ${body.slice(0, 200)}`;
}

describe("messaging permissions", () => {
  it("covers every write route and POST read of groups, threads and notifications", async () => {
    group = await newGroup();
    const base = "/user-mgmt/api";
    const normal = (route: string) => route.replace(/:[A-Za-z]+/g, ":p");
    const served = t.app.routeTable
      .filter(
        (r) =>
          r.method !== "GET" &&
          r.method !== "HEAD" &&
          /^\/user-mgmt\/api\/(groups|users\/:id\/(threads|notifications|message))/.test(r.url),
      )
      .map((r) => `${r.method} ${normal(r.url.slice(base.length))}`);
    const covered = new Set(cases().map((c) => `${c.method} ${normal(c.route)}`));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(
    cases().map((c) => [`${c.method} ${c.route}${c.what ? ` (${c.what})` : ""}`, c] as const),
  )("%s", async (_name, c) => {
    const expected: Record<string, TOutcome> = {};
    const actual: Record<string, TOutcome> = {};
    for (const caller of CALLERS) {
      const id = c.fresh ? await newGroup() : group;
      let request = await c.prepare(id, caller);
      // Calls addressed to "a user": the message goes to `extra`, the notification to the caller's peer.
      if (c.route === "/users/:id/message")
        request = { ...request, url: `/users/${ids.extra}/message` };
      if (c.route === "/users/:id/notifications")
        request = { ...request, url: `/users/${ids.member}/notifications` };
      const res = await send(caller, request);
      actual[caller] = outcomeOf(res.statusCode, res.body);
      expected[caller] = c.allowed.includes(caller)
        ? "allowed"
        : caller === "anonymous"
          ? "unauthorized"
          : "refused";
    }
    expect(actual).toEqual(expected);
  });
});
