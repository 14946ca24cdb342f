// Recording tracked events with group commit. A request's accepted events join this process's
// buffer; the buffer is written in ONE transaction when it holds FLUSH_EVENTS events or
// FLUSH_DELAY_MS after its first (while a write runs, what arrives gathers for the next one, up to
// MAX_WRITE_EVENTS), and each request is answered only once the transaction that holds its events
// committed (an acknowledged event survives the process), or with 503 when it failed (nothing of
// that flush is written). In the transaction the flush's batch ids go into `analytics_batches`
// (on conflict, nothing); only the events of batches it inserted are written, so a retried batch,
// here or in another process, counts once. Events naming no listing of their kind are dropped.
// One visitor stores at most TRACK_VISITOR_DAY_MAX_EVENTS events a UTC day: the flush adds what
// each visitor offers to its row of `analytics_visitor_days` (one upsert, in the same
// transaction, so the bound holds however the visitor's beacons are spread over flushes and
// processes) and stores only what was left under the bound, the earliest batches first.
import type { TTrackBatch } from "@hostfield/domain/contracts";
import { TRACK_VISITOR_DAY_MAX_EVENTS } from "@hostfield/domain/reference";
import { sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import type { TReportsContext } from "./context";
import { analyticsBatches, analyticsEvents, analyticsVisitorDays } from "./schema";

/** A flush starts when this many events wait, or this long after the first of them arrived. */
export const FLUSH_EVENTS = 500;
export const FLUSH_DELAY_MS = 150;
/** Most events one write takes (its insert stays far below PostgreSQL's 65,535 parameters). */
const MAX_WRITE_EVENTS = 5000;

/** One request's batch as it will be stored: stamped with the server's time and the visitor. */
export type TIncomingBatch = {
  batchId: string;
  events: TTrackBatch["events"];
  receivedAt: Date;
  visitor: string;
};

type TWaiting = TIncomingBatch & {
  resolve: (accepted: number) => void;
  reject: (error: unknown) => void;
};

type TIngestContext = Pick<TReportsContext, "db" | "log"> & {
  profiles: Pick<TReportsContext["profiles"], "kindsOf">;
  stories: Pick<TReportsContext["stories"], "storyIds">;
};

/** 503: the events could not be recorded (nothing of them was), so the browser sends them again. */
export const notRecorded = () =>
  new AppError(
    "SERVICE_UNAVAILABLE",
    503,
    "The events could not be recorded; send them again later.",
  );

/** The UTC day of a moment. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type TEventRow = typeof analyticsEvents.$inferInsert;

/** The key of a visitor's day in the bound's counts. */
const visitorDayKey = (day: string, visitor: string) => `${day}\n${visitor}`;

/**
 * Adds `offered` (events per visitor-day key) to the visitors' counts of the day, and answers how
 * many each may still store: the bound less what it had offered before this flush (never below 0).
 * Rows are upserted in key order, so two flushes of the same visitors lock them in the same order.
 */
async function claimVisitorDays(
  tx: TDb,
  offered: ReadonlyMap<string, { day: string; visitor: string; n: number }>,
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (offered.size === 0) return left;
  const values = [...offered.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, v]) => ({ day: v.day, visitor: v.visitor, offered: v.n }));
  const rows = await tx
    .insert(analyticsVisitorDays)
    .values(values)
    .onConflictDoUpdate({
      target: [analyticsVisitorDays.day, analyticsVisitorDays.visitor],
      set: { offered: sql`${analyticsVisitorDays.offered} + excluded.offered` },
    })
    .returning({
      day: analyticsVisitorDays.day,
      visitor: analyticsVisitorDays.visitor,
      offered: analyticsVisitorDays.offered,
    });
  for (const row of rows) {
    const key = visitorDayKey(row.day, row.visitor);
    const before = row.offered - offered.get(key)!.n;
    left.set(key, Math.max(0, TRACK_VISITOR_DAY_MAX_EVENTS - before));
  }
  return left;
}

/** A batch's events as rows, without those naming no listing of their kind (or no story). */
function rowsOf(
  batch: TIncomingBatch,
  kinds: ReadonlyMap<string, string>,
  storyIds: ReadonlySet<string>,
): TEventRow[] {
  const day = dayOf(batch.receivedAt);
  return batch.events
    .filter((event) =>
      event.kind === "story" ? storyIds.has(event.id) : kinds.get(event.id) === event.kind,
    )
    .map((event) => ({
      receivedAt: batch.receivedAt,
      day,
      subjectKind: event.kind,
      subjectId: event.id,
      type: event.type,
      target: event.type === "click" ? event.target : null,
      ref: event.type === "click" ? (event.ref ?? null) : null,
      visitor: batch.visitor,
      batchId: batch.batchId,
    }));
}

/**
 * Writes one flush: returns, per waiting batch in order, how many of its events were stored (0
 * for a batch counted before, or repeated earlier in the same flush; fewer than it has past its
 * visitor's daily bound).
 */
async function writeFlush(ctx: TIngestContext, waiting: readonly TWaiting[]): Promise<number[]> {
  const events = waiting.flatMap((b) => b.events);
  const [kinds, storyIds] = await Promise.all([
    ctx.profiles.kindsOf(events.filter((e) => e.kind !== "story").map((e) => e.id)),
    ctx.stories.storyIds(events.filter((e) => e.kind === "story").map((e) => e.id)),
  ]);
  const batchIds = [...new Set(waiting.map((b) => b.batchId))];
  return inTransaction(ctx.db, async (tx) => {
    const inserted = await tx
      .insert(analyticsBatches)
      .values(
        batchIds.map((batchId) => ({
          batchId,
          receivedAt: waiting.find((b) => b.batchId === batchId)!.receivedAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ batchId: analyticsBatches.batchId });
    const fresh = new Set(inserted.map((row) => row.batchId));
    // Each batch's rows: the first request carrying a new batch id writes it, later ones nothing.
    const candidates = waiting.map((batch) =>
      fresh.delete(batch.batchId) ? rowsOf(batch, kinds, storyIds) : [],
    );
    const offered = new Map<string, { day: string; visitor: string; n: number }>();
    candidates.forEach((batchRows, i) => {
      if (batchRows.length === 0) return;
      const { visitor } = waiting[i]!;
      const day = dayOf(waiting[i]!.receivedAt);
      const key = visitorDayKey(day, visitor);
      const entry = offered.get(key) ?? { day, visitor, n: 0 };
      entry.n += batchRows.length;
      offered.set(key, entry);
    });
    const left = await claimVisitorDays(tx, offered);
    // Oldest batches first, each up to what its visitor's day has left.
    const rows: TEventRow[] = [];
    const accepted = candidates.map((batchRows, i) => {
      if (batchRows.length === 0) return 0;
      const key = visitorDayKey(dayOf(waiting[i]!.receivedAt), waiting[i]!.visitor);
      const kept = Math.min(batchRows.length, left.get(key) ?? 0);
      left.set(key, (left.get(key) ?? 0) - kept);
      rows.push(...batchRows.slice(0, kept));
      return kept;
    });
    if (rows.length > 0) await tx.insert(analyticsEvents).values(rows);
    return accepted;
  });
}

/** The process's buffer of tracked events; `flush` writes what waits (the app's close). */
export function createIngest(
  ctx: TIngestContext,
  options: { flushEvents?: number; flushDelayMs?: number } = {},
) {
  const flushEvents = options.flushEvents ?? FLUSH_EVENTS;
  const flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
  let buffer: TWaiting[] = [];
  let buffered = 0;
  let timer: NodeJS.Timeout | null = null;
  // Writes run one after another. At most one more waits behind the running one, and it takes
  // what has gathered by the time it starts: the busier the process, the larger each write.
  let chain: Promise<void> = Promise.resolve();
  let queued = false;

  /** The waiting batches up to MAX_WRITE_EVENTS events (whole batches), oldest first. */
  function take(): TWaiting[] {
    let count = 0;
    let n = 0;
    while (n < buffer.length && count < MAX_WRITE_EVENTS) count += buffer[n++]!.events.length;
    const taken = buffer.slice(0, n);
    buffer = buffer.slice(n);
    buffered -= count;
    return taken;
  }

  async function write(): Promise<void> {
    queued = false;
    const waiting = take();
    if (waiting.length === 0) return;
    try {
      const accepted = await writeFlush(ctx, waiting);
      waiting.forEach((batch, i) => {
        batch.resolve(accepted[i] ?? 0);
      });
    } catch (error) {
      ctx.log.error({ err: error, batches: waiting.length }, "tracking flush failed");
      const refused = notRecorded();
      for (const batch of waiting) batch.reject(refused);
    }
    // What gathered while this write ran has waited long enough.
    if (buffer.length > 0) void flush();
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!queued) {
      queued = true;
      chain = chain.then(write);
    }
    return chain;
  }

  return {
    /** Resolves with how many of the batch's events were stored, once they are committed. */
    submit(batch: TIncomingBatch): Promise<number> {
      return new Promise<number>((resolve, reject) => {
        buffer.push({ ...batch, resolve, reject });
        buffered += batch.events.length;
        if (buffered >= flushEvents) void flush();
        else if (!timer && !queued) {
          timer = setTimeout(() => void flush(), flushDelayMs);
          timer.unref();
        }
      });
    },
    /** Writes everything that waits now (the app's close). */
    async flush(): Promise<void> {
      while (buffer.length > 0 || queued) await flush();
      await chain;
    },
  };
}
export type TIngest = ReturnType<typeof createIngest>;
