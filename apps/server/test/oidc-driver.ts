// Drives the real sign-in flow through the provider like a browser would: cookies, redirects, forms.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { TDb } from "../src/platform/db/database";

export const CLIENT_ID = "hostfield-web";
export const ORIGIN = "http://hostfield.test";
export const REDIRECT_URI = `${ORIGIN}/auth/callback`;
const redirectUri = (origin: string) => `${origin}/auth/callback`;

export class Browser {
  cookies = new Map<string, string>();
  constructor(
    private app: FastifyInstance,
    private origin = ORIGIN,
    /** The client's IP address, as the server sees it. */
    private address = "127.0.0.1",
  ) {}

  private remember(res: LightMyRequestResponse) {
    const header = res.headers["set-cookie"];
    for (const line of [header ?? []].flat()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: "GET" | "POST", url: string, form?: Record<string, string>) {
    const target = url.startsWith(this.origin) ? url.slice(this.origin.length) : url;
    const res = await this.app.inject({
      method,
      url: target,
      remoteAddress: this.address,
      headers: {
        host: new URL(this.origin).host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.remember(res);
    return res;
  }

  /** Starts an authorization, logs in on the page, and returns where the provider sent the browser. */
  async logIn(options: {
    email: string;
    password: string;
    challenge: string;
    state: string;
    nonce: string;
  }): Promise<URL> {
    const { email, password, ...authorize } = options;
    const uid = interactionUid(
      await this.request("GET", authorizeUrl({ origin: this.origin, ...authorize })),
    );
    const callback = await this.follow(
      await this.request("POST", `/oidc/interaction/${uid}/login`, { email, password }),
    );
    return new URL(String(callback.headers.location));
  }

  /** Follows same-site redirects until a page, or a redirect to the client's callback. */
  async follow(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    let current = res;
    for (let hops = 0; hops < 10 && current.statusCode >= 300 && current.statusCode < 400; hops++) {
      const location = String(current.headers.location);
      if (location.startsWith(`${this.origin}/auth/`) || location === `${this.origin}/`)
        return current;
      current = await this.request("GET", location);
    }
    return current;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

export function authorizeUrl(options: {
  origin?: string;
  challenge: string;
  state: string;
  nonce: string;
  extra?: Record<string, string>;
}) {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: redirectUri(options.origin ?? ORIGIN),
    scope: "openid profile email offline_access",
    state: options.state,
    nonce: options.nonce,
    code_challenge: options.challenge,
    code_challenge_method: "S256",
    ...options.extra,
  });
  return `/oidc/auth?${params}`;
}

/** The interaction page's uid from a redirect to /oidc/interaction/<uid>. */
export function interactionUid(res: LightMyRequestResponse): string {
  const match = /\/oidc\/interaction\/([^/?]+)/.exec(String(res.headers.location));
  if (!match?.[1])
    throw new Error(`not an interaction redirect: ${res.statusCode} ${res.headers.location}`);
  return match[1];
}

export async function lastMailTo(db: TDb, to: string): Promise<{ subject: string; text: string }> {
  const result = await db.execute<{ subject: string; text: string }>(
    sql`select subject, text from mail_outbox where "to" = ${to} order by created_date desc limit 1`,
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

export function linkIn(text: string): string {
  const match = /(https?:\/\/[^/\s]+\/oidc\/account\/[a-z]+\?token=[\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in mail: ${text}`);
  return match[1];
}

export async function mailCount(db: TDb, to: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from mail_outbox where "to" = ${to}`,
  );
  return result.rows[0]?.n ?? 0;
}

export type TTokens = {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
};

export async function exchangeCode(
  app: FastifyInstance,
  code: string,
  verifier: string,
  origin = ORIGIN,
) {
  return app.inject({
    method: "POST",
    url: "/oidc/token",
    headers: { host: new URL(origin).host, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri(origin),
      client_id: CLIENT_ID,
    }).toString(),
  });
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: "POST",
    url: "/oidc/token",
    headers: { host: "hostfield.test", "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    }).toString(),
  });
}

/** Signs up through the pages, follows the verification link, and returns the address used. */
export async function signUpAndVerify(
  app: FastifyInstance,
  db: TDb,
  input: { name: string; email: string; password: string; accountType?: string },
  origin = ORIGIN,
) {
  const browser = new Browser(app, origin);
  const { challenge } = pkce();
  const start = await browser.request(
    "GET",
    authorizeUrl({ origin, challenge, state: "s", nonce: "n", extra: { screen_hint: "signup" } }),
  );
  const uid = interactionUid(start);
  const done = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
    name: input.name,
    email: input.email,
    password: input.password,
    accountType: input.accountType ?? "Event Organizer",
  });
  if (done.statusCode !== 200) throw new Error(`sign-up failed: ${done.statusCode}`);
  const verified = await browser.request(
    "GET",
    linkIn((await lastMailTo(db, input.email.toLowerCase())).text),
  );
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode}`);
}

/** Logs in through the pages with code + PKCE and returns the tokens. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  origin = ORIGIN,
): Promise<TTokens> {
  const browser = new Browser(app, origin);
  const { challenge, verifier } = pkce();
  const start = await browser.request(
    "GET",
    authorizeUrl({ origin, challenge, state: "st", nonce: "no" }),
  );
  const uid = interactionUid(start);
  const login = await browser.request("POST", `/oidc/interaction/${uid}/login`, {
    email,
    password,
  });
  const callback = await browser.follow(login);
  const location = new URL(String(callback.headers.location));
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code: ${location}`);
  const res = await exchangeCode(app, code, verifier, origin);
  if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.body}`);
  return res.json() as TTokens;
}

/** Signs up, verifies and signs in `<key>@example.com` for every key; returns their tokens by key. */
export async function signInPeople<TKey extends string>(
  app: FastifyInstance,
  db: TDb,
  keys: readonly TKey[],
  password: string,
): Promise<Record<TKey, TTokens>> {
  const tokens = {} as Record<TKey, TTokens>;
  for (const key of keys) {
    const name = `${key[0]!.toUpperCase()}${key.slice(1)} Person`;
    await signUpAndVerify(app, db, { name, email: `${key}@example.com`, password });
    tokens[key] = await signIn(app, `${key}@example.com`, password);
  }
  return tokens;
}
