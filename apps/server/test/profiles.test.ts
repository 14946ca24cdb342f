// One suite for every listing kind, driven by the descriptor table: create, visibility, approval,
// edits, members, reactions, media and the shared children, and who may do each of them.
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient } from "./profile-client";
import {
  deflatedZeros,
  MB,
  office,
  pdf,
  pngHeaderOnly,
  storedFiles as storedFilesOf,
} from "./upload-fixtures";

const PASSWORD = "correct horse 42";
const ROLES = ["owner", "manager", "member", "other", "admin"] as const;
type TRole = (typeof ROLES)[number];
type TWho = TRole | "anonymous";

let t: TTestApp;
let tokens: Record<TRole, TTokens>;

beforeAll(async () => {
  // Seven kinds' worth of calls from one address: the rate limit is tested elsewhere.
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, ROLES, PASSWORD);
}, 120_000);
afterAll(() => t?.close());

const client = profileClient(
  () => t.app,
  () => tokens,
);
const { call, upload } = client;
const createListing = (d: TKindDescriptor, name: string, who: TRole = "owner") =>
  client.createListing(d, name, who);

const PDF = pdf();

/** A docx whose one extra entry is 200 MB of zeros deflated to under 1 MB; built once. */
let bomb: Promise<Buffer> | undefined;
const zipBomb = () => {
  bomb ??= deflatedZeros(200 * MB).then(({ compressed, crc }) =>
    office("docx", [{ name: "word/media/zeros.bin", compressed, crc, uncompressedSize: 200 * MB }]),
  );
  return bomb;
};

const storedFiles = () => storedFilesOf(t.app.config.dataDir);

describe.each(KIND_DESCRIPTORS.map((d) => [d.kind, d] as const))("%s", (_kind, d) => {
  let id: string;

  it("is created pending with the creator as owner, geocoded from its address, seen only by members and admins", async () => {
    const created = await createListing(d, `Riverside ${d.label} One`);
    id = created.id;
    expect(created).toMatchObject({ kind: d.kind, status: "pending", isActive: true, tier: null });
    expect(created.address).toMatchObject({ city: "Louisville", state: "Kentucky", country: "US" });
    // Louisville, KY (ZIP 40202) lies near 38.25 N, 85.75 W.
    expect(created.lat).toBeCloseTo(38.25, 0);
    expect(created.lng).toBeCloseTo(-85.75, 0);
    expect((await call(d, "GET", `/${id}`, "anonymous")).statusCode).toBe(404);
    expect((await call(d, "GET", `/${id}`, "other")).statusCode).toBe(404);
    expect((await call(d, "GET", `/${id}`, "owner")).statusCode).toBe(200);
    expect((await call(d, "GET", `/${id}`, "admin")).statusCode).toBe(200);
    const listed = (await call(d, "GET", "?take=100", "anonymous")).json();
    expect(listed.data.map((p: { id: string }) => p.id)).not.toContain(id);
    const mine = (await call(d, "GET", "/my", "owner")).json();
    expect(mine.data.map((p: { id: string }) => p.id)).toContain(id);
    const members = (await call(d, "GET", `/${id}/${d.memberWord}`, "owner")).json();
    expect(members.data).toMatchObject([{ role: "owner", email: "owner@example.com" }]);
  });

  it("invites members from owners and managers, who join by accepting; only owners invite owners", async () => {
    const invite = (who: TWho, email: string, role: string) =>
      call(d, "POST", `/${id}/${d.memberWord}`, who, { data: { email, role } });
    expect((await invite("other", "manager@example.com", "manager")).statusCode).toBe(404);
    await client.join(d, id, "owner", "manager", "manager");
    await client.join(d, id, "manager", "member", "member");
    expect((await invite("manager", "other@example.com", "owner")).statusCode).toBe(403);
    // Any address is invited alike: a member's, or one without an account.
    expect((await invite("owner", "member@example.com", "member")).statusCode).toBe(201);
    expect((await invite("owner", "nobody@example.com", "member")).statusCode).toBe(201);
  });

  it("grants each role its entitlements", async () => {
    const abilities = async (who: TWho) =>
      (await call(d, "GET", `/${id}/my/entitlements`, who)).json().data;
    expect(await abilities("member")).toEqual(
      expect.arrayContaining(["profile.read", "profile.readPrivate"]),
    );
    expect(await abilities("member")).not.toContain("profile.update");
    expect(await abilities("manager")).toEqual(
      expect.arrayContaining(["profile.update", "media.write", "members.write", "boosts.write"]),
    );
    expect(await abilities("manager")).not.toContain("profile.delete");
    expect(await abilities("owner")).toEqual(
      expect.arrayContaining(["profile.delete", "members.writeOwners"]),
    );
    expect(await abilities("owner")).not.toContain("profile.approve");
    expect(await abilities("admin")).toContain("profile.approve");
    expect((await call(d, "GET", `/${id}/my/entitlements`, "other")).statusCode).toBe(404);
  });

  it("is edited by managers through JSON Patch, validated, and refused to members and strangers", async () => {
    const patch = [{ op: "replace", path: "/description", value: "Home of champions." }];
    expect((await call(d, "PATCH", `/${id}`, "anonymous", patch)).statusCode).toBe(401);
    expect((await call(d, "PATCH", `/${id}`, "other", patch)).statusCode).toBe(404);
    expect((await call(d, "PATCH", `/${id}`, "member", patch)).statusCode).toBe(403);
    const done = await call(d, "PATCH", `/${id}`, "manager", patch);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.description).toBe("Home of champions.");
    const status = await call(d, "PATCH", `/${id}`, "manager", [
      { op: "replace", path: "/status", value: "approved" },
    ]);
    expect(status.statusCode).toBe(400);
    expect(status.json().error.code).toBe("FIELD_NOT_EDITABLE");
    const tier = [{ op: "replace", path: "/tier", value: "Gold" }];
    expect((await call(d, "PATCH", `/${id}`, "owner", tier)).statusCode).toBe(400);
    expect((await call(d, "PATCH", `/${id}`, "admin", tier)).json().data.tier).toBe("Gold");
    const bad = await call(d, "PATCH", `/${id}`, "owner", [
      { op: "replace", path: "/name", value: "" },
    ]);
    expect(bad.statusCode).toBe(400);
    expect((await call(d, "GET", `/${id}`, "owner")).json().data.description).toBe(
      "Home of champions.",
    );
  });

  it("is approved by admins only, once, and then listed for everyone", async () => {
    expect((await call(d, "PUT", `/${id}/approve`, "owner")).statusCode).toBe(403);
    const approved = await call(d, "PUT", `/${id}/approve`, "admin");
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe("approved");
    expect((await call(d, "GET", `/${id}`, "anonymous")).statusCode).toBe(200);
    expect((await call(d, "GET", `/${id}/public`, "anonymous")).statusCode).toBe(200);
    const listed = (await call(d, "GET", "?take=100", "anonymous")).json();
    expect(listed.data.map((p: { id: string }) => p.id)).toContain(id);
    expect(listed._meta.stats.count).toBeGreaterThanOrEqual(1);
    const ownerId = (await call(d, "GET", `/${id}/${d.memberWord}`, "owner")).json().data[0].userId;
    const publicOf = (await call(d, "GET", `/public/${ownerId}`, "anonymous")).json();
    expect(publicOf.data.map((p: { id: string }) => p.id)).toContain(id);
  });

  it(`counts ${d.reaction} once per member and lists mine`, async () => {
    const path = `/${id}/${d.reaction}`;
    expect((await call(d, "POST", path, "anonymous")).statusCode).toBe(401);
    expect((await call(d, "POST", path, "other")).json().data).toMatchObject({
      count: 1,
      mine: true,
    });
    expect((await call(d, "POST", path, "other")).json().data).toMatchObject({
      count: 1,
      mine: true,
    });
    const counter = d.reaction === "likes" ? "likeCount" : "followerCount";
    expect((await call(d, "GET", `/${id}`, "anonymous")).json().data[counter]).toBe(1);
    expect((await call(d, "GET", `/${id}`, "other")).json().data.myReaction).toBe(true);
    const myPath = d.reaction === "likes" ? "/my/liked" : "/my/followed";
    expect(
      (await call(d, "GET", myPath, "other")).json().data.map((p: { id: string }) => p.id),
    ).toEqual([id]);
    expect((await call(d, "GET", path, "other")).statusCode).toBe(403);
    const list = (await call(d, "GET", path, "manager")).json();
    expect(list.data).toMatchObject([{ name: "Other Person" }]);
    expect((await call(d, "DELETE", path, "other")).json().data).toMatchObject({
      count: 0,
      mine: false,
    });
    expect((await call(d, "DELETE", path, "other")).json().data.count).toBe(0);
  });

  it("keeps images in order, retitled, replaced and deleted by managers", async () => {
    expect(
      (await upload(d, `/${id}/images`, "member", await png("#123456"), "a.png")).statusCode,
    ).toBe(403);
    const first = await upload(d, `/${id}/images`, "manager", await png("#123456"), "first.png");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.title).toBe("first.png");
    const second = (
      await upload(d, `/${id}/images`, "manager", await png("#654321"), "second.png")
    ).json().data;
    const moved = await call(d, "PUT", `/${id}/images/sort`, "manager", {
      data: { id: second.id, afterId: null },
    });
    expect(moved.statusCode).toBe(200);
    const order = (await call(d, "GET", `/${id}/images`, "anonymous")).json();
    expect(order.data.map((m: { id: string }) => m.id)).toEqual([second.id, first.json().data.id]);
    expect(order._meta.stats.count).toBe(2);
    const media = await t.app.inject({ url: order.data[0].url });
    expect(media.statusCode).toBe(200);
    const retitled = await call(d, "PATCH", `/${id}/images/${second.id}`, "manager", [
      { op: "replace", path: "/title", value: "Main court" },
    ]);
    expect(retitled.json().data.title).toBe("Main court");
    const replaced = await upload(
      d,
      `/${id}/images/${second.id}/file`,
      "manager",
      await png("#00ff00"),
      "x.png",
      "PUT",
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.url).not.toBe(second.url);
    expect((await t.app.inject({ url: second.url })).statusCode).toBe(404);
    expect((await call(d, "DELETE", `/${id}/images/${second.id}`, "member")).statusCode).toBe(403);
    expect((await call(d, "DELETE", `/${id}/images/${second.id}`, "manager")).statusCode).toBe(200);
    expect((await call(d, "GET", `/${id}/images/${second.id}`, "anonymous")).statusCode).toBe(404);
  });

  it("refuses abusive uploads with clear codes and stores nothing", async () => {
    const count = async (segment: string) =>
      (await call(d, "GET", `/${id}/${segment}`, "manager")).json()._meta.stats.count;
    const before = { images: await count("images"), documents: await count("documents") };
    const filesBefore = storedFiles();
    const refusals: [string, Buffer, string, number, string][] = [
      [
        "images",
        Buffer.from("<?php system($_GET['c']); ?>"),
        "shell.png",
        415,
        "UNSUPPORTED_FILE_TYPE",
      ],
      ["images", pngHeaderOnly(20_000, 20_000), "huge.png", 413, "IMAGE_TOO_LARGE"],
      ["documents", await zipBomb(), "plan.docx", 413, "UPLOAD_ARCHIVE_TOO_LARGE"],
      ["images", await png("#123456"), "../../etc/passwd.png", 400, "UNSAFE_FILE_NAME"],
      ["documents", PDF, "..\\..\\boot.ini.pdf", 400, "UNSAFE_FILE_NAME"],
    ];
    for (const [segment, file, name, status, code] of refusals) {
      const res = await upload(d, `/${id}/${segment}`, "manager", file, name);
      expect({ name, status: res.statusCode, code: res.json().error?.code }).toEqual({
        name,
        status,
        code,
      });
    }
    expect({ images: await count("images"), documents: await count("documents") }).toEqual(before);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("puts a listing boosted today at the head of its kind's list, sponsored, and lists boosts by date", async () => {
    const other = await createListing(d, `Aardvark ${d.label} Two`);
    await call(d, "PUT", `/${other.id}/approve`, "admin");
    const today = todayUtc();
    // Three days: all a listing without a tier books a month out of its own quota (issue 47).
    const boost = await call(d, "POST", `/${id}/boosts`, "manager", {
      data: { startDate: today, endDate: addDays(today, 2) },
    });
    expect(boost.statusCode, boost.body).toBe(201);
    expect(
      (
        await call(d, "POST", `/${id}/boosts`, "member", {
          data: { startDate: today, endDate: today },
        })
      ).statusCode,
    ).toBe(403);
    const backwards = await call(d, "POST", `/${id}/boosts`, "manager", {
      data: { startDate: today, endDate: addDays(today, -1) },
    });
    expect(backwards.statusCode).toBe(400);
    const listed = (await call(d, "GET", "?take=100", "anonymous")).json().data as {
      id: string;
      boosted: boolean;
      sponsored: boolean;
    }[];
    expect(listed[0]).toMatchObject({ id, boosted: true, sponsored: true });
    expect(listed.find((p) => p.id === other.id)).toMatchObject({
      boosted: false,
      sponsored: false,
    });
    const window = `?startDate=${addDays(today, 8)}&endDate=${addDays(today, 30)}`;
    expect((await call(d, "GET", `/boosts${window}`, "anonymous")).json()._meta.stats.count).toBe(
      0,
    );
    const current = (
      await call(d, "GET", `/boosts?startDate=${today}&endDate=${today}`, "anonymous")
    ).json();
    expect(current.data.map((b: { profileId: string }) => b.profileId)).toContain(id);
  });

  it.runIf(d.children.includes("sports"))("keeps a set of sports", async () => {
    const add = (name: string) => call(d, "POST", `/${id}/sports`, "manager", { data: { name } });
    expect((await add("Basketball")).statusCode).toBe(201);
    expect((await add("Basketball")).statusCode).toBe(409);
    expect((await add("Underwater Chess")).statusCode).toBe(400);
    expect(
      (await call(d, "POST", `/${id}/sports`, "member", { data: { name: "Soccer" } })).statusCode,
    ).toBe(403);
    const profile = (await call(d, "GET", `/${id}`, "anonymous")).json().data;
    expect(profile.sports).toEqual(["Basketball"]);
  });

  it.runIf(d.children.includes("partners"))("names partners that are listed", async () => {
    const partner = await createListing(d, `Partner ${d.label}`);
    const add = () =>
      call(d, "POST", `/${id}/partners`, "manager", { data: { partnerId: partner.id } });
    expect((await add()).statusCode).toBe(404);
    await call(d, "PUT", `/${partner.id}/approve`, "admin");
    const added = await add();
    expect(added.statusCode).toBe(201);
    expect(added.json().data.partner.name).toBe(`Partner ${d.label}`);
    expect((await add()).statusCode).toBe(409);
  });

  it("keeps its last owner and is deleted by owners only", async () => {
    const members = (await call(d, "GET", `/${id}/${d.memberWord}`, "owner")).json().data as {
      id: string;
      role: string;
    }[];
    const owner = members.find((m) => m.role === "owner")!;
    expect(
      (await call(d, "DELETE", `/${id}/${d.memberWord}/${owner.id}`, "owner")).statusCode,
    ).toBe(409);
    expect((await call(d, "DELETE", `/${id}`, "manager")).statusCode).toBe(403);
    expect((await call(d, "DELETE", `/${id}`, "owner")).statusCode).toBe(200);
    expect((await call(d, "GET", `/${id}`, "admin")).statusCode).toBe(404);
  });
});
