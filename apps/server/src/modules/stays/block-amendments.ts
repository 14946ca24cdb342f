// Changing a block once it is accepted. Either side may put new nights and/or terms on it (an
// amendment, `hotel_blocks.amendment`): the block stays Accepted with its nights while the other
// side accepts or declines (the proposer may withdraw it). The event's organizers may give unbooked
// rooms back to the hotel before the cut-off (an early release; the hotel cannot shrink the
// organizer's block alone). Accepting an amendment and releasing rooms each run in one transaction
// under the block's lock, where what is booked is read again (a booking holds the block FOR SHARE):
// rooms added are claimed from the hotel's calendar, rooms taken away go back to it, and any
// refusal leaves the block, its nights and the calendar as they were.
import type { TBlock, TBlockChange, TBlockRelease, TBlockSide } from "@hostfield/domain/contracts";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, forbidden, validationFailed } from "../../platform/http/errors";
import {
  accessBlock,
  changeBlock,
  checkAboveBooked,
  checkNights,
  describeTerms,
  presentBlocks,
  requireOpen,
  sideOf,
} from "./blocks";
import { type TStaysContext, todayOf } from "./context";
import * as repo from "./repository";
import type { TStoredAmendment } from "./schema";

type TTerms = Omit<TStoredAmendment, "side" | "userId" | "date">;
type TNightIn = { roomTypeId: string; night: string; rooms: number; rate: number };

const invalid = (path: string, message: string) => validationFailed(message, [{ path, message }]);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const key = (n: { roomTypeId: string; night: string }) => `${n.roomTypeId}/${n.night}`;
const otherSide = (side: TBlockSide): TBlockSide => (side === "hotel" ? "organizer" : "hotel");

/**
 * `PATCH /hotels/blocks/{id}`: on an accepted block, an amendment; otherwise the proposal's change
 * (blocks.ts, 409 BLOCK_NOT_OPEN once released). Each path checks the state again under the lock.
 */
export async function changeOrAmendBlock(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  change: TBlockChange,
): Promise<TBlock> {
  const block = await repo.findBlock(ctx.db, blockId);
  if (block?.status === "Accepted") return proposeAmendment(ctx, principal, blockId, change);
  return changeBlock(ctx, principal, blockId, change);
}

/** The terms of `change` that differ from the block's (the nights only when any night differs). */
function changedTerms(
  block: repo.TBlockRow,
  current: readonly repo.TBlockNightRow[],
  change: TBlockChange,
): TTerms {
  const terms: TTerms = {};
  if (change.nights) {
    const now = new Map(current.map((n) => [key(n), n]));
    const same =
      change.nights.length === current.length &&
      change.nights.every((n) => {
        const had = now.get(key(n));
        return had !== undefined && had.held === n.rooms && had.rate === n.rate;
      });
    if (!same)
      terms.nights = change.nights.map((n) => ({
        roomTypeId: n.roomTypeId,
        night: n.night,
        rooms: n.rooms,
        rate: n.rate,
      }));
  }
  if (change.cutoffDate !== undefined && change.cutoffDate !== block.cutoffDate)
    terms.cutoffDate = change.cutoffDate;
  if (change.minNights !== undefined && change.minNights !== block.minNights)
    terms.minNights = change.minNights;
  if (change.attritionPercent !== undefined && change.attritionPercent !== block.attritionPercent)
    terms.attritionPercent = change.attritionPercent;
  if (change.compPerPaid !== undefined && change.compPerPaid !== block.compPerPaid)
    terms.compPerPaid = change.compPerPaid;
  if (change.note !== undefined && (change.note ?? null) !== block.note)
    terms.note = change.note ?? null;
  if (
    change.requireCardGuarantee !== undefined &&
    change.requireCardGuarantee !== block.requireCardGuarantee
  )
    terms.requireCardGuarantee = change.requireCardGuarantee;
  return terms;
}

/** 409 PAST_CUTOFF once the block's cut-off day has ended (its release is due). */
function requireBeforeCutoff(ctx: TStaysContext, block: repo.TBlockRow) {
  if (block.cutoffDate < todayOf(ctx)) {
    throw new AppError(
      "PAST_CUTOFF",
      409,
      "The block's cut-off has passed: its unbooked rooms are going back to the hotel.",
    );
  }
}

async function proposeAmendment(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  change: TBlockChange,
): Promise<TBlock> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  const current = await repo.blockNightsOf(ctx.db, [block.id]);
  // As for a proposal: nights below their bookings are never terms, whatever the block's state.
  if (change.nights) checkAboveBooked(current, change.nights);
  requireOpen(block, ["Accepted"]);
  requireBeforeCutoff(ctx, block);
  const side = sideOf(party);
  const terms = changedTerms(block, current, change);
  if (Object.keys(terms).length === 0) {
    throw invalid("data", "These are the block's terms already: change a night or a term.");
  }
  if (terms.nights || terms.cutoffDate) {
    const nights =
      terms.nights ??
      current.map((n) => ({
        roomTypeId: n.roomTypeId,
        night: n.night,
        rooms: n.held,
        rate: n.rate,
      }));
    await checkNights(ctx, block.hotelId, nights, terms.cutoffDate ?? block.cutoffDate);
  }
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = await repo.lockBlock(tx, blockId);
    requireOpen(locked!, ["Accepted"]);
    if (terms.nights) checkAboveBooked(await repo.blockNightsOf(tx, [blockId]), terms.nights);
    const replaced = locked!.amendment;
    const row = await repo.updateBlock(tx, blockId, {
      amendment: { ...terms, side, userId: principal.userId, date: ctx.now().toISOString() },
      updatedBy: principal.userId,
    });
    await repo.insertBlockChange(tx, {
      blockId,
      side,
      userId: principal.userId,
      action: "amendment proposed",
      summary: `${describeTerms(terms) || "note"}${
        replaced
          ? replaced.side === side
            ? " (in place of the earlier amendment)"
            : ` (in place of the ${replaced.side === "hotel" ? "hotel's" : "organizer's"} amendment)`
          : ""
      }`,
    });
    return row;
  });
  return presentBlocks(ctx, [updated]).then((b) => b[0]!);
}

/**
 * `PUT …/amendment/accept|decline`: the side that did not propose the amendment answers it (an
 * admin may answer for it); its proposer may withdraw it (decline). 409 NO_AMENDMENT with none.
 */
export async function answerAmendment(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  answer: "accept" | "decline",
): Promise<TBlock> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  requireOpen(block, ["Accepted"]);
  const pending = block.amendment;
  if (!pending) throw noAmendment();
  const other = otherSide(pending.side);
  let side: TBlockSide;
  if (principal.isAdmin || party[other]) side = other;
  else if (answer === "decline" && party[pending.side]) side = pending.side;
  else
    throw forbidden(
      other === "hotel"
        ? "The hotel's managers answer this amendment; you may withdraw it."
        : "The event's organizers answer this amendment; you may withdraw it.",
    );
  const withdrawn = side === pending.side;
  const today = todayOf(ctx);
  if (answer === "accept") {
    requireBeforeCutoff(ctx, block);
    if (pending.cutoffDate !== undefined && pending.cutoffDate < today) {
      throw new AppError(
        "AMENDMENT_CUTOFF_PAST",
        400,
        `The amendment's cut-off, ${pending.cutoffDate}, has passed: propose it again with a new one.`,
      );
    }
    if (pending.nights) await requireRoomTypes(ctx, block.hotelId, pending.nights);
  }
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockBlock(tx, blockId))!;
    requireOpen(locked, ["Accepted"]);
    const amendment = locked.amendment;
    // Answered, withdrawn or replaced since it was read: the caller answers what they saw only.
    if (!amendment || amendment.date !== pending.date || amendment.userId !== pending.userId) {
      throw noAmendment("The amendment was answered or replaced meanwhile: read the block again.");
    }
    if (answer === "accept" && amendment.nights) await applyNights(tx, blockId, amendment.nights);
    const row = await repo.updateBlock(tx, blockId, {
      amendment: null,
      ...(answer === "accept" ? termsOf(amendment, locked) : {}),
      updatedBy: principal.userId,
    });
    await repo.insertBlockChange(tx, {
      blockId,
      side,
      userId: principal.userId,
      action:
        answer === "accept"
          ? "amendment accepted"
          : withdrawn
            ? "amendment withdrawn"
            : "amendment declined",
      summary:
        answer === "accept"
          ? `${describeTerms(amendment) || "note"}${amendment.nights ? "; the hotel's calendar follows the new nights" : ""}`
          : withdrawn
            ? "The amendment was withdrawn; the block stays as it was"
            : "The block stays as it was",
    });
    return row;
  });
  return presentBlocks(ctx, [updated]).then((b) => b[0]!);
}

const noAmendment = (
  message = "No amendment is waiting on this block: propose one with new terms.",
) => new AppError("NO_AMENDMENT", 409, message);

/** The block's columns the amendment's terms set; a new cut-off is reminded of again. */
function termsOf(a: TStoredAmendment, block: repo.TBlockRow) {
  return {
    ...(a.cutoffDate !== undefined && a.cutoffDate !== block.cutoffDate
      ? { cutoffDate: a.cutoffDate, cutoffRemindedDate: null }
      : {}),
    ...(a.minNights !== undefined ? { minNights: a.minNights } : {}),
    ...(a.attritionPercent !== undefined ? { attritionPercent: a.attritionPercent } : {}),
    ...(a.compPerPaid !== undefined ? { compPerPaid: a.compPerPaid } : {}),
    ...(a.note !== undefined ? { note: a.note } : {}),
    ...(a.requireCardGuarantee !== undefined
      ? { requireCardGuarantee: a.requireCardGuarantee }
      : {}),
  };
}

/** 400 when a room type of the amendment is no longer the hotel's (removed since). */
async function requireRoomTypes(ctx: TStaysContext, hotelId: string, nights: readonly TNightIn[]) {
  const types = new Set((await repo.listRoomTypes(ctx.db, hotelId)).map((t) => t.id));
  const gone = nights.findIndex((n) => !types.has(n.roomTypeId));
  if (gone >= 0) {
    throw invalid(
      `amendment.nights.${gone}.roomTypeId`,
      "A room type of the amendment is no longer the hotel's: propose new nights.",
    );
  }
}

/**
 * The block's nights become `nights` (under its lock): every night keeps at least its bookings
 * (400 BLOCK_NIGHT_BELOW_BOOKED, read again here), rooms added are claimed from the calendar (409
 * ROOMS_UNAVAILABLE naming every night short, the transaction then undoes the claims made), and
 * rooms taken away, or nights left out, go back to the calendar.
 */
async function applyNights(tx: TDb, blockId: string, nights: readonly TNightIn[]) {
  const current = await repo.blockNightsOf(tx, [blockId]);
  checkAboveBooked(current, nights);
  const had = new Map(current.map((n) => [key(n), n]));
  const short: { roomTypeId: string; night: string; rooms: number }[] = [];
  for (const n of nights) {
    const more = n.rooms - (had.get(key(n))?.held ?? 0);
    if (more > 0 && !(await repo.claimCalendarRooms(tx, "held", n.roomTypeId, n.night, more))) {
      short.push({ roomTypeId: n.roomTypeId, night: n.night, rooms: more });
    }
  }
  if (short.length > 0) {
    throw new AppError(
      "ROOMS_UNAVAILABLE",
      409,
      `The hotel does not have the extra rooms free on ${plural(short.length, "night")} (first: ${short[0]!.night}): add them to its calendar first.`,
      { nights: short },
    );
  }
  const wanted = new Map(nights.map((n) => [key(n), n]));
  for (const n of current) {
    const fewer = n.held - (wanted.get(key(n))?.rooms ?? 0);
    if (fewer > 0) await repo.releaseCalendarHold(tx, n.roomTypeId, n.night, fewer, 0);
    if (!wanted.has(key(n)))
      await repo.deleteUnbookedBlockNight(tx, blockId, n.roomTypeId, n.night);
  }
  for (const n of nights) await repo.setBlockNight(tx, blockId, n);
}

/**
 * `PUT /hotels/blocks/{id}/release`: the event's organizers give unbooked rooms back to the hotel
 * now, night by night (the hotel's managers get 403). Until the cut-off day ends (400
 * BLOCK_RELEASE_AFTER_CUTOFF after it, or once released); at most held − booked on a night (400
 * BLOCK_NIGHT_BELOW_BOOKED naming it); all of it or nothing.
 */
export async function releaseBlockRooms(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  input: TBlockRelease,
): Promise<TBlock> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  if (!party.organizer && !principal.isAdmin) {
    throw forbidden(
      "Only the event's organizers give the block's rooms back early: propose an amendment instead.",
    );
  }
  if (block.status === "Proposed" || block.status === "Declined") requireOpen(block, ["Accepted"]);
  requireReleasable(ctx, block);
  const seen = new Set<string>();
  for (const [i, n] of input.nights.entries()) {
    if (seen.has(key(n))) throw invalid(`data.nights.${i}`, "The same room type and night twice");
    seen.add(key(n));
  }
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockBlock(tx, blockId))!;
    requireReleasable(ctx, locked);
    requireOpen(locked, ["Accepted"]);
    const current = new Map((await repo.blockNightsOf(tx, [blockId])).map((n) => [key(n), n]));
    const over: {
      roomTypeId: string;
      night: string;
      held: number;
      booked: number;
      rooms: number;
    }[] = [];
    for (const [i, n] of input.nights.entries()) {
      const had = current.get(key(n));
      if (!had) throw invalid(`data.nights.${i}`, "Not a night of this block");
      if (n.rooms > had.held - had.booked) over.push({ ...n, held: had.held, booked: had.booked });
    }
    if (over.length > 0) {
      const first = over[0]!;
      const free = first.held - first.booked;
      throw new AppError(
        "BLOCK_NIGHT_BELOW_BOOKED",
        400,
        `Only ${plural(free, "room is", "rooms are")} unbooked on the night of ${first.night}: give back at most that many.`,
        { nights: over },
      );
    }
    for (const n of input.nights) {
      await repo.shrinkBlockNight(tx, blockId, n.roomTypeId, n.night, n.rooms);
      await repo.releaseCalendarHold(tx, n.roomTypeId, n.night, n.rooms, 0);
    }
    const row = await repo.updateBlock(tx, blockId, { updatedBy: principal.userId });
    const total = input.nights.reduce((s, n) => s + n.rooms, 0);
    const perNight = [...input.nights]
      .sort((a, b) => a.night.localeCompare(b.night))
      .map((n) => `${n.night}: ${n.rooms}`)
      .join(", ");
    await repo.insertBlockChange(tx, {
      blockId,
      side: "organizer",
      userId: principal.userId,
      action: "rooms released",
      summary: `${plural(total, "unbooked room night")} given back to the hotel before the cut-off (${perNight})`,
    });
    return row;
  });
  return presentBlocks(ctx, [updated]).then((b) => b[0]!);
}

function requireReleasable(ctx: TStaysContext, block: repo.TBlockRow) {
  if (block.status === "Released" || block.cutoffDate < todayOf(ctx)) {
    throw new AppError(
      "BLOCK_RELEASE_AFTER_CUTOFF",
      400,
      `The block's cut-off (${block.cutoffDate}) has passed: its unbooked rooms go back to the hotel on their own.`,
    );
  }
}
