// Stories over http on the embedded database: who writes, changes, sends, approves and reads them
// (the permission matrix of every route), the published list with its filters and paging, slugs
// that outlive a new title, Markdown rendered and sanitized against hostile input, bad input
// answered 4xx with a code, and the story report counting its views.
import { XSS_PAYLOADS, xssFindings } from "@hostfield/domain/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollupDays } from "../src/modules/reports/rollup";
import { codeOf, expectCallers, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient, type TMethod } from "./profile-client";
import { BROWSER_UA } from "./reports-tracking-fixture";
import { png } from "./upload-fixtures";

const PEOPLE = ["destmgr", "facmgr", "orgmgr", "hotelier", "other", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";
const CALLERS: readonly TWho[] = [...PEOPLE, "anonymous"];
const kind = (k: string) => KIND_DESCRIPTORS.find((d) => d.kind === k)!;

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, createListing } = profileClient(
  () => t.app,
  () => tokens,
);

const auth = (who: TWho): Record<string, string> =>
  who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` };

function api(method: TMethod, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/story-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: auth(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const L = { destination: "", facility: "", organization: "", hotel: "", pendingDestination: "" };

async function listed(k: string, name: string, who: TPerson, approve = true) {
  const { id } = await createListing(kind(k), name, who);
  if (approve) await ok(await call(kind(k), "PUT", `/${id}/approve`, "admin"));
  return id;
}

/** A story by `who` about `listingIds`; approved by an admin when asked. */
async function story(
  who: TPerson,
  data: Record<string, unknown>,
  options: { approve?: boolean } = {},
): Promise<{ id: string; slug: string }> {
  const body = await ok(
    await api("POST", "/stories", who, {
      data: { listingIds: [L.destination], ...data },
    }),
    201,
  );
  if (options.approve) await ok(await api("PUT", `/stories/${body.data.id}/approve`, "admin"));
  return body.data;
}

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  L.destination = await listed("destination", "Visit Indy", "destmgr");
  L.facility = await listed("facility", "Hardwood Hall", "facmgr");
  L.organization = await listed("organization", "Midwest Volleyball", "orgmgr");
  L.hotel = await listed("hotel", "Canal Inn", "hotelier");
  L.pendingDestination = await listed("destination", "Quiet Town", "other", false);
}, 180_000);
afterAll(() => t?.close());

describe("who may write a story", () => {
  it("admins, and managers of a destination, facility or organization it is about", async () => {
    const about: Record<TWho, string[]> = {
      destmgr: [L.destination],
      facmgr: [L.facility],
      orgmgr: [L.organization],
      hotelier: [L.hotel],
      other: [L.destination],
      admin: [],
      anonymous: [L.destination],
    };
    await expectCallers(CALLERS, ["destmgr", "facmgr", "orgmgr", "admin"], (who) =>
      api("POST", "/stories", who, { data: { title: "Our courts", listingIds: about[who] } }),
    );
  });

  it("refuses a manager's story that names none of their own listings with 403 STORY_LISTING_REQUIRED", async () => {
    const none = await api("POST", "/stories", "destmgr", { data: { title: "About nothing" } });
    expect(none.statusCode).toBe(403);
    expect(codeOf(none)).toBe("STORY_LISTING_REQUIRED");
    const hotelOnly = await api("POST", "/stories", "hotelier", {
      data: { title: "Our rooms", listingIds: [L.hotel] },
    });
    expect(codeOf(hotelOnly)).toBe("STORY_LISTING_REQUIRED");
  });

  it("lets a manager name other listed listings beside their own, but not someone's pending one", async () => {
    const both = await story("destmgr", {
      title: "Indy and its hall",
      listingIds: [L.destination, L.facility],
    });
    const read = await ok(await api("GET", `/stories/${both.id}`, "destmgr"));
    expect(read.data.listings.map((l: { name: string }) => l.name)).toEqual([
      "Visit Indy",
      "Hardwood Hall",
    ]);
    const pending = await api("POST", "/stories", "destmgr", {
      data: { title: "Quiet", listingIds: [L.destination, L.pendingDestination] },
    });
    expect(pending.statusCode).toBe(400);
    expect(codeOf(pending)).toBe("VALIDATION_FAILED");
    expect(pending.json().error.details.issues[0].path).toBe("listingIds.1");
  });
});

describe("who may read, change, send, approve and delete a story", () => {
  let draft = { id: "", slug: "" };
  beforeAll(async () => {
    draft = await story("destmgr", { title: "A draft of ours" });
  });

  it("a draft is read by its author and admins; 404 for everyone else, by id and by slug", async () => {
    await expectCallers(
      CALLERS,
      ["destmgr", "admin"],
      (who) => api("GET", `/stories/${draft.id}`, who),
      { anonymousRefused: "refused" },
    );
    await expectCallers(
      CALLERS,
      ["destmgr", "admin"],
      (who) => api("GET", `/stories/slug/${draft.slug}`, who),
      { anonymousRefused: "refused" },
    );
    const hidden = await api("GET", `/stories/slug/${draft.slug}`, "other");
    expect(hidden.statusCode).toBe(404);
  });

  it("a published story is read by anyone", async () => {
    const published = await story("destmgr", { title: "Read by all" }, { approve: true });
    await expectCallers(CALLERS, CALLERS, (who) => api("GET", `/stories/${published.id}`, who));
    await expectCallers(CALLERS, CALLERS, (who) =>
      api("GET", `/stories/slug/${published.slug}`, who),
    );
  });

  it("its author and admins change it; the rest are refused", async () => {
    await expectCallers(CALLERS, ["destmgr", "admin"], (who) =>
      api("PATCH", `/stories/${draft.id}`, who, [
        { op: "replace", path: "/summary", value: `Changed by ${who}` },
      ]),
    );
  });

  it("its author and admins send it for approval (once: then 409 STORY_NOT_DRAFT)", async () => {
    let id = "";
    await expectCallers(
      CALLERS,
      ["destmgr", "admin"],
      (who) => api("POST", `/stories/${id}/submit`, who),
      {
        prepare: async () => {
          id = (await story("destmgr", { title: "To send" })).id;
        },
      },
    );
    const once = (await story("destmgr", { title: "Sent twice" })).id;
    await ok(await api("POST", `/stories/${once}/submit`, "destmgr"));
    const again = await api("POST", `/stories/${once}/submit`, "destmgr");
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("STORY_NOT_DRAFT");
  });

  it("only admins approve", async () => {
    let id = "";
    await expectCallers(CALLERS, ["admin"], (who) => api("PUT", `/stories/${id}/approve`, who), {
      prepare: async () => {
        id = (await story("destmgr", { title: "To approve" })).id;
        await ok(await api("POST", `/stories/${id}/submit`, "destmgr"));
      },
    });
  });

  it("its author and admins delete it", async () => {
    let id = "";
    const deleted: string[] = [];
    await expectCallers(
      CALLERS,
      ["destmgr", "admin"],
      async (who) => {
        const res = await api("DELETE", `/stories/${id}`, who);
        if (res.statusCode === 200) deleted.push(id);
        return res;
      },
      {
        prepare: async () => {
          id = (await story("destmgr", { title: "To delete" })).id;
        },
      },
    );
    expect(deleted).toHaveLength(2);
    for (const gone of deleted) {
      expect((await api("GET", `/stories/${gone}`, "admin")).statusCode).toBe(404);
    }
  });

  it("a published story's non-authors are refused changes with 403, not 404", async () => {
    const published = await story("destmgr", { title: "Seen but not mine" }, { approve: true });
    const res = await api("PATCH", `/stories/${published.id}`, "facmgr", [
      { op: "replace", path: "/title", value: "Mine now" },
    ]);
    expect(res.statusCode).toBe(403);
  });

  it("my stories, the preview and image uploads are for signed-in callers", async () => {
    await expectCallers(CALLERS, PEOPLE, (who) => api("GET", "/stories/mine", who));
    await expectCallers(CALLERS, PEOPLE, (who) =>
      api("POST", "/stories/preview", who, { data: { body: "**hi**" } }),
    );
    const boundary = "----hostfield-stories";
    const image = await png(64, 36);
    await expectCallers(CALLERS, PEOPLE, (who) =>
      t.app.inject({
        method: "POST",
        url: `/story-mgmt/api/stories/images?${V}`,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...auth(who) },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          image,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      }),
    );
  });
});

describe("the way to publication", () => {
  it("draft, sent, approved: listed only once approved, dated then; admins find it waiting", async () => {
    const s = await story("orgmgr", {
      title: "Approval walk",
      listingIds: [L.organization],
      tags: ["approval-walk"],
    });
    const listedNow = async () =>
      (await ok(await api("GET", "/stories?tags=approval-walk", "anonymous"))).data.count;
    expect(await listedNow()).toBe(0);
    const sent = await ok(await api("POST", `/stories/${s.id}/submit`, "orgmgr"));
    expect(sent.data.status).toBe("pending");
    expect(sent.data.publishedDate).toBeNull();
    expect(await listedNow()).toBe(0);
    const waiting = await ok(await api("GET", "/stories/mine", "admin"));
    expect(waiting.data.map((w: { id: string }) => w.id)).toContain(s.id);
    const notWaitingForOthers = await ok(await api("GET", "/stories/mine", "destmgr"));
    expect(notWaitingForOthers.data.map((w: { id: string }) => w.id)).not.toContain(s.id);

    const before = Date.now();
    const approved = await ok(await api("PUT", `/stories/${s.id}/approve`, "admin"));
    expect(approved.data.status).toBe("approved");
    expect(Date.parse(approved.data.publishedDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(await listedNow()).toBe(1);
    // One-way: approving again changes nothing.
    const again = await ok(await api("PUT", `/stories/${s.id}/approve`, "admin"));
    expect(again.data.publishedDate).toBe(approved.data.publishedDate);
  });
});

describe("a published story's changes wait for approval", () => {
  type TStoryReply = {
    title: string;
    body: string;
    bodyHtml: string;
    status: string;
    listingIds: string[];
    author: { id: string } | null;
    revision?: {
      id: string;
      title: string;
      body: string;
      bodyHtml: string;
      listingIds: string[];
    } | null;
    revisionRejection?: { reason: string } | null;
  };
  const read = async (id: string, who: TWho): Promise<TStoryReply> =>
    (await ok(await api("GET", `/stories/${id}`, who))).data;
  const edit = async (id: string, who: TWho, title: string, body: string) =>
    (
      await ok(
        await api("PATCH", `/stories/${id}`, who, [
          { op: "replace", path: "/title", value: title },
          { op: "replace", path: "/body", value: body },
        ]),
      )
    ).data as TStoryReply;
  const approveChanges = (id: string, revisionId: string, who: TWho = "admin") =>
    api("PUT", `/stories/${id}/revision/approve`, who, { data: { revisionId } });
  const rejectChanges = (id: string, revisionId: string, reason: string, who: TWho = "admin") =>
    api("POST", `/stories/${id}/revision/reject`, who, { data: { revisionId, reason } });
  /** A published story of destmgr's with changes of theirs waiting; its waiting changes' id. */
  async function withChanges(
    title: string,
  ): Promise<{ id: string; slug: string; revisionId: string }> {
    const s = await story("destmgr", { title, body: "The approved words." }, { approve: true });
    const changed = await edit(s.id, "destmgr", `${title}, changed`, "Words nobody approved.");
    return { ...s, revisionId: changed.revision!.id };
  }

  it("keeps the approved version public while the author's edit waits, and shows the edit to its author only", async () => {
    const s = await story(
      "destmgr",
      { title: "Probe approved", body: "Approved **body**.", tags: ["probe-h3"] },
      { approve: true },
    );
    const mine = await edit(s.id, "destmgr", "Buy cheap pills", "Anything **at all**.");
    expect(mine.status).toBe("approved");
    expect(mine.title).toBe("Probe approved");
    expect(mine.revision?.title).toBe("Buy cheap pills");
    expect(mine.revision?.bodyHtml).toContain("<strong>at all</strong>");

    for (const who of ["anonymous", "other", "facmgr"] as const) {
      const seen = await read(s.id, who);
      expect(seen.title).toBe("Probe approved");
      expect(seen.bodyHtml).toContain("<strong>body</strong>");
      expect(seen.status).toBe("approved");
      expect(seen).not.toHaveProperty("revision");
      expect(seen).not.toHaveProperty("revisionRejection");
    }
    const bySlug = (await ok(await api("GET", `/stories/slug/${s.slug}`, "anonymous"))).data;
    expect(bySlug.title).toBe("Probe approved");
    expect(bySlug).not.toHaveProperty("revision");
    const listed = await ok(await api("GET", "/stories?tags=probe-h3", "anonymous"));
    expect(listed.data.posts.map((p: { title: string }) => p.title)).toEqual(["Probe approved"]);

    const authorRead = await read(s.id, "destmgr");
    expect(authorRead.revision?.title).toBe("Buy cheap pills");
    expect(authorRead.revision?.body).toBe("Anything **at all**.");
    const adminRead = await read(s.id, "admin");
    expect(adminRead.revision?.title).toBe("Buy cheap pills");
    const myList = await ok(await api("GET", "/stories/mine", "destmgr"));
    const item = myList.data.find((m: { id: string }) => m.id === s.id);
    expect(item.title).toBe("Probe approved");
    expect(item.revisionDate).toEqual(expect.any(String));
    const adminList = await ok(await api("GET", "/stories/mine", "admin"));
    expect(adminList.data.map((m: { id: string }) => m.id)).toContain(s.id);
  });

  it("a second edit replaces the waiting changes (the patch applies to them), and an edit back to the published story leaves none", async () => {
    const s = await withChanges("Edited twice");
    const second = (
      await ok(
        await api("PATCH", `/stories/${s.id}`, "destmgr", [
          { op: "replace", path: "/body", value: "Second thoughts." },
        ]),
      )
    ).data as TStoryReply;
    expect(second.revision?.title).toBe("Edited twice, changed");
    expect(second.revision?.body).toBe("Second thoughts.");
    expect(second.revision?.id).not.toBe(s.revisionId);
    const waiting = await ok(await api("GET", "/stories/revisions", "admin"));
    expect(waiting.data.filter((w: { id: string }) => w.id === s.id)).toHaveLength(1);

    const back = await edit(s.id, "destmgr", "Edited twice", "The approved words.");
    expect(back.revision).toBeNull();
    const after = await ok(await api("GET", "/stories/revisions", "admin"));
    expect(after.data.map((w: { id: string }) => w.id)).not.toContain(s.id);
  });

  it("an admin approves the changes they read: readers see them, approved by that admin", async () => {
    const s = await withChanges("To be improved");
    const queue = await ok(await api("GET", "/stories/revisions", "admin"));
    const item = queue.data.find((w: { id: string }) => w.id === s.id) as TStoryReply;
    // Current and proposed side by side.
    expect(item.title).toBe("To be improved");
    expect(item.body).toBe("The approved words.");
    expect(item.revision?.title).toBe("To be improved, changed");
    expect(item.revision?.body).toBe("Words nobody approved.");

    const before = (await read(s.id, "anonymous")) as TStoryReply & { publishedDate: string };
    const approved = (await ok(await approveChanges(s.id, s.revisionId))).data as TStoryReply;
    expect(approved.revision).toBeNull();
    const now = (await read(s.id, "anonymous")) as TStoryReply & { publishedDate: string };
    expect(now.title).toBe("To be improved, changed");
    expect(now.bodyHtml).toContain("Words nobody approved.");
    expect(now.status).toBe("approved");
    // Its place in the list (first published) stays; its approval is this one.
    expect(now.publishedDate).toBe(before.publishedDate);
    const row = (
      await t.database.pool.query(
        "select approved_by, approved_date, published_date, revision from stories where id = $1",
        [s.id],
      )
    ).rows[0];
    const admin = await t.database.pool.query("select id from users where email = $1", [
      "admin@example.com",
    ]);
    expect(row.approved_by).toBe(admin.rows[0].id);
    expect(new Date(row.approved_date).getTime()).toBeGreaterThan(
      new Date(row.published_date).getTime(),
    );
    expect(row.revision).toBeNull();

    const none = await approveChanges(s.id, s.revisionId);
    expect(none.statusCode).toBe(409);
    expect(codeOf(none)).toBe("STORY_NO_REVISION");
  });

  it("refuses to publish changes the author replaced after the admin read them (409 STORY_REVISION_CHANGED)", async () => {
    const s = await withChanges("Switched under review");
    await edit(s.id, "destmgr", "Switched under review", "Something else entirely.");
    const stale = await approveChanges(s.id, s.revisionId);
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe("STORY_REVISION_CHANGED");
    expect((await read(s.id, "anonymous")).bodyHtml).toContain("The approved words.");
    const staleRefusal = await rejectChanges(s.id, s.revisionId, "No.");
    expect(codeOf(staleRefusal)).toBe("STORY_REVISION_CHANGED");
  });

  it("an admin refuses the changes with a reason: readers keep the story, the changes go, the author is told", async () => {
    const s = await withChanges("Refused changes");
    const refused = (
      await ok(await rejectChanges(s.id, s.revisionId, "Keep it about the event, please."))
    ).data as TStoryReply;
    expect(refused.revision).toBeNull();
    const publicRead = await read(s.id, "anonymous");
    expect(publicRead.title).toBe("Refused changes");
    expect(publicRead.bodyHtml).toContain("The approved words.");
    expect(publicRead).not.toHaveProperty("revisionRejection");

    const authorRead = await read(s.id, "destmgr");
    expect(authorRead.revision).toBeNull();
    expect(authorRead.revisionRejection?.reason).toBe("Keep it about the event, please.");
    // The author is notified, with the reason and a link to the story.
    await t.app.events.settled();
    const inbox = await t.app.inject({
      url: `/user-mgmt/api/users/${authorRead.author!.id}/notifications?${V}`,
      headers: auth("destmgr"),
    });
    const told = (inbox.json().data as { title: string; contents: string; url: string }[]).filter(
      (n) => n.title === 'Your changes to "Refused changes" were not approved',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.contents).toContain("Keep it about the event, please.");
    expect(told[0]!.url).toBe(`/stories/${s.slug}`);
    // Their next edit has read it: the reason goes.
    const again = await edit(s.id, "destmgr", "Refused changes", "Back to the event.");
    expect(again.revisionRejection).toBeNull();
    expect(again.revision?.body).toBe("Back to the event.");

    const blank = await rejectChanges(s.id, again.revision!.id, "   ");
    expect(blank.statusCode).toBe(400);
    expect(codeOf(blank)).toBe("VALIDATION_FAILED");
  });

  it("an admin's own edit of a published story is public at once", async () => {
    const s = await story("destmgr", { title: "Fixed by an admin" }, { approve: true });
    const edited = await edit(s.id, "admin", "Fixed by an admin, typo gone", "Clean words.");
    expect(edited.revision).toBeNull();
    const seen = await read(s.id, "anonymous");
    expect(seen.title).toBe("Fixed by an admin, typo gone");
    expect(seen.bodyHtml).toContain("Clean words.");
  });

  it("an edit of a story sent for approval changes it at once, as before", async () => {
    const s = await story("destmgr", { title: "Not yet published" });
    await ok(await api("POST", `/stories/${s.id}/submit`, "destmgr"));
    const edited = await edit(s.id, "destmgr", "Not yet published, better", "Better.");
    expect(edited.title).toBe("Not yet published, better");
    expect(edited.revision).toBeNull();
  });

  it("the listings a story is about wait too", async () => {
    const s = await story("destmgr", { title: "About more places" }, { approve: true });
    const changed = (
      await ok(
        await api("PATCH", `/stories/${s.id}`, "destmgr", [
          { op: "add", path: "/listingIds/-", value: L.facility },
        ]),
      )
    ).data as TStoryReply;
    expect(changed.revision?.listingIds).toEqual([L.destination, L.facility]);
    expect((await read(s.id, "anonymous")).listingIds).toEqual([L.destination]);
    await ok(await approveChanges(s.id, changed.revision!.id));
    expect((await read(s.id, "anonymous")).listingIds).toEqual([L.destination, L.facility]);
  });

  it("only admins list, approve and refuse waiting changes; the author cannot approve their own", async () => {
    await expectCallers(CALLERS, ["admin"], (who) => api("GET", "/stories/revisions", who));
    let s = { id: "", slug: "", revisionId: "" };
    const prepare = async () => {
      s = await withChanges("Permission matrix");
    };
    await expectCallers(CALLERS, ["admin"], (who) => approveChanges(s.id, s.revisionId, who), {
      prepare,
    });
    await expectCallers(CALLERS, ["admin"], (who) => rejectChanges(s.id, s.revisionId, "No", who), {
      prepare,
    });
    const own = await withChanges("Self-approval");
    const self = await approveChanges(own.id, own.revisionId, "destmgr");
    expect(self.statusCode).toBe(403);
    expect((await read(own.id, "anonymous")).title).toBe("Self-approval");
  });

  it("its author (and admins) withdraw the waiting changes; nobody else, and 409 with none", async () => {
    let s = { id: "", slug: "", revisionId: "" };
    await expectCallers(
      CALLERS,
      ["destmgr", "admin"],
      (who) => api("DELETE", `/stories/${s.id}/revision`, who),
      {
        prepare: async () => {
          s = await withChanges("Taken back");
        },
      },
    );
    s = await withChanges("Taken back");
    await ok(await api("DELETE", `/stories/${s.id}/revision`, "destmgr"));
    const withdrawn = await read(s.id, "destmgr");
    expect(withdrawn.revision).toBeNull();
    expect(withdrawn.title).toBe("Taken back");
    const none = await api("DELETE", `/stories/${s.id}/revision`, "destmgr");
    expect(none.statusCode).toBe(409);
    expect(codeOf(none)).toBe("STORY_NO_REVISION");
  });
});

describe("slugs", () => {
  it("come from the title, stay when the title changes, and differ for the same title", async () => {
    const first = await story("destmgr", { title: "How Indianapolis hosted 600 volleyball teams" });
    expect(first.slug).toBe("how-indianapolis-hosted-600-volleyball-teams");
    const renamed = await ok(
      await api("PATCH", `/stories/${first.id}`, "destmgr", [
        { op: "replace", path: "/title", value: "How Indy hosted 640 volleyball teams" },
      ]),
    );
    expect(renamed.data.title).toBe("How Indy hosted 640 volleyball teams");
    expect(renamed.data.slug).toBe("how-indianapolis-hosted-600-volleyball-teams");
    const byOldSlug = await ok(
      await api("GET", "/stories/slug/how-indianapolis-hosted-600-volleyball-teams", "destmgr"),
    );
    expect(byOldSlug.data.id).toBe(first.id);

    const second = await story("facmgr", {
      title: "How Indianapolis hosted 600 volleyball teams",
      listingIds: [L.facility],
    });
    const third = await story("admin", { title: "How Indianapolis hosted 600 volleyball teams!" });
    expect(second.slug).toBe("how-indianapolis-hosted-600-volleyball-teams-2");
    expect(third.slug).toBe("how-indianapolis-hosted-600-volleyball-teams-3");
  });

  it("does not let a patch change the slug", async () => {
    const s = await story("destmgr", { title: "Fixed address" });
    const res = await api("PATCH", `/stories/${s.id}`, "destmgr", [
      { op: "replace", path: "/slug", value: "elsewhere" },
    ]);
    expect(res.statusCode).toBe(400);
    expect((await ok(await api("GET", `/stories/${s.id}`, "destmgr"))).data.slug).toBe(
      "fixed-address",
    );
  });
});

describe("the published list", () => {
  const titles = (body: { data: { posts: { title?: string }[] } }) =>
    body.data.posts.map((p) => p.title);
  beforeAll(async () => {
    // Approved one after another, so the newest published comes first.
    for (const [title, categories, tags] of [
      ["List one", ["Event recaps"], ["list-test", "volleyball"]],
      ["List two", ["Venue guides"], ["list-test", "hardwood"]],
      ["List three", ["Venue guides", "Planning tips"], ["list-test"]],
      ["List four", ["Destination spotlights"], ["list-test", "volleyball"]],
      ["List five", ["Event recaps"], ["list-test"]],
    ] as const) {
      await story("destmgr", { title, categories, tags }, { approve: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await story("destmgr", { title: "List draft", tags: ["list-test"] });
  });

  it("pages the published stories newest first with number and offset, and counts them all", async () => {
    const first = await ok(await api("GET", "/stories?tags=list-test&number=2", "anonymous"));
    expect(titles(first)).toEqual(["List five", "List four"]);
    expect(first.data.count).toBe(5);
    const last = await ok(
      await api("GET", "/stories?tags=list-test&number=2&offset=4", "anonymous"),
    );
    expect(titles(last)).toEqual(["List one"]);
    expect(last.data.posts[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("filters by any of the categories and any of the tags", async () => {
    const venues = await ok(
      await api("GET", "/stories?tags=list-test&categories=Venue%20guides", "anonymous"),
    );
    expect(titles(venues)).toEqual(["List three", "List two"]);
    const two = await ok(
      await api(
        "GET",
        "/stories?tags=list-test&categories=Planning%20tips,Destination%20spotlights",
        "anonymous",
      ),
    );
    expect(titles(two)).toEqual(["List four", "List three"]);
    const tagged = await ok(await api("GET", "/stories?tags=volleyball,hardwood", "anonymous"));
    expect(titles(tagged)).toEqual(["List four", "List two", "List one"]);
  });

  it("narrows each story to the asked fields, id always", async () => {
    const body = await ok(
      await api("GET", "/stories?tags=list-test&number=1&fields=title,slug", "anonymous"),
    );
    expect(body.data.posts).toEqual([
      { id: expect.any(String), title: "List five", slug: "list-five" },
    ]);
  });

  it.each([
    ["number=0", "number"],
    ["number=51", "number"],
    ["offset=-1", "offset"],
    ["categories=Gossip", "categories"],
    ["fields=body", "fields"],
    ["tags=%3Cscript%3E", "tags"],
  ])("refuses %s with 400 VALIDATION_FAILED naming it", async (query, name) => {
    const res = await api("GET", `/stories?${query}`, "anonymous");
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe("VALIDATION_FAILED");
    expect(res.json().error.message).toContain(name);
  });
});

describe("bad input", () => {
  it.each([
    ["no title", { title: "" }],
    ["a title too long", { title: "x".repeat(141) }],
    ["an unknown category", { title: "Fine", categories: ["Gossip"] }],
    ["a cover image from anywhere", { title: "Fine", coverImage: "javascript:alert(1)" }],
    ["a listing id that is no id", { title: "Fine", listingIds: ["nope"] }],
    ["a tag with markup", { title: "Fine", tags: ["<b>"] }],
  ])("refuses %s with 400 VALIDATION_FAILED", async (_label, data) => {
    const res = await api("POST", "/stories", "admin", { data });
    expect(res.statusCode, res.body).toBe(400);
    expect(codeOf(res)).toBe("VALIDATION_FAILED");
    expect(res.json().error.message.length).toBeGreaterThan(5);
  });

  it("refuses a listing that does not exist with 400 naming it", async () => {
    const res = await api("POST", "/stories", "admin", {
      data: { title: "Ghost", listingIds: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues[0].path).toBe("listingIds.0");
  });

  it("refuses a patch that breaks the story, or an operation that is not one, leaving it as it was", async () => {
    const s = await story("destmgr", { title: "Unbroken" });
    const broken = await api("PATCH", `/stories/${s.id}`, "destmgr", [
      { op: "replace", path: "/title", value: "" },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(codeOf(broken)).toBe("VALIDATION_FAILED");
    const bogus = await api("PATCH", `/stories/${s.id}`, "destmgr", [{ op: "merge", path: "/x" }]);
    expect(bogus.statusCode).toBe(400);
    expect(codeOf(bogus)).toBe("OPERATION_OP_INVALID");
    expect((await ok(await api("GET", `/stories/${s.id}`, "destmgr"))).data.title).toBe("Unbroken");
  });

  it("answers 400 for an id that is no id and 404 for one that is no story", async () => {
    expect((await api("GET", "/stories/not-an-id", "anonymous")).statusCode).toBe(400);
    const missing = await api("GET", "/stories/00000000-0000-4000-8000-000000000000", "admin");
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe("NOT_FOUND");
  });
});

describe("Markdown, rendered and sanitized", () => {
  it("renders headings, emphasis, lists, links and images; links get rel=noopener nofollow ugc", async () => {
    const s = await story(
      "destmgr",
      {
        title: "Rendered",
        body: "# Big day\n\nSix **hardwood** courts:\n\n- one\n- two\n\n[Visit](https://visitindy.example/teams) ![Courts](/media/stories/x.png)",
      },
      { approve: true },
    );
    const html = (await ok(await api("GET", `/stories/${s.id}`, "anonymous"))).data.bodyHtml;
    expect(html).toContain("<h2>Big day</h2>");
    expect(html).toContain("<strong>hardwood</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain(
      '<a href="https://visitindy.example/teams" rel="noopener nofollow ugc">Visit</a>',
    );
    expect(html).toContain('<img src="/media/stories/x.png" alt="Courts" />');
  });

  it("gives a picture written as raw HTML without a text alternative an empty one", async () => {
    const s = await story(
      "destmgr",
      { title: "No alt", body: 'Look: <img src="/media/stories/y.png">' },
      { approve: true },
    );
    const html = (await ok(await api("GET", `/stories/${s.id}`, "anonymous"))).data.bodyHtml;
    expect(html).toContain('<img src="/media/stories/y.png" alt="" />');
  });

  it.each(XSS_PAYLOADS.map((p) => [p.name, p.markdown]))(
    "stores %s inert, read through the API by anyone",
    async (name, markdown) => {
      const s = await story(
        "destmgr",
        { title: `Hostile: ${name}`, body: `Before\n\n${markdown}\n\nAfter` },
        { approve: true },
      );
      for (const res of [
        await api("GET", `/stories/${s.id}`, "anonymous"),
        await api("GET", `/stories/slug/${s.slug}`, "other"),
      ] as LightMyRequestResponse[]) {
        const { bodyHtml, body } = (await ok(res)).data;
        expect(xssFindings(bodyHtml)).toEqual([]);
        expect(bodyHtml).toContain("Before");
        expect(bodyHtml).toContain("After");
        // The Markdown as written is kept for its editor.
        expect(body).toContain(markdown);
      }
    },
  );

  it("makes a missing summary from the body's words, as text", async () => {
    const s = await story("destmgr", {
      title: "Summarised",
      body: "## Big & bold\n\nSix **courts** <b>near</b> the <river>",
    });
    const read = await ok(await api("GET", `/stories/${s.id}`, "destmgr"));
    expect(read.data.summary).toBe("Big & bold Six courts near the");
  });

  it("previews what a story would show, sanitized the same way", async () => {
    const all = XSS_PAYLOADS.map((p) => p.markdown).join("\n\n");
    const body = await ok(await api("POST", "/stories/preview", "other", { data: { body: all } }));
    expect(xssFindings(body.data.bodyHtml)).toEqual([]);
  });
});

describe("the story report", () => {
  it("counts a story's views and visitors; its author and admins read it, others may not; deleted, they go", async () => {
    const s = await story("destmgr", { title: "Counted" }, { approve: true });
    const day = new Date().toISOString().slice(0, 10);
    const send = (ip: string, n: number) =>
      t.app.inject({
        method: "POST",
        url: `/report-mgmt/api/track?${V}`,
        remoteAddress: ip,
        headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
        payload: JSON.stringify({
          data: {
            batchId: crypto.randomUUID(),
            events: Array.from({ length: n }, () => ({ type: "view", kind: "story", id: s.id })),
          },
        }),
      });
    // Three visitors, one view each: a visitor's repeated views of a day count once (the
    // reports' own tests say so); this one is about a story being counted at all.
    expect((await send("203.0.113.7", 1)).statusCode).toBeLessThan(300);
    expect((await send("198.51.100.9", 1)).statusCode).toBeLessThan(300);
    expect((await send("192.0.2.44", 1)).statusCode).toBeLessThan(300);
    await rollupDays(t.app.db, day, day, { today: day, rawDays: 90 });

    const url = `/report-mgmt/api/stories/${s.id}/profile?startDate=${day}&endDate=${day}&${V}`;
    const report = await ok(await t.app.inject({ url, headers: auth("destmgr") }));
    const kpi = (metric: string) =>
      report.data.kpis.find((k: { metric: string }) => k.metric === metric)?.total;
    expect(report.data.subject).toEqual({ id: s.id, kind: "story", name: "Counted" });
    // Views count visitors (issue 48): `visitors` is no figure of its own any more.
    expect(kpi("views")).toBe(3);

    await expectCallers(CALLERS, ["destmgr", "admin"], (who) =>
      t.app.inject({ url, headers: auth(who) }),
    );

    // Deleted, the story's counters and raw events go with it; a rebuild brings nothing back.
    const countersOf = async () =>
      (
        await t.database.pool.query(
          "select (select count(*) from analytics_daily where subject_id = $1) + (select count(*) from analytics_events where subject_id = $1) as n",
          [s.id],
        )
      ).rows[0].n;
    expect(Number(await countersOf())).toBeGreaterThan(0);
    await ok(await api("DELETE", `/stories/${s.id}`, "destmgr"));
    await t.app.events.settled();
    await rollupDays(t.app.db, day, day, { today: day, rawDays: 90 });
    expect(Number(await countersOf())).toBe(0);
  });

  it("answers 404 for a story that is not published to someone who merely knows its id", async () => {
    const s = await story("destmgr", { title: "Unpublished report" });
    const url = `/report-mgmt/api/stories/${s.id}/profile?${V}`;
    expect((await t.app.inject({ url, headers: auth("facmgr") })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: auth("destmgr") })).statusCode).toBe(200);
  });
});
