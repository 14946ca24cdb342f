// What a webhook handler is: the events it acts on and what it made of one. Each thing we sell is a
// file with its handler (tiers.ts: memberships as subscriptions; money.ts: charges, refunds and
// payouts in the ledger), listed once in webhooks.ts; a checkout or subscription says which of them
// it belongs to in its metadata (`purpose`).
import type { TPaymentsContext } from "./context";
import type { TProviderEvent } from "./stripe";

/** What a handler made of an event: acted on, or kept and flagged (about something not ours). */
export type TWebhookOutcome = {
  state: "processed" | "flagged";
  problem: string | null;
  /** The listing it was about, when it is one of ours. */
  listingId: string | null;
  /** The money it moved (cents), when it moved any. */
  amountCents?: number | null;
  currency?: string | null;
};

export type TWebhookHandler = {
  name: string;
  /** The event types it acts on (others are not given to it). */
  types: readonly string[];
  /** Whether this event of one of its types is its own (a checkout of its purpose). */
  claims(event: TProviderEvent): boolean;
  /**
   * Acts on the event, idempotently and whatever the order (it reads the object's current state
   * from the provider when order matters). Throws on a failure worth retrying.
   */
  handle(ctx: TPaymentsContext, event: TProviderEvent): Promise<TWebhookOutcome>;
};

/** The metadata key that names what a checkout or subscription is for. */
export const PURPOSE_KEY = "purpose";

export const processed = (listingId: string | null, extra: Partial<TWebhookOutcome> = {}) =>
  ({ state: "processed", problem: null, listingId, ...extra }) satisfies TWebhookOutcome;

export const flagged = (problem: string) =>
  ({ state: "flagged", problem, listingId: null }) satisfies TWebhookOutcome;
