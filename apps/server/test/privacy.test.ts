// Issue 16 §3, privacy and consent: who sees members' e-mails and listing authors, hidden users
// anonymised wherever a person appears, invitations instead of direct adds, private group files.
import { invitationUrl } from "@hostfield/domain/contracts";
import { HIDDEN_USER_NAME } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptGroupInvitations } from "./group-invitations-driver";
import { buildTestApp, type TTestApp, V } from "./helper";
import {
  lastMailTo,
  mailCount,
  signIn,
  signInPeople,
  signUpAndVerify,
  type TTokens,
} from "./oidc-driver";
import { png } from "./upload-fixtures";

const PASSWORD = "correct horse 42";
const PEOPLE = ["owner", "manager", "member", "hidden", "other", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";
type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;

function call(service: string, method: TMethod, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/${service}/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const fac = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
  call("facility-mgmt", method, `/facilities${route}`, who, payload);
const users = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
  call("user-mgmt", method, route, who, payload);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, PASSWORD);
  for (const who of PEOPLE) ids[who] = (await users("GET", "/users/my", who)).json().data.id;
  expect((await users("PUT", "/users/my/visibility?isVisible=false", "hidden")).statusCode).toBe(
    200,
  );
}, 120_000);
afterAll(() => t?.close());

/** A facility owned by `owner`, approved, with `manager` and `member` in their roles. */
async function facilityWithPeople(name: string, people: Partial<Record<TPerson, string>> = {}) {
  const created = await fac("POST", "", "owner", { data: { name, facilityTypes: ["Fieldhouse"] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await fac("PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
  for (const [who, role] of Object.entries(people)) await join(id, who as TPerson, role);
  return id;
}

/** Puts `who` on the facility's managers in `role`: invited by the owner, and accepting. */
async function join(facilityId: string, who: TPerson, role: string) {
  const invited = await fac("POST", `/${facilityId}/managers`, "owner", {
    data: { userId: ids[who], role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await answer(who, invited.json().data.id, "accept");
  expect(accepted.statusCode, accepted.body).toBe(200);
}
const answer = (who: TWho, invitationId: string, reply: "accept" | "decline") =>
  users("POST", `/invitations/${invitationId}/${reply}`, who);

describe("members' e-mail addresses and listing authors", () => {
  let facility: string;
  beforeAll(async () => {
    facility = await facilityWithPeople("Privacy Fieldhouse", {
      manager: "manager",
      member: "member",
    });
  });

  it("go to the listing's owners and managers, not to its other members", async () => {
    const emailsSeenBy = async (who: TWho) => {
      const res = await fac("GET", `/${facility}/managers`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { email: string | null }[]).map((m) => m.email);
    };
    expect(await emailsSeenBy("owner")).toContain("member@example.com");
    expect(await emailsSeenBy("manager")).toContain("owner@example.com");
    expect(await emailsSeenBy("admin")).toContain("owner@example.com");
    const byMember = await emailsSeenBy("member");
    expect(byMember.length).toBeGreaterThan(1);
    expect(byMember.every((email) => email === null)).toBe(true);
  });

  it("leave createdBy and updatedBy out of public listing replies", async () => {
    for (const reply of [
      (await fac("GET", `/${facility}`, "anonymous")).json().data,
      (await fac("GET", `/${facility}`, "owner")).json().data,
      ...(await fac("GET", "?take=100", "other")).json().data,
    ]) {
      expect(reply.createdBy).toBeNull();
      expect(reply.updatedBy).toBeNull();
    }
  });
});

describe("a hidden user", () => {
  let facility: string;
  beforeAll(async () => {
    facility = await facilityWithPeople("Hidden Reviews Arena");
    const review = await fac("POST", `/${facility}/reviews`, "hidden", {
      data: { rating: 4, title: "Fine", body: "Good floors." },
    });
    expect(review.statusCode, review.body).toBe(201);
    const visible = await fac("POST", `/${facility}/reviews`, "other", { data: { rating: 5 } });
    expect(visible.statusCode, visible.body).toBe(201);
    await join(facility, "hidden", "member");
  });

  const reviewsSeenBy = async (who: TWho) =>
    (await fac("GET", `/${facility}/reviews`, who)).json().data as {
      userId: string | null;
      author: string;
      rating: number;
    }[];

  it("is anonymised in facility reviews for everyone but themselves and admins", async () => {
    for (const who of ["anonymous", "other", "owner"] as const) {
      const reviews = await reviewsSeenBy(who);
      expect(reviews.find((r) => r.rating === 4)).toMatchObject({
        userId: null,
        author: HIDDEN_USER_NAME,
      });
      // Those who show themselves still do.
      expect(reviews.find((r) => r.rating === 5)).toMatchObject({
        userId: ids.other,
        author: "Other Person",
      });
    }
    for (const who of ["hidden", "admin"] as const) {
      expect((await reviewsSeenBy(who)).find((r) => r.rating === 4)).toMatchObject({
        userId: ids.hidden,
        author: "Hidden Person",
      });
    }
  });

  it("has no listings through /{kind}/public/{userId} for others; themselves and admins see them", async () => {
    const publicOf = async (who: TWho, userId: string) => {
      const res = await fac("GET", `/public/${userId}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }[]).map((p) => p.id);
    };
    expect(await publicOf("anonymous", ids.hidden)).toEqual([]);
    expect(await publicOf("other", ids.hidden)).toEqual([]);
    expect(await publicOf("hidden", ids.hidden)).toContain(facility);
    expect(await publicOf("admin", ids.hidden)).toContain(facility);
    // A visible member's listings still show.
    expect(await publicOf("anonymous", ids.owner)).toContain(facility);
  });
});

describe("a group's files", () => {
  let group: string;
  let image: { id: string; url: string };
  const boundary = "----hostfield-privacy";
  const get = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    const created = await users("POST", "/groups", "owner", {
      data: { name: "Private staff room", memberIds: [ids.manager, ids.member] },
    });
    expect(created.statusCode, created.body).toBe(201);
    group = created.json().data.id;
    await acceptGroupInvitations(users, group, ["manager", "member"]);
    const shared = await t.app.inject({
      method: "POST",
      url: `/user-mgmt/api/groups/${group}/images?${V}`,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.manager.access_token}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await png(30, 20),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(shared.statusCode, shared.body).toBe(201);
    image = shared.json().data;
  });

  const urlFor = async (who: TPerson) => {
    const res = await users("GET", `/groups/${group}/images/${image.id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.url as string;
  };

  it("are served to members through their own links, private and never stored", async () => {
    const res = await get(await urlFor("member"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("are refused without a valid link: unsigned, signed for someone else, or tampered", async () => {
    const url = new URL(await urlFor("member"), "http://x");
    expect((await get(url.pathname)).statusCode).toBe(404);
    const forged = new URL(url);
    forged.searchParams.set("u", ids.other);
    expect((await get(`${forged.pathname}${forged.search}`)).statusCode).toBe(404);
    const tampered = new URL(url);
    tampered.searchParams.set("e", String(Number(url.searchParams.get("e")) + 1));
    expect((await get(`${tampered.pathname}${tampered.search}`)).statusCode).toBe(404);
    // Outsiders get no link at all.
    expect((await users("GET", `/groups/${group}/images/${image.id}`, "other")).statusCode).toBe(
      404,
    );
  });

  it("are shared in messages with links signed for each reader", async () => {
    const posted = await users("POST", `/groups/${group}/messages`, "manager", {
      data: { body: `📎 plan.png ${image.url}` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const messages = (await users("GET", `/groups/${group}/messages`, "member")).json().data as {
      body: string;
    }[];
    const link = messages.at(-1)!.body.split(" ").at(-1)!;
    expect(new URL(link, "http://x").searchParams.get("u")).toBe(ids.member);
    expect((await get(link)).statusCode).toBe(200);
  });

  it("stop working for a member who is removed, at once", async () => {
    const link = await urlFor("member");
    expect((await get(link)).statusCode).toBe(200);
    const members = (await users("GET", `/groups/${group}/members`, "owner")).json().data as {
      id: string;
      user: { id: string };
    }[];
    const membership = members.find((m) => m.user.id === ids.member)!;
    expect(
      (await users("DELETE", `/groups/${group}/members/${membership.id}`, "owner")).statusCode,
    ).toBe(200);
    expect((await get(link)).statusCode).toBe(404);
  });
});

describe("adding someone to a listing", () => {
  const invite = (facilityId: string, who: TWho, data: Record<string, unknown>) =>
    fac("POST", `/${facilityId}/managers`, who, { data });
  const memberIds = async (facilityId: string) =>
    (
      (await fac("GET", `/${facilityId}/managers`, "owner")).json().data as { userId: string }[]
    ).map((m) => m.userId);
  const myInvitations = async (who: TPerson) =>
    ((await users("GET", "/invitations/my", who)).json().data as { id: string }[]).map((i) => i.id);
  const notificationsOf = async (who: TPerson) =>
    (await users("GET", `/users/${ids[who]}/notifications`, who)).json().data as {
      title: string;
      url: string;
      tags: string[];
      isOpened: boolean;
    }[];

  it("invites them: the reply names no address, and they join only when they accept", async () => {
    const facility = await facilityWithPeople("Invitation Hall", { member: "member" });
    const invited = await invite(facility, "owner", { userId: ids.other, role: "manager" });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json().data;
    expect(invitation).toMatchObject({
      profileId: facility,
      role: "manager",
      invitee: { userId: ids.other, name: "Other Person", email: null },
    });
    expect(invited.body).not.toContain("other@example.com");
    // Until they answer, the listing shows the invitation (to its managers), not the person.
    expect(await memberIds(facility)).not.toContain(ids.other);
    const pending = await fac("GET", `/${facility}/managers/invitations`, "owner");
    expect(pending.json().data.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
    expect((await fac("GET", `/${facility}/managers/invitations`, "member")).statusCode).toBe(403);
    expect((await fac("GET", `/${facility}/managers/invitations`, "other")).statusCode).toBe(403);
    // The invitee hears of it, with the page to answer it on.
    await t.app.events.settled();
    expect((await notificationsOf("other"))[0]).toMatchObject({
      title: "Owner Person invited you to Invitation Hall",
      url: invitationUrl(invitation.id),
      tags: ["invitation"],
      isOpened: false,
    });
    expect(await myInvitations("other")).toEqual([invitation.id]);
    // Nobody answers for them, not even the listing's owner.
    for (const who of ["owner", "member", "manager"] as const) {
      expect((await answer(who, invitation.id, "accept")).statusCode).toBe(404);
    }
    const accepted = await answer("other", invitation.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ answer: "accepted", profileId: facility });
    expect(await memberIds(facility)).toContain(ids.other);
    expect(await myInvitations("other")).toEqual([]);
    expect((await answer("other", invitation.id, "accept")).statusCode).toBe(404);
    // Answered, the notification that asked for the answer is no longer waiting.
    await t.app.events.settled();
    const asked = (await notificationsOf("other")).find(
      (n) => n.url === invitationUrl(invitation.id),
    );
    expect(asked).toMatchObject({ isOpened: true });
  });

  it("is declined by the invitee, or taken back by the listing's managers, adding nobody", async () => {
    const facility = await facilityWithPeople("Declined Hall", {
      manager: "manager",
      member: "member",
    });
    const first = (await invite(facility, "owner", { userId: ids.other, role: "member" })).json()
      .data;
    expect((await answer("member", first.id, "decline")).statusCode).toBe(404);
    const declined = await answer("other", first.id, "decline");
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ answer: "declined", memberId: null });
    expect((await answer("other", first.id, "accept")).statusCode).toBe(404);
    expect(await memberIds(facility)).not.toContain(ids.other);

    const second = (await invite(facility, "owner", { email: "other@example.com" })).json().data;
    const takeBack = (who: TWho) =>
      fac("DELETE", `/${facility}/managers/invitations/${second.id}`, who);
    expect((await takeBack("member")).statusCode).toBe(403);
    expect((await takeBack("manager")).statusCode).toBe(200);
    expect((await answer("other", second.id, "accept")).statusCode).toBe(404);
    expect(await memberIds(facility)).not.toContain(ids.other);
  });

  it("by e-mail answers alike whether an account has the address or not", async () => {
    const facility = await facilityWithPeople("Enumeration Hall");
    // Earlier tests' mail is out before counting.
    await t.app.events.settled();
    await t.app.jobs.idle(["notifications.email"]);
    const mailsBefore = await mailCount(t.app.db, "other@example.com");
    const known = await invite(facility, "owner", { email: "Other@Example.com", role: "member" });
    const unknown = await invite(facility, "owner", { email: "stranger@example.com" });
    expect(known.statusCode, known.body).toBe(201);
    expect(unknown.statusCode).toBe(known.statusCode);
    const shape = (body: { data: Record<string, unknown> }) => {
      const { id: _id, createdDate: _date, invitee, ...rest } = body.data;
      return { ...rest, invitee: { ...(invitee as object), email: "…" } };
    };
    expect(shape(unknown.json())).toEqual(shape(known.json()));
    expect(known.json().data.invitee).toEqual({
      userId: null,
      name: null,
      email: "other@example.com",
    });
    // The address without an account is asked to sign up; the account holder is notified, and
    // mailed the invitation to answer (not asked to sign up).
    await t.app.events.settled();
    await t.app.jobs.idle(["notifications.email"]);
    const mail = await lastMailTo(t.app.db, "stranger@example.com");
    expect(mail.subject).toBe("You are invited to Enumeration Hall on Hostfield");
    expect(mail.text).toContain("Sign up with this e-mail address");
    expect(mail.text).toContain("http://hostfield.test/account");
    expect(await mailCount(t.app.db, "other@example.com")).toBe(mailsBefore + 1);
    const toHolder = await lastMailTo(t.app.db, "other@example.com");
    expect(toHolder.subject).toMatch(/invited you to Enumeration Hall$/);
    expect(toHolder.text).not.toContain("Sign up");
    expect(toHolder.text).toContain(`/account?invitation=${known.json().data.id}`);
    expect(await myInvitations("other")).toContain(known.json().data.id);
  });

  it("names a hidden invitee to nobody but themselves and admins", async () => {
    const facility = await facilityWithPeople("Hidden Invitee Hall");
    const invited = await invite(facility, "owner", { userId: ids.hidden, role: "member" });
    expect(invited.statusCode, invited.body).toBe(201);
    const anonymous = { userId: null, name: "Hidden user", email: null };
    expect(invited.json().data.invitee).toEqual(anonymous);
    const pending = (await fac("GET", `/${facility}/managers/invitations`, "owner")).json().data;
    expect(pending.map((i: { invitee: unknown }) => i.invitee)).toEqual([anonymous]);
    const adminView = (await fac("GET", `/${facility}/managers/invitations`, "admin")).json().data;
    expect(adminView[0].invitee).toMatchObject({ userId: ids.hidden });
    const own = (await users("GET", "/invitations/my", "hidden")).json().data;
    expect(own[0].invitee).toMatchObject({ userId: ids.hidden });
  });

  it("by e-mail sends an address without an account one sign-up mail, however often it is invited", async () => {
    const facility = await facilityWithPeople("Flood Hall");
    for (let n = 0; n < 10; n++) {
      const invited = await invite(facility, "owner", { email: "flooded@example.com" });
      expect(invited.statusCode, invited.body).toBe(201);
    }
    await t.app.events.settled();
    expect(await mailCount(t.app.db, "flooded@example.com")).toBe(1);
  });

  it("by e-mail waits for whoever signs up with that address", async () => {
    const facility = await facilityWithPeople("Sign-up Hall");
    const invited = (await invite(facility, "owner", { email: "late@example.com" })).json().data;
    // The sign-up invitation goes out first, so the verification mail is the last one there.
    await t.app.events.settled();
    expect((await lastMailTo(t.app.db, "late@example.com")).subject).toBe(
      "You are invited to Sign-up Hall on Hostfield",
    );
    await signUpAndVerify(t.app, t.app.db, {
      name: "Late Person",
      email: "late@example.com",
      password: PASSWORD,
    });
    const late = await signIn(t.app, "late@example.com", PASSWORD);
    const as = (method: TMethod, route: string) =>
      t.app.inject({
        method,
        url: `/user-mgmt/api${route}?${V}`,
        headers: { authorization: `Bearer ${late.access_token}` },
      });
    const mine = (await as("GET", "/invitations/my")).json().data;
    expect(mine).toMatchObject([{ id: invited.id, profile: { name: "Sign-up Hall" } }]);
    expect((await answer("other", invited.id, "accept")).statusCode).toBe(404);
    expect((await as("POST", `/invitations/${invited.id}/accept`)).statusCode).toBe(200);
    const lateId = (await as("GET", "/users/my")).json().data.id;
    expect(await memberIds(facility)).toContain(lateId);
  });
});
