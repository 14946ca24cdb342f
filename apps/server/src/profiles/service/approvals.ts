// The approval queue (admins): pending listings of every kind, their counts, approving many.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPrincipal } from "../../platform/http/access";
import { AppError } from "../../platform/http/errors";
import * as repo from "../repository";
import { inTransaction, type TProfilesContext } from "./context";
import { markApproved } from "./listings";

// ---- the approval queue (admins) ----

/** A page of pending listings of every kind (or one), newest first, by part of the name. */
export const pendingListings = (
  ctx: TProfilesContext,
  q: repo.TPendingQuery,
  window: { limit: number; offset: number },
) => repo.listPending(ctx.db, q, window);

/** How many listings wait whose name has `text`: in all, and of every kind (0 when none). */
export async function pendingCounts(ctx: TProfilesContext, q: Pick<repo.TPendingQuery, "text">) {
  const rows = await repo.countPendingByKind(ctx.db, q);
  const kinds = Object.fromEntries(
    ctx.kinds.map((d) => [d.kind, rows.find((r) => r.kind === d.kind)?.n ?? 0]),
  ) as Record<TProfileKind, number>;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), kinds };
}

/**
 * Approves the listings among `ids` that are pending, each exactly as one approval does, in one
 * transaction: all are written or none. An id that is no listing refuses the whole call (404,
 * nothing written); one already approved (by someone else meanwhile) is left as it is, with why.
 */
export async function approveProfiles(
  ctx: TProfilesContext,
  ids: readonly string[],
  principal: TPrincipal,
) {
  const wanted = [...new Set(ids)];
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.lockProfileRows(tx, wanted);
    const found = new Set(rows.map((r) => r.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        "PROFILE_NOT_FOUND",
        404,
        unknown.length === 1
          ? "One of the listings was not found (deleted meanwhile?). Nothing was approved."
          : `${unknown.length} of the listings were not found (deleted meanwhile?). Nothing was approved.`,
        { ids: unknown },
      );
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const approved: { id: string; kind: TProfileKind; name: string }[] = [];
    const notApproved: ((typeof approved)[number] & { reason: string })[] = [];
    for (const id of wanted) {
      const row = byId.get(id)!;
      const target = { id, kind: row.kind as TProfileKind, name: row.name };
      if (row.status !== "pending") {
        notApproved.push({ ...target, reason: "It was already approved." });
        continue;
      }
      await markApproved(ctx, tx, row, principal);
      approved.push(target);
    }
    return { approved, notApproved };
  });
}

/** Adds my like or follow (once); the listing's managers hear of a new one. */
