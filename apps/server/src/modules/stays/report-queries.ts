// What the reports module reads of stays: confirmed reservations' nights (room nights and revenue
// by night, hotel and event) and bookings (by the UTC day they were made), the blocks of events or
// hotels with rooms held and booked per night, and the hotels that have blocks or reservations for
// events. Pickup is read from the reservations, as the blocks' own pickup is. Read only; offered
// in the stays services.
import { and, asc, eq, gte, inArray, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { TStaysContext } from "./context";
import { blockNights, hotelBlocks, reservationNights, reservations } from "./schema";

type TDbOnly = Pick<TStaysContext, "db">;

/** Reservations at any of `hotelIds` or for any of `eventIds` (either matches). */
export type TStayScope = { hotelIds?: readonly string[]; eventIds?: readonly string[] };

function scopeOf(scope: TStayScope): SQL | null {
  const parts: SQL[] = [];
  if (scope.hotelIds?.length) parts.push(inArray(reservations.hotelId, [...scope.hotelIds]));
  if (scope.eventIds?.length) parts.push(inArray(reservations.eventId, [...scope.eventIds]));
  return parts.length === 0 ? null : (or(...parts) ?? null);
}

export type TStayNight = {
  night: string;
  hotelId: string;
  eventId: string | null;
  roomNights: number;
  revenue: number;
};

/** Confirmed room nights and their revenue per night, hotel and event, nights `from`..`to`. */
async function stayNights(
  ctx: TDbOnly,
  scope: TStayScope,
  from: string,
  to: string,
): Promise<TStayNight[]> {
  const where = scopeOf(scope);
  if (!where) return [];
  const rows = await ctx.db
    .select({
      night: reservationNights.night,
      hotelId: reservations.hotelId,
      eventId: reservations.eventId,
      roomNights: sql<number>`sum(${reservations.rooms})::int`,
      revenue: sql<string>`sum(${reservationNights.rate} * ${reservations.rooms})`,
    })
    .from(reservationNights)
    .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
    .where(
      and(
        where,
        eq(reservations.status, "Confirmed"),
        gte(reservationNights.night, from),
        lte(reservationNights.night, to),
      ),
    )
    .groupBy(reservationNights.night, reservations.hotelId, reservations.eventId);
  return rows.map((r) => ({ ...r, roomNights: Number(r.roomNights), revenue: Number(r.revenue) }));
}

/** Confirmed reservations per UTC day they were made (`from`..`to`), hotel and event. */
async function bookingsByDay(ctx: TDbOnly, scope: TStayScope, from: string, to: string) {
  const where = scopeOf(scope);
  if (!where) return [];
  const day = sql<string>`to_char(${reservations.createdDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      hotelId: reservations.hotelId,
      eventId: reservations.eventId,
      reservations: sql<number>`count(*)::int`,
    })
    .from(reservations)
    .where(
      and(
        where,
        eq(reservations.status, "Confirmed"),
        gte(reservations.createdDate, new Date(`${from}T00:00:00Z`)),
        lt(reservations.createdDate, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)),
      ),
    )
    .groupBy(day, reservations.hotelId, reservations.eventId);
  return rows.map((r) => ({ ...r, reservations: Number(r.reservations) }));
}

/** Blocks that hold (or held) rooms, Accepted or Released, of the events or at the hotels. */
async function blocksOf(ctx: TDbOnly, scope: TStayScope) {
  const parts: SQL[] = [];
  if (scope.hotelIds?.length) parts.push(inArray(hotelBlocks.hotelId, [...scope.hotelIds]));
  if (scope.eventIds?.length) parts.push(inArray(hotelBlocks.eventId, [...scope.eventIds]));
  if (parts.length === 0) return [];
  return ctx.db
    .select({
      id: hotelBlocks.id,
      eventId: hotelBlocks.eventId,
      hotelId: hotelBlocks.hotelId,
      status: hotelBlocks.status,
      cutoffDate: hotelBlocks.cutoffDate,
    })
    .from(hotelBlocks)
    .where(and(or(...parts), inArray(hotelBlocks.status, ["Accepted", "Released"])))
    .orderBy(asc(hotelBlocks.cutoffDate), asc(hotelBlocks.id));
}

/** Rooms held (all room types) and booked (confirmed reservations) per block and night. */
async function blockNightsIn(ctx: TDbOnly, blockIds: readonly string[], from: string, to: string) {
  if (blockIds.length === 0) return [];
  const [held, booked] = await Promise.all([
    ctx.db
      .select({
        blockId: blockNights.blockId,
        night: blockNights.night,
        held: sql<number>`sum(${blockNights.held})::int`,
      })
      .from(blockNights)
      .where(
        and(
          inArray(blockNights.blockId, [...blockIds]),
          gte(blockNights.night, from),
          lte(blockNights.night, to),
        ),
      )
      .groupBy(blockNights.blockId, blockNights.night),
    ctx.db
      .select({
        blockId: reservationNights.blockId,
        night: reservationNights.night,
        booked: sql<number>`sum(${reservations.rooms})::int`,
      })
      .from(reservationNights)
      .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
      .where(
        and(
          inArray(reservationNights.blockId, [...blockIds]),
          eq(reservations.status, "Confirmed"),
          gte(reservationNights.night, from),
          lte(reservationNights.night, to),
        ),
      )
      .groupBy(reservationNights.blockId, reservationNights.night),
  ]);
  const key = (blockId: string, night: string) => `${blockId}|${night}`;
  const out = new Map<string, { blockId: string; night: string; held: number; booked: number }>();
  for (const h of held) {
    out.set(key(h.blockId, h.night), { ...h, held: Number(h.held), booked: 0 });
  }
  for (const b of booked) {
    const k = key(b.blockId!, b.night);
    const row = out.get(k) ?? { blockId: b.blockId!, night: b.night, held: 0, booked: 0 };
    row.booked += Number(b.booked);
    out.set(k, row);
  }
  return [...out.values()];
}

/** Hotels with a block (not declined) or a reservation for any of the events. */
async function hotelsForEvents(ctx: TDbOnly, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const [blocks, booked] = await Promise.all([
    ctx.db
      .selectDistinct({ hotelId: hotelBlocks.hotelId })
      .from(hotelBlocks)
      .where(and(inArray(hotelBlocks.eventId, [...eventIds]), ne(hotelBlocks.status, "Declined"))),
    ctx.db
      .selectDistinct({ hotelId: reservations.hotelId })
      .from(reservations)
      .where(inArray(reservations.eventId, [...eventIds])),
  ]);
  return [...new Set([...blocks, ...booked].map((r) => r.hotelId))];
}

/** Bound to the stays context in `servicesOf`. */
export const stayReportQueries = {
  stayNights,
  bookingsByDay,
  blocksOf,
  blockNightsIn,
  hotelsForEvents,
};
