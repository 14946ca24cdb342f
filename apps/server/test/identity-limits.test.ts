// Sign-in limits per address, and the provider's popup/silent response mode and max_age.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../src/modules/users/service";
import { buildTestApp, type TTestApp } from "./helper";
import { authorizeUrl, Browser, interactionUid, pkce, signUpAndVerify } from "./oidc-driver";

let t: TTestApp;
const PASSWORD = "correct horse 42";
beforeAll(async () => {
  t = await buildTestApp();
  await signUpAndVerify(t.app, t.app.db, {
    name: "Vic",
    email: "vic@example.com",
    password: PASSWORD,
  });
});
afterAll(() => t.close());

async function attempt(browser: Browser, email: string, password: string) {
  const uid = interactionUid(
    await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
    ),
  );
  return browser.request("POST", `/oidc/interaction/${uid}/login`, { email, password });
}

describe("sign-in limits per address", () => {
  it(`refuses every account from an address after ${SIGN_IN_LIMITS.perAddress} failures in the window`, async () => {
    const browser = new Browser(t.app);
    // Different unknown accounts each time, so only the address limit can trip.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      expect(
        (await attempt(browser, `guess-${i}@example.com`, "wrong password 1")).statusCode,
      ).toBe(400);
    }
    const limited = await attempt(browser, "vic@example.com", PASSWORD);
    expect(limited.statusCode).toBe(429);
    // The window passes: the address may try again.
    await t.database.pool.query(
      "update sign_in_attempts set window_start = now() - interval '16 minutes'",
    );
    const after = await browser.follow(await attempt(browser, "vic@example.com", PASSWORD));
    expect(String(after.headers.location)).toContain("code=");
  });
});

describe("response modes and max_age", () => {
  it("answers a popup or silent request with response_mode=web_message as a page that posts the result", async () => {
    const browser = new Browser(t.app);
    await t.database.pool.query("delete from sign_in_attempts");
    await browser.follow(await attempt(browser, "vic@example.com", PASSWORD));
    const res = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "wm",
        nonce: "n",
        extra: { response_mode: "web_message", prompt: "none" },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("authorization_response");
    expect(res.body).toContain('"state":"wm"');
    expect(res.body).toMatch(/"code":"[\w-]+"/);
  });

  it("asks to log in again when the session is older than max_age", async () => {
    const browser = new Browser(t.app);
    await browser.follow(await attempt(browser, "vic@example.com", PASSWORD));
    const fresh = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "a",
        nonce: "n",
        extra: { max_age: "3600" },
      }),
    );
    expect(String(fresh.headers.location)).toContain("code=");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "b",
        nonce: "n",
        extra: { max_age: "0" },
      }),
    );
    expect(String(stale.headers.location)).toContain("/oidc/interaction/");
  });
});
