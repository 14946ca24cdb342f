// Sign-in limits per account and address pair and per address, and the provider's popup/silent response mode and max_age.
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

const startInteraction = async (browser: Browser) =>
  interactionUid(
    await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
    ),
  );

/** One sign-in attempt from `address`, in a browser of its own (no session yet). */
async function attempt(address: string, email: string, password: string) {
  const browser = new Browser(t.app, undefined, address);
  const uid = await startInteraction(browser);
  const res = await browser.request("POST", `/oidc/interaction/${uid}/login`, { email, password });
  return Object.assign(res, { browser });
}

/** Signs in from `address` and answers whether the provider handed out a code. */
async function signsIn(address: string, email: string, password: string) {
  const res = await attempt(address, email, password);
  const done = await res.browser.follow(res);
  return String(done.headers.location).includes("code=");
}

/** What waiting out every pair's delay would do, without waiting. */
const endDelays = () => t.database.pool.query("update sign_in_attempts set locked_until = null");

describe("sign-in limits per account and address", () => {
  it("lets the owner in from another address however often a guesser failed", async () => {
    const attacker = "198.51.100.7";
    for (let i = 0; i < SIGN_IN_LIMITS.freePerPair + 2; i++) {
      await endDelays();
      expect(await signsIn(attacker, "vic@example.com", "wrong password 1")).toBe(false);
    }
    expect((await attempt(attacker, "vic@example.com", PASSWORD)).statusCode).toBe(429);
    expect(await signsIn("203.0.113.20", "vic@example.com", PASSWORD)).toBe(true);
  });

  it("slows a pair down after its free failures, with a wait that grows, answered as a 429 page", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Sam",
      email: "sam@example.com",
      password: PASSWORD,
    });
    const guesser = "198.51.100.8";
    for (let i = 0; i < SIGN_IN_LIMITS.freePerPair; i++)
      expect((await attempt(guesser, "sam@example.com", "wrong password 1")).statusCode).toBe(400);
    // Even the right password waits: the pair is slowed, not told anything.
    const first = await attempt(guesser, "sam@example.com", PASSWORD);
    expect(first.statusCode).toBe(429);
    expect(first.headers["content-type"]).toContain("text/html");
    expect(first.body).toMatch(/Too many attempts. Wait \d+ seconds/);
    const firstWait = Number(first.headers["retry-after"]);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(SIGN_IN_LIMITS.baseDelayMs / 1000);
    await endDelays();
    expect((await attempt(guesser, "sam@example.com", "wrong password 2")).statusCode).toBe(400);
    const second = await attempt(guesser, "sam@example.com", "wrong password 3");
    expect(second.statusCode).toBe(429);
    // The wait doubled: longer than the first could ever be.
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(
      SIGN_IN_LIMITS.baseDelayMs / 1000,
    );
    // Once the wait is over, the right password works from that address too, and clears the pair.
    await endDelays();
    expect(await signsIn(guesser, "sam@example.com", PASSWORD)).toBe(true);
    expect((await attempt(guesser, "sam@example.com", "wrong password 4")).statusCode).toBe(400);
  });

  it("counts a burst of parallel attempts before checking any: only the free ones are checked", async () => {
    const burst = "198.51.100.9";
    const pages = [];
    for (let i = 0; i < 3 * SIGN_IN_LIMITS.freePerPair; i++) {
      const browser = new Browser(t.app, undefined, burst);
      pages.push({ browser, uid: await startInteraction(browser) });
    }
    const statuses = await Promise.all(
      pages.map(({ browser, uid }) =>
        browser
          .request("POST", `/oidc/interaction/${uid}/login`, {
            email: "vic@example.com",
            password: "wrong password 1",
          })
          .then((res) => res.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(SIGN_IN_LIMITS.freePerPair);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      2 * SIGN_IN_LIMITS.freePerPair,
    );
  });

  it(`after ${SIGN_IN_LIMITS.perAddress} failures from an address, refuses only the accounts it got wrong`, async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Nia",
      email: "nia@example.com",
      password: PASSWORD,
    });
    const office = "192.0.2.30";
    // Failures for one account: only the pair's delays (waited out here) slow them down.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      await endDelays();
      expect(await signsIn(office, "vic@example.com", "wrong password 1")).toBe(false);
    }
    await endDelays();
    // The account it failed waits for the address's window, right password or not...
    const limited = await attempt(office, "vic@example.com", PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain("Wait 15 minutes");
    // ...while a colleague behind the same address signs in, and so does the owner elsewhere.
    expect(await signsIn(office, "nia@example.com", PASSWORD)).toBe(true);
    expect(await signsIn("203.0.113.21", "vic@example.com", PASSWORD)).toBe(true);
    // The address's window passes: it may try the account again.
    await t.database.pool.query(
      "update sign_in_attempts set window_start = now() - interval '16 minutes'",
    );
    expect(await signsIn(office, "vic@example.com", PASSWORD)).toBe(true);
  });

  it(`lets a colleague in after ${SIGN_IN_LIMITS.perAddress} wrong passwords over other accounts behind the same address`, async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Ola",
      email: "ola@example.com",
      password: PASSWORD,
    });
    const office = "192.0.2.31";
    const people = SIGN_IN_LIMITS.perAddress / SIGN_IN_LIMITS.freePerPair;
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      const res = await attempt(office, `typo-${i % people}@example.com`, "wrong password 1");
      expect(res.statusCode).toBe(400);
    }
    expect(await signsIn(office, "ola@example.com", PASSWORD)).toBe(true);
    expect((await attempt(office, "typo-0@example.com", "wrong password 1")).statusCode).toBe(429);
  });
});

/** A browser with Vic's session. */
async function signedIn() {
  const res = await attempt("127.0.0.1", "vic@example.com", PASSWORD);
  await res.browser.follow(res);
  return res;
}

describe("response modes and max_age", () => {
  it("answers a popup or silent request with response_mode=web_message as a page that posts the result", async () => {
    await t.database.pool.query("delete from sign_in_attempts");
    const { browser } = await signedIn();
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
    const { browser } = await signedIn();
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

describe("mail per recipient and purpose", () => {
  const mailsTo = async (to: string, subject: string) =>
    (
      await t.database.pool.query(
        `select count(*)::int as n from mail_outbox where "to" = $1 and subject like $2`,
        [to, `%${subject}%`],
      )
    ).rows[0].n as number;
  const windowPasses = (to: string) =>
    t.database.pool.query(
      "update mail_recipient_limits set sent_date = now() - interval '6 minutes' where recipient = $1",
      [to],
    );

  it("sends one reset mail for ten requests, the same page for each, and another once the window passed", async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await new Browser(t.app).request("POST", "/oidc/account/forgot", {
        email: "vic@example.com",
      });
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect(await mailsTo("vic@example.com", "Reset your Hostfield password")).toBe(1);
    await windowPasses("vic@example.com");
    await new Browser(t.app).request("POST", "/oidc/account/forgot", { email: "vic@example.com" });
    expect(await mailsTo("vic@example.com", "Reset your Hostfield password")).toBe(2);
  });

  it("tells the owner of a taken address once, however often someone signs up with it", async () => {
    for (let i = 0; i < 10; i++) {
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
        name: "Someone",
        email: "vic@example.com",
        password: PASSWORD,
        accountType: "Other",
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo("vic@example.com", "tried to sign up")).toBe(1);
  });
});
