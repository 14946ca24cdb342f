// Accounts made without the pages: the sign-up form posted over HTTP as a browser posts it (its
// cookies, redirects and interaction), the address verified from the outbox's link, then a log-in
// with the authorization code and PKCE, its code exchanged at /oidc/token. The session is then put
// into a browser page the way the web app keeps one after a popup sign-in (injectSession).
// apps/server/test/oidc-driver.ts drives the same flow through app.inject.
import { createHash, randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { lastMailTo, linkIn } from "./outbox";

export const PASSWORD = "correct horse 42";
const CLIENT_ID = "hostfield-web";
const SCOPE = "openid profile email offline_access";
/** oidc-client-ts leaves these out of the profile it keeps (its DefaultProtocolClaims). */
const PROTOCOL_CLAIMS = ["nbf", "jti", "auth_time", "nonce", "acr", "amr", "azp", "at_hash"];
/** The web app's note that someone signed in here lately (apps/web/src/lib/auth/session-hint.ts). */
const SESSION_HINT_KEY = "hostfield.auth.session";
const SESSION_HINT_COOKIE = "hf_session_hint";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The server the journeys run against (playwright.config.ts sets E2E_PORT). */
export function serverOrigin(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set (see playwright.config.ts)");
  return `http://127.0.0.1:${port}`;
}

type TCookie = { name: string; value: string; path: string; httpOnly: boolean; expires: number };

/** What a browser keeps of the provider's cookies, and the requests it makes with them. */
class HttpBrowser {
  readonly cookies = new Map<string, TCookie>();
  constructor(readonly origin: string) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expiresAt = attribute("expires");
      const maxAge = attribute("max-age");
      const expires =
        maxAge !== undefined
          ? Date.now() / 1000 + Number(maxAge)
          : expiresAt
            ? Date.parse(expiresAt) / 1000
            : -1;
      if (value === "" || (expires !== -1 && expires <= Date.now() / 1000)) {
        this.cookies.delete(name);
        continue;
      }
      this.cookies.set(name, {
        name,
        value,
        path: attribute("path") ?? "/",
        httpOnly: attributes.some((a) => a.toLowerCase() === "httponly"),
        expires,
      });
    }
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.values()]
      .filter(
        (c) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  /** One request, redirects not followed (the caller follows them, as it needs). */
  async request(method: "GET" | "POST", url: string, form?: Record<string, string>) {
    const target = new URL(url, this.origin);
    const res = await fetch(target, {
      method,
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader(target.pathname),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.remember(res);
    return res;
  }

  /** Follows redirects on this site until a page, or until one leaves for the app's callback. */
  async follow(first: Response): Promise<Response> {
    let res = first;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const location = new URL(res.headers.get("location") ?? "", this.origin);
      if (location.pathname.startsWith("/auth/")) return res;
      await res.arrayBuffer();
      res = await this.request("GET", location.href);
    }
    return res;
  }
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Starts an authorization as the web app does and answers the interaction page it lands on. */
async function startAuthorization(
  browser: HttpBrowser,
  challenge: string,
  extra: Record<string, string> = {},
): Promise<{ uid: string; html: string }> {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: `${browser.origin}/auth/callback`,
    scope: SCOPE,
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
  const page = await browser.follow(await browser.request("GET", `/oidc/auth?${params}`));
  const uid = /\/oidc\/interaction\/([^/?]+)/.exec(page.url)?.[1];
  const html = await page.text();
  if (page.status !== 200 || !uid) throw new Error(`no sign-in page: ${page.status} ${page.url}`);
  return { uid, html };
}

/** A form's action and the names of its fields, from a server-rendered page. */
function formOf(html: string): { action: string; fields: Set<string> } {
  const form = /<form\b[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form?.[1]) throw new Error("the page has no form");
  const fields = new Set([...(form[2] ?? "").matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]!));
  return { action: form[1].replace(/&amp;/g, "&"), fields };
}

/** Posts the page's form with these values: each must be a field of it. */
async function submit(browser: HttpBrowser, html: string, values: Record<string, string>) {
  const { action, fields } = formOf(html);
  for (const name of Object.keys(values)) {
    if (!fields.has(name)) throw new Error(`the form at ${action} has no field "${name}"`);
  }
  return browser.request("POST", action, values);
}

/** Signs up with the provider's sign-up form and verifies the address from the outbox's link. */
export async function signUpByHttp(input: {
  name: string;
  email: string;
  password?: string;
  accountType?: string;
}): Promise<void> {
  const browser = new HttpBrowser(serverOrigin());
  const { html } = await startAuthorization(browser, pkce().challenge, { screen_hint: "signup" });
  const done = await submit(browser, html, {
    name: input.name,
    email: input.email,
    password: input.password ?? PASSWORD,
    accountType: input.accountType ?? "Event Organizer",
  });
  const page = await done.text();
  if (done.status !== 200 || !page.includes(input.email)) {
    throw new Error(`sign-up of ${input.email} failed: ${done.status}`);
  }
  const verified = await browser.request("GET", linkIn((await lastMailTo(input.email)).text));
  if (verified.status !== 200)
    throw new Error(`verifying ${input.email} failed: ${verified.status}`);
  await verified.arrayBuffer();
}

/** What oidc-client-ts keeps for a signed-in user, and the provider's cookies of that sign-in. */
export type TSession = {
  email: string;
  accessToken: string;
  /** When the access token stops being good, in ms since the epoch. */
  expiresAtMs: number;
  /** oidc-client-ts's stored User (toStorageString). */
  user: string;
  cookies: TCookie[];
};

/** Logs in on the provider's page with code + PKCE and exchanges the code, as the web app does. */
export async function logInByHttp(email: string, password = PASSWORD): Promise<TSession> {
  const browser = new HttpBrowser(serverOrigin());
  const { challenge, verifier } = pkce();
  const { html } = await startAuthorization(browser, challenge);
  const callback = await browser.follow(await submit(browser, html, { email, password }));
  const code = new URL(callback.headers.get("location") ?? "", browser.origin).searchParams.get(
    "code",
  );
  if (!code) throw new Error(`logging in ${email} gave no code: ${callback.status}`);
  const reply = await fetch(`${browser.origin}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: `${browser.origin}/auth/callback`,
      client_id: CLIENT_ID,
    }).toString(),
  });
  if (!reply.ok) throw new Error(`the token exchange for ${email} failed: ${await reply.text()}`);
  const tokens = (await reply.json()) as {
    access_token: string;
    id_token: string;
    refresh_token: string;
    token_type: string;
    scope: string;
    expires_in: number;
  };
  const claims = JSON.parse(
    Buffer.from(tokens.id_token.split(".")[1] ?? "", "base64url").toString("utf8"),
  ) as Record<string, unknown>;
  const profile = Object.fromEntries(
    Object.entries(claims).filter(([claim]) => !PROTOCOL_CLAIMS.includes(claim)),
  );
  const now = Date.now();
  return {
    email,
    accessToken: tokens.access_token,
    expiresAtMs: now + tokens.expires_in * 1000,
    user: JSON.stringify({
      id_token: tokens.id_token,
      session_state: null,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope,
      profile,
      expires_at: Math.floor(now / 1000) + tokens.expires_in,
    }),
    cookies: [...browser.cookies.values()],
  };
}

let userStoreKey: Promise<string> | null = null;

/** Where oidc-client-ts keeps the user: `oidc.user:<authority>:<client id>` in sessionStorage. */
function userKey(): Promise<string> {
  userStoreKey ??= fetch(`${serverOrigin()}/api/client-config?api-version=1.0`)
    .then(
      (res) => res.json() as Promise<{ data: { oidc: { authority: string; clientId: string } } }>,
    )
    .then(({ data }) => `oidc.user:${data.oidc.authority}:${data.oidc.clientId}`)
    .catch((error: unknown) => {
      // Asked again next time: a failed first ask must not fail every later journey of the worker.
      userStoreKey = null;
      throw error;
    });
  return userStoreKey;
}

/**
 * Puts `session` into `page` (a page of a fresh context, or one whose context holds no other
 * session) as a popup sign-in leaves it: the provider's session cookies in the context (so
 * sign-out and the hidden-frame renewal find the provider's session), the user in sessionStorage,
 * the "signed in lately" note in localStorage and its cookie. The app then starts signed in from
 * the stored access token. Ends on /home, as the popup sign-in from the landing page does.
 */
export async function injectSession(page: Page, session: TSession): Promise<void> {
  const origin = serverOrigin();
  const { hostname } = new URL(origin);
  const expires = Math.floor((Date.now() + DAY_MS) / 1000);
  await page.context().addCookies([
    ...session.cookies.map((c) => ({
      name: c.name,
      value: c.value,
      domain: hostname,
      path: c.path,
      httpOnly: c.httpOnly,
      sameSite: "Lax" as const,
      expires: c.expires,
    })),
    {
      name: SESSION_HINT_COOKIE,
      value: "1",
      domain: hostname,
      path: "/",
      sameSite: "Lax",
      expires,
    },
  ]);
  // A page of the site without scripts (the service worker's offline page), to write its storage.
  await page.goto("/offline.html");
  await page.evaluate(
    ({ key, user, hintKey, day }) => {
      sessionStorage.setItem(key, user);
      localStorage.setItem(hintKey, String(Date.now() + day));
    },
    { key: await userKey(), user: session.user, hintKey: SESSION_HINT_KEY, day: DAY_MS },
  );
  await page.goto("/home");
  await expect(page).toHaveURL(/\/home$/);
  // Signed in: a guest's /home asks to log in instead of showing the hub. Setup, not the journey:
  // given longer than a step, as several pages sign in at once (signedInTogether) and one of four
  // missed 20 s beside another worker at load 13 (stop 65's CI).
  await expect(page.getByRole("heading", { level: 2, name: "Explore" })).toBeVisible({
    timeout: 60_000,
  });
}
