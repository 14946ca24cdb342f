// Fault: a full disk on upload, and a start on a data folder that takes no write, against the real
// server process. The disks are real: a small tmpfs under the process's files, filled to the last
// byte; a tmpfs data folder made read-only or full before the start.
import fs from "node:fs";
import path from "node:path";
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountTmpfs, type TTmpfs, temporaryFiles } from "../tmpfs";
import { png } from "../upload-fixtures";
import { call, preparePeople, type TPeople } from "./people";
import { cleanUp, spawnServer, stopServer, type TServer, tempDir } from "./processes";

describe("a full disk on upload", () => {
  let files: TTmpfs;
  let server: TServer;
  let people: TPeople<"pia">;

  beforeAll(async () => {
    const dataDir = tempDir("hostfield-fault-disk-");
    // The files' own volume: DATA_DIR/files is a 2 MB tmpfs, the database lives beside it.
    files = mountTmpfs("2m");
    fs.symlinkSync(files.dir, path.join(dataDir, "files"));
    people = await preparePeople({ dataDir }, ["pia"]);
    server = await spawnServer({ dataDir });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    files?.remove();
    await cleanUp();
  });

  const api = (method: "GET" | "POST", route: string) =>
    call(server.url, method, route, people.pia.token);
  const upload = async (route: string, file: Buffer) => {
    const form = new FormData();
    form.append("file", new Blob([file], { type: "image/png" }), "photo.png");
    return call(server.url, "POST", route, people.pia.token, form);
  };
  /** A request without the API's token and version: /readyz, a picture. */
  const get = async (url: string) => {
    const res = await fetch(`${server.url}${url}`);
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  // biome-ignore lint/suspicious/noExplicitAny: the replies are read as loosely as JSON is.
  const json = (reply: { body: unknown }) => reply.body as any;

  it("answers 507 with a code and keeps nothing, /readyz reports it, reads go on, and uploads work again once space is freed", async () => {
    const images = `/users/${people.pia.id}/images`;
    const kept = await upload(images, await png(300, 200));
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);

    files.fill();
    const refused = await upload(images, await png(300, 200, "#cc2200"));
    expect(refused.status, JSON.stringify(refused.body)).toBe(507);
    expect(json(refused).error.code).toBe("STORAGE_FULL");
    expect(temporaryFiles(files.dir)).toEqual([]);
    expect(json(await api("GET", images)).data).toHaveLength(1);

    const notReady = await get("/readyz");
    expect(notReady.status).toBe(503);
    expect(json(notReady).error).toMatchObject({
      code: "STORAGE_FULL",
      details: { checks: { database: "ok", files: "ENOSPC" } },
    });
    // The process keeps serving reads: the stored picture, resized, and the API.
    const { w, h, fit } = MEDIA_BOXES.logo;
    const picture = await fetch(`${server.url}${json(kept).data.url}?w=${w}&h=${h}&fit=${fit}`);
    expect(picture.status).toBe(200);
    expect((await api("GET", "/users/my")).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    files.free();
    expect(json(await get("/readyz"))).toEqual({ status: "ready" });
    const again = await upload(images, await png(300, 200, "#22cc00"));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(json(await api("GET", images)).data).toHaveLength(2);
  });
});

describe("a start on a data folder that takes no write", () => {
  it.each([
    ["read-only", (disk: TTmpfs) => disk.readOnly(), "EROFS (read-only file system)"],
    ["full", (disk: TTmpfs) => disk.fill(), "ENOSPC (no space left on device)"],
  ] as const)("exits non-zero naming the %s folder and the errno", async (_name, spoil, says) => {
    const disk = mountTmpfs("1m");
    try {
      spoil(disk);
      const server = await spawnServer({ dataDir: disk.dir, waitReady: false });
      const { code } = await server.exited;
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(server.errors()).toContain(
        `cannot write to data directory ${path.join(disk.dir, "files")}: ${says}`,
      );
      expect(server.errors()).not.toContain("PGlite failed to initialize");
    } finally {
      disk.remove();
    }
  });
});
