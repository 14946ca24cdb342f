// The S3 file store against a real S3-compatible server (s3rver, in-process on a free loopback
// port, verifying AWS Signature V4), the store choice from configuration, and /media on S3.
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type TS3Config } from "../src/platform/config";
import { anyone, registerMedia } from "../src/platform/files/media";
import { createS3Store, objectUrl, S3RequestError } from "../src/platform/files/s3-store";
import { createFileStore, type TFileStore } from "../src/platform/files/store";
import { newFileKey } from "../src/platform/files/upload";
import { registerErrorHandling } from "../src/platform/http/errors";

// s3rver ships no types; this is the part of it the test uses.
type TS3rver = {
  configureBuckets(): Promise<unknown>;
  callback(): (request: http.IncomingMessage, response: http.ServerResponse) => void;
};
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as new (options: {
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => TS3rver;

// s3rver's built-in account.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const BUCKET = "hostfield-media";

let server: http.Server;
let directory: string;
let endpoint: string;
/** Every request the S3 server received: method, path and Authorization header. */
const seen: { method: string; url: string; authorization: string | undefined }[] = [];
/** Paths whose next request is answered 503, to exercise retries. */
const failOnce = new Set<string>();

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-s3-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  server = http.createServer((request, response) => {
    const url = request.url ?? "";
    seen.push({ method: request.method ?? "", url, authorization: request.headers.authorization });
    if (failOnce.delete(url)) {
      response.statusCode = 503;
      response.end("<Error><Code>SlowDown</Code></Error>");
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(directory, { recursive: true, force: true });
});
beforeEach(() => {
  seen.length = 0;
});

const settings = (overrides: Partial<TS3Config> = {}): TS3Config => ({
  endpoint,
  region: "us-east-1",
  bucket: BUCKET,
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET_ACCESS_KEY,
  forcePathStyle: true,
  ...overrides,
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The object as the bucket holds it, fetched with a client of our own. */
async function rawObject(key: string) {
  const client = new AwsClient({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    service: "s3",
    region: "us-east-1",
    retries: 0,
  });
  const response = await client.fetch(`${endpoint}/${BUCKET}/${key}`);
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe("S3 store", () => {
  it("puts, streams back, tells existence and deletes an object, with signed requests", async () => {
    const store = createS3Store(settings());
    const key = newFileKey("users", "pdf");
    const body = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3 * 1024 * 1024, 0x41)]);

    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, body);
    expect(await store.exists(key)).toBe(true);

    const stored = await store.get(key);
    expect(stored?.size).toBe(body.length);
    expect(stored?.stream).toBeDefined();
    expect((await read(stored!.stream)).equals(body)).toBe(true);
    // The object is where path style says, with the content type its key implies.
    const raw = await rawObject(key);
    expect(raw.status).toBe(200);
    expect(raw.contentType).toBe("application/pdf");
    expect(raw.body.equals(body)).toBe(true);

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    // Deleting what is gone is fine, as on disk.
    await expect(store.delete(key)).resolves.toBeUndefined();

    const ours = seen.filter((request) => request.url.startsWith(`/${BUCKET}/users/`));
    expect(ours.map((request) => request.method)).toEqual([
      "HEAD",
      "GET",
      "PUT",
      "HEAD",
      "GET",
      "GET",
      "DELETE",
      "HEAD",
      "GET",
      "DELETE",
    ]);
    for (const request of ours)
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
  });

  it("is refused by the server when the secret is wrong: signatures are checked", async () => {
    const store = createS3Store(settings({ secretAccessKey: "not-the-secret" }));
    const key = newFileKey("users", "png");
    const error = await store.put(key, Buffer.from("x")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: 403, s3Code: "SignatureDoesNotMatch" });
    await expect(store.exists(key)).rejects.toMatchObject({ status: 403 });
    expect((await rawObject(key)).status).toBe(404);
  });

  it("tries again after a server error", async () => {
    const store = createS3Store(settings(), { retryDelayMs: 1 });
    const key = newFileKey("users", "txt");
    failOnce.add(`/${BUCKET}/${key}`);
    await store.put(key, Buffer.from("hello"));
    expect(seen.filter((request) => request.method === "PUT").length).toBe(2);
    expect((await rawObject(key)).body.toString()).toBe("hello");
    await store.delete(key);
  });

  it("gives up with an error when the server keeps failing", async () => {
    const store = createS3Store(settings(), { retryDelayMs: 1, attempts: 1 });
    const key = newFileKey("users", "txt");
    failOnce.add(`/${BUCKET}/${key}`);
    await expect(store.get(key)).rejects.toMatchObject({ status: 503, s3Code: "SlowDown" });
  });

  it("never sends a key that is not ours", async () => {
    const store = createS3Store(settings());
    for (const key of ["../secret", "users/../../x.png", "users/not-a-uuid.png", "USERS/A.PNG"]) {
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await expect(store.put(key, Buffer.from("x"))).rejects.toThrow(/invalid file key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid file key/);
    }
    expect(seen).toEqual([]);
  });

  it("builds path-style and virtual-hosted URLs", () => {
    const key = "users/0b6c1b7e-3f1e-4c55-9d0e-0c7c1d2b3a4f.png";
    const aws = {
      ...settings(),
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      forcePathStyle: false,
    };
    expect(objectUrl(aws, key)).toBe(`https://${BUCKET}.s3.eu-central-1.amazonaws.com/${key}`);
    expect(objectUrl({ ...aws, forcePathStyle: true }, key)).toBe(
      `https://s3.eu-central-1.amazonaws.com/${BUCKET}/${key}`,
    );
    expect(
      objectUrl({ ...aws, endpoint: "http://minio:9000/storage", forcePathStyle: true }, key),
    ).toBe(`http://minio:9000/storage/${BUCKET}/${key}`);
  });
});

describe("the configured store", () => {
  const s3Env = () => ({
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  });

  it("reads the S3 settings, with defaults for region, endpoint and addressing", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3Env()).s3).toEqual({
      endpoint,
      region: "us-east-1",
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_REGION: "eu-west-3",
      }).s3,
    ).toMatchObject({ endpoint: "https://s3.eu-west-3.amazonaws.com", forcePathStyle: false });
  });

  it.each([
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_BUCKET"],
    [{ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "id" }, "S3_SECRET_ACCESS_KEY"],
    [{ S3_BUCKET: "Not_A_Bucket", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "s" }, "S3_BUCKET"],
    [{ S3_ENDPOINT: "ftp://minio", S3_BUCKET: BUCKET }, "S3_ENDPOINT"],
    [{ S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
  ])("stops on an incomplete or bad S3 setting: %j names %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\n\\s+${name}:`));
  });

  it("writes to the bucket when S3 is configured, and to DATA_DIR/files otherwise", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-files-"));
    try {
      const key = newFileKey("users", "txt");
      await createFileStore(loadConfig({ ...s3Env(), DATA_DIR: dataDir })).put(
        key,
        Buffer.from("s3"),
      );
      expect((await rawObject(key)).body.toString()).toBe("s3");
      expect(fs.existsSync(path.join(dataDir, "files"))).toBe(false);

      const diskKey = newFileKey("users", "txt");
      await createFileStore(loadConfig({ DATA_DIR: dataDir })).put(diskKey, Buffer.from("disk"));
      expect(fs.readFileSync(path.join(dataDir, "files", diskKey), "utf8")).toBe("disk");
      expect((await rawObject(diskKey)).status).toBe(404);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("/media on the S3 store", () => {
  let app: FastifyInstance;
  let store: TFileStore;
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-media-cache-"));
    store = createS3Store(settings());
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const media = registerMedia(app, { store, cacheDir, limits: loadConfig({}).media });
    // The folders these files stand in, as their modules would name them (a folder no module
    // names is hidden).
    for (const folder of ["users/", "profiles/"]) media.folder(folder, anyone);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it("resizes an image from the bucket, caches the variant locally, and forgets it once deleted", async () => {
    const key = newFileKey("users", "png");
    await store.put(
      key,
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c03" } })
        .png()
        .toBuffer(),
    );
    const first = await app.inject({ url: `/media/${key}?w=384&h=216&fit=cover&format=webp` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 384, height: 216 });
    expect(
      fs.readdirSync(cacheDir, { recursive: true }).some((f) => String(f).endsWith(".webp")),
    ).toBe(true);

    // The second answer comes from the local cache: the bucket is only asked whether the original exists.
    seen.length = 0;
    const second = await app.inject({ url: `/media/${key}?w=384&h=216&fit=cover&format=webp` });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(seen.map((request) => request.method)).toEqual(["HEAD"]);

    await store.delete(key);
    expect(
      (await app.inject({ url: `/media/${key}?w=384&h=216&fit=cover&format=webp` })).statusCode,
    ).toBe(404);
  });

  it("streams a document from the bucket as it is", async () => {
    const key = newFileKey("profiles", "pdf");
    const body = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(256 * 1024, 0x42)]);
    await store.put(key, body);
    const res = await app.inject({ url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(Number(res.headers["content-length"])).toBe(body.length);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect((await app.inject({ url: `/media/${newFileKey("profiles", "pdf")}` })).statusCode).toBe(
      404,
    );
  });
});
