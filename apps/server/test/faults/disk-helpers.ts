// The disk fault tests' own helpers: the real server as a child process (tsx on src/main.ts, its
// own port and data folder), and requests over real HTTP in the shape of Fastify's inject, so the
// sign-in driver of the http tests works against the process unchanged.
// (The fault suite's shared helpers may replace spawnServer and freePort when the branches meet.)
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import {
  authorizeUrl,
  Browser,
  interactionUid,
  linkIn,
  pkce,
  signIn,
  type TTokens,
} from "../oidc-driver";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
/** The origin the test server believes it has; requests carry it as Host. */
export const PUBLIC_URL = "http://hostfield.test";

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

export type TServerProcess = {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout (its JSON log) and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** The exit code (null when killed by a signal), once it exits. */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
};

/** Starts the server on `dataDir` (embedded PGlite there) as production would, minus seeding. */
export async function spawnServer(dataDir: string): Promise<TServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(TSX, [MAIN], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL,
      DATA_DIR: dataDir,
      SECRET_KEY: "fault-test-secret-key-of-at-least-32-characters",
      // Info: the log carries the mails (no SMTP), where the sign-up link is read.
      LOG_LEVEL: "info",
      SEED_ON_START: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
  });
  return {
    port,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Polls /readyz until it answers 200; fails with the process's stderr if it exits first. */
export async function waitReady(server: TServerProcess, attempts = 600): Promise<void> {
  const app = httpApp(server.port);
  for (let i = 0; i < attempts; i++) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr()}`);
    }
    const res = await app.inject({ url: "/readyz" }).catch(() => null);
    if (res?.statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server never became ready: ${server.stderr()}`);
}

type TInject = {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
};

export type THttpReply = {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  rawPayload: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: as loose as inject's json(), which the tests read alike.
  json(): any;
};

/** Requests to the process on `port`, answered in the shape of Fastify's inject. */
export function httpApp(port: number) {
  const inject = ({ method = "GET", url, headers = {}, payload }: TInject) =>
    new Promise<THttpReply>((resolve, reject) => {
      const isObject =
        payload !== undefined && typeof payload === "object" && !Buffer.isBuffer(payload);
      const body = isObject ? JSON.stringify(payload) : payload;
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: url,
          headers: {
            host: new URL(PUBLIC_URL).host,
            ...(isObject ? { "content-type": "application/json" } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const rawPayload = Buffer.concat(chunks);
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: rawPayload.toString("utf8"),
              rawPayload,
              json: () => JSON.parse(rawPayload.toString("utf8")),
            });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  return { inject };
}

/** The process's app as the sign-in driver sees it: only `inject` is used. */
const asApp = (app: ReturnType<typeof httpApp>) => app as unknown as FastifyInstance;

/** The text of the last mail to `to`, from the process's log (without SMTP it logs every mail). */
function mailTextTo(server: TServerProcess, to: string): string {
  const mails = server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"mail kept in the outbox"'))
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((mail) => mail.to === to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to} in the log`);
  return last.text;
}

/** Signs `email` up through the pages, follows the mailed link, and signs in: the tokens. */
export async function signUpOnProcess(
  server: TServerProcess,
  email: string,
  password: string,
): Promise<TTokens> {
  const app = asApp(httpApp(server.port));
  const browser = new Browser(app);
  const start = await browser.request(
    "GET",
    authorizeUrl({
      challenge: pkce().challenge,
      state: "s",
      nonce: "n",
      extra: { screen_hint: "signup" },
    }),
  );
  const done = await browser.request("POST", `/oidc/interaction/${interactionUid(start)}/signup`, {
    name: "Disk Person",
    email,
    password,
    accountType: "Event Organizer",
  });
  if (done.statusCode !== 200) throw new Error(`sign-up failed: ${done.statusCode}`);
  const verified = await browser.request("GET", linkIn(mailTextTo(server, email)));
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode}`);
  return signIn(app, email, password);
}
