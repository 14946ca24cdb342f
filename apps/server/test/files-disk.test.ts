// A full or read-only disk under the file store, for real (a small tmpfs): uploads answer 507 or 503
// with a code, leave no temporary file and no row, /readyz says which check fails, reads go on, and
// everything works again once the disk does. Also: readiness when the database stops answering,
// and the embedded database refusing a data folder it cannot write, naming it and the errno.
import type { TProfileKind } from "@hostfield/domain/kinds";
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/database";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";
import { mountTmpfs, type TTmpfs, temporaryFiles } from "./tmpfs";
import { pdf, png, storedFiles } from "./upload-fixtures";

let t: TTestApp;
let disk: TTmpfs;
let tokens: Record<"pia", TTokens>;
/** Where each upload flow adds a file, and where it lists them. */
let flows: { name: string; url: string; file: () => Promise<Buffer> | Buffer; filename: string }[];

beforeAll(async () => {
  disk = mountTmpfs("4m");
  t = await buildTestApp({ env: { DATA_DIR: disk.dir } });
  tokens = await signInPeople(t.app, t.app.db, ["pia"], "correct horse 42");
  const me = (await call("GET", "/user-mgmt/api/users/my")).json().data.id;
  const facility = await listing("facility");
  const group = await call("POST", "/user-mgmt/api/groups", { data: { name: "Disk watchers" } });
  expect(group.statusCode, group.body).toBe(201);
  flows = [
    {
      name: "a member's images",
      url: `/user-mgmt/api/users/${me}/images`,
      file: () => png(80, 60),
      filename: "me.png",
    },
    {
      name: "a listing's images",
      url: facility.images,
      file: () => png(80, 60, "#aa3300"),
      filename: "field.png",
    },
    {
      name: "a group's documents",
      url: `/user-mgmt/api/groups/${group.json().data.id}/documents`,
      file: () => pdf(20_000),
      filename: "rules.pdf",
    },
  ];
});
afterAll(async () => {
  // Unmount first: closing the app removes its data folder, which a mount would keep busy.
  disk?.remove();
  await t?.close();
});

function call(method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `${url}${url.includes("?") ? "&" : "?"}${V}`,
    headers: { authorization: `Bearer ${tokens.pia.access_token}` },
    ...(payload ? { payload } : {}),
  });
}

async function upload(url: string, file: Buffer, filename: string) {
  const boundary = "----hostfield-disk";
  return t.app.inject({
    method: "POST",
    url: `${url}?${V}`,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${tokens.pia.access_token}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const listings = profileClient(
  () => t.app,
  () => tokens,
);

/** A new listing of `kind` and the address of its images. */
async function listing(kind: TProfileKind) {
  const d = KIND_DESCRIPTORS.find((descriptor) => descriptor.kind === kind)!;
  const { id } = await listings.createListing(d, `Disk test ${kind}`, "pia");
  return { images: `/${d.service}/api/${d.path}/${id}/images` };
}

const listed = async (url: string) => {
  const res = await call("GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.length as number;
};
const ready = () => t.app.inject({ url: "/readyz" });

describe("uploads onto a full disk", () => {
  it("answer 507 STORAGE_FULL with no temporary file and no row, /readyz says so, reads go on, and all works once space is back", async () => {
    // One picture stored while there is room, to be read (and resized) once the disk is full.
    const before = await upload(flows[0]!.url, await png(400, 300), "kept.png");
    expect(before.statusCode, before.body).toBe(201);
    const kept = before.json().data.url as string;
    const counts = await Promise.all(flows.map((flow) => listed(flow.url)));
    const stored = storedFiles(disk.dir);

    disk.fill();
    for (const flow of flows) {
      const res = await upload(flow.url, await flow.file(), flow.filename);
      expect(res.statusCode, `${flow.name}: ${res.body}`).toBe(507);
      expect(res.json().error).toEqual({
        code: "STORAGE_FULL",
        message: "The file storage is full, so the file was not stored. Try again later.",
      });
    }
    expect(temporaryFiles(disk.dir)).toEqual([]);
    expect(storedFiles(disk.dir)).toEqual(stored);
    expect(await Promise.all(flows.map((flow) => listed(flow.url)))).toEqual(counts);

    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().error).toMatchObject({
      code: "STORAGE_FULL",
      message: "Writes to the file storage fail: ENOSPC (no space left on device).",
      details: { checks: { database: "ok", files: "ENOSPC" } },
    });
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    // Reads go on: the stored original, and a resized variant the full cache cannot keep.
    expect((await t.app.inject({ url: kept })).statusCode).toBe(200);
    const { w, h, fit } = MEDIA_BOXES.logo;
    const variant = await t.app.inject({ url: `${kept}?w=${w}&h=${h}&fit=${fit}&format=webp` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/webp");
    expect((await call("GET", "/user-mgmt/api/users/my")).statusCode).toBe(200);

    disk.free();
    expect((await ready()).json()).toEqual({ status: "ready" });
    for (const flow of flows) {
      const res = await upload(flow.url, await flow.file(), flow.filename);
      expect(res.statusCode, `${flow.name}: ${res.body}`).toBe(201);
    }
    expect(await Promise.all(flows.map((flow) => listed(flow.url)))).toEqual(
      counts.map((n) => n + 1),
    );
    expect(temporaryFiles(disk.dir)).toEqual([]);
  });
});

describe("uploads onto a read-only disk", () => {
  it("answer 503 STORAGE_READ_ONLY with no row, /readyz says so, and all works once it is writable", async () => {
    // A kind never uploaded before: its folder has to be made, on a disk that refuses.
    const hotel = await listing("hotel");
    const all = [
      ...flows,
      { ...flows[1]!, name: "a first file in a new folder", url: hotel.images },
    ];
    const counts = await Promise.all(all.map((flow) => listed(flow.url)));
    disk.readOnly();
    try {
      for (const flow of all) {
        const res = await upload(flow.url, await flow.file(), flow.filename);
        expect(res.statusCode, `${flow.name}: ${res.body}`).toBe(503);
        expect(res.json().error).toEqual({
          code: "STORAGE_READ_ONLY",
          message: "The file storage cannot be written to, so the file was not stored.",
        });
      }
      expect(await Promise.all(all.map((flow) => listed(flow.url)))).toEqual(counts);
      const notReady = await ready();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().error).toMatchObject({
        code: "STORAGE_READ_ONLY",
        details: { checks: { database: "ok", files: "EROFS" } },
      });
    } finally {
      disk.writable();
    }
    expect((await ready()).json()).toEqual({ status: "ready" });
    const res = await upload(flows[0]!.url, await flows[0]!.file(), flows[0]!.filename);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("readiness", () => {
  it("reports not ready when the database answers no longer, instead of waiting on it", async () => {
    const pool = t.database.pool;
    // Every connection of the pool taken and held: a query now waits for ever.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        details: { checks: { database: "failed", files: "ok" } },
      });
    } finally {
      for (const client of held) client.release();
    }
    expect((await ready()).json()).toEqual({ status: "ready" });
  });
});

describe("the embedded database's data folder", () => {
  it.each([
    ["read-only", (d: TTmpfs) => d.readOnly(), "EROFS \\(read-only file system\\)"],
    ["full", (d: TTmpfs) => d.fill(), "ENOSPC \\(no space left on device\\)"],
  ] as const)("refuses a %s folder naming it and the errno", async (_name, spoil, says) => {
    const folder = mountTmpfs("1m");
    try {
      spoil(folder);
      await expect(
        openDatabase({ databaseUrl: undefined, dataDir: folder.dir, poolSize: 1 }),
      ).rejects.toThrow(new RegExp(`^cannot write to data directory ${folder.dir}/db: ${says}$`));
    } finally {
      folder.remove();
    }
  });

  it("says which folder the embedded database could not start in when it runs out of room itself", async () => {
    // Room for the write check, not for a database: PGlite fails on its own, and is named.
    const folder = mountTmpfs("1m");
    try {
      await expect(
        openDatabase({ databaseUrl: undefined, dataDir: folder.dir, poolSize: 1 }),
      ).rejects.toThrow(
        `the embedded database in ${folder.dir}/db did not start (ENOSPC (no space left on device)); check the folder's free space and permissions`,
      );
    } finally {
      folder.remove();
    }
  });
});
