// Who may call a route: every caller sends the same request, and the outcomes are compared as one
// table, so a failure shows every caller that got the wrong answer at once.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export type TOutcome = "allowed" | "refused" | "unauthorized" | `unexpected ${number}: ${string}`;

/** What a caller saw: a listing they may not see answers 404, one they may not change 403. */
export function outcomeOf(res: Pick<LightMyRequestResponse, "statusCode" | "body">): TOutcome {
  if (res.statusCode >= 200 && res.statusCode < 300) return "allowed";
  if (res.statusCode === 401) return "unauthorized";
  if (res.statusCode === 403 || res.statusCode === 404) return "refused";
  return `unexpected ${res.statusCode}: ${res.body.slice(0, 200)}`;
}

/**
 * Calls as each of `callers` and expects exactly `allowed` through. `prepare` runs before each
 * call so every caller meets the same state. A refused visitor gets 401, or, on a route anyone may
 * read, 404 ("refused": nothing is said about a pending listing).
 */
export async function expectCallers<TWho extends string>(
  callers: readonly TWho[],
  allowed: readonly TWho[],
  send: (who: TWho) => Promise<LightMyRequestResponse>,
  options: { prepare?: () => Promise<void>; anonymousRefused?: "unauthorized" | "refused" } = {},
) {
  const actual: Record<string, TOutcome> = {};
  const expected: Record<string, TOutcome> = {};
  for (const who of callers) {
    await options.prepare?.();
    actual[who] = outcomeOf(await send(who));
    expected[who] = allowed.includes(who)
      ? "allowed"
      : who === "anonymous"
        ? (options.anonymousRefused ?? "unauthorized")
        : "refused";
  }
  expect(actual).toEqual(expected);
}

/** The body of a reply with the expected status (the body is shown when it is not). */
export async function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

export const codeOf = (res: LightMyRequestResponse) => res.json().error?.code as string | undefined;
