// Reservations: a verified quote booked for a guest, changed or cancelled. Rooms are taken night by
// night with conditional counters (the block's rooms for block nights, the hotel's otherwise), in
// one transaction that either takes every night or none: concurrent bookings of the last rooms get
// exactly the rooms there are. The confirmation (with a calendar entry) is mailed through the
// outbox: a ReservationChanged event recorded with the booking. A booking through a team's link
// (`teams.ts`) records the team and takes every night from a block of the team's event. A booking
// at a hotel (or in a block) that requires a card guarantee tells the payments module so
// (ReservationGuaranteeAsked, guarantees.ts); one whose card does not come in time is cancelled by
// its expiry job through `cancelUnguaranteed`, its rooms given back as a guest's cancellation.

import { randomInt } from "node:crypto";
import type {
  TReservation,
  TReservationChange,
  TReservationCreate,
  ZReservationListQuery,
} from "@hostfield/domain/contracts";
import { changeableUntil, GUARANTEE_SECURE_MINUTES } from "@hostfield/domain/rules";
import type { z } from "zod";
import { buildCalendar } from "../../platform/calendar/ical";
import type { TWindow } from "../../platform/db/database";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, forbidden, notFound } from "../../platform/http/errors";
import type { TPlatform } from "../../platform/module";
import { type TStaysContext, todayOf } from "./context";
import { guaranteedStayOf, guaranteeRequiredFor } from "./guarantees";
import { readsReservation } from "./policy";
import { presentReservation } from "./presenter";
import { quoteExpired, readQuote, repriceQuote, type TQuote } from "./pricing";
import * as repo from "./repository";
import { lockTeamOfLink, requireTeamStay, teamOfLink } from "./teams";

// ---- taking and giving back rooms -----------------------------------------------------------

type TNight = TQuote["nights"][number];

/** Postgres gave up on a transaction another one collided with; running it again is safe. */
const retryable = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "40P01" || code === "40001";
};

/** The tables' own guard (their checks) refused a write: the rooms were not there after all. */
const oversold = (error: unknown) => {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  return code === "23514" && /_not_oversold$/.test(constraint ?? "");
};

async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (oversold(error)) {
        throw new AppError("ROOMS_UNAVAILABLE", 409, "Not enough rooms left for this stay.");
      }
      if (attempt >= 3 || !retryable(error)) throw error;
    }
  }
}

/**
 * Takes the quote's rooms on every night, or throws (the transaction then writes nothing): 409
 * ROOMS_UNAVAILABLE naming the nights short, or QUOTE_CHANGED when a block it priced from is gone.
 */
async function takeRooms(
  ctx: TStaysContext,
  tx: TDb,
  quote: Pick<TQuote, "roomTypeId" | "rooms" | "nights">,
) {
  const blockIds = [...new Set(quote.nights.map((n) => n.blockId).filter((id) => id !== null))];
  for (const blockId of blockIds) {
    // Shared: bookings go on side by side; the release at the cut-off waits for them (and they for it).
    const block = await repo.shareBlock(tx, blockId);
    if (block?.status !== "Accepted" || block.cutoffDate < todayOf(ctx)) {
      throw new AppError(
        "QUOTE_CHANGED",
        409,
        "The event's group rate is no longer offered: check the new price.",
      );
    }
  }
  const short: string[] = [];
  for (const n of [...quote.nights].sort((a, b) => a.night.localeCompare(b.night))) {
    const taken = n.blockId
      ? await repo.takeBlockRooms(tx, n.blockId, quote.roomTypeId, n.night, quote.rooms)
      : await repo.claimCalendarRooms(tx, "booked", quote.roomTypeId, n.night, quote.rooms);
    if (!taken) short.push(n.night);
  }
  if (short.length > 0) {
    throw new AppError(
      "ROOMS_UNAVAILABLE",
      409,
      `Not enough rooms left on the night${short.length === 1 ? "" : "s"} of ${short.join(", ")}.`,
      { nights: short },
    );
  }
}

/** Gives a reservation's rooms back: to its block while the block holds them, else to the hotel. */
async function returnRooms(tx: TDb, reservation: repo.TReservationRow, nights: readonly TNight[]) {
  const released = new Map<string, boolean>();
  for (const n of nights) {
    if (n.blockId && !released.has(n.blockId)) {
      const block = await repo.shareBlock(tx, n.blockId);
      released.set(n.blockId, !block || block.status === "Released");
    }
    if (n.blockId && !released.get(n.blockId)) {
      await repo.returnBlockRooms(
        tx,
        n.blockId,
        reservation.roomTypeId,
        n.night,
        reservation.rooms,
      );
    } else {
      await repo.returnCalendarRooms(tx, reservation.roomTypeId, n.night, reservation.rooms);
    }
  }
}

// ---- booking ---------------------------------------------------------------------------------

const CONFIRMATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const confirmationNumber = () =>
  `HF-${Array.from({ length: 8 }, () => CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)]).join("")}`;

/** A quote we signed that has not expired; else 400 QUOTE_INVALID or 409 QUOTE_EXPIRED. */
function bookableQuote(ctx: TStaysContext, token: string): TQuote {
  const quote = readQuote(ctx, token);
  if (quoteExpired(ctx, quote)) {
    throw new AppError("QUOTE_EXPIRED", 409, "This quote has expired: check the price again.");
  }
  return quote;
}

/** 409 QUOTE_CHANGED with the offer as it is now, for the client to show before booking again. */
async function changedError(ctx: TStaysContext, quote: TQuote, error: AppError) {
  if (error.code !== "QUOTE_CHANGED") return error;
  const { offer } = await repriceQuote(ctx, quote).catch(() => ({ offer: null }));
  return new AppError("QUOTE_CHANGED", 409, error.message, { offer });
}

const blockOf = (quote: TQuote) => quote.nights.find((n) => n.blockId)?.blockId ?? null;

export async function book(
  ctx: TStaysContext,
  principal: TPrincipal,
  input: TReservationCreate,
): Promise<TReservation> {
  // A team's link (404 unknown, 410 revoked) books that team, and only into its event's blocks.
  const team = input.teamLink ? await teamOfLink(ctx, input.teamLink) : null;
  const quote = bookableQuote(ctx, input.quote);
  if (team) await requireTeamStay(ctx, team, quote);
  const blockId = blockOf(quote);
  const block = blockId ? await repo.findBlock(ctx.db, blockId) : null;
  const guaranteeRequired = await guaranteeRequiredFor(ctx, quote.hotelId, block);
  try {
    const reservation = await withRetry(() =>
      inTransaction(ctx.db, async (tx) => {
        // Again in the transaction, the team held: a revoke or removal meanwhile refuses it.
        const booking = input.teamLink ? await lockTeamOfLink(ctx, tx, input.teamLink) : null;
        await takeRooms(ctx, tx, quote);
        const row = await repo.insertReservation(tx, {
          confirmationNumber: confirmationNumber(),
          hotelId: quote.hotelId,
          eventId: quote.eventId,
          blockId,
          roomTypeId: quote.roomTypeId,
          guestUserId: principal.userId,
          accountEmail: principal.email,
          checkIn: quote.checkIn,
          checkOut: quote.checkOut,
          rooms: quote.rooms,
          guests: quote.guests,
          total: quote.total,
          guestName: input.guestName,
          email: input.email,
          phone: input.phone,
          team: booking ? booking.name : (input.team ?? null),
          teamId: booking?.id ?? null,
          changeableUntil: changeableUntil(quote.checkIn, block?.cutoffDate ?? null),
          guaranteeRequired,
          createdBy: principal.userId,
          updatedBy: principal.userId,
          // The service's clock, not the database's: reports count bookings by the day they were made.
          createdDate: ctx.now(),
        });
        await repo.insertReservationNights(
          tx,
          quote.nights.map((n) => ({ reservationId: row.id, ...n })),
        );
        await ctx.events.record(tx, "ReservationChanged", {
          reservationId: row.id,
          change: "confirmed",
        });
        if (guaranteeRequired) {
          await ctx.events.record(tx, "ReservationGuaranteeAsked", {
            reservationId: row.id,
            hotelId: row.hotelId,
            guestUserId: row.guestUserId,
            bookedDate: row.createdDate.toISOString(),
          });
        }
        return row;
      }),
    );
    return (await presentReservations(ctx, [reservation]))[0]!;
  } catch (error) {
    throw error instanceof AppError ? await changedError(ctx, quote, error) : error;
  }
}

// ---- reading -----------------------------------------------------------------------------------

/** The reservation, for those who may read it (404 for everyone else: its id tells them nothing). */
export async function accessReservation(ctx: TStaysContext, id: string, principal: TPrincipal) {
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw notFound("The reservation");
  const who = await readsReservation(ctx, row, principal);
  if (!who.guest && !who.hotel && !who.organizer) throw notFound("The reservation");
  return { row, who };
}

export async function presentReservations(
  ctx: TStaysContext,
  rows: readonly repo.TReservationRow[],
): Promise<TReservation[]> {
  if (rows.length === 0) return [];
  const [nights, hotels, events, types] = await Promise.all([
    repo.reservationNightsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
    ctx.profiles.profileNames(rows.map((r) => r.hotelId)),
    ctx.profiles.profileNames(rows.flatMap((r) => (r.eventId ? [r.eventId] : []))),
    repo.roomTypesOfHotels(ctx.db, [...new Set(rows.map((r) => r.hotelId))]),
  ]);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const nightsOfRow = (r: repo.TReservationRow) => nights.filter((n) => n.reservationId === r.id);
  // The guarantees asked at booking, as the payments module holds them.
  const guarantees = await ctx.payments.guaranteesOf(
    rows.filter((r) => r.guaranteeRequired).map((r) => guaranteedStayOf(r, nightsOfRow(r))),
  );
  return rows.map((r) =>
    presentReservation(
      r,
      {
        hotel: hotels.get(r.hotelId)?.name ?? "Hotel",
        event: r.eventId ? (events.get(r.eventId)?.name ?? null) : null,
        roomType: typeNames.get(r.roomTypeId) ?? "Room",
      },
      nightsOfRow(r),
      guarantees.get(r.id) ?? null,
    ),
  );
}

export type TReservationQuery = z.output<typeof ZReservationListQuery> & {
  offset: number;
  take: number;
};

export async function listReservations(
  ctx: TStaysContext,
  principal: TPrincipal,
  q: TReservationQuery,
  window: TWindow,
) {
  const filter: repo.TReservationFilter = {
    status: q.status,
    from: q.from,
    to: q.to,
    ...(q.scope === "mine"
      ? { guestUserId: principal.userId, hotelId: q.hotelId, eventId: q.eventId }
      : q.scope === "hotel"
        ? { hotelId: q.hotelId, eventId: q.eventId }
        : { eventId: q.eventId, hotelId: q.hotelId }),
  };
  const page = await repo.listReservations(ctx.db, filter, window);
  return { rows: await presentReservations(ctx, page.rows), count: page.count };
}

const CSV_COLUMNS = [
  "confirmationNumber",
  "status",
  "hotel",
  "event",
  "roomType",
  "checkIn",
  "checkOut",
  "nights",
  "rooms",
  "guests",
  "total",
  "guestName",
  "email",
  "phone",
  "team",
  "createdDate",
] as const;

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reservationsCsv(rows: readonly TReservation[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) {
    const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
      confirmationNumber: r.confirmationNumber,
      status: r.status,
      hotel: r.hotel.name,
      event: r.event?.name ?? null,
      roomType: r.roomType.name,
      checkIn: r.checkIn,
      checkOut: r.checkOut,
      nights: r.nights.length,
      rooms: r.rooms,
      guests: r.guests,
      total: r.total.toFixed(2),
      guestName: r.guestName,
      email: r.email,
      phone: r.phone,
      team: r.team,
      createdDate: r.createdDate,
    };
    lines.push(CSV_COLUMNS.map((c) => csvCell(cells[c])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

// ---- changing and cancelling -------------------------------------------------------------------

/** The guest until the change window closes; the hotel's managers (and admins) at any time. */
function requireMayChange(
  ctx: TStaysContext,
  row: repo.TReservationRow,
  who: { guest: boolean; hotel: boolean },
) {
  if (who.hotel) return;
  if (!who.guest) throw forbidden("Only the guest or the hotel may change this reservation.");
  if (todayOf(ctx) > row.changeableUntil) {
    throw new AppError(
      "PAST_CUTOFF",
      409,
      `Changes closed on ${row.changeableUntil}: only the hotel may change this reservation now.`,
    );
  }
}

const requireConfirmed = (row: repo.TReservationRow) => {
  if (row.status !== "Confirmed") {
    throw new AppError("CONFLICT", 409, "This reservation is cancelled.");
  }
};

const nightsOf = async (tx: TDb, id: string): Promise<TNight[]> =>
  (await repo.reservationNightsOf(tx, [id])).map((n) => ({
    night: n.night,
    rate: n.rate,
    source: n.source,
    blockId: n.blockId,
  }));

export async function cancelReservation(
  ctx: TStaysContext,
  principal: TPrincipal,
  id: string,
): Promise<TReservation> {
  const { row, who } = await accessReservation(ctx, id, principal);
  requireMayChange(ctx, row, who);
  requireConfirmed(row);
  const updated = await withRetry(() =>
    inTransaction(ctx.db, async (tx) => {
      const locked = await repo.lockReservation(tx, id);
      requireConfirmed(locked!);
      await returnRooms(tx, locked!, await nightsOf(tx, id));
      const next = await repo.updateReservation(tx, id, {
        status: "Cancelled",
        cancelledDate: ctx.now(),
        updatedBy: principal.userId,
      });
      await ctx.events.record(tx, "ReservationChanged", { reservationId: id, change: "cancelled" });
      return next;
    }),
  );
  return (await presentReservations(ctx, [updated]))[0]!;
}

/**
 * Cancels a booking whose card guarantee did not come in time (the payments module's expiry job, a
 * service): its rooms go back as on a guest's cancellation and the guest is mailed why. True when
 * this call cancelled it; a reservation cancelled already (or missing) is left as it is, so a
 * second run changes and mails nothing.
 */
export async function cancelUnguaranteed(ctx: TStaysContext, id: string): Promise<boolean> {
  return withRetry(() =>
    inTransaction(ctx.db, async (tx) => {
      const locked = await repo.lockReservation(tx, id);
      if (locked?.status !== "Confirmed") return false;
      await returnRooms(tx, locked, await nightsOf(tx, id));
      await repo.updateReservation(tx, id, {
        status: "Cancelled",
        cancelledDate: ctx.now(),
        updatedBy: null,
      });
      await ctx.events.record(tx, "ReservationChanged", {
        reservationId: id,
        change: "cancelled",
        reason: "guarantee_not_secured",
      });
      return true;
    }),
  );
}

/**
 * Changes guest details, and with a new quote the stay itself: the old nights are given back and
 * the new ones taken in one transaction, so a change that cannot be had leaves the booking as it was.
 */
export async function changeReservation(
  ctx: TStaysContext,
  principal: TPrincipal,
  id: string,
  change: TReservationChange,
): Promise<TReservation> {
  const { row, who } = await accessReservation(ctx, id, principal);
  requireMayChange(ctx, row, who);
  requireConfirmed(row);
  const quote = change.quote ? bookableQuote(ctx, change.quote) : null;
  if (quote && (quote.hotelId !== row.hotelId || quote.eventId !== row.eventId)) {
    throw badRequest(
      "QUOTE_INVALID",
      "A changed stay must be at the same hotel, for the same event.",
    );
  }
  // A team's booking stays in its event's blocks when its guest changes it (the hotel may move it).
  if (quote && row.teamId && row.eventId && !who.hotel) {
    await requireTeamStay(ctx, { eventId: row.eventId }, quote);
  }
  const blockId = quote ? blockOf(quote) : row.blockId;
  const block = quote && blockId ? await repo.findBlock(ctx.db, blockId) : null;
  try {
    const updated = await withRetry(() =>
      inTransaction(ctx.db, async (tx) => {
        const locked = await repo.lockReservation(tx, id);
        requireConfirmed(locked!);
        if (quote) {
          await returnRooms(tx, locked!, await nightsOf(tx, id));
          await takeRooms(ctx, tx, quote);
          await repo.deleteReservationNights(tx, id);
          await repo.insertReservationNights(
            tx,
            quote.nights.map((n) => ({ reservationId: id, ...n })),
          );
        }
        const next = await repo.updateReservation(tx, id, {
          ...(change.guestName ? { guestName: change.guestName } : {}),
          ...(change.phone ? { phone: change.phone } : {}),
          ...(change.team !== undefined ? { team: change.team } : {}),
          ...(quote
            ? {
                roomTypeId: quote.roomTypeId,
                checkIn: quote.checkIn,
                checkOut: quote.checkOut,
                rooms: quote.rooms,
                guests: quote.guests,
                total: quote.total,
                blockId,
                changeableUntil: changeableUntil(quote.checkIn, block?.cutoffDate ?? null),
              }
            : {}),
          updatedBy: principal.userId,
        });
        await ctx.events.record(tx, "ReservationChanged", { reservationId: id, change: "changed" });
        return next;
      }),
    );
    return (await presentReservations(ctx, [updated]))[0]!;
  } catch (error) {
    throw error instanceof AppError && quote ? await changedError(ctx, quote, error) : error;
  }
}

// ---- the confirmation mail ---------------------------------------------------------------------

const money = (amount: number) => `$${amount.toFixed(2)}`;

/** Mails the guest the reservation as it now is, with a calendar entry for the stay. */
export function subscribeReservationMail(platform: TPlatform, ctx: TStaysContext) {
  platform.events.on("ReservationChanged", "stays.reservation-mail", async (e, delivery) => {
    const row = await repo.findReservation(ctx.db, e.reservationId);
    if (!row) return;
    const [reservation] = await presentReservations(ctx, [row]);
    const r = reservation!;
    const url = `${platform.config.publicUrl}/reservations/${r.id}`;
    const what =
      e.change === "cancelled" ? "cancelled" : e.change === "changed" ? "changed" : "confirmed";
    const nights = r.nights.map((n) => `  ${n.night}: ${money(n.rate)} a room`).join("\n");
    const text = [
      `Hello ${r.guestName},`,
      "",
      `Your reservation ${r.confirmationNumber} at ${r.hotel.name} is ${what}.`,
      "",
      `${r.rooms} × ${r.roomType.name}, ${r.guests} guest${r.guests === 1 ? "" : "s"}`,
      `Check-in ${r.checkIn}, check-out ${r.checkOut}${r.event ? ` (${r.event.name})` : ""}`,
      nights,
      `Total: ${money(r.total)}`,
      "",
      ...(e.reason === "guarantee_not_secured"
        ? [
            `It was cancelled because no card guaranteed it within ${GUARANTEE_SECURE_MINUTES} minutes of booking, as ${r.hotel.name} requires; its rooms went back on sale.`,
            "",
          ]
        : []),
      e.change === "cancelled"
        ? "Nothing more is due for it."
        : `You may change or cancel it until ${r.changeableUntil}: ${url}`,
      ...(e.change !== "cancelled" && r.guarantee?.state === "awaiting_card"
        ? [
            "",
            `${r.hotel.name} requires a card to guarantee this booking: add one within ${GUARANTEE_SECURE_MINUTES} minutes of booking, or the booking is cancelled: ${url}`,
          ]
        : []),
      ...(e.change !== "cancelled" && r.guarantee ? ["", r.guarantee.terms] : []),
      "",
      "Hostfield",
    ].join("\n");
    // Marked only once the mail is in the outbox: a failure sends it on the next delivery.
    await delivery.unlessDone(() =>
      platform.mailer.send({
        // The account that booked: the contact address is typed in a form and may be anyone's.
        to: row.accountEmail ?? row.email,
        subject: `Reservation ${r.confirmationNumber} ${what}: ${r.hotel.name}`,
        text,
        ...(e.change === "cancelled"
          ? {}
          : {
              attachments: [
                {
                  filename: `${r.confirmationNumber}.ics`,
                  contentType: "text/calendar; charset=utf-8; method=PUBLISH",
                  content: buildCalendar({
                    uid: `${r.id}@hostfield`,
                    stamp: new Date(),
                    created: new Date(r.createdDate),
                    lastModified: new Date(r.updatedDate),
                    startDate: r.checkIn,
                    // The last night: the entry covers the nights, check-out is the day after.
                    endDate: r.nights[r.nights.length - 1]?.night ?? r.checkIn,
                    summary: `${r.hotel.name} (${r.confirmationNumber})`,
                    description: `${r.rooms} × ${r.roomType.name}, check-out ${r.checkOut}. ${url}`,
                    location: r.hotel.name,
                    geo: null,
                    url,
                  }),
                },
              ],
            }),
      }),
    );
  });
}
