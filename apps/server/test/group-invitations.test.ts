// Inviting people to a group (issue 21) over http: the people search finds only those who share a
// listing or a group with the admin and never shows an address; adding someone invites them, by
// id or by e-mail, and nobody is a member before accepting; an address is answered alike whether
// an account has it or not; invitations are declined, revoked, limited, and wait for a sign-up.
import { GROUP_MAX_INVITATIONS, groupInvitationUrl } from "@hostfield/domain/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signIn, signInPeople, signUpAndVerify, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

// ann runs the group "Crew" with mia in it; cole manages ann's listing with her; gus shares
// another group with ann; zed shares nothing with her. Everyone's name ends in "Person".
const PEOPLE = ["ann", "mia", "cole", "gus", "zed"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "newcomer" | "anonymous";

let t: TTestApp;
const tokens = {} as Record<TPerson | "newcomer", TTokens>;
const ids = {} as Record<TPerson, string>;
let crew: string;

function api(method: string, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(method: string, route: string, who: TWho, payload?: unknown, status = 200) {
  const res = await api(method, route, who, payload);
  expect(res.statusCode, `${method} ${route}: ${res.body}`).toBe(status);
  return res.json().data;
}

const invite = (who: TWho, data: Record<string, unknown>, group = crew) =>
  api("POST", `/groups/${group}/members`, who, { data });
const search = (who: TWho, text: string, group = crew) =>
  api("GET", `/groups/${group}/people?text=${encodeURIComponent(text)}`, who);
const memberIds = async (group = crew) =>
  ((await ok("GET", `/groups/${group}/members?take=100`, "ann")) as { user: { id: string } }[]).map(
    (m) => m.user.id,
  );

/** Mails to an address once every event and mail job has run, oldest first. */
async function mailsTo(address: string) {
  await t.app.events.settled();
  await t.app.jobs.idle(["events.notifications", "notifications.email"]);
  await t.app.events.settled();
  await t.app.jobs.idle(["notifications.email"]);
  const result = await t.database.pool.query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 and subject not like 'Verify%'
     order by created_date`,
    [address],
  );
  return result.rows;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: "1000000" } });
  Object.assign(tokens, await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42"));
  for (const who of PEOPLE) ids[who] = (await ok("GET", "/users/my", who)).id;
  // cole shares a listing with ann (invited by ann, accepted).
  const facility = KIND_DESCRIPTORS.find((d) => d.kind === "facility")!;
  const client = profileClient(
    () => t.app,
    () => tokens,
  );
  const listing = await client.createListing(facility, "Riverside Courts", "ann");
  await client.join(facility, listing.id, "ann", "cole", "manager");
  // gus shares the group "Referees" with ann.
  const referees = await ok("POST", "/groups", "gus", { data: { name: "Referees" } }, 201);
  const toAnn = await ok(
    "POST",
    `/groups/${referees.id}/members`,
    "gus",
    { data: { userId: ids.ann } },
    201,
  );
  await ok("POST", `/groups/invitations/${toAnn.id}/accept`, "ann");
  // ann's group "Crew", with mia in it.
  crew = (await ok("POST", "/groups", "ann", { data: { name: "Crew" } }, 201)).id;
  const toMia = await ok(
    "POST",
    `/groups/${crew}/members`,
    "ann",
    { data: { userId: ids.mia } },
    201,
  );
  await ok("POST", `/groups/invitations/${toMia.id}/accept`, "mia");
}, 120_000);
afterAll(() => t?.close());

describe("the people search", () => {
  it("finds those who share a listing or a group with me, with what they share, and never a stranger", async () => {
    const found = await search("ann", "Person");
    expect(found.statusCode, found.body).toBe(200);
    const people = found.json().data as {
      id: string;
      name: string;
      shared: { kind: string; name: string }[];
      status: string;
    }[];
    expect(people.map((p) => p.name)).toEqual(["Cole Person", "Gus Person", "Mia Person"]);
    expect(people.find((p) => p.id === ids.cole)).toMatchObject({
      shared: [{ kind: "listing", name: "Riverside Courts" }],
      status: "none",
    });
    expect(people.find((p) => p.id === ids.gus)!.shared).toEqual([
      { kind: "group", name: "Referees" },
    ]);
    expect(people.find((p) => p.id === ids.mia)!.status).toBe("member");
    expect(people.map((p) => p.id)).not.toContain(ids.zed);
    // Zed's own name finds nobody: he shares nothing with ann.
    expect((await search("ann", "Zed")).json().data).toEqual([]);
    // A piece of a name is enough.
    expect((await search("ann", "col")).json().data.map((p: { id: string }) => p.id)).toEqual([
      ids.cole,
    ]);
  });

  it("never shows an e-mail address", async () => {
    const found = await search("ann", "Person");
    expect(found.body).not.toContain("@");
    expect(found.body).not.toMatch(/email/i);
  });

  it("is for the group's admins: a plain member is refused, a stranger does not see the group, a visitor must sign in", async () => {
    expect((await search("mia", "Person")).statusCode).toBe(403);
    expect((await search("zed", "Person")).statusCode).toBe(404);
    expect((await search("anonymous", "Person")).statusCode).toBe(401);
  });

  it("wants at least two letters", async () => {
    const short = await search("ann", "c");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe("VALIDATION_FAILED");
    expect((await api("GET", `/groups/${crew}/people`, "ann")).statusCode).toBe(400);
  });
});

describe("an invitation to a person picked from the search", () => {
  let invitationId: string;

  it("is sent by a group admin, and refused to a plain member, a stranger and a visitor", async () => {
    expect((await invite("mia", { userId: ids.cole })).statusCode).toBe(403);
    expect((await invite("zed", { userId: ids.cole })).statusCode).toBe(404);
    expect((await invite("anonymous", { userId: ids.cole })).statusCode).toBe(401);
    const sent = await invite("ann", { userId: ids.cole });
    expect(sent.statusCode, sent.body).toBe(201);
    const invitation = sent.json().data;
    expect(invitation).toMatchObject({
      groupId: crew,
      group: { name: "Crew" },
      invitee: { person: { id: ids.cole, name: "Cole Person" }, email: null },
      role: "member",
      invitedBy: { id: ids.ann, name: "Ann Person" },
    });
    invitationId = invitation.id;
    // Invited twice is one invitation.
    expect((await invite("ann", { userId: ids.cole })).json().data.id).toBe(invitationId);
  });

  it("makes nobody a member before they accept", async () => {
    expect(await memberIds()).not.toContain(ids.cole);
    expect((await api("GET", `/groups/${crew}`, "cole")).statusCode).toBe(404);
    expect((await search("ann", "Cole")).json().data[0].status).toBe("invited");
  });

  it("reaches the invitee as a notification and a mail, and waits in their list", async () => {
    // Notifications are made from the invitation's event: read them once every event has run.
    const mails = await mailsTo("cole@example.com");
    const notifications = (await ok("GET", `/users/${ids.cole}/notifications`, "cole")) as {
      title: string;
      url: string;
      tags: string[];
    }[];
    expect(notifications[0]).toMatchObject({
      title: "Ann Person invited you to the group Crew",
      url: groupInvitationUrl(invitationId),
      tags: ["invitation", "group"],
    });
    expect(mails.map((m) => m.subject)).toContain("Ann Person invited you to the group Crew");
    const mine = (await ok("GET", "/groups/invitations/my", "cole")) as { id: string }[];
    expect(mine.map((i) => i.id)).toEqual([invitationId]);
    // Nobody else sees it as theirs.
    expect(await ok("GET", "/groups/invitations/my", "mia")).toEqual([]);
  });

  it("is accepted only by the invitee, who then is a member and sees the group", async () => {
    expect(
      (await api("POST", `/groups/invitations/${invitationId}/accept`, "mia")).statusCode,
    ).toBe(404);
    expect(
      (await api("POST", `/groups/invitations/${invitationId}/accept`, "anonymous")).statusCode,
    ).toBe(401);
    const accepted = await ok("POST", `/groups/invitations/${invitationId}/accept`, "cole");
    expect(accepted).toMatchObject({ id: invitationId, answer: "accepted", groupId: crew });
    expect(await memberIds()).toContain(ids.cole);
    expect((await api("GET", `/groups/${crew}`, "cole")).statusCode).toBe(200);
    const mine = (await ok("GET", "/groups/my", "cole")) as { id: string }[];
    expect(mine.map((g) => g.id)).toContain(crew);
    // Used up: a second answer finds nothing, and a member is not invited again.
    expect(
      (await api("POST", `/groups/invitations/${invitationId}/accept`, "cole")).statusCode,
    ).toBe(404);
    expect((await invite("ann", { userId: ids.cole })).statusCode).toBe(409);
  });
});

describe("an invitation by e-mail", () => {
  it("answers alike whether an account has the address or not, and mails each its way", async () => {
    const known = await invite("ann", { email: "Gus@Example.com" });
    const unknown = await invite("ann", { email: "nobody@example.com" });
    expect(known.statusCode, known.body).toBe(201);
    expect(unknown.statusCode, unknown.body).toBe(201);
    const shape = (body: { invitee: unknown; role: string; group: unknown }) => ({
      invitee: body.invitee,
      role: body.role,
      group: body.group,
    });
    expect(shape(known.json().data)).toEqual({
      invitee: { person: null, email: "gus@example.com" },
      role: "member",
      group: { name: "Crew" },
    });
    expect(shape(unknown.json().data)).toEqual({
      invitee: { person: null, email: "nobody@example.com" },
      role: "member",
      group: { name: "Crew" },
    });
    expect(Object.keys(known.json().data).sort()).toEqual(Object.keys(unknown.json().data).sort());
    // The account hears of it as any invitation; the address without one is asked to sign up.
    expect((await mailsTo("gus@example.com")).map((m) => m.subject)).toContain(
      "Ann Person invited you to the group Crew",
    );
    const signUp = await mailsTo("nobody@example.com");
    expect(signUp.map((m) => m.subject)).toEqual([
      "You are invited to the group Crew on Hostfield",
    ]);
    expect(signUp[0]!.text).toContain("Sign up with this e-mail address");
    // The admins' list shows the addresses as given, never whose they are.
    const pending = await api("GET", `/groups/${crew}/invitations`, "ann");
    expect(pending.statusCode).toBe(200);
    expect(pending.body).not.toContain("Gus Person");
  });

  it("is declined by the invitee, who does not join", async () => {
    const [mine] = (await ok("GET", "/groups/invitations/my", "gus")) as { id: string }[];
    const asked = async () => {
      await t.app.events.settled();
      const all = (await ok("GET", `/users/${ids.gus}/notifications`, "gus")) as {
        url: string;
        isOpened: boolean;
      }[];
      return all.find((n) => n.url === groupInvitationUrl(mine!.id));
    };
    expect(await asked()).toMatchObject({ isOpened: false });
    const declined = await ok("POST", `/groups/invitations/${mine!.id}/decline`, "gus");
    expect(declined).toMatchObject({ answer: "declined", memberId: null });
    expect(await memberIds()).not.toContain(ids.gus);
    expect(await ok("GET", "/groups/invitations/my", "gus")).toEqual([]);
    // Answered, the notification that asked for the answer is no longer waiting.
    expect(await asked()).toMatchObject({ isOpened: true });
  });

  it("waits for the account signed up with the address, which joins on accepting", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Nobody Yet",
      email: "nobody@example.com",
      password: "correct horse 42",
    });
    tokens.newcomer = await signIn(t.app, "nobody@example.com", "correct horse 42");
    const mine = (await ok("GET", "/groups/invitations/my", "newcomer")) as {
      id: string;
      group: { name: string };
    }[];
    expect(mine.map((i) => i.group.name)).toEqual(["Crew"]);
    expect((await api("GET", `/groups/${crew}`, "newcomer")).statusCode).toBe(404);
    const accepted = await ok("POST", `/groups/invitations/${mine[0]!.id}/accept`, "newcomer");
    expect(accepted.answer).toBe("accepted");
    expect((await api("GET", `/groups/${crew}`, "newcomer")).statusCode).toBe(200);
  });
});

describe("pending invitations", () => {
  it("are listed to the group's admins only", async () => {
    await invite("ann", { userId: ids.zed });
    const listed = (await ok("GET", `/groups/${crew}/invitations`, "ann")) as {
      invitee: { person: { id: string } | null };
    }[];
    expect(listed.map((i) => i.invitee.person?.id)).toContain(ids.zed);
    expect((await api("GET", `/groups/${crew}/invitations`, "mia")).statusCode).toBe(403);
    expect((await api("GET", `/groups/${crew}/invitations`, "zed")).statusCode).toBe(404);
    expect((await api("GET", `/groups/${crew}/invitations`, "anonymous")).statusCode).toBe(401);
  });

  it("are taken back by the group's admins, after which the invitee cannot accept", async () => {
    const [mine] = (await ok("GET", "/groups/invitations/my", "zed")) as { id: string }[];
    const revoke = (who: TWho) => api("DELETE", `/groups/${crew}/invitations/${mine!.id}`, who);
    expect((await revoke("mia")).statusCode).toBe(403);
    expect((await revoke("zed")).statusCode).toBe(404);
    expect((await revoke("anonymous")).statusCode).toBe(401);
    expect((await revoke("ann")).statusCode).toBe(200);
    expect((await revoke("ann")).statusCode).toBe(404);
    expect((await api("POST", `/groups/invitations/${mine!.id}/accept`, "zed")).statusCode).toBe(
      404,
    );
    expect(await memberIds()).not.toContain(ids.zed);
  });

  it(`are at most ${GROUP_MAX_INVITATIONS} a group`, async () => {
    const group = (await ok("POST", "/groups", "ann", { data: { name: "Big" } }, 201)).id;
    for (let i = 0; i < GROUP_MAX_INVITATIONS; i++) {
      const res = await invite("ann", { email: `guest${i}@example.com` }, group);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await invite("ann", { email: "one-more@example.com" }, group);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("TOO_MANY_INVITATIONS");
    // Inviting one already invited again is still fine.
    expect((await invite("ann", { email: "guest0@example.com" }, group)).statusCode).toBe(201);
  });
});

describe("bad input", () => {
  it("gets a 4xx with a code and a message, never a 500", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, "VALIDATION_FAILED"],
      [{ userId: ids.zed, email: "zed@example.com" }, 400, "VALIDATION_FAILED"],
      [{ email: "not an address" }, 400, "VALIDATION_FAILED"],
      [{ userId: "not-an-id" }, 400, "VALIDATION_FAILED"],
      [{ userId: ids.zed, role: "owner" }, 400, "VALIDATION_FAILED"],
      [{ userId: ids.ann }, 400, "SELF_INVITATION"],
      [{ userId: "00000000-0000-4000-8000-000000000000" }, 404, "USER_NOT_FOUND"],
      [{ userId: ids.mia }, 409, "ALREADY_MEMBER"],
    ];
    for (const [data, status, code] of cases) {
      const res = await invite("ann", data);
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(res.json().error, JSON.stringify(data)).toMatchObject({
        code,
        message: expect.any(String),
      });
    }
    expect(
      (await api("POST", "/groups/invitations/not-an-id/accept", "zed")).json().error.code,
    ).toBe("VALIDATION_FAILED");
  });

  it("cannot invite anyone to a direct conversation", async () => {
    const direct = await ok("POST", `/users/${ids.mia}/message`, "ann");
    expect((await invite("ann", { userId: ids.zed }, direct)).statusCode).toBe(403);
  });
});
