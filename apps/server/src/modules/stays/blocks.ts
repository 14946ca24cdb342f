// Blocks: rooms a hotel holds for an event at a group rate, night by night. One side proposes (the
// hotel's managers or the event's organizers), the other accepts or declines; a proposal may be
// changed by either side until it is accepted, and every step is kept with who took it. Accepting
// sets the rooms aside in the hotel's calendar; at the cut-off the rooms nobody booked go back
// (releaseDueBlocks, a scheduled job that one process runs).
import type {
  TBlock,
  TBlockChange,
  TBlockNightInput,
  TBlockSide,
  TPickup,
  ZBlockCreate,
} from "@hostfield/domain/contracts";
import { attritionWarning, compNights, pickupPercent, stayNights } from "@hostfield/domain/rules";
import type { z } from "zod";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  validationFailed,
} from "../../platform/http/errors";
import { mediaRef } from "../../profiles";
import { type TStaysContext, todayOf } from "./context";
import { blockParty, type TBlockParty } from "./policy";
import { presentBlock } from "./presenter";
import { eventFacts, listedHotel } from "./pricing";
import * as repo from "./repository";

type TBlockCreateInput = z.output<typeof ZBlockCreate>;

const invalid = (path: string, message: string) => validationFailed(message, [{ path, message }]);

/** The side the caller speaks for; the organizer's when they are both (or an admin). */
export function sideOf(party: TBlockParty): TBlockSide {
  if (party.organizer) return "organizer";
  if (party.hotel) return "hotel";
  throw forbidden("Only the hotel's managers or the event's organizers may do this.");
}

/** The nights of the event (at least its first), for a block asked for "every night". */
function eventNights(event: { startDate: string; endDate: string }): string[] {
  const nights = stayNights(event.startDate, event.endDate);
  return nights.length > 0 ? nights : [event.startDate];
}

export async function checkNights(
  ctx: TStaysContext,
  hotelId: string,
  nights: readonly TBlockNightInput[],
  cutoffDate: string,
) {
  const today = todayOf(ctx);
  const types = new Set((await repo.listRoomTypes(ctx.db, hotelId)).map((t) => t.id));
  const seen = new Set<string>();
  for (const [i, n] of nights.entries()) {
    if (!types.has(n.roomTypeId))
      invalidThrow(`data.nights.${i}.roomTypeId`, "Not a room type of this hotel");
    const key = `${n.roomTypeId}/${n.night}`;
    if (seen.has(key)) invalidThrow(`data.nights.${i}`, "The same room type and night twice");
    seen.add(key);
    if (n.night < today) invalidThrow(`data.nights.${i}.night`, "A night in the past");
  }
  const first = [...nights].map((n) => n.night).sort()[0]!;
  if (cutoffDate < today) invalidThrow("data.cutoffDate", "The cut-off cannot be in the past");
  if (cutoffDate > first)
    invalidThrow("data.cutoffDate", "The cut-off must be on or before the block's first night");
}

function invalidThrow(path: string, message: string): never {
  throw invalid(path, message);
}

/**
 * New nights may not hold fewer rooms on a night than are booked on it, nor leave out a night with
 * bookings: 400 BLOCK_NIGHT_BELOW_BOOKED naming the first such night (and all of them in details).
 */
export function checkAboveBooked(
  current: readonly repo.TBlockNightRow[],
  nights: readonly TBlockNightInput[],
) {
  const asked = new Map(nights.map((n) => [`${n.roomTypeId}/${n.night}`, n.rooms]));
  const below = current
    .filter((n) => n.booked > 0 && (asked.get(`${n.roomTypeId}/${n.night}`) ?? 0) < n.booked)
    .map((n) => ({
      roomTypeId: n.roomTypeId,
      night: n.night,
      booked: n.booked,
      rooms: asked.get(`${n.roomTypeId}/${n.night}`) ?? 0,
    }));
  if (below.length === 0) return;
  const first = below[0]!;
  throw new AppError(
    "BLOCK_NIGHT_BELOW_BOOKED",
    400,
    `${first.booked} room${first.booked === 1 ? " is" : "s are"} already booked on the night of ${first.night}: hold at least that many.`,
    { nights: below },
  );
}

export const describeTerms = (t: {
  nights?: readonly TBlockNightInput[];
  cutoffDate?: string;
  minNights?: number;
  attritionPercent?: number;
  compPerPaid?: number | null;
  requireCardGuarantee?: boolean | null;
}) => {
  const parts: string[] = [];
  if (t.nights) {
    const rooms = t.nights.reduce((s, n) => s + n.rooms, 0);
    const nights = new Set(t.nights.map((n) => n.night)).size;
    parts.push(`${rooms} room nights over ${nights} night${nights === 1 ? "" : "s"}`);
  }
  if (t.cutoffDate) parts.push(`cut-off ${t.cutoffDate}`);
  if (t.minNights !== undefined)
    parts.push(`minimum ${t.minNights} night${t.minNights === 1 ? "" : "s"}`);
  if (t.attritionPercent !== undefined) parts.push(`attrition ${t.attritionPercent}%`);
  if (t.compPerPaid !== undefined)
    parts.push(t.compPerPaid ? `1 comp per ${t.compPerPaid}` : "no comps");
  if (t.requireCardGuarantee !== undefined)
    parts.push(
      t.requireCardGuarantee === null
        ? "card guarantee as the hotel sets it"
        : t.requireCardGuarantee
          ? "card guarantee required"
          : "no card guarantee",
    );
  return parts.join(", ");
};

export async function createBlock(
  ctx: TStaysContext,
  principal: TPrincipal,
  input: TBlockCreateInput,
): Promise<TBlock> {
  let eventId = input.eventId;
  let requirementId: string | null = null;
  if (input.leadId) {
    const lead = await ctx.rfps.leadOrigin(input.leadId);
    if (!lead || (eventId && lead.eventId !== eventId)) {
      throw invalid("data.leadId", "No lead of this event has this id");
    }
    if (lead.status !== "Won") throw invalid("data.leadId", "Only an awarded lead opens a block");
    eventId = lead.eventId;
    requirementId = lead.requirementId;
  }
  const event = await eventFacts(ctx, eventId!, principal);
  await listedHotel(ctx, input.hotelId);
  const party = await blockParty(ctx, { eventId: event.id, hotelId: input.hotelId }, principal);
  const side = sideOf(party);
  const nights: TBlockNightInput[] =
    input.nights && input.nights.length > 0
      ? input.nights
      : eventNights(event)
          .filter((night) => night >= todayOf(ctx))
          .map((night) => ({ ...input.perNight!, night }));
  if (nights.length === 0) throw invalid("data.nights", "The event has no nights left to hold");
  await checkNights(ctx, input.hotelId, nights, input.cutoffDate);
  if (await repo.findBlockFor(ctx.db, event.id, input.hotelId)) {
    throw conflict(
      "This hotel already has a block for this event: change that one.",
      "ALREADY_EXISTS",
    );
  }
  const block = await inTransaction(ctx.db, async (tx) => {
    const row = await repo.insertBlock(tx, {
      eventId: event.id,
      hotelId: input.hotelId,
      proposedBy: side,
      cutoffDate: input.cutoffDate,
      minNights: input.minNights,
      attritionPercent: input.attritionPercent,
      compPerPaid: input.compPerPaid,
      note: input.note ?? null,
      requireCardGuarantee: input.requireCardGuarantee,
      requirementId,
      leadId: input.leadId ?? null,
      createdBy: principal.userId,
      updatedBy: principal.userId,
    });
    await repo.replaceBlockNights(tx, row.id, nights);
    await repo.insertBlockChange(tx, {
      blockId: row.id,
      side,
      userId: principal.userId,
      action: "proposed",
      // The hotel's own setting is no term worth naming; an override is.
      summary: describeTerms({
        ...input,
        nights,
        requireCardGuarantee: input.requireCardGuarantee ?? undefined,
      }),
    });
    return row;
  });
  return presentBlocks(ctx, [block]).then((b) => b[0]!);
}

/** The block (404 when missing or when the caller is on neither side) and the caller's sides. */
export async function accessBlock(ctx: TStaysContext, blockId: string, principal: TPrincipal) {
  const block = await repo.findBlock(ctx.db, blockId);
  if (!block) throw notFound("The block");
  const party = await blockParty(ctx, block, principal);
  if (!party.hotel && !party.organizer) throw notFound("The block");
  return { block, party };
}

export const requireOpen = (
  block: repo.TBlockRow,
  statuses: readonly repo.TBlockRow["status"][],
) => {
  if (!statuses.includes(block.status)) {
    throw new AppError("BLOCK_NOT_OPEN", 409, `This block is ${block.status.toLowerCase()}.`);
  }
};

export async function changeBlock(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  change: TBlockChange,
): Promise<TBlock> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  // Bad nights are refused before the block's state: nights below their bookings are never terms.
  if (change.nights) checkAboveBooked(await repo.blockNightsOf(ctx.db, [block.id]), change.nights);
  requireOpen(block, ["Proposed", "Declined"]);
  const side = sideOf(party);
  if (change.nights)
    await checkNights(ctx, block.hotelId, change.nights, change.cutoffDate ?? block.cutoffDate);
  else if (change.cutoffDate) {
    const nights = await repo.blockNightsOf(ctx.db, [block.id]);
    await checkNights(
      ctx,
      block.hotelId,
      nights.map((n) => ({
        roomTypeId: n.roomTypeId,
        night: n.night,
        rooms: n.held,
        rate: n.rate,
      })),
      change.cutoffDate,
    );
  }
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = await repo.lockBlock(tx, blockId);
    // Again under the lock: a booking holds the block FOR SHARE, so none lands in between.
    if (change.nights) checkAboveBooked(await repo.blockNightsOf(tx, [blockId]), change.nights);
    requireOpen(locked!, ["Proposed", "Declined"]);
    if (change.nights) await repo.replaceBlockNights(tx, blockId, change.nights);
    const row = await repo.updateBlock(tx, blockId, {
      status: "Proposed",
      proposedBy: side,
      ...(change.cutoffDate ? { cutoffDate: change.cutoffDate } : {}),
      ...(change.minNights !== undefined ? { minNights: change.minNights } : {}),
      ...(change.attritionPercent !== undefined
        ? { attritionPercent: change.attritionPercent }
        : {}),
      ...(change.compPerPaid !== undefined ? { compPerPaid: change.compPerPaid } : {}),
      ...(change.note !== undefined ? { note: change.note } : {}),
      ...(change.requireCardGuarantee !== undefined
        ? { requireCardGuarantee: change.requireCardGuarantee }
        : {}),
      updatedBy: principal.userId,
    });
    await repo.insertBlockChange(tx, {
      blockId,
      side,
      userId: principal.userId,
      action: "changed",
      summary: describeTerms(change) || "note",
    });
    return row;
  });
  return presentBlocks(ctx, [updated]).then((b) => b[0]!);
}

/** The side that did not make the proposal on the table answers it (an admin may answer for it). */
function answeringSide(block: repo.TBlockRow, party: TBlockParty, isAdmin: boolean): TBlockSide {
  const other: TBlockSide = block.proposedBy === "hotel" ? "organizer" : "hotel";
  if (isAdmin || party[other]) return other;
  throw forbidden(
    other === "hotel"
      ? "The hotel's managers answer this proposal."
      : "The event's organizers answer this proposal.",
  );
}

export async function answerBlock(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  answer: "accept" | "decline",
): Promise<TBlock> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  requireOpen(block, ["Proposed"]);
  const side = answeringSide(block, party, principal.isAdmin);
  if (answer === "accept" && block.cutoffDate < todayOf(ctx)) {
    throw new AppError("PAST_CUTOFF", 409, "The block's cut-off has passed: propose new dates.");
  }
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = await repo.lockBlock(tx, blockId);
    requireOpen(locked!, ["Proposed"]);
    if (answer === "accept") await holdRooms(tx, blockId);
    const row = await repo.updateBlock(tx, blockId, {
      status: answer === "accept" ? "Accepted" : "Declined",
      updatedBy: principal.userId,
    });
    await repo.insertBlockChange(tx, {
      blockId,
      side,
      userId: principal.userId,
      action: answer === "accept" ? "accepted" : "declined",
      summary: answer === "accept" ? "Rooms set aside in the hotel's calendar" : "Declined",
    });
    return row;
  });
  return presentBlocks(ctx, [updated]).then((b) => b[0]!);
}

/** Sets every night's rooms aside; 409 ROOMS_UNAVAILABLE naming the nights the hotel lacks. */
async function holdRooms(tx: TDb, blockId: string) {
  const nights = await repo.blockNightsOf(tx, [blockId]);
  const short: { roomTypeId: string; night: string }[] = [];
  for (const n of nights) {
    if (!(await repo.claimCalendarRooms(tx, "held", n.roomTypeId, n.night, n.held))) {
      short.push({ roomTypeId: n.roomTypeId, night: n.night });
    }
  }
  if (short.length > 0) {
    throw new AppError(
      "ROOMS_UNAVAILABLE",
      409,
      `The hotel does not have these rooms free on ${short.length} night${short.length === 1 ? "" : "s"} (first: ${short[0]!.night}): add them to its calendar first.`,
      { nights: short },
    );
  }
}

/**
 * Releases accepted blocks whose cut-off day has passed: rooms nobody booked go back to the hotel's
 * general inventory; those booked stay sold. Each block in its own transaction, locked and checked
 * again, so two runs (or processes) release it once.
 */
export async function releaseDueBlocks(ctx: TStaysContext): Promise<number> {
  const due = await repo.dueBlocks(ctx.db, todayOf(ctx));
  let released = 0;
  for (const { id } of due) {
    const done = await inTransaction(ctx.db, async (tx) => {
      const block = await repo.lockBlock(tx, id);
      if (block?.status !== "Accepted" || block.cutoffDate >= todayOf(ctx)) return false;
      const nights = await repo.blockNightsOf(tx, [id]);
      for (const n of nights) {
        await repo.releaseCalendarHold(tx, n.roomTypeId, n.night, n.held, n.booked);
      }
      await repo.updateBlock(tx, id, { status: "Released", releasedDate: ctx.now() });
      const unsold = nights.reduce((s, n) => s + n.held - n.booked, 0);
      await repo.insertBlockChange(tx, {
        blockId: id,
        side: "hotel",
        userId: null,
        action: "released",
        summary: `Cut-off passed: ${unsold} unbooked room night${unsold === 1 ? "" : "s"} returned to the hotel`,
      });
      return true;
    });
    if (done) released += 1;
  }
  if (released > 0) ctx.log.info({ released }, "hotel blocks released at their cut-off");
  return released;
}

export async function listBlocks(
  ctx: TStaysContext,
  filter: { eventId?: string; hotelId?: string; status?: repo.TBlockRow["status"] },
): Promise<TBlock[]> {
  return presentBlocks(ctx, await repo.listBlocks(ctx.db, filter));
}

export async function presentBlocks(
  ctx: TStaysContext,
  blocks: readonly repo.TBlockRow[],
): Promise<TBlock[]> {
  if (blocks.length === 0) return [];
  const ids = blocks.map((b) => b.id);
  const [events, hotels, nights, changes, types] = await Promise.all([
    ctx.profiles.profilesByIds(
      "event",
      blocks.map((b) => b.eventId),
    ),
    ctx.profiles.profilesByIds(
      "hotel",
      blocks.map((b) => b.hotelId),
    ),
    repo.blockNightsOf(ctx.db, ids),
    repo.blockChangesOf(ctx.db, ids),
    repo.roomTypesOfHotels(ctx.db, [...new Set(blocks.map((b) => b.hotelId))]),
  ]);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const people = await ctx.users.publicUsers([
    ...new Set([
      ...changes.flatMap((c) => (c.userId ? [c.userId] : [])),
      ...blocks.flatMap((b) => (b.amendment ? [b.amendment.userId] : [])),
    ]),
  ]);
  const names = new Map([...people].map(([id, p]) => [id, p.name]));
  return blocks.map((b) => {
    const event = events.get(b.eventId);
    const hotel = hotels.get(b.hotelId);
    return presentBlock(
      b,
      {
        event: {
          id: b.eventId,
          name: event?.name ?? "Event",
          startDate: String(event?.detail?.startDate ?? ""),
          endDate: String(event?.detail?.endDate ?? ""),
        },
        hotel: { id: b.hotelId, name: hotel?.name ?? "Hotel", logo: mediaRef(hotel?.logo ?? null) },
        roomTypes: typeNames,
        people: names,
      },
      nights.filter((n) => n.blockId === b.id),
      changes.filter((c) => c.blockId === b.id),
    );
  });
}

/** Held against booked night by night (booked read from confirmed reservations). */
export async function pickup(ctx: TStaysContext, block: repo.TBlockRow): Promise<TPickup> {
  const [nights, booked] = await Promise.all([
    repo.blockNightsOf(ctx.db, [block.id]),
    repo.blockPickup(ctx.db, block.id),
  ]);
  const heldByNight = new Map<string, number>();
  for (const n of nights) heldByNight.set(n.night, (heldByNight.get(n.night) ?? 0) + n.held);
  const bookedByNight = new Map(booked.map((b) => [b.night, b.booked]));
  const perNight = [...heldByNight.keys()].sort().map((night) => ({
    night,
    held: heldByNight.get(night)!,
    booked: bookedByNight.get(night) ?? 0,
  }));
  const held = perNight.reduce((s, n) => s + n.held, 0);
  const total = perNight.reduce((s, n) => s + n.booked, 0);
  return {
    blockId: block.id,
    cutoffDate: block.cutoffDate,
    attritionPercent: block.attritionPercent,
    nights: perNight,
    held,
    booked: total,
    pickupPercent: pickupPercent(held, total),
    attritionWarning:
      block.status === "Accepted"
        ? attritionWarning({
            held,
            booked: total,
            attritionPercent: block.attritionPercent,
            cutoffDate: block.cutoffDate,
            today: todayOf(ctx),
          })
        : null,
    compNights: compNights(total, block.compPerPaid),
  };
}
