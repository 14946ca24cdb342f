// The silent token renewal's rules, without React. One renewal at a time. A provider that cannot
// answer now (isProviderUnavailable: temporarily_unavailable, a 5xx, a timeout, no network) keeps
// the session and its tokens: the renewal is tried again with backoff until the provider answers,
// and meanwhile callers hear "unavailable" at once rather than asking it again. Any other failure
// is the provider's answer, handed to onRefused (a session gone there ends it here).
import type { User } from "oidc-client-ts";
import { backoffDelayMs } from "../connection/backoff";
import { isProviderUnavailable } from "./auth-errors";

export type TRenewOutcome =
  | { kind: "renewed"; user: User | null }
  | { kind: "unavailable" }
  | { kind: "refused"; error: unknown };

export type TTokenRenewalOptions = {
  /** One renewal at the provider (UserManager.signinSilent). */
  signinSilent(): Promise<User | null>;
  onRenewed(user: User | null): void;
  onRefused(error: unknown): void;
  /** True while the provider could not answer and a retry waits; false once it answered. */
  onWaitingChange(waiting: boolean): void;
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
};

export type TTokenRenewal = {
  /** Renews now, joins the renewal under way, or says "unavailable" while a retry waits. */
  renew(): Promise<TRenewOutcome>;
  /** A renewal that failed elsewhere (oidc-client-ts's automatic one), handled as one of ours. */
  failed(error: unknown): void;
  /** Forgets the retry that waits (the user signed out). */
  stop(): void;
};

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createTokenRenewal(options: TTokenRenewalOptions): TTokenRenewal {
  const schedule = options.schedule ?? defaultSchedule;
  let inFlight: Promise<TRenewOutcome> | null = null;
  let cancelRetry: (() => void) | null = null;
  let failures = 0;

  const settleWaiting = () => {
    cancelRetry?.();
    cancelRetry = null;
    if (failures > 0) options.onWaitingChange(false);
    failures = 0;
  };

  const waitAndRetry = () => {
    failures += 1;
    if (failures === 1) options.onWaitingChange(true);
    cancelRetry?.();
    cancelRetry = schedule(
      () => {
        cancelRetry = null;
        void attempt();
      },
      backoffDelayMs(failures - 1, null, options.random),
    );
  };

  const settle = (error: unknown): TRenewOutcome => {
    if (isProviderUnavailable(error)) {
      waitAndRetry();
      return { kind: "unavailable" };
    }
    settleWaiting();
    options.onRefused(error);
    return { kind: "refused", error };
  };

  const attempt = (): Promise<TRenewOutcome> => {
    inFlight ??= (async (): Promise<TRenewOutcome> => {
      try {
        const user = await options.signinSilent();
        settleWaiting();
        options.onRenewed(user);
        return { kind: "renewed", user };
      } catch (error) {
        return settle(error);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    renew() {
      if (cancelRetry) return Promise.resolve({ kind: "unavailable" });
      return attempt();
    },
    failed(error) {
      // Ours is under way or waits already: the library's failure adds nothing.
      if (inFlight || cancelRetry) return;
      settle(error);
    },
    stop: settleWaiting,
  };
}
