// The stays module's SQL: room types, the calendar, blocks and their nights, reservations, a hotel's
// stay settings. Rooms are taken and given back only through the conditional counters here
// (takeRooms, returnRooms).

import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { TDb, TWindow } from "../../platform/db/database";
import {
  blockChanges,
  blockNights,
  hotelBlocks,
  hotelStaySettings,
  reservationNights,
  reservations,
  roomNights,
  roomTypes,
} from "./schema";

export type TRoomTypeRow = typeof roomTypes.$inferSelect;
export type TRoomNightRow = typeof roomNights.$inferSelect;
export type TBlockRow = typeof hotelBlocks.$inferSelect;
export type TBlockNightRow = typeof blockNights.$inferSelect;
export type TBlockChangeRow = typeof blockChanges.$inferSelect;
export type TReservationRow = typeof reservations.$inferSelect;
export type TReservationNightRow = typeof reservationNights.$inferSelect;

// ---- room types -------------------------------------------------------------------------------

export const listRoomTypes = (db: TDb, hotelId: string) =>
  db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.rackRate), asc(roomTypes.name));

export async function findRoomType(db: TDb, hotelId: string, id: string) {
  const [row] = await db
    .select()
    .from(roomTypes)
    .where(and(eq(roomTypes.hotelId, hotelId), eq(roomTypes.id, id)));
  return row ?? null;
}

export async function insertRoomType(db: TDb, row: typeof roomTypes.$inferInsert) {
  const [created] = await db.insert(roomTypes).values(row).returning();
  return created!;
}

export async function updateRoomType(
  db: TDb,
  id: string,
  changes: Partial<typeof roomTypes.$inferInsert>,
) {
  const [row] = await db
    .update(roomTypes)
    .set({ ...changes, updatedDate: new Date() })
    .where(eq(roomTypes.id, id))
    .returning();
  return row ?? null;
}

export async function roomTypeInUse(db: TDb, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.roomTypeId, id))
    .limit(1);
  return !!row;
}

export const deleteRoomType = (db: TDb, id: string) =>
  db.delete(roomTypes).where(eq(roomTypes.id, id));

// ---- the calendar -----------------------------------------------------------------------------

export const calendarCells = (db: TDb, hotelId: string, from: string, to: string) =>
  db
    .select()
    .from(roomNights)
    .where(
      and(eq(roomNights.hotelId, hotelId), gte(roomNights.night, from), lte(roomNights.night, to)),
    )
    .orderBy(asc(roomNights.night));

/** Cells of these room types on these nights, locked for the rest of the transaction. */
export const lockCells = (db: TDb, roomTypeIds: readonly string[], nights: readonly string[]) =>
  db
    .select()
    .from(roomNights)
    .where(
      and(inArray(roomNights.roomTypeId, [...roomTypeIds]), inArray(roomNights.night, [...nights])),
    )
    .orderBy(asc(roomNights.roomTypeId), asc(roomNights.night))
    .for("update");

/**
 * Writes rooms to sell and/or rates; a cell that does not exist yet is created with 0 rooms and
 * no rate for what is not given. The table's check refuses rooms below held + booked.
 */
export async function upsertCells(
  db: TDb,
  hotelId: string,
  cells: readonly { roomTypeId: string; night: string }[],
  values: { roomsToSell?: number; rate?: number },
) {
  if (cells.length === 0) return;
  const set: Record<string, SQL> = {};
  if (values.roomsToSell !== undefined) set.roomsToSell = sql`excluded.rooms_to_sell`;
  if (values.rate !== undefined) set.rate = sql`excluded.rate`;
  for (let i = 0; i < cells.length; i += 1000) {
    await db
      .insert(roomNights)
      .values(
        cells.slice(i, i + 1000).map((c) => ({
          hotelId,
          roomTypeId: c.roomTypeId,
          night: c.night,
          roomsToSell: values.roomsToSell ?? 0,
          rate: values.rate ?? null,
        })),
      )
      .onConflictDoUpdate({ target: [roomNights.roomTypeId, roomNights.night], set });
  }
}

/**
 * Adds `rooms` to a night's `booked` (a booking outside blocks) or `held` (a block accepted) when
 * that many are free (rooms to sell - held - booked); false, and nothing written, when they are not.
 */
export async function claimCalendarRooms(
  db: TDb,
  counter: "booked" | "held",
  roomTypeId: string,
  night: string,
  rooms: number,
): Promise<boolean> {
  const rows = await db
    .update(roomNights)
    .set({ [counter]: sql`${roomNights[counter]} + ${rooms}` })
    .where(
      and(
        eq(roomNights.roomTypeId, roomTypeId),
        eq(roomNights.night, night),
        sql`${roomNights.roomsToSell} - ${roomNights.held} - ${roomNights.booked} >= ${rooms}`,
      ),
    )
    .returning({ night: roomNights.night });
  return rows.length === 1;
}

export async function returnCalendarRooms(
  db: TDb,
  roomTypeId: string,
  night: string,
  rooms: number,
) {
  await db
    .update(roomNights)
    .set({ booked: sql`greatest(${roomNights.booked} - ${rooms}, 0)` })
    .where(and(eq(roomNights.roomTypeId, roomTypeId), eq(roomNights.night, night)));
}

/**
 * Gives a block night back to the hotel: its held rooms leave `held`, and those booked in it move
 * to `booked` (they are still sold).
 */
export async function releaseCalendarHold(
  db: TDb,
  roomTypeId: string,
  night: string,
  held: number,
  booked: number,
) {
  await db
    .update(roomNights)
    .set({
      held: sql`greatest(${roomNights.held} - ${held}, 0)`,
      booked: sql`${roomNights.booked} + ${booked}`,
    })
    .where(and(eq(roomNights.roomTypeId, roomTypeId), eq(roomNights.night, night)));
}

// ---- blocks -----------------------------------------------------------------------------------

export async function findBlock(db: TDb, id: string) {
  const [row] = await db.select().from(hotelBlocks).where(eq(hotelBlocks.id, id));
  return row ?? null;
}

export async function findBlockFor(db: TDb, eventId: string, hotelId: string) {
  const [row] = await db
    .select()
    .from(hotelBlocks)
    .where(and(eq(hotelBlocks.eventId, eventId), eq(hotelBlocks.hotelId, hotelId)));
  return row ?? null;
}

export async function lockBlock(db: TDb, id: string) {
  const [row] = await db.select().from(hotelBlocks).where(eq(hotelBlocks.id, id)).for("update");
  return row ?? null;
}

export const listBlocks = (
  db: TDb,
  filter: { eventId?: string; hotelId?: string; status?: TBlockRow["status"] },
) =>
  db
    .select()
    .from(hotelBlocks)
    .where(
      and(
        filter.eventId ? eq(hotelBlocks.eventId, filter.eventId) : undefined,
        filter.hotelId ? eq(hotelBlocks.hotelId, filter.hotelId) : undefined,
        filter.status ? eq(hotelBlocks.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(hotelBlocks.cutoffDate), asc(hotelBlocks.createdDate))
    .limit(200);

/** Accepted blocks whose cut-off day has passed (`today` is after it). */
export const dueBlocks = (db: TDb, today: string) =>
  db
    .select({ id: hotelBlocks.id })
    .from(hotelBlocks)
    .where(and(eq(hotelBlocks.status, "Accepted"), sql`${hotelBlocks.cutoffDate} < ${today}`))
    .limit(500);

export async function insertBlock(db: TDb, row: typeof hotelBlocks.$inferInsert) {
  const [created] = await db.insert(hotelBlocks).values(row).returning();
  return created!;
}

export async function updateBlock(
  db: TDb,
  id: string,
  changes: Partial<typeof hotelBlocks.$inferInsert>,
) {
  const [row] = await db
    .update(hotelBlocks)
    .set({ ...changes, updatedDate: new Date() })
    .where(eq(hotelBlocks.id, id))
    .returning();
  return row!;
}

export const blockNightsOf = (db: TDb, blockIds: readonly string[]) =>
  blockIds.length === 0
    ? Promise.resolve([] as TBlockNightRow[])
    : db
        .select()
        .from(blockNights)
        .where(inArray(blockNights.blockId, [...blockIds]))
        .orderBy(asc(blockNights.night), asc(blockNights.roomTypeId));

export async function replaceBlockNights(
  db: TDb,
  blockId: string,
  nights: readonly { roomTypeId: string; night: string; rooms: number; rate: number }[],
) {
  await db.delete(blockNights).where(eq(blockNights.blockId, blockId));
  if (nights.length === 0) return;
  await db.insert(blockNights).values(
    nights.map((n) => ({
      blockId,
      roomTypeId: n.roomTypeId,
      night: n.night,
      held: n.rooms,
      rate: n.rate,
    })),
  );
}

/** Takes `rooms` of a block night; false (nothing written) when fewer are left in the block. */
export async function takeBlockRooms(
  db: TDb,
  blockId: string,
  roomTypeId: string,
  night: string,
  rooms: number,
): Promise<boolean> {
  const rows = await db
    .update(blockNights)
    .set({ booked: sql`${blockNights.booked} + ${rooms}` })
    .where(
      and(
        eq(blockNights.blockId, blockId),
        eq(blockNights.roomTypeId, roomTypeId),
        eq(blockNights.night, night),
        sql`${blockNights.held} - ${blockNights.booked} >= ${rooms}`,
      ),
    )
    .returning({ night: blockNights.night });
  return rows.length === 1;
}

export async function returnBlockRooms(
  db: TDb,
  blockId: string,
  roomTypeId: string,
  night: string,
  rooms: number,
) {
  await db
    .update(blockNights)
    .set({ booked: sql`greatest(${blockNights.booked} - ${rooms}, 0)` })
    .where(
      and(
        eq(blockNights.blockId, blockId),
        eq(blockNights.roomTypeId, roomTypeId),
        eq(blockNights.night, night),
      ),
    );
}

/** Sets a block night's rooms and rate (an amendment accepted), keeping what is booked in it. */
export async function setBlockNight(
  db: TDb,
  blockId: string,
  night: { roomTypeId: string; night: string; rooms: number; rate: number },
) {
  await db
    .insert(blockNights)
    .values({
      blockId,
      roomTypeId: night.roomTypeId,
      night: night.night,
      held: night.rooms,
      rate: night.rate,
    })
    .onConflictDoUpdate({
      target: [blockNights.blockId, blockNights.roomTypeId, blockNights.night],
      set: { held: sql`excluded.held`, rate: sql`excluded.rate` },
    });
}

/** Removes a block night nobody booked; false (nothing removed) when it has bookings. */
export async function deleteUnbookedBlockNight(
  db: TDb,
  blockId: string,
  roomTypeId: string,
  night: string,
): Promise<boolean> {
  const rows = await db
    .delete(blockNights)
    .where(
      and(
        eq(blockNights.blockId, blockId),
        eq(blockNights.roomTypeId, roomTypeId),
        eq(blockNights.night, night),
        eq(blockNights.booked, 0),
      ),
    )
    .returning({ night: blockNights.night });
  return rows.length === 1;
}

/**
 * Gives `rooms` unbooked rooms of a block night back (an early release): false, nothing written,
 * when fewer than that are unbooked. A night left with no rooms is removed.
 */
export async function shrinkBlockNight(
  db: TDb,
  blockId: string,
  roomTypeId: string,
  night: string,
  rooms: number,
): Promise<boolean> {
  const where = and(
    eq(blockNights.blockId, blockId),
    eq(blockNights.roomTypeId, roomTypeId),
    eq(blockNights.night, night),
  );
  const rows = await db
    .update(blockNights)
    .set({ held: sql`${blockNights.held} - ${rooms}` })
    .where(and(where, sql`${blockNights.held} - ${blockNights.booked} >= ${rooms}`))
    .returning({ held: blockNights.held });
  if (rows.length !== 1) return false;
  if (rows[0]!.held === 0) await db.delete(blockNights).where(where);
  return true;
}

export async function insertBlockChange(db: TDb, row: typeof blockChanges.$inferInsert) {
  await db.insert(blockChanges).values(row);
}

export const blockChangesOf = (db: TDb, blockIds: readonly string[]) =>
  blockIds.length === 0
    ? Promise.resolve([] as TBlockChangeRow[])
    : db
        .select()
        .from(blockChanges)
        .where(inArray(blockChanges.blockId, [...blockIds]))
        .orderBy(desc(blockChanges.createdDate));

// ---- reservations -----------------------------------------------------------------------------

export async function insertReservation(db: TDb, row: typeof reservations.$inferInsert) {
  const [created] = await db.insert(reservations).values(row).returning();
  return created!;
}

export async function insertReservationNights(
  db: TDb,
  rows: readonly (typeof reservationNights.$inferInsert)[],
) {
  if (rows.length > 0) await db.insert(reservationNights).values([...rows]);
}

export const deleteReservationNights = (db: TDb, reservationId: string) =>
  db.delete(reservationNights).where(eq(reservationNights.reservationId, reservationId));

export async function findReservation(db: TDb, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row ?? null;
}

export async function lockReservation(db: TDb, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for("update");
  return row ?? null;
}

export async function updateReservation(
  db: TDb,
  id: string,
  changes: Partial<typeof reservations.$inferInsert>,
) {
  const [row] = await db
    .update(reservations)
    .set({ ...changes, updatedDate: new Date() })
    .where(eq(reservations.id, id))
    .returning();
  return row!;
}

export const reservationNightsOf = (db: TDb, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([] as TReservationNightRow[])
    : db
        .select()
        .from(reservationNights)
        .where(inArray(reservationNights.reservationId, [...ids]))
        .orderBy(asc(reservationNights.night));

export type TReservationFilter = {
  guestUserId?: string;
  hotelId?: string;
  eventId?: string;
  status?: TReservationRow["status"];
  from?: string;
  to?: string;
};

function reservationConditions(f: TReservationFilter) {
  return and(
    f.guestUserId ? eq(reservations.guestUserId, f.guestUserId) : undefined,
    f.hotelId ? eq(reservations.hotelId, f.hotelId) : undefined,
    f.eventId ? eq(reservations.eventId, f.eventId) : undefined,
    f.status ? eq(reservations.status, f.status) : undefined,
    // Stays overlapping from..to: they leave after `from` and arrive by `to`.
    f.from ? sql`${reservations.checkOut} > ${f.from}` : undefined,
    f.to ? lte(reservations.checkIn, f.to) : undefined,
  );
}

export async function listReservations(db: TDb, f: TReservationFilter, window: TWindow) {
  const where = reservationConditions(f);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(where)
      .orderBy(asc(reservations.checkIn), asc(reservations.createdDate))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(reservations).where(where),
  ]);
  return { rows, count: counted?.count ?? 0 };
}

/** Confirmed rooms booked per night against a block (pickup is read from reservations). */
export const blockPickup = (db: TDb, blockId: string) =>
  db
    .select({
      night: reservationNights.night,
      booked: sql<number>`sum(${reservations.rooms})::int`,
    })
    .from(reservationNights)
    .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
    .where(and(eq(reservationNights.blockId, blockId), eq(reservations.status, "Confirmed")))
    .groupBy(reservationNights.night)
    .orderBy(asc(reservationNights.night));

// ---- many hotels at once (matches) ----------------------------------------------------------

/** Calendar cells of many hotels over a stay (matches price them in one statement). */
export const cellsOfHotels = (db: TDb, hotelIds: readonly string[], from: string, to: string) =>
  hotelIds.length === 0
    ? Promise.resolve([] as TRoomNightRow[])
    : db
        .select()
        .from(roomNights)
        .where(
          and(
            inArray(roomNights.hotelId, [...hotelIds]),
            gte(roomNights.night, from),
            lte(roomNights.night, to),
          ),
        );

export const roomTypesOfHotels = (db: TDb, hotelIds: readonly string[]) =>
  hotelIds.length === 0
    ? Promise.resolve([] as TRoomTypeRow[])
    : db
        .select()
        .from(roomTypes)
        .where(inArray(roomTypes.hotelId, [...hotelIds]));

export const acceptedBlocksOfEvent = (db: TDb, eventId: string) =>
  db
    .select()
    .from(hotelBlocks)
    .where(and(eq(hotelBlocks.eventId, eventId), eq(hotelBlocks.status, "Accepted")));

/** The block, locked against its release (FOR SHARE) while a booking takes or gives back rooms. */
export async function shareBlock(db: TDb, id: string) {
  const [row] = await db.select().from(hotelBlocks).where(eq(hotelBlocks.id, id)).for("share");
  return row ?? null;
}

// ---- forward pickup and the cut-off reminder --------------------------------------------------

/** A hotel's open blocks: accepted and not yet released, or proposed with the cut-off ahead. */
export const openBlocksOfHotel = (db: TDb, hotelId: string, today: string) =>
  db
    .select()
    .from(hotelBlocks)
    .where(
      and(
        eq(hotelBlocks.hotelId, hotelId),
        sql`(${hotelBlocks.status} = 'Accepted' or (${hotelBlocks.status} = 'Proposed' and ${hotelBlocks.cutoffDate} >= ${today}))`,
      ),
    )
    .orderBy(asc(hotelBlocks.cutoffDate), asc(hotelBlocks.createdDate))
    .limit(200);

/** Rooms held per block and night, all room types together. */
export const heldPerNight = (db: TDb, blockIds: readonly string[]) =>
  blockIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          blockId: blockNights.blockId,
          night: blockNights.night,
          held: sql<number>`sum(${blockNights.held})::int`,
        })
        .from(blockNights)
        .where(inArray(blockNights.blockId, [...blockIds]))
        .groupBy(blockNights.blockId, blockNights.night);

/** Rooms of confirmed reservations per block and night (pickup is read from reservations). */
export const bookedPerNight = (db: TDb, blockIds: readonly string[]) =>
  blockIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          blockId: sql<string>`${reservationNights.blockId}`,
          night: reservationNights.night,
          booked: sql<number>`sum(${reservations.rooms})::int`,
        })
        .from(reservationNights)
        .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
        .where(
          and(
            inArray(reservationNights.blockId, [...blockIds]),
            eq(reservations.status, "Confirmed"),
          ),
        )
        .groupBy(reservationNights.blockId, reservationNights.night);

/**
 * Room nights of confirmed reservations per block and the UTC day the reservation was made, for
 * reservations made on `fromDay` or later (the pickup pace).
 */
export function bookedByDayMade(db: TDb, blockIds: readonly string[], fromDay: string) {
  if (blockIds.length === 0) return Promise.resolve([]);
  const day = sql<string>`to_char(${reservations.createdDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      blockId: sql<string>`${reservationNights.blockId}`,
      day,
      roomNights: sql<number>`sum(${reservations.rooms})::int`,
    })
    .from(reservationNights)
    .innerJoin(reservations, eq(reservations.id, reservationNights.reservationId))
    .where(
      and(
        inArray(reservationNights.blockId, [...blockIds]),
        eq(reservations.status, "Confirmed"),
        gte(reservations.createdDate, new Date(`${fromDay}T00:00:00Z`)),
      ),
    )
    .groupBy(reservationNights.blockId, day);
}

/** When each block was last accepted. */
export const acceptedDates = (db: TDb, blockIds: readonly string[]) =>
  blockIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          blockId: blockChanges.blockId,
          acceptedDate: sql<Date>`max(${blockChanges.createdDate})`,
        })
        .from(blockChanges)
        .where(
          and(inArray(blockChanges.blockId, [...blockIds]), eq(blockChanges.action, "accepted")),
        )
        .groupBy(blockChanges.blockId);

/** Accepted blocks cut off on `from`..`to` whose two sides have not been reminded yet. */
export const blocksToRemind = (db: TDb, from: string, to: string) =>
  db
    .select({ id: hotelBlocks.id })
    .from(hotelBlocks)
    .where(
      and(
        eq(hotelBlocks.status, "Accepted"),
        gte(hotelBlocks.cutoffDate, from),
        lte(hotelBlocks.cutoffDate, to),
        sql`${hotelBlocks.cutoffRemindedDate} is null`,
      ),
    )
    .orderBy(asc(hotelBlocks.cutoffDate))
    .limit(500);

/**
 * Marks the block reminded on `today` unless it was already (or is no longer accepted): one
 * statement, so of two runs (or processes) only one marks it. True when this call did.
 */
export async function markCutoffReminded(db: TDb, id: string, today: string): Promise<boolean> {
  const rows = await db
    .update(hotelBlocks)
    .set({ cutoffRemindedDate: today })
    .where(
      and(
        eq(hotelBlocks.id, id),
        eq(hotelBlocks.status, "Accepted"),
        sql`${hotelBlocks.cutoffRemindedDate} is null`,
      ),
    )
    .returning({ id: hotelBlocks.id });
  return rows.length === 1;
}

// ---- a hotel's stay settings --------------------------------------------------------------------

/** The hotel's stay settings, or null while it has never set them (the defaults). */
export async function staySettingsOf(db: TDb, hotelId: string) {
  const [row] = await db
    .select()
    .from(hotelStaySettings)
    .where(eq(hotelStaySettings.hotelId, hotelId));
  return row ?? null;
}

export async function saveStaySettings(
  db: TDb,
  row: { hotelId: string; requireCardGuarantee: boolean; updatedBy: string; at: Date },
) {
  const values = {
    requireCardGuarantee: row.requireCardGuarantee,
    updatedBy: row.updatedBy,
    updatedDate: row.at,
  };
  const [saved] = await db
    .insert(hotelStaySettings)
    .values({ hotelId: row.hotelId, ...values })
    .onConflictDoUpdate({ target: hotelStaySettings.hotelId, set: values })
    .returning();
  return saved!;
}
