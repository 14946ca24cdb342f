// Sign-up, verification, sign-in with code + PKCE, tokens, refresh rotation, logout, reset links and
// rate limits, all through the real provider and pages.

import { ROLES_CLAIM } from "@hostfield/domain/rules";
import { sql } from "drizzle-orm";
import { decodeJwt, importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSigningKeys } from "../src/platform/auth/signing-keys";
import { createSecretBox } from "../src/platform/crypto/secret-box";
import { buildTestApp, type TTestApp, testConfig, V } from "./helper";
import {
  authorizeUrl,
  Browser,
  CLIENT_ID,
  exchangeCode,
  interactionUid,
  lastMailTo,
  linkIn,
  mailCount,
  ORIGIN,
  pkce,
  REDIRECT_URI,
  refresh,
  signIn,
  signUpAndVerify,
  type TTokens,
} from "./oidc-driver";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "boss@example.com" } });
});
afterAll(() => t.close());

const PASSWORD = "correct horse 42";
const me = (token: string) =>
  t.app.inject({
    url: `/user-mgmt/api/users/my?${V}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe("sign-up and e-mail verification", () => {
  it("opens sign-up directly with screen_hint=signup and sends a single-use verification link", async () => {
    const browser = new Browser(t.app);
    const start = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "s",
        nonce: "n",
        extra: { screen_hint: "signup" },
      }),
    );
    expect(start.statusCode).toBe(303);
    const uid = interactionUid(start);
    const page = await browser.request("GET", `/oidc/interaction/${uid}`);
    expect(page.body).toContain("Create your Hostfield account");

    const weak = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
      name: "Ada",
      email: "ada@example.com",
      password: "short",
      accountType: "Event Organizer",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("at least 10 characters");
    expect(await mailCount(t.app.db, "ada@example.com")).toBe(0);

    const done = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
      name: "Ada Lovelace",
      email: "Ada@Example.com",
      password: PASSWORD,
      accountType: "Event Organizer",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("ada@example.com");
    const mail = await lastMailTo(t.app.db, "ada@example.com");
    expect(mail.subject).toMatch(/verify/i);
    const link = linkIn(mail.text);
    expect((await browser.request("GET", link)).statusCode).toBe(200);
    const again = await browser.request("GET", link);
    expect(again.statusCode).toBe(404);
    expect(again.body).toMatch(/no longer works/);
  });

  it("refuses sign-in of an unverified account with 'Look for an email', and sends a fresh link once the last is older than the mail window", async () => {
    const browser = new Browser(t.app);
    const uid = interactionUid(
      await browser.request(
        "GET",
        authorizeUrl({
          challenge: pkce().challenge,
          state: "s1",
          nonce: "n",
          extra: { screen_hint: "signup" },
        }),
      ),
    );
    await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
      name: "Una Verified",
      email: "una@example.com",
      password: PASSWORD,
      accountType: "Coach",
    });
    const before = await mailCount(t.app.db, "una@example.com");

    const logIn = async () => {
      const second = new Browser(t.app);
      const uid2 = interactionUid(
        await second.request(
          "GET",
          authorizeUrl({ challenge: pkce().challenge, state: "s2", nonce: "n" }),
        ),
      );
      const login = await second.request("POST", `/oidc/interaction/${uid2}/login`, {
        email: "una@example.com",
        password: PASSWORD,
      });
      return new URL(String((await second.follow(login)).headers.location));
    };
    const location = await logIn();
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toContain("Look for an email");
    expect(location.searchParams.get("state")).toBe("s2");
    // The sign-up's link went a moment ago and still works: no second mail yet.
    expect(await mailCount(t.app.db, "una@example.com")).toBe(before);
    await t.database.pool.query(
      "update mail_recipient_limits set sent_date = now() - interval '6 minutes' where recipient = 'una@example.com'",
    );
    expect((await logIn()).searchParams.get("error_description")).toContain("Look for an email");
    expect(await mailCount(t.app.db, "una@example.com")).toBe(before + 1);
  });

  it("answers a sign-up with a taken address like any other, and tells the owner instead", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Tess",
      email: "tess@example.com",
      password: PASSWORD,
    });
    const browser = new Browser(t.app);
    const uid = interactionUid(
      await browser.request(
        "GET",
        authorizeUrl({
          challenge: pkce().challenge,
          state: "s",
          nonce: "n",
          extra: { screen_hint: "signup" },
        }),
      ),
    );
    const res = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
      name: "Impostor",
      email: "tess@example.com",
      password: PASSWORD,
      accountType: "Other",
    });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo(t.app.db, "tess@example.com")).subject).toMatch(/tried to sign up/);
  });
});

describe("sign-in with authorization code + PKCE", () => {
  beforeAll(async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Grace Hopper",
      email: "grace@example.com",
      password: PASSWORD,
    });
  });

  it("issues an RS256 access token for the API with sub, email and roles, and an ID token for the client", async () => {
    const tokens = await signIn(t.app, "grace@example.com", PASSWORD);
    const access = decodeJwt(tokens.access_token);
    expect(access.iss).toBe(`${ORIGIN}/oidc`);
    expect(access.aud).toBe(`${ORIGIN}/api`);
    expect(access.email).toBe("grace@example.com");
    expect(access[ROLES_CLAIM]).toEqual([]);
    const id = decodeJwt(tokens.id_token);
    expect(id.nonce).toBe("no");
    expect(id.azp ?? id.aud).toContain("hostfield-web");
    expect(id.name).toBe("Grace Hopper");
    expect(typeof id.auth_time).toBe("number");
    const profile = await me(tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: "grace@example.com",
      name: "Grace Hopper",
      emailVerified: true,
      isAdmin: false,
      unopenedNotifications: 0,
    });
  });

  it("refuses a code redeemed with the wrong PKCE verifier, and a second redemption", async () => {
    const browser = new Browser(t.app);
    const { challenge, verifier } = pkce();
    const callback = await browser.logIn({
      email: "grace@example.com",
      password: PASSWORD,
      challenge,
      state: "x",
      nonce: "y",
    });
    const code = callback.searchParams.get("code")!;
    const wrong = await exchangeCode(t.app, code, pkce().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("invalid_grant");

    // With a session, the next authorization returns a code at once; it can be redeemed once.
    const sso = await browser.request("GET", authorizeUrl({ challenge, state: "x2", nonce: "y2" }));
    const code2 = new URL(String(sso.headers.location)).searchParams.get("code")!;
    expect(code2).toBeTruthy();
    expect((await exchangeCode(t.app, code2, verifier)).statusCode).toBe(200);
    const second = await exchangeCode(t.app, code2, verifier);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe("invalid_grant");
  });

  it("honours prompt=none, prompt=login and prompt=select_account", async () => {
    const fresh = new Browser(t.app);
    const none = await fresh.follow(
      await fresh.request(
        "GET",
        authorizeUrl({
          challenge: pkce().challenge,
          state: "p",
          nonce: "n",
          extra: { prompt: "none" },
        }),
      ),
    );
    expect(String(none.headers.location)).toContain("error=login_required");

    const browser = new Browser(t.app);
    const uid = interactionUid(
      await browser.request(
        "GET",
        authorizeUrl({ challenge: pkce().challenge, state: "q", nonce: "n" }),
      ),
    );
    await browser.follow(
      await browser.request("POST", `/oidc/interaction/${uid}/login`, {
        email: "grace@example.com",
        password: PASSWORD,
      }),
    );

    const login = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "r",
        nonce: "n",
        extra: { prompt: "login" },
      }),
    );
    const loginPage = await browser.request("GET", `/oidc/interaction/${interactionUid(login)}`);
    expect(loginPage.body).toContain("Log in to Hostfield");

    const select = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "s",
        nonce: "n",
        extra: { prompt: "select_account" },
      }),
    );
    const selectUid = interactionUid(select);
    const selectPage = await browser.request("GET", `/oidc/interaction/${selectUid}`);
    expect(selectPage.body).toContain("grace@example.com");
    const chosen = await browser.follow(
      await browser.request("POST", `/oidc/interaction/${selectUid}/select`, {
        choice: "continue",
      }),
    );
    const location = new URL(String(chosen.headers.location));
    expect(location.searchParams.get("code")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("s");
  });

  it("refuses an authorization request without PKCE", async () => {
    const browser = new Browser(t.app);
    const url = authorizeUrl({ challenge: "x", state: "s", nonce: "n" }).replace(
      /&code_challenge=[^&]+&code_challenge_method=S256/,
      "",
    );
    const res = await browser.follow(await browser.request("GET", url));
    const location = String(res.headers.location ?? "");
    expect(location).toContain("error=invalid_request");
  });

  it("rotates refresh tokens and refuses a rotated one", async () => {
    const tokens = await signIn(t.app, "grace@example.com", PASSWORD);
    const first = await refresh(t.app, tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(rotated.access_token)).statusCode).toBe(200);
    const reuse = await refresh(t.app, tokens.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe("invalid_grant");
  });

  it("ends the access tokens of a family whose rotated refresh token is reused, and only that family's", async () => {
    const stolen = await signIn(t.app, "grace@example.com", PASSWORD);
    const otherDevice = await signIn(t.app, "grace@example.com", PASSWORD);
    const rotated = (await refresh(t.app, stolen.refresh_token)).json();
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    const reuse = await refresh(t.app, stolen.refresh_token);
    expect(reuse.json().error).toBe("invalid_grant");
    // Every access token of the family stops now, not when it expires...
    for (const token of [stolen.access_token, rotated.access_token]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHORIZED");
    }
    expect((await refresh(t.app, rotated.refresh_token)).json().error).toBe("invalid_grant");
    // ...while the account's other session goes on.
    expect((await me(otherDevice.access_token)).statusCode).toBe(200);
    expect((await refresh(t.app, otherDevice.refresh_token)).statusCode).toBe(200);
  });

  it("answers a wrong password with a generic message that does not reveal whether the account exists", async () => {
    const tryLogin = async (email: string) => {
      const browser = new Browser(t.app);
      const uid = interactionUid(
        await browser.request(
          "GET",
          authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
        ),
      );
      return browser.request("POST", `/oidc/interaction/${uid}/login`, {
        email,
        password: "wrong password 1",
      });
    };
    const known = await tryLogin("grace@example.com");
    const unknown = await tryLogin("nobody@example.com");
    expect(known.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(known.body).toContain("don&#39;t match an account");
    const normalize = (body: string, email: string) =>
      body.replaceAll(email, "X").replace(/\/oidc\/interaction\/[^/"?]+/g, "/oidc/interaction/UID");
    expect(normalize(unknown.body, "nobody@example.com")).toBe(
      normalize(known.body, "grace@example.com"),
    );
  });

  it("limits sign-in attempts per account", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Rita",
      email: "rita@example.com",
      password: PASSWORD,
    });
    const attempt = async (password: string) => {
      const browser = new Browser(t.app);
      const uid = interactionUid(
        await browser.request(
          "GET",
          authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
        ),
      );
      return browser.request("POST", `/oidc/interaction/${uid}/login`, {
        email: "rita@example.com",
        password,
      });
    };
    for (let i = 0; i < 5; i++) expect((await attempt("not the password 1")).statusCode).toBe(400);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain("Too many attempts");
  });

  it("signs out through RP-initiated logout and returns to the site origin", async () => {
    const browser = new Browser(t.app);
    const { challenge, verifier } = pkce();
    const callback = await browser.logIn({
      email: "grace@example.com",
      password: PASSWORD,
      challenge,
      state: "a",
      nonce: "b",
    });
    const code = callback.searchParams.get("code")!;
    const tokens = (await exchangeCode(t.app, code, verifier)).json();
    // Someone else's ID token in a link does not sign Grace out unasked: the page asks.
    await signUpAndVerify(t.app, t.app.db, {
      name: "Mallory",
      email: "mallory@example.com",
      password: PASSWORD,
    });
    const stranger = await signIn(t.app, "mallory@example.com", PASSWORD);
    const lure = await browser.request(
      "GET",
      `/oidc/session/end?${new URLSearchParams({ id_token_hint: stranger.id_token, client_id: "hostfield-web" })}`,
    );
    expect(lure.statusCode).toBe(200);
    expect(lure.body).toContain("Sign out of Hostfield?");
    expect(lure.body).not.toContain("sign-out.js");
    const end = await browser.request(
      "GET",
      `/oidc/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${ORIGIN}/`, client_id: "hostfield-web" })}`,
    );
    expect(end.statusCode).toBe(200);
    // The app's Sign out was the member's choice: the page submits itself (a script of this site).
    expect(end.body).toContain('<script src="/oidc/sign-out.js" defer></script>');
    const script = await browser.request("GET", "/oidc/sign-out.js");
    expect(script.statusCode).toBe(200);
    expect(String(script.headers["content-type"])).toMatch(/^text\/javascript/);
    expect(script.body).toContain("requestSubmit");
    const action = /action="([^"]+)"/.exec(end.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirmed = await browser.request("POST", action!.replaceAll("&amp;", "&"), {
      xsrf: xsrf!,
      logout: "yes",
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${ORIGIN}/`);
    // The session is gone: a new authorization asks to log in again.
    const next = await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: "c", nonce: "d" }),
    );
    expect(String(next.headers.location)).toContain("/oidc/interaction/");
  });
});

describe("password reset", () => {
  it("e-mails a single-use link that sets a new password and ends other sessions", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Reset Me",
      email: "reset@example.com",
      password: PASSWORD,
    });
    const tokens = await signIn(t.app, "reset@example.com", PASSWORD);
    const browser = new Browser(t.app);
    const sent = await browser.request("POST", "/oidc/account/forgot", {
      email: "reset@example.com",
    });
    expect(sent.statusCode).toBe(200);
    const link = linkIn((await lastMailTo(t.app.db, "reset@example.com")).text);
    const token = new URL(link).searchParams.get("token")!;
    const weak = await browser.request("POST", "/oidc/account/reset", { token, password: "weak" });
    expect(weak.statusCode).toBe(400);
    const ok = await browser.request("POST", "/oidc/account/reset", {
      token,
      password: "brand new secret 7",
    });
    expect(ok.statusCode).toBe(200);
    const reused = await browser.request("POST", "/oidc/account/reset", {
      token,
      password: "another secret 8",
    });
    expect(reused.statusCode).toBe(404);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    await expect(signIn(t.app, "reset@example.com", PASSWORD)).rejects.toThrow();
    expect(
      (await signIn(t.app, "reset@example.com", "brand new secret 7")).access_token,
    ).toBeTruthy();
  });

  it("answers a reset request for an unknown address exactly like a known one, and sends nothing", async () => {
    const browser = new Browser(t.app);
    const res = await browser.request("POST", "/oidc/account/forgot", {
      email: "ghost@example.com",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("If an account exists");
    expect(await mailCount(t.app.db, "ghost@example.com")).toBe(0);
  });

  it("refuses an expired link", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Late",
      email: "late@example.com",
      password: PASSWORD,
    });
    await new Browser(t.app).request("POST", "/oidc/account/forgot", { email: "late@example.com" });
    const token = new URL(
      linkIn((await lastMailTo(t.app.db, "late@example.com")).text),
    ).searchParams.get("token")!;
    await t.database.pool.query(
      "update user_links set expires_date = now() - interval '1 second' where purpose = 'reset-password'",
    );
    expect(
      (await new Browser(t.app).request("GET", `/oidc/account/reset?token=${token}`)).statusCode,
    ).toBe(404);
  });
});

describe("bearer tokens on the API", () => {
  it("refuses a forged or malformed token with 401", async () => {
    const tokens = await signIn(t.app, "grace@example.com", PASSWORD);
    const [header, payload] = tokens.access_token.split(".");
    const forged = `${header}.${payload}.${Buffer.from("not the signature").toString("base64url")}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me("garbage")).statusCode).toBe(401);
    const noScheme = await t.app.inject({
      url: `/user-mgmt/api/users/my?${V}`,
      headers: { authorization: tokens.access_token },
    });
    expect(noScheme.statusCode).toBe(401);
  });
  it("refuses a token signed with the server's own key that was issued in the future, lives too long, or is too old", async () => {
    const tokens = await signIn(t.app, "grace@example.com", PASSWORD);
    const claims = decodeJwt(tokens.access_token);
    // The provider's current signing key, as it signs.
    const [jwk] = await loadSigningKeys(t.app.db, createSecretBox(testConfig().secretKey!));
    const key = await importJWK(jwk!, "RS256");
    const sign = (times: { iat: number; exp: number }) =>
      new SignJWT({ ...claims, ...times })
        .setProtectedHeader({ alg: "RS256", kid: jwk!.kid!, typ: "at+jwt" })
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const HOUR = 60 * 60;
    const YEAR = 365 * 24 * HOUR;

    // The same claims, re-signed with the lifetime the server issues: accepted.
    expect((await me(await sign({ iat: now, exp: now + HOUR }))).statusCode).toBe(200);
    for (const times of [
      { iat: now + YEAR, exp: now + YEAR + HOUR },
      { iat: now, exp: now + 10 * YEAR },
      { iat: now - 2 * HOUR, exp: now + HOUR },
    ]) {
      const res = await me(await sign(times));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHORIZED");
    }
  });
});

describe("a NUL character in sign-in input", () => {
  const NUL = "\u0000";
  let tokens: TTokens;
  beforeAll(async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Nul Tester",
      email: "nul@example.com",
      password: PASSWORD,
    });
    tokens = await signIn(t.app, "nul@example.com", PASSWORD);
  });

  const token = (form: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/oidc/token",
      headers: { host: "hostfield.test", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(form).toString(),
    });
  const codeGrant = {
    grant_type: "authorization_code",
    client_id: CLIENT_ID,
    code: "a-code-never-issued",
    code_verifier: pkce().verifier,
    redirect_uri: REDIRECT_URI,
  };

  it.each([
    ["client_id", () => ({ ...codeGrant, client_id: `${CLIENT_ID}${NUL}` })],
    ["code", () => ({ ...codeGrant, code: `a-code${NUL}` })],
    [
      "refresh_token",
      () => ({
        grant_type: "refresh_token",
        client_id: CLIENT_ID,
        refresh_token: `${tokens.refresh_token}${NUL}`,
      }),
    ],
  ])("refuses one in %s at the token endpoint with 400 invalid_request", async (_name, form) => {
    const res = await token(form());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "invalid_request",
      error_description: expect.stringContaining("NUL"),
    });
    // Nothing was used up: the real refresh token still renews.
    const renewed = await refresh(t.app, tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    tokens = renewed.json();
  });

  it("refuses one at the authorization and revocation endpoints as invalid_request", async () => {
    const browser = new Browser(t.app);
    const unknownClient = await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }).replace(
        `client_id=${CLIENT_ID}`,
        `client_id=${CLIENT_ID}%00`,
      ),
    );
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.body).toContain("NUL");
    // A known client and callback: the error goes back to the client, as OAuth says.
    const badState = await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: `s${NUL}`, nonce: "n" }),
    );
    expect(new URL(String(badState.headers.location)).searchParams.get("error")).toBe(
      "invalid_request",
    );
    const revoke = await t.app.inject({
      method: "POST",
      url: "/oidc/token/revocation",
      headers: { host: "hostfield.test", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ client_id: CLIENT_ID, token: `x${NUL}` }).toString(),
    });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().error).toBe("invalid_request");
  });

  const attempts = async () =>
    (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from sign_in_attempts`))
      .rows[0]!.n;

  it.each([
    ["e-mail", { email: `nul@example.com${NUL}`, password: PASSWORD }],
    ["password", { email: "nul@example.com", password: `${PASSWORD}${NUL}` }],
  ])(
    "answers one in the sign-in form's %s with a 400 page, and counts no attempt",
    async (_name, form) => {
      const browser = new Browser(t.app);
      const uid = interactionUid(
        await browser.request(
          "GET",
          authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
        ),
      );
      const before = await attempts();
      const res = await browser.request("POST", `/oidc/interaction/${uid}/login`, form);
      expect(res.statusCode).toBe(400);
      expect(String(res.headers["content-type"])).toContain("text/html");
      expect(res.body).toContain("NUL character");
      expect(res.body).toContain("VALIDATION_FAILED");
      expect(await attempts()).toBe(before);
    },
  );

  it("answers one in the sign-up form with a 400 page, and makes no account", async () => {
    const browser = new Browser(t.app);
    const uid = interactionUid(
      await browser.request(
        "GET",
        authorizeUrl({
          challenge: pkce().challenge,
          state: "s",
          nonce: "n",
          extra: { screen_hint: "signup" },
        }),
      ),
    );
    const res = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
      name: `Nul${NUL}Person`,
      email: "nul-person@example.com",
      password: PASSWORD,
      accountType: "Other",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("NUL character");
    expect(await mailCount(t.app.db, "nul-person@example.com")).toBe(0);
    const users = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email = 'nul-person@example.com'`,
    );
    expect(users.rows[0]!.n).toBe(0);
  });
});

describe("sign-up address validation", () => {
  it.each(["a..b@example.com", ".a@example.com", "a@example..com", "a@b.c"])(
    "refuses %s, which the API could not return later, and sends nothing",
    async (email) => {
      const browser = new Browser(t.app);
      const uid = interactionUid(
        await browser.request(
          "GET",
          authorizeUrl({
            challenge: pkce().challenge,
            state: "s",
            nonce: "n",
            extra: { screen_hint: "signup" },
          }),
        ),
      );
      const res = await browser.request("POST", `/oidc/interaction/${uid}/signup`, {
        name: "Odd Address",
        email,
        password: PASSWORD,
        accountType: "Other",
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("Enter a valid e-mail address.");
      expect(await mailCount(t.app.db, email)).toBe(0);
    },
  );
});
