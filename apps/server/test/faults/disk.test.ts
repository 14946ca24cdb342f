// Fault: a full disk on upload, and a start on a data folder that takes no write, against the real
// server process. The disks are real: a small tmpfs under the process's files, filled to the last
// byte; a tmpfs data folder made read-only or full before the start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V } from "../helper";
import type { TTokens } from "../oidc-driver";
import { mountTmpfs, type TTmpfs, temporaryFiles } from "../tmpfs";
import { png } from "../upload-fixtures";
import {
  httpApp,
  signUpOnProcess,
  spawnServer,
  type TServerProcess,
  waitReady,
} from "./disk-helpers";

describe("a full disk on upload", () => {
  let dataDir: string;
  let files: TTmpfs;
  let server: TServerProcess;
  let pia: TTokens;
  let app: ReturnType<typeof httpApp>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-fault-disk-"));
    // The files' own volume: DATA_DIR/files is a 2 MB tmpfs, the database lives beside it.
    files = mountTmpfs("2m");
    fs.symlinkSync(files.dir, path.join(dataDir, "files"));
    server = await spawnServer(dataDir);
    await waitReady(server);
    app = httpApp(server.port);
    pia = await signUpOnProcess(server, "pia@example.com", "correct horse 42");
  });
  afterAll(async () => {
    await server?.stop();
    files?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (method: "GET" | "POST", route: string) =>
    app.inject({
      method,
      url: `/user-mgmt/api${route}?${V}`,
      headers: { authorization: `Bearer ${pia.access_token}` },
    });
  const upload = async (route: string, file: Buffer) => {
    const boundary = "----hostfield-fault";
    return app.inject({
      method: "POST",
      url: `/user-mgmt/api${route}?${V}`,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${pia.access_token}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it("answers 507 with a code and keeps nothing, /readyz reports it, reads go on, and uploads work again once space is freed", async () => {
    const me = (await api("GET", "/users/my")).json().data.id as string;
    const images = `/users/${me}/images`;
    const kept = await upload(images, await png(300, 200));
    expect(kept.statusCode, kept.body).toBe(201);

    files.fill();
    const refused = await upload(images, await png(300, 200, "#cc2200"));
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json().error.code).toBe("STORAGE_FULL");
    expect(temporaryFiles(files.dir)).toEqual([]);
    expect((await api("GET", images)).json().data).toHaveLength(1);

    const notReady = await app.inject({ url: "/readyz" });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().error).toMatchObject({
      code: "STORAGE_FULL",
      details: { checks: { database: "ok", files: "ENOSPC" } },
    });
    // The process keeps serving reads: the stored picture, resized, and the API.
    const { w, h, fit } = MEDIA_BOXES.logo;
    const picture = await app.inject({
      url: `${kept.json().data.url}?w=${w}&h=${h}&fit=${fit}`,
    });
    expect(picture.statusCode).toBe(200);
    expect((await api("GET", "/users/my")).statusCode).toBe(200);
    expect(server.child.exitCode).toBeNull();

    files.free();
    expect((await app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
    const again = await upload(images, await png(300, 200, "#22cc00"));
    expect(again.statusCode, again.body).toBe(201);
    expect((await api("GET", images)).json().data).toHaveLength(2);
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
      const server = await spawnServer(disk.dir);
      const code = await server.exited;
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(server.stderr()).toContain(
        `cannot write to data directory ${path.join(disk.dir, "files")}: ${says}`,
      );
      expect(server.stderr()).not.toContain("PGlite failed to initialize");
    } finally {
      disk.remove();
    }
  });
});
