// The provider's webhooks: verified by signature and age (a forged or replayed one is refused and
// logged), kept in the ledger's inbox once per event id (a duplicate answers 200 and does nothing),
// and processed by a job, once, in any order (each handler reads the current state it needs). A
// handler's failure marks the entry failed with the problem (attempts counted), for the admin's
// replay; an event about something not ours is kept flagged. A sweep re-sends entries left
// `received` (a job lost after the acknowledgement), so nothing acknowledged is lost.
import type { TLedgerEntry, TLedgerQuery } from "@hostfield/domain/contracts";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { jobIdOf } from "../../platform/jobs/queue";
import { boostWebhooks } from "./boosts";
import type { TPaymentsContext } from "./context";
import { depositWebhooks } from "./deposits";
import { guaranteeWebhooks } from "./guarantees";
import type { TWebhookHandler, TWebhookOutcome } from "./handlers";
import { moneyWebhooks } from "./money";
import { requireProvider } from "./policy";
import { presentEntry } from "./presenter";
import * as repo from "./repository";
import type { TProviderEvent } from "./stripe";
import { tierWebhooks } from "./tiers";

/** Every webhook handler: one per thing we sell, and the money (a new product is a line here). */
export const WEBHOOK_HANDLERS: readonly TWebhookHandler[] = [
  tierWebhooks,
  depositWebhooks,
  boostWebhooks,
  guaranteeWebhooks,
  moneyWebhooks,
];

export const WEBHOOK_QUEUE = "payments.webhook";
export type TWebhookJob = { entryId: string };
/** An entry still `received` this long after it arrived is sent to the queue again. */
const SWEEP_AFTER_MS = 5 * 60 * 1000;
const SWEEP_BATCH = 100;

const USED_TYPES = new Set(WEBHOOK_HANDLERS.flatMap((h) => h.types));

async function queue(ctx: TPaymentsContext, entry: { id: string; attempts: number }) {
  await ctx.jobs.send(WEBHOOK_QUEUE, { entryId: entry.id } satisfies TWebhookJob, {
    id: jobIdOf(WEBHOOK_QUEUE, entry.id, String(entry.attempts)),
  });
  ctx.jobs.wake(WEBHOOK_QUEUE);
}

/**
 * A webhook as it arrived: verified (400 WEBHOOK_SIGNATURE_INVALID, logged with the reason), kept
 * once by its event id and queued. Whether it was new.
 */
export async function receiveWebhook(
  ctx: TPaymentsContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<boolean> {
  const provider = requireProvider(ctx);
  let event: TProviderEvent;
  try {
    if (!signature) throw new Error("No Stripe-Signature header.");
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ reason }, "payments: webhook refused");
    throw new AppError(
      "WEBHOOK_SIGNATURE_INVALID",
      400,
      `The webhook's signature does not hold: ${reason}`,
    );
  }
  const object = event.object;
  const entry = await repo.insertEntry(ctx.db, {
    providerId: event.id,
    kind: "webhook",
    type: event.type,
    state: "received",
    payload: JSON.parse(rawBody.toString("utf8")) as Record<string, unknown>,
    currency: typeof object.currency === "string" ? object.currency : null,
    createdDate: ctx.now(),
  });
  if (!entry) return false;
  // The entry is the record: were this send lost, the sweep sends it again.
  await queue(ctx, entry);
  return true;
}

/** What the handlers made of the event together (flagged when one flagged it). */
function merge(outcomes: readonly TWebhookOutcome[]): TWebhookOutcome {
  const problems = [...new Set(outcomes.map((o) => o.problem).filter((p): p is string => !!p))];
  return {
    state: outcomes.some((o) => o.state === "flagged") ? "flagged" : "processed",
    problem: problems.length > 0 ? problems.join(" ") : null,
    listingId: outcomes.find((o) => o.listingId)?.listingId ?? null,
    amountCents: outcomes.find((o) => o.amountCents != null)?.amountCents ?? null,
    currency: outcomes.find((o) => o.currency != null)?.currency ?? null,
  };
}

/** Processes one inbox entry (the job): each handler of its type, then its state. */
export async function processEntry(ctx: TPaymentsContext, entryId: string): Promise<void> {
  const entry = await repo.findEntry(ctx.db, entryId);
  if (entry?.kind !== "webhook" || entry.state !== "received") return;
  const provider = requireProvider(ctx);
  const at = () => ctx.now();
  try {
    const event = provider.eventOf(entry.payload);
    const handlers = WEBHOOK_HANDLERS.filter(
      (h) => h.types.includes(event.type) && h.claims(event),
    );
    let outcome: TWebhookOutcome;
    if (handlers.length > 0) {
      const outcomes: TWebhookOutcome[] = [];
      for (const handler of handlers) outcomes.push(await handler.handle(ctx, event));
      outcome = merge(outcomes);
    } else if (USED_TYPES.has(event.type)) {
      outcome = {
        state: "flagged",
        problem: `The ${event.type} is for nothing we sell (its purpose is ${JSON.stringify(event.object.metadata?.purpose ?? null)}).`,
        listingId: null,
      };
    } else {
      // A type we do not use: kept, nothing to do.
      outcome = { state: "processed", problem: null, listingId: null };
    }
    await repo.finishEntry(ctx.db, entry.id, {
      state: outcome.state,
      problem: outcome.problem,
      listingId: outcome.listingId,
      amountCents: outcome.amountCents ?? null,
      ...(outcome.currency ? { currency: outcome.currency } : {}),
      at: at(),
    });
    if (outcome.state === "flagged") {
      ctx.log.warn({ entry: entry.id, problem: outcome.problem }, "payments: webhook flagged");
    }
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ entry: entry.id, err: error }, "payments: webhook failed");
    await repo.finishEntry(ctx.db, entry.id, { state: "failed", problem, at: at() });
  }
}

/** Entries acknowledged and still not processed a while later are queued again. */
export async function sweepInbox(ctx: TPaymentsContext): Promise<number> {
  // Payments switched off: what is left waits for them to be on again.
  if (!ctx.provider) return 0;
  const stale = await repo.staleReceived(
    ctx.db,
    new Date(ctx.now().getTime() - SWEEP_AFTER_MS),
    SWEEP_BATCH,
  );
  for (const entry of stale) {
    await ctx.jobs.send(WEBHOOK_QUEUE, { entryId: entry.id } satisfies TWebhookJob);
  }
  if (stale.length > 0) ctx.jobs.wake(WEBHOOK_QUEUE);
  return stale.length;
}

async function namesOf(ctx: TPaymentsContext, rows: readonly repo.TLedgerRow[]) {
  const ids = [...new Set(rows.map((r) => r.listingId).filter((id): id is string => !!id))];
  return ctx.profiles.profileNames(ids);
}

/** The admin's replay: a failed or flagged webhook is queued again (409 for any other entry). */
export async function replayWebhook(ctx: TPaymentsContext, entryId: string): Promise<TLedgerEntry> {
  requireProvider(ctx);
  const entry = await repo.requeueEntry(ctx.db, entryId);
  if (!entry) {
    const found = await repo.findEntry(ctx.db, entryId);
    if (!found) throw notFound("The ledger entry");
    throw conflict(
      found.kind === "webhook"
        ? `This webhook is ${found.state}: only a failed or flagged one is replayed.`
        : "Only webhooks are replayed.",
      "WEBHOOK_NOT_REPLAYABLE",
    );
  }
  await queue(ctx, entry);
  return presentEntry(entry, await namesOf(ctx, [entry]));
}

/** The ledger, newest first, a page (of one kind or state). */
export async function ledgerPage(ctx: TPaymentsContext, query: TLedgerQuery) {
  const page = await repo.ledgerPage(ctx.db, query);
  const names = await namesOf(ctx, page.rows);
  return { rows: page.rows.map((r) => presentEntry(r, names)), count: page.count };
}
