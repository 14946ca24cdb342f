// The renewal's rules without React: "not now" keeps the session and is tried again with backoff,
// callers hear "unavailable" meanwhile without asking the provider, and refusals stay refusals.
import type { User } from "oidc-client-ts";
import { describe, expect, it, vi } from "vitest";
import { buildOidcUser, oidcErrorResponse } from "../../test/fake-oidc";
import { createTokenRenewal } from "./token-renewal";

/** A clock the test runs by hand, recording each wait. */
function manualSchedule() {
  const waits: number[] = [];
  let pending: (() => void) | null = null;
  return {
    waits,
    schedule: (run: () => void, ms: number) => {
      waits.push(ms);
      pending = run;
      return () => {
        pending = null;
      };
    },
    pending: () => pending !== null,
    runNext: () => {
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

function setup(...answers: (Error | User)[]) {
  const clock = manualSchedule();
  const signinSilent = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer ?? null;
  });
  const handlers = { onRenewed: vi.fn(), onRefused: vi.fn(), onWaitingChange: vi.fn() };
  const renewal = createTokenRenewal({
    signinSilent,
    ...handlers,
    schedule: clock.schedule,
    random: () => 0,
  });
  return { renewal, clock, signinSilent, ...handlers };
}

const renewed = buildOidcUser({ access_token: "renewed" }) as unknown as User;
const busy = () => oidcErrorResponse("temporarily_unavailable");

describe("the token renewal", () => {
  it("renews once for every caller that asks at the same time", async () => {
    const { renewal, signinSilent, onRenewed } = setup(renewed);
    const [a, b] = await Promise.all([renewal.renew(), renewal.renew()]);
    expect(a).toEqual({ kind: "renewed", user: renewed });
    expect(b).toBe(a);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    expect(onRenewed).toHaveBeenCalledWith(renewed);
  });

  it("keeps the session when the provider cannot answer, and tries again after 1, 2, 4 s until it does", async () => {
    const { renewal, clock, signinSilent, onRenewed, onRefused, onWaitingChange } = setup(
      busy(),
      new TypeError("Failed to fetch"),
      new Error("Service Unavailable (503)"),
      renewed,
    );
    expect(await renewal.renew()).toEqual({ kind: "unavailable" });
    expect(onWaitingChange.mock.calls).toEqual([[true]]);
    // While a retry waits, callers hear "unavailable" without the provider being asked again.
    expect(await renewal.renew()).toEqual({ kind: "unavailable" });
    expect(signinSilent).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) {
      clock.runNext();
      await vi.waitFor(() => expect(signinSilent).toHaveBeenCalledTimes(i + 2));
    }
    await vi.waitFor(() => expect(onRenewed).toHaveBeenCalledWith(renewed));
    expect(clock.waits).toEqual([1_000, 2_000, 4_000]);
    expect(onWaitingChange.mock.calls).toEqual([[true], [false]]);
    expect(onRefused).not.toHaveBeenCalled();
    expect(clock.pending()).toBe(false);
  });

  it("hands a refusal (invalid_grant) on, also when it comes on a retry, and stops trying", async () => {
    const { renewal, clock, onRefused, onWaitingChange } = setup(
      busy(),
      oidcErrorResponse("invalid_grant"),
    );
    await renewal.renew();
    clock.runNext();
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(onRefused.mock.calls[0]?.[0]).toMatchObject({ error: "invalid_grant" });
    expect(onWaitingChange.mock.calls).toEqual([[true], [false]]);
    expect(clock.pending()).toBe(false);
  });

  it("takes the library's own failed renewal as one of its own", async () => {
    const { renewal, clock, signinSilent, onRefused, onWaitingChange } = setup(renewed);
    renewal.failed(busy());
    expect(onWaitingChange.mock.calls).toEqual([[true]]);
    expect(clock.pending()).toBe(true);
    // A second report while a retry waits adds nothing.
    renewal.failed(busy());
    expect(clock.waits).toHaveLength(1);
    clock.runNext();
    await vi.waitFor(() => expect(onWaitingChange.mock.calls).toEqual([[true], [false]]));
    expect(signinSilent).toHaveBeenCalledTimes(1);
    renewal.failed(oidcErrorResponse("login_required"));
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it("forgets the retry when stopped (signed out)", async () => {
    const { renewal, clock, signinSilent, onWaitingChange } = setup(busy());
    await renewal.renew();
    renewal.stop();
    expect(clock.pending()).toBe(false);
    expect(onWaitingChange.mock.calls).toEqual([[true], [false]]);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });
});
