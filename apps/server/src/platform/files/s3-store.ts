// The file store in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, …): plain object
// PUT/GET/HEAD/DELETE over fetch, signed with AWS Signature V4 by aws4fetch. Reads stream.
// The credentials need s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket (without
// ListBucket, S3 answers a missing object with 403 instead of 404).
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { AwsClient } from "aws4fetch";
import type { TS3Config } from "../config";
import type { TFileStore } from "./file-store";
import { assertKey, FILE_KEY } from "./keys";
import { typeOfKey } from "./sniff";

export type TS3StoreOptions = {
  /** How long one request may take to answer (headers); a GET's body then streams freely. */
  timeoutMs?: number;
  /** Tries per operation: server errors (5xx, 429) and network failures are tried again. */
  attempts?: number;
  /** The first pause between tries; it doubles each time. */
  retryDelayMs?: number;
};

/** An answer from the bucket that is neither success nor "no such object". */
export class S3RequestError extends Error {
  override name = "S3RequestError";
  constructor(
    readonly status: number,
    readonly s3Code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The object's URL: https://endpoint/bucket/key (path style) or https://bucket.endpoint/key. */
export function objectUrl(settings: TS3Config, key: string): string {
  const endpoint = new URL(settings.endpoint);
  const prefix = endpoint.pathname.replace(/\/+$/, "");
  // Keys match FILE_KEY (a-z, 0-9, '-', '/', '.'), so they need no escaping.
  return settings.forcePathStyle
    ? `${endpoint.origin}${prefix}/${settings.bucket}/${key}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${prefix}/${key}`;
}

async function failure(method: string, key: string, response: Response): Promise<S3RequestError> {
  const text = await response.text().catch(() => "");
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  return new S3RequestError(
    response.status,
    code,
    `S3 ${method} ${key} failed: ${response.status}${code ? ` ${code}` : ""}`,
  );
}

export function createS3Store(settings: TS3Config, options: TS3StoreOptions = {}): TFileStore {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: "s3",
    region: settings.region,
    // We retry ourselves: aws4fetch would not retry network failures nor drain failed answers.
    retries: 0,
  });

  async function send(
    method: "GET" | "PUT" | "HEAD" | "DELETE",
    key: string,
    init: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = objectUrl(settings, key);
    for (let attempt = 1; ; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`S3 ${method} ${key} timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      let response: Response;
      try {
        response = await client.fetch(url, { method, ...init, signal: controller.signal });
      } catch (error) {
        if (attempt < attempts) {
          await sleep(retryDelayMs * 2 ** (attempt - 1));
          continue;
        }
        throw new Error(`S3 ${method} ${key} failed: ${(error as Error).message}`, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
      if ((response.status >= 500 || response.status === 429) && attempt < attempts) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      return response;
    }
  }

  const drain = (response: Response) => response.body?.cancel().catch(() => undefined);

  return {
    async put(key, body) {
      assertKey(key);
      const response = await send("PUT", key, {
        body,
        headers: {
          "content-type": typeOfKey(key)?.contentType ?? "application/octet-stream",
        },
      });
      if (!response.ok) throw await failure("PUT", key, response);
      await drain(response);
    },
    async get(key) {
      if (!FILE_KEY.test(key)) return null;
      const response = await send("GET", key);
      if (response.status === 404) {
        await drain(response);
        return null;
      }
      if (!response.ok || !response.body) throw await failure("GET", key, response);
      const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
      const length = response.headers.get("content-length");
      if (length !== null) return { stream, size: Number(length) };
      // Every S3 sends the length; should one not, the object is read to learn it.
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      return { stream: Readable.from([body]), size: body.length };
    },
    async exists(key) {
      if (!FILE_KEY.test(key)) return false;
      const response = await send("HEAD", key);
      await drain(response);
      if (response.status === 404) return false;
      if (!response.ok) throw await failure("HEAD", key, response);
      return true;
    },
    async delete(key) {
      assertKey(key);
      const response = await send("DELETE", key);
      // Deleting what is not there is done, as on disk.
      if (!response.ok && response.status !== 404) throw await failure("DELETE", key, response);
      await drain(response);
    },
  };
}
