// A member's images: upload, avatar, order, replace, retitle, delete, media delivery, and abuse.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signIn, signUpAndVerify, type TTokens } from "./oidc-driver";
import { png, pngHeaderOnly, storedFiles as storedFilesOf } from "./upload-fixtures";

let t: TTestApp;
let owner: TTokens;
let stranger: TTokens;
let ownerId: string;
const PASSWORD = "correct horse 42";

beforeAll(async () => {
  t = await buildTestApp();
  await signUpAndVerify(t.app, t.app.db, {
    name: "Pia Pictures",
    email: "pia@example.com",
    password: PASSWORD,
  });
  await signUpAndVerify(t.app, t.app.db, {
    name: "Stan Ger",
    email: "stan@example.com",
    password: PASSWORD,
  });
  owner = await signIn(t.app, "pia@example.com", PASSWORD);
  stranger = await signIn(t.app, "stan@example.com", PASSWORD);
  ownerId = (await api("GET", "/users/my", owner)).json().data.id;
});
afterAll(() => t.close());

function api(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TTokens | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who ? { authorization: `Bearer ${who.access_token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

function upload(
  route: string,
  who: TTokens | null,
  file: Buffer,
  filename = "photo.png",
  method: "POST" | "PUT" = "POST",
) {
  const boundary = "----hostfield-test";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method,
    url: `/user-mgmt/api${route}?${V}`,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(who ? { authorization: `Bearer ${who.access_token}` } : {}),
    },
    payload: body,
  });
}

const storedFiles = () => storedFilesOf(t.app.config.dataDir);

describe("user images", () => {
  it("uploads images, makes the first the avatar, and serves it resized in the format the browser accepts", async () => {
    const first = await upload(
      `/users/${ownerId}/images`,
      owner,
      await png(800, 600),
      "Team photo.png",
    );
    expect(first.statusCode).toBe(201);
    const image = first.json().data;
    expect(image).toMatchObject({
      title: "Team photo.png",
      contentType: "image/png",
      width: 800,
      height: 600,
    });
    expect(image.url).toMatch(/^\/media\/users\/[0-9a-f-]{36}\.png$/);
    expect((await api("GET", "/users/my", owner)).json().data.avatarUrl).toBe(image.url);

    const resized = await t.app.inject({
      url: `${image.url}?w=384&h=216&fit=cover`,
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers["content-type"]).toBe("image/avif");
    expect(resized.headers["cache-control"]).toContain("immutable");
    expect(resized.headers.vary).toBe("Accept");
    const meta = await sharp(resized.rawPayload).metadata();
    expect(meta.width).toBe(384);
    expect(meta.height).toBe(216);

    // The variant was written to the on-disk cache; the same request is served from there.
    const cacheDir = path.join(t.app.config.dataDir, "media-cache");
    const cached = fs
      .readdirSync(cacheDir, { recursive: true })
      .filter((f) => String(f).endsWith(".avif"));
    expect(cached).toHaveLength(1);
    const again = await t.app.inject({
      url: `${image.url}?w=384&h=216&fit=cover`,
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect(again.rawPayload.equals(resized.rawPayload)).toBe(true);

    const plain = await t.app.inject({ url: `${image.url}?w=960&h=720&fit=cover&format=jpeg` });
    expect(plain.headers["content-type"]).toBe("image/jpeg");
    // Never enlarged.
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(800);
    expect((await t.app.inject({ url: `${image.url}?w=99999` })).statusCode).toBe(400);
  });

  it("reorders by moving one image, and the avatar follows the first", async () => {
    const second = (
      await upload(`/users/${ownerId}/images`, owner, await png(300, 300, "#e8590c"))
    ).json().data;
    let list = (await api("GET", `/users/${ownerId}/images`, null)).json();
    expect(list._meta.stats.count).toBe(2);
    expect(list.data[1].id).toBe(second.id);
    const moved = await api("PUT", `/users/${ownerId}/images/sort`, owner, {
      data: { imageId: second.id, afterId: null },
    });
    expect(moved.statusCode).toBe(200);
    list = (await api("GET", `/users/${ownerId}/images`, null)).json();
    expect(list.data.map((i: { id: string }) => i.id)[0]).toBe(second.id);
    expect((await api("GET", "/users/my", owner)).json().data.avatarUrl).toBe(second.url);
    const back = await api("PUT", `/users/${ownerId}/images/sort`, owner, {
      data: { imageId: second.id, afterId: list.data[1].id },
    });
    expect(back.statusCode).toBe(200);
    list = (await api("GET", `/users/${ownerId}/images`, null)).json();
    expect(list.data[1].id).toBe(second.id);
  });

  it("replaces a file, retitles, and deletes, removing stored files", async () => {
    const list = (await api("GET", `/users/${ownerId}/images`, owner)).json().data;
    const target = list[1];
    const filesBefore = storedFiles().length;
    const replaced = await upload(
      `/users/${ownerId}/images/${target.id}/file`,
      owner,
      await png(100, 50),
      "new.png",
      "PUT",
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ id: target.id, width: 100, height: 50 });
    expect(replaced.json().data.url).not.toBe(target.url);
    expect(storedFiles().length).toBe(filesBefore);
    expect((await t.app.inject({ url: target.url })).statusCode).toBe(404);

    const retitled = await api("PATCH", `/users/${ownerId}/images/${target.id}`, owner, [
      { op: "replace", path: "/title", value: "Court side" },
    ] as unknown as object);
    expect(retitled.json().data.title).toBe("Court side");
    const sneaky = await api("PATCH", `/users/${ownerId}/images/${target.id}`, owner, [
      { op: "replace", path: "/url", value: "/media/x" },
    ] as unknown as object);
    expect(sneaky.statusCode).toBe(400);

    expect((await api("DELETE", `/users/${ownerId}/images/${target.id}`, owner)).statusCode).toBe(
      200,
    );
    expect(storedFiles().length).toBe(filesBefore - 1);
    expect((await api("GET", `/users/${ownerId}/images/${target.id}`, owner)).statusCode).toBe(404);
  });

  it("lets only the member and admins change images; a hidden member's images are hidden", async () => {
    const file = await png(10, 10);
    expect((await upload(`/users/${ownerId}/images`, null, file)).statusCode).toBe(401);
    expect((await upload(`/users/${ownerId}/images`, stranger, file)).statusCode).toBe(403);
    const one = (await api("GET", `/users/${ownerId}/images`, owner)).json().data[0];
    expect((await api("DELETE", `/users/${ownerId}/images/${one.id}`, stranger)).statusCode).toBe(
      403,
    );
    await api("PUT", "/users/my/visibility?isVisible=false", owner);
    expect((await api("GET", `/users/${ownerId}/images`, stranger)).statusCode).toBe(404);
    expect((await api("GET", `/users/${ownerId}/images`, owner)).statusCode).toBe(200);
    await api("PUT", "/users/my/visibility?isVisible=true", owner);
  });
});

describe("media delivery limits", () => {
  it("answers identical parallel requests alike, and forgets a deleted image's variants", async () => {
    const image = (await upload(`/users/${ownerId}/images`, owner, await png(800, 600))).json()
      .data;
    const variant = `${image.url}?w=480&h=360&fit=cover&format=webp`;
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ url: variant })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await sharp(parallel[0]!.rawPayload).metadata()).width).toBe(480);
    await api("DELETE", `/users/${ownerId}/images/${image.id}`, owner);
    const gone = await t.app.inject({ url: variant });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers["cache-control"]).toBeUndefined();
  });
});

describe("image order", () => {
  const order = async () =>
    (await api("GET", `/users/${ownerId}/images?take=100`, owner))
      .json()
      .data.map((i: { id: string }) => i.id);
  const move = (imageId: string, afterId: string | null) =>
    api("PUT", `/users/${ownerId}/images/sort`, owner, { data: { imageId, afterId } });

  it("places an image exactly after the one named, or first, from any starting position", async () => {
    while ((await order()).length < 4)
      await upload(`/users/${ownerId}/images`, owner, await png(12, 12));
    const ids: string[] = await order();
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const moving of ids) {
      for (const target of [null, ...ids.filter((id) => id !== moving)]) {
        expect((await move(moving, target)).statusCode).toBe(200);
        const now: string[] = await order();
        const at = now.indexOf(moving);
        expect(at, `${moving} after ${target}`).toBe(target === null ? 0 : now.indexOf(target) + 1);
        expect([...now].sort()).toEqual([...ids].sort());
      }
    }
  });

  it("still moves images whose sort keys collided (two uploads at once), instead of failing", async () => {
    const ids: string[] = await order();
    // Simulate the race: two images end up with the same key.
    await t.database.pool.query("update user_images set sort_key = 'V' where id = any($1)", [
      [ids[0], ids[1]],
    ]);
    const res = await move(ids[2]!, ids[0]!);
    expect(res.statusCode).toBe(200);
    const now: string[] = await order();
    expect(now.indexOf(ids[2]!)).toBeGreaterThan(now.indexOf(ids[0]!));
  });

  it("refuses to place an image after one of another member", async () => {
    const ids: string[] = await order();
    const res = await move(ids[0]!, "00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
  });
});

describe("upload abuse: refused, nothing stored", () => {
  it.each([
    [
      "a PHP script renamed .png",
      () => Buffer.from("<?php system($_GET['c']); ?>"),
      "shell.png",
      415,
      "UNSUPPORTED_FILE_TYPE",
    ],
    [
      "a PDF posing as an image",
      () => Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
      "doc.png",
      415,
      "UNSUPPORTED_FILE_TYPE",
    ],
    [
      "a name that climbs out of its folder",
      () => pngHeaderOnly(64, 64),
      "../../etc/passwd.png",
      400,
      "UNSAFE_FILE_NAME",
    ],
    [
      "a 20,000 x 20,000 PNG",
      () => pngHeaderOnly(20_000, 20_000),
      "huge.png",
      413,
      "IMAGE_TOO_LARGE",
    ],
    [
      "a file over 15 MB",
      () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(16 * 1024 * 1024),
        ]),
      "big.png",
      413,
      "FILE_TOO_LARGE",
    ],
  ] as const)("%s", async (_label, make, filename, status, code) => {
    const before = storedFiles().length;
    const count = (await api("GET", `/users/${ownerId}/images`, owner)).json()._meta.stats.count;
    const res = await upload(`/users/${ownerId}/images`, owner, make(), filename);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(storedFiles().length).toBe(before);
    expect((await api("GET", `/users/${ownerId}/images`, owner)).json()._meta.stats.count).toBe(
      count,
    );
  });

  it("refuses an image whose header is sound but whose pixels are corrupt", async () => {
    const before = storedFiles().length;
    const res = await upload(
      `/users/${ownerId}/images`,
      owner,
      pngHeaderOnly(100, 100),
      "broken.png",
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNREADABLE_IMAGE");
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a request that is not multipart, and media keys outside the store", async () => {
    const res = await api("POST", `/users/${ownerId}/images`, owner, { file: "x" });
    expect(res.statusCode).toBe(415);
    expect((await t.app.inject({ url: "/media/../../secret.key" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/media/users/..%2F..%2Fsecret.key" })).statusCode).toBe(404);
  });

  it("removes a deleted account's images from the store", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Gone Soon",
      email: "gone@example.com",
      password: PASSWORD,
    });
    const gone = await signIn(t.app, "gone@example.com", PASSWORD);
    const id = (await api("GET", "/users/my", gone)).json().data.id;
    const image = (await upload(`/users/${id}/images`, gone, await png(20, 20))).json().data;
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(200);
    await api("DELETE", `/users/${id}`, gone);
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(404);
  });
});
