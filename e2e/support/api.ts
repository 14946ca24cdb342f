// What the journeys do outside the pages: call the API as a signed-in page's user or as a shared
// account (to set up what a journey is not about), and grant admin from the shell as an operator
// would.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { serverOrigin } from "./session";

const root = path.resolve(import.meta.dirname, "../..");
const V = "api-version=1.0";

/** Someone the API is called as without a page of theirs: the worker's admin (support/test.ts). */
export type TApiCaller = { accessToken: () => Promise<string> };

/** The signed-in page's access token, as the app keeps it (oidc-client-ts in sessionStorage). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith("oidc.user:"));
    return key
      ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token
      : null;
  });
  if (!token) throw new Error("not signed in");
  return token;
}

/** Calls the API as the page's user or as `caller`; fails the test on an unexpected status. */
export async function api(
  as: Page | TApiCaller,
  method: string,
  url: string,
  data?: unknown,
  status = 200,
) {
  const address = `${url}${url.includes("?") ? "&" : "?"}${V}`;
  if ("accessToken" in as) {
    const res = await fetch(`${serverOrigin()}${address}`, {
      method,
      headers: {
        authorization: `Bearer ${await as.accessToken()}`,
        ...(data === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(data === undefined ? {} : { body: JSON.stringify(data) }),
    });
    const text = await res.text();
    expect(res.status, `${method} ${url}: ${text}`).toBe(status);
    return res.status === 204 ? null : (JSON.parse(text) as { data: { id: string } });
  }
  const res = await as.request.fetch(address, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(as)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
  return res.status() === 204 ? null : ((await res.json()) as { data: { id: string } });
}

/** An operator grants admin from the shell while the server runs (`cli/admin grant`). */
export function grantAdmin(email: string) {
  execFileSync(
    process.execPath,
    [path.join(root, "apps/server/dist/cli/admin.js"), "grant", email],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, stdio: "pipe" },
  );
}
