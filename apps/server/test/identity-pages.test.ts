// The sign-in pages answer every refusal as a page: malformed forms and links (400), too many
// requests (429); and the provider's addresses come from PUBLIC_URL whatever Host a request names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp } from "./helper";
import { authorizeUrl, Browser, interactionUid, pkce } from "./oidc-driver";

let t: TTestApp;
let limited: TTestApp;
beforeAll(async () => {
  [t, limited] = await Promise.all([
    buildTestApp(),
    buildTestApp({ env: { RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW: "1 hour" } }),
  ]);
});
afterAll(() => Promise.all([t?.close(), limited?.close()]));

const PASSWORD = "correct horse 42";
const long = (n: number) => "x".repeat(n);
const longEmail = `${long(243)}@example.com`;

async function startInteraction(browser: Browser) {
  return interactionUid(
    await browser.request(
      "GET",
      authorizeUrl({ challenge: pkce().challenge, state: "s", nonce: "n" }),
    ),
  );
}

function expectPage(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(String(res.headers["content-type"])).toContain("text/html");
  expect(res.body).toMatch(/^<!doctype html>/i);
}

describe("malformed input to the sign-in pages", () => {
  const signUp = {
    name: "Ada",
    email: "ada@example.com",
    password: PASSWORD,
    accountType: "Coach",
  };
  const cases: [string, "GET" | "POST", (uid: string) => string, Record<string, string>?][] = [
    [
      "a 255-character e-mail to forgot",
      "POST",
      () => "/oidc/account/forgot",
      { email: longEmail },
    ],
    ["a 101-character reset token (link)", "GET", () => `/oidc/account/reset?token=${long(101)}`],
    [
      "a 101-character reset token (form)",
      "POST",
      () => "/oidc/account/reset",
      { token: long(101), password: PASSWORD },
    ],
    ["a 101-character verify token", "GET", () => `/oidc/account/verify?token=${long(101)}`],
    [
      "a 201-character password to log in",
      "POST",
      (uid) => `/oidc/interaction/${uid}/login`,
      { email: "ada@example.com", password: long(201) },
    ],
    [
      "a 201-character password to sign up",
      "POST",
      (uid) => `/oidc/interaction/${uid}/signup`,
      { ...signUp, password: long(201) },
    ],
    ["an unknown screen", "GET", (uid) => `/oidc/interaction/${uid}?screen=elsewhere`],
    [
      "an over-long account type",
      "POST",
      (uid) => `/oidc/interaction/${uid}/signup`,
      { ...signUp, accountType: long(61) },
    ],
    [
      "an unknown account choice",
      "POST",
      (uid) => `/oidc/interaction/${uid}/select`,
      { choice: "both" },
    ],
    ["a NUL character in a verify link", "GET", () => "/oidc/account/verify?token=a%00b"],
    ["a NUL character in a reset link", "GET", () => "/oidc/account/reset?token=a%00b"],
    [
      "a NUL character in the forgot form",
      "POST",
      () => "/oidc/account/forgot",
      { email: "ada@example.com\u0000" },
    ],
  ];

  it.each(cases)("answers %s with a 400 page that says why", async (_name, method, url, form) => {
    const browser = new Browser(t.app);
    const uid = await startInteraction(browser);
    const res = await browser.request(method, url(uid), form);
    expect(res.statusCode).toBe(400);
    expectPage(res);
    expect(res.body).toContain("VALIDATION_FAILED");
  });

  it("answers an over-long interaction id as an unknown address (the provider's 404)", async () => {
    const res = await new Browser(t.app).request("GET", `/oidc/interaction/${long(101)}`);
    expect(res.statusCode).toBe(404);
  });

  it("answers a form too large to read with a 413 page", async () => {
    const res = await new Browser(t.app).request("POST", "/oidc/account/forgot", {
      email: long(20_000),
    });
    expect(res.statusCode).toBe(413);
    expectPage(res);
  });
});

describe("sign-in pages while the address is rate-limited", () => {
  it("answer 429 pages with Retry-After", async () => {
    const browser = new Browser(limited.app);
    const uid = await startInteraction(browser);
    const pages: [string, "GET" | "POST", string, Record<string, string>?][] = [
      ["interaction", "GET", `/oidc/interaction/${uid}`],
      [
        "log in",
        "POST",
        `/oidc/interaction/${uid}/login`,
        { email: "a@example.com", password: PASSWORD },
      ],
      ["sign up", "POST", `/oidc/interaction/${uid}/signup`, { email: "a@example.com" }],
      ["select", "POST", `/oidc/interaction/${uid}/select`, { choice: "switch" }],
      ["forgot", "GET", "/oidc/account/forgot"],
      ["forgot", "POST", "/oidc/account/forgot", { email: "a@example.com" }],
      ["reset", "GET", "/oidc/account/reset?token=abc"],
      ["reset", "POST", "/oidc/account/reset", { token: "abc", password: PASSWORD }],
      ["verify", "GET", "/oidc/account/verify?token=abc"],
    ];
    const answers = [];
    for (const [name, method, url, form] of pages) {
      const res = await browser.request(method, url, form);
      answers.push({ name, status: res.statusCode });
      if (res.statusCode === 429) {
        expectPage(res);
        expect(res.body).toContain("RATE_LIMITED");
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    // The first page used the one request the limit allows.
    expect(answers.slice(1)).toEqual(pages.slice(1).map(([name]) => ({ name, status: 429 })));
  });
});

describe("the provider's addresses", () => {
  const evil = "http://evil.example";

  it("come from PUBLIC_URL in the discovery document, whatever Host or forwarded host is sent", async () => {
    for (const headers of [
      { host: "evil.example" },
      { host: "hostfield.test", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    ]) {
      const res = await t.app.inject({ url: "/oidc/.well-known/openid-configuration", headers });
      expect(res.statusCode).toBe(200);
      const document = res.json() as Record<string, unknown>;
      expect(document.jwks_uri).toBe("http://hostfield.test/oidc/jwks");
      const addresses = Object.values(document).filter(
        (value): value is string => typeof value === "string" && /^https?:/.test(value),
      );
      expect(addresses.length).toBeGreaterThan(4);
      for (const address of addresses) expect(address).toMatch(/^http:\/\/hostfield\.test\//);
    }
  });

  it("come from PUBLIC_URL in the logout form, whatever Host is sent", async () => {
    const res = await new Browser(t.app, evil).request("GET", "/oidc/session/end");
    expect(res.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(res.body)?.[1];
    expect(action).toMatch(/^http:\/\/hostfield\.test\/oidc\//);
    expect(res.body).not.toContain("evil.example");
  });
});
