// A deployment's own site (MARKETING_SITE_URL) and support address (SUPPORT_EMAIL) reach the web
// app at run time, in the client configuration anyone may read; unset, both are null and the web
// links to its own help, contact and 'How it works' pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";

let configured: TTestApp;
let plain: TTestApp;
beforeAll(async () => {
  configured = await buildTestApp({
    env: {
      MARKETING_SITE_URL: "https://www.sportsvenues.example/hostfield/",
      SUPPORT_EMAIL: "help@sportsvenues.example",
    },
  });
  plain = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await configured?.close();
  await plain?.close();
});

describe("the deployment's own site in the client configuration", () => {
  it("is named to anyone, without its trailing slash, with the support address", async () => {
    const res = await configured.app.inject({ url: `/api/client-config?${V}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.site).toEqual({
      marketingUrl: "https://www.sportsvenues.example/hostfield",
      supportEmail: "help@sportsvenues.example",
    });
  });

  it("is null when not configured, so the web keeps its own pages", async () => {
    const res = await plain.app.inject({ url: `/api/client-config?${V}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.site).toEqual({ marketingUrl: null, supportEmail: null });
  });
});
