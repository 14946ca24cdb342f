// A room block's final statement after the event, and the thread between its two sides. The
// statement reads each room type's nights: held and the rate from the block, booked from confirmed
// reservations (as pickup is), stayed as the hotel confirmed it (booked until it does), and the
// domain's rules/block-statement turns them into the allowance, the shortfall, what is owed and the
// comps earned. Once the block's last night has ended, the hotel's managers confirm (or correct)
// what stayed, every night at once; the organizer may dispute a confirmed statement with a message
// in the thread, and the hotel's next confirmation settles it. A message mails the other side
// (BlockMessagePosted, once per person).
import type {
  TBlockMessage,
  TBlockMessageInput,
  TBlockSide,
  TBlockStatement,
  TStatementConfirm,
  TStatementStatus,
} from "@hostfield/domain/contracts";
import { blockStatement } from "@hostfield/domain/rules";
import { and, asc, eq, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, forbidden, validationFailed } from "../../platform/http/errors";
import type { TPlatform } from "../../platform/module";
import { accessBlock } from "./blocks";
import { type TStaysContext, todayOf } from "./context";
import * as repo from "./repository";
import { blockMessages, blockNights, reservationNights, reservations } from "./schema";

type TBlockMessageRow = typeof blockMessages.$inferSelect;

const invalid = (path: string, message: string): never => {
  throw validationFailed(message, [{ path, message }]);
};

/** Only a block that held rooms has a statement: 409 BLOCK_NOT_HELD for a proposal or refusal. */
function requireHeld(block: repo.TBlockRow) {
  if (block.status !== "Accepted" && block.status !== "Released") {
    throw new AppError(
      "BLOCK_NOT_HELD",
      409,
      `This block is ${block.status.toLowerCase()}: only a block the hotel held has a statement.`,
    );
  }
}

/** Rooms of confirmed reservations per room type and night of the block. */
const bookedPerRoomNight = (db: TDb, blockId: string) =>
  db
    .select({
      roomTypeId: reservations.roomTypeId,
      night: reservationNights.night,
      booked: sql<number>`sum(${reservations.rooms})::int`,
    })
    .from(reservationNights)
    .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
    .where(and(eq(reservationNights.blockId, blockId), eq(reservations.status, "Confirmed")))
    .groupBy(reservations.roomTypeId, reservationNights.night);

const key = (n: { roomTypeId: string; night: string }) => `${n.roomTypeId}/${n.night}`;

/** The block's nights with booked (from reservations) and stayed (null until confirmed). */
async function statementRows(db: TDb, blockId: string) {
  const [nights, booked] = await Promise.all([
    repo.blockNightsOf(db, [blockId]),
    bookedPerRoomNight(db, blockId),
  ]);
  const bookedOf = new Map(booked.map((b) => [key(b), Number(b.booked)]));
  return nights.map((n) => ({
    roomTypeId: n.roomTypeId,
    night: n.night,
    held: n.held,
    booked: bookedOf.get(key(n)) ?? 0,
    stayed: n.stayed,
    rate: n.rate,
  }));
}

const lastNightOf = (nights: readonly { night: string }[]) =>
  nights.reduce((last, n) => (n.night > last ? n.night : last), "");

function statusOf(block: repo.TBlockRow, lastNight: string, today: string): TStatementStatus {
  if (block.statementDisputed) return "Disputed";
  if (block.statementConfirmedDate) return "Confirmed";
  return today <= lastNight ? "Open" : "Awaiting hotel";
}

/** The statement of a held block (`GET /hotels/blocks/{id}/statement`). */
export async function statementOf(
  ctx: TStaysContext,
  block: repo.TBlockRow,
): Promise<TBlockStatement> {
  requireHeld(block);
  const [rows, events, hotels, types, people] = await Promise.all([
    statementRows(ctx.db, block.id),
    ctx.profiles.profilesByIds("event", [block.eventId]),
    ctx.profiles.profilesByIds("hotel", [block.hotelId]),
    repo.roomTypesOfHotels(ctx.db, [block.hotelId]),
    ctx.users.publicUsers(block.statementConfirmedBy ? [block.statementConfirmedBy] : []),
  ]);
  const event = events.get(block.eventId);
  const hotel = hotels.get(block.hotelId);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const figures = blockStatement(rows, {
    attritionPercent: block.attritionPercent,
    compPerPaid: block.compPerPaid,
  });
  const confirmer = block.statementConfirmedBy ? people.get(block.statementConfirmedBy) : undefined;
  return {
    blockId: block.id,
    status: statusOf(block, lastNightOf(rows), todayOf(ctx)),
    event: {
      id: block.eventId,
      name: event?.name ?? "Event",
      startDate: String(event?.detail?.startDate ?? ""),
      endDate: String(event?.detail?.endDate ?? ""),
    },
    hotel: { id: block.hotelId, name: hotel?.name ?? "Hotel" },
    attritionPercent: block.attritionPercent,
    compPerPaid: block.compPerPaid,
    nights: figures.nights.map((n) => ({
      night: n.night,
      roomTypeId: n.roomTypeId,
      roomTypeName: typeNames.get(n.roomTypeId) ?? "Room",
      held: n.held,
      booked: n.booked,
      stayed: n.stayed,
      confirmed: n.confirmed,
      rate: n.rate,
    })),
    totals: figures.totals,
    confirmedDate: block.statementConfirmedDate?.toISOString() ?? null,
    confirmedBy:
      block.statementConfirmedBy && confirmer
        ? { id: block.statementConfirmedBy, name: confirmer.name }
        : null,
  };
}

/** The caller's block and its statement (either side; 404 for anyone else). */
export async function readStatement(ctx: TStaysContext, principal: TPrincipal, blockId: string) {
  const { block } = await accessBlock(ctx, blockId, principal);
  return statementOf(ctx, block);
}

/**
 * Every night of the block given once: an unknown room type or night, or one given twice, is 400
 * naming its index; nights left out are 400 on `data.nights` naming the first.
 */
function checkConfirmNights(
  nights: readonly { roomTypeId: string; night: string }[],
  input: TStatementConfirm,
) {
  const known = new Set(nights.map(key));
  const seen = new Set<string>();
  for (const [i, n] of input.nights.entries()) {
    if (!known.has(key(n))) {
      invalid(`data.nights.${i}`, "Not a room type and night of this block");
    }
    if (seen.has(key(n))) invalid(`data.nights.${i}`, "The same room type and night twice");
    seen.add(key(n));
  }
  const missing = nights.filter((n) => !seen.has(key(n)));
  if (missing.length > 0) {
    invalid(
      "data.nights",
      `Give every night of the block: ${missing.length} missing (first: ${missing[0]!.night})`,
    );
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The hotel confirms (or corrects) what stayed, every night of the block, once its last night has
 * ended: the statement is Confirmed (a dispute is settled), and the block's history says so.
 */
export async function confirmStatement(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  input: TStatementConfirm,
): Promise<TBlockStatement> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  if (!party.hotel) throw forbidden("Only the hotel's managers confirm the statement.");
  requireHeld(block);
  const rows = await statementRows(ctx.db, block.id);
  checkConfirmNights(rows, input);
  const lastNight = lastNightOf(rows);
  if (todayOf(ctx) <= lastNight) {
    throw new AppError(
      "STATEMENT_TOO_EARLY",
      409,
      `The block's last night (${lastNight}) has not ended: confirm what stayed after it.`,
    );
  }
  const stayedOf = new Map(input.nights.map((n) => [key(n), n.stayed]));
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = await repo.lockBlock(tx, blockId);
    requireHeld(locked!);
    for (const n of input.nights) {
      await tx
        .update(blockNights)
        .set({ stayed: n.stayed })
        .where(
          and(
            eq(blockNights.blockId, blockId),
            eq(blockNights.roomTypeId, n.roomTypeId),
            eq(blockNights.night, n.night),
          ),
        );
    }
    const row = await repo.updateBlock(tx, blockId, {
      statementConfirmedDate: ctx.now(),
      statementConfirmedBy: principal.userId,
      statementDisputed: false,
      updatedBy: principal.userId,
    });
    const held = rows.reduce((s, n) => s + n.held, 0);
    const stayed = input.nights.reduce((s, n) => s + n.stayed, 0);
    const corrected = rows.filter((n) => stayedOf.get(key(n)) !== n.booked).length;
    await repo.insertBlockChange(tx, {
      blockId,
      side: "hotel",
      userId: principal.userId,
      action: "confirmed",
      summary: `Statement confirmed: ${stayed} of ${plural(held, "room night")} held stayed${
        corrected > 0 ? ` (${plural(corrected, "night")} corrected from the bookings)` : ""
      }${block.statementDisputed ? "; the dispute is settled" : ""}`,
    });
    return row;
  });
  return statementOf(ctx, updated);
}

// ---- the thread ------------------------------------------------------------------------------

async function presentMessages(
  ctx: TStaysContext,
  rows: readonly TBlockMessageRow[],
): Promise<TBlockMessage[]> {
  const people = await ctx.users.publicUsers([
    ...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : []))),
  ]);
  return rows.map((r) => {
    const person = r.userId ? people.get(r.userId) : undefined;
    return {
      id: r.id,
      side: r.side,
      by: r.userId && person ? { id: r.userId, name: person.name } : null,
      body: r.body,
      dispute: r.dispute,
      createdDate: r.createdDate.toISOString(),
    };
  });
}

/** The block's thread, oldest first (either side). */
export async function listMessages(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
): Promise<TBlockMessage[]> {
  const { block } = await accessBlock(ctx, blockId, principal);
  const rows = await ctx.db
    .select()
    .from(blockMessages)
    .where(eq(blockMessages.blockId, block.id))
    .orderBy(asc(blockMessages.createdDate), asc(blockMessages.id))
    .limit(1000);
  return presentMessages(ctx, rows);
}

/**
 * Either side writes in the thread (the organizer's side when the caller is on both). A dispute is
 * the organizer's, of a confirmed statement (409 STATEMENT_NOT_CONFIRMED before): the statement is
 * Disputed until the hotel confirms again. The other side is mailed.
 */
export async function postMessage(
  ctx: TStaysContext,
  principal: TPrincipal,
  blockId: string,
  input: TBlockMessageInput,
): Promise<TBlockMessage> {
  const { block, party } = await accessBlock(ctx, blockId, principal);
  const side: TBlockSide = party.organizer ? "organizer" : "hotel";
  const dispute = input.dispute === true;
  const notConfirmed = () =>
    new AppError(
      "STATEMENT_NOT_CONFIRMED",
      409,
      "The hotel has not confirmed the statement yet: there is nothing to dispute.",
    );
  if (dispute) {
    if (!party.organizer) throw forbidden("Only the event's organizers dispute the statement.");
    if (!block.statementConfirmedDate) throw notConfirmed();
  }
  const row = await inTransaction(ctx.db, async (tx) => {
    if (dispute) {
      const locked = await repo.lockBlock(tx, blockId);
      if (!locked?.statementConfirmedDate) throw notConfirmed();
      await repo.updateBlock(tx, blockId, { statementDisputed: true, updatedBy: principal.userId });
      await repo.insertBlockChange(tx, {
        blockId,
        side,
        userId: principal.userId,
        action: "disputed",
        summary: "Statement disputed in the block's thread",
      });
    }
    const [created] = await tx
      .insert(blockMessages)
      .values({ blockId, side, userId: principal.userId, body: input.body, dispute })
      .returning();
    await ctx.events.record(tx, "BlockMessagePosted", {
      blockId,
      eventId: block.eventId,
      hotelId: block.hotelId,
      messageId: created!.id,
      side,
      authorId: principal.userId,
      dispute,
    });
    return created!;
  });
  return (await presentMessages(ctx, [row]))[0]!;
}

/** Mails the other side's people (the event's organizers, or the hotel's managers) once each. */
export function subscribeBlockMessageMail(platform: TPlatform, ctx: TStaysContext) {
  platform.events.on("BlockMessagePosted", "stays.block-message-mail", async (e, delivery) => {
    const [event, hotel, [message]] = await Promise.all([
      ctx.profiles.listingAudience(e.eventId),
      ctx.profiles.listingAudience(e.hotelId),
      ctx.db.select().from(blockMessages).where(eq(blockMessages.id, e.messageId)),
    ]);
    if (!event || !hotel || !message) return;
    const toHotel = e.side === "organizer";
    const recipients = (toHotel ? hotel.managerIds : event.managerIds).filter(
      (id) => id !== e.authorId,
    );
    const [people, authors] = await Promise.all([
      ctx.users.mailboxes([...new Set(recipients)]),
      ctx.users.publicUsers([e.authorId]),
    ]);
    const author = authors.get(e.authorId)?.name ?? (toHotel ? "The organizer" : "The hotel");
    const base = platform.config.publicUrl;
    const block = `the room block at ${hotel.profile.name} for ${event.profile.name}`;
    const subject = e.dispute ? `Statement disputed: ${block}` : `New message on ${block}`;
    const link = toHotel
      ? `${base}/hotels/${e.hotelId}/blocks`
      : `${base}/events/${e.eventId}/hotels`;
    const textFor = (name: string) =>
      [
        `Hello ${name},`,
        "",
        e.dispute
          ? `${author} disputed the final statement of ${block}:`
          : `${author} wrote on ${block}:`,
        "",
        message.body,
        "",
        e.dispute
          ? `Review the statement and confirm it again (correcting what stayed), or answer in the thread: ${link}`
          : `Answer in the block's thread: ${link}`,
        "",
        "Hostfield",
      ].join("\n");
    await delivery.unlessDone(async () => {
      for (const [, person] of people) {
        await platform.mailer.send({ to: person.email, subject, text: textFor(person.name) });
      }
    });
  });
}
