// A pending listing's files (issue 16 §4): /media serves them only to the listing's people and
// admins, privately; once approved, to everyone.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStore } from "../src/platform/files/store";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient } from "./profile-client";

const PEOPLE = ["owner", "member", "outsider", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
const FACILITY = KIND_DESCRIPTORS.find((d) => d.kind === "facility")!;

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, upload, createListing, join } = profileClient(
  () => t.app,
  () => tokens,
);
let listing: string;
let image: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-media-access-"));

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", DATA_DIR: dataDir } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  listing = (await createListing(FACILITY, "Pending Fields", "owner")).id;
  await join(FACILITY, listing, "owner", "member", "member");
  const uploaded = await upload(
    FACILITY,
    `/${listing}/images`,
    "owner",
    await png("#2a9d8f"),
    "a.png",
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  image = uploaded.json().data.url;
}, 120_000);
afterAll(() => t?.close());

const media = (url: string, who: TPerson | "anonymous") =>
  t.app.inject({
    url,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
  });

describe("a pending listing's media", () => {
  // The address without its grant, as anyone could write it.
  const bare = () => image.split("?")[0]!;

  it.each(["anonymous", "outsider"] as const)("is hidden from %s (404)", async (who) => {
    for (const url of [bare(), `${bare()}?w=384&h=216&fit=cover`]) {
      const res = await media(url, who);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it.each(["owner", "member", "admin"] as const)("is served to the %s, privately", async (who) => {
    for (const url of [bare(), `${bare()}?w=384&h=216&fit=cover`]) {
      const res = await media(url, who);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"]).toMatch(/^private/);
    }
  });

  it("comes with a grant in the addresses its people get, so their browsers load it without a token", async () => {
    expect(image).toMatch(/\?grant=[\w-]{22}$/);
    const listed = await call(FACILITY, "GET", `/${listing}/images`, "member");
    expect(listed.json().data[0].url).toBe(image);
    const res = await media(`${image}&w=384&h=216&fit=cover`, "anonymous");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/^private/);
    const bare = image.split("?")[0]!;
    const forged = await media(
      `${bare}?grant=${"A".repeat(22)}&w=384&h=216&fit=cover`,
      "anonymous",
    );
    expect(forged.statusCode).toBe(404);
  });

  it("keeps a logo chosen by its granted address as the file, and shows it with a grant", async () => {
    const patched = await call(FACILITY, "PATCH", `/${listing}`, "owner", [
      { op: "replace", path: "/logo", value: image },
    ]);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.logo).toBe(image);
    expect((await media(`${bare()}?w=112&h=112&fit=contain`, "anonymous")).statusCode).toBe(404);
    const stored = await t.database.pool.query("select logo from profiles where id = $1", [
      listing,
    ]);
    expect(stored.rows[0].logo).toBe(bare());
  });

  it("is public once the listing is approved, and its addresses carry no grant", async () => {
    expect((await call(FACILITY, "PUT", `/${listing}/approve`, "admin")).statusCode).toBe(200);
    const bare = image.split("?")[0]!;
    const res = await media(`${bare}?w=384&h=216&fit=cover`, "anonymous");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    const listed = await call(FACILITY, "GET", `/${listing}/images`, "anonymous");
    expect(listed.json().data[0].url).toBe(bare);
    expect((await call(FACILITY, "GET", `/${listing}`, "anonymous")).json().data.logo).toBe(bare);
  });
});

describe("files the public route does not serve", () => {
  // Stored as their modules store them; the public /media route must not serve them under any
  // spelling of the address, to anyone, whatever a shared cache would keep.
  const store = createDiskStore(path.join(dataDir, "files"));

  it.each([
    ["a group's file (served through links signed for a member)", "groups"],
    ["a proposal's attachment (served by its lead's route)", "leads"],
    ["a file of a folder no module names", "elsewhere"],
  ])("hides %s from the public route, its slash encoded or not (404)", async (_what, folder) => {
    const key = `${folder}/${randomUUID()}.png`;
    await store.put(key, await png("#e76f51"));
    for (const url of [
      `/media/${encodeURIComponent(key)}`,
      `/media/${folder}%2f${key.split("/")[1]}`,
    ]) {
      for (const who of ["anonymous", "owner", "admin"] as const) {
        const res = await media(url, who);
        expect(res.statusCode, `${url} as ${who}`).toBe(404);
      }
    }
  });
});
