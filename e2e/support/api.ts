// What the journeys do outside the pages: call the API as a signed-in page's user or as a shared
// account (to set up what a journey is not about), and grant admin from the shell as an operator
// would. The fixtures call it through the typed client (`apiClient`, packages/client), so a call
// that no longer fits the API fails the typecheck; `api` takes any path, for the journeys' own calls.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { createHostfieldClient, type THostfieldClient } from "@hostfield/client";
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

/** The API's typed client, calling as the page's user or as `caller`. */
export function apiClient(as: Page | TApiCaller): THostfieldClient {
  return createHostfieldClient({
    baseUrl: serverOrigin(),
    accessToken: () => ("accessToken" in as ? as.accessToken() : tokenOf(as)),
  });
}

/** What a typed call answers: its body (or its refusal) and the response. */
type TReply = { data?: unknown; error?: unknown; response: Response };

/** The body of a typed call's reply; fails the test on another status than `status`. */
export async function replyOf<R extends TReply>(
  call: Promise<R>,
  status = 200,
): Promise<NonNullable<R["data"]>> {
  const { data, error, response } = await call;
  const { pathname } = new URL(response.url);
  expect(response.status, `${pathname}: ${JSON.stringify(error ?? data)}`).toBe(status);
  return data as NonNullable<R["data"]>;
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
