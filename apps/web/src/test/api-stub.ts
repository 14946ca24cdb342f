// A fetch stand-in that answers by method and path and records what the app sent.
import { vi } from "vitest";

export type TApiCall = {
  method: string;
  /** Path without the query, e.g. /user-mgmt/api/users/my */
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
};

export type TApiHandler = (call: TApiCall) => Response | undefined | Promise<Response | undefined>;

export function stubApi(handler: TApiHandler) {
  const calls: TApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const text = typeof init.body === "string" ? init.body : undefined;
    const call: TApiCall = {
      method: init.method ?? "GET",
      path: url.pathname,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    calls.push(call);
    const response = await handler(call);
    if (!response) throw new Error(`Unexpected network call in a test: ${call.method} ${url}`);
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to one path (any method unless given). */
    to: (path: string, method?: string) =>
      calls.filter((call) => call.path === path && (!method || call.method === method)),
  };
}

export const TEST_OIDC_CONFIG = {
  authority: "http://localhost:3000/oidc",
  clientId: "hostfield-web",
  scope: "openid profile email offline_access",
  audience: "http://localhost:3000/api",
} as const;

export function clientConfigReply(): Response {
  return Response.json({ data: { oidc: TEST_OIDC_CONFIG } });
}
