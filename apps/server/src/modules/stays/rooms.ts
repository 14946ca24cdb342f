// A hotel's room types and its rate-and-inventory calendar, as its managers keep them.
import {
  CALENDAR_MAX_DAYS,
  type TCalendar,
  type TCalendarFill,
  type TRoomType,
  type TRoomTypeInput,
} from "@hostfield/domain/contracts";
import { addDays, diffDays, stayNights } from "@hostfield/domain/rules";
import { inTransaction } from "../../platform/db/database";
import { AppError, conflict, notFound, validationFailed } from "../../platform/http/errors";
import { type TStaysContext, todayOf } from "./context";
import { presentCell, presentRoomType } from "./presenter";
import * as repo from "./repository";

export const listRoomTypes = async (ctx: TStaysContext, hotelId: string): Promise<TRoomType[]> =>
  (await repo.listRoomTypes(ctx.db, hotelId)).map(presentRoomType);

export async function createRoomType(
  ctx: TStaysContext,
  hotelId: string,
  userId: string,
  input: TRoomTypeInput,
): Promise<TRoomType> {
  const row = await repo.insertRoomType(ctx.db, {
    hotelId,
    name: input.name,
    beds: input.beds,
    maxOccupancy: input.maxOccupancy,
    rackRate: input.rackRate,
    description: input.description ?? null,
    photos: input.photos ?? [],
    createdBy: userId,
    updatedBy: userId,
  });
  return presentRoomType(row);
}

async function roomTypeOf(ctx: TStaysContext, hotelId: string, id: string) {
  const row = await repo.findRoomType(ctx.db, hotelId, id);
  if (!row) throw notFound("The room type");
  return row;
}

export async function updateRoomType(
  ctx: TStaysContext,
  hotelId: string,
  id: string,
  userId: string,
  input: Partial<TRoomTypeInput>,
): Promise<TRoomType> {
  await roomTypeOf(ctx, hotelId, id);
  const row = await repo.updateRoomType(ctx.db, id, { ...input, updatedBy: userId });
  return presentRoomType(row!);
}

export async function deleteRoomType(ctx: TStaysContext, hotelId: string, id: string) {
  await roomTypeOf(ctx, hotelId, id);
  if (await repo.roomTypeInUse(ctx.db, id)) {
    throw conflict("This room type has reservations: keep it, or set its rooms to sell to 0.");
  }
  await repo.deleteRoomType(ctx.db, id);
}

function checkRange(from: string, to: string) {
  if (from > to) {
    throw validationFailed(
      "from must not be after to.",
      [{ path: "to", message: "Must not be before from" }],
      "querystring",
    );
  }
  if (diffDays(from, to) >= CALENDAR_MAX_DAYS) {
    throw validationFailed(
      `At most ${CALENDAR_MAX_DAYS} nights at once.`,
      [{ path: "to", message: `At most ${CALENDAR_MAX_DAYS} nights` }],
      "querystring",
    );
  }
}

export async function calendar(
  ctx: TStaysContext,
  hotelId: string,
  from: string,
  to: string,
): Promise<TCalendar> {
  checkRange(from, to);
  const [types, cells] = await Promise.all([
    repo.listRoomTypes(ctx.db, hotelId),
    repo.calendarCells(ctx.db, hotelId, from, to),
  ]);
  return {
    hotelId,
    from,
    to,
    roomTypes: types.map(presentRoomType),
    cells: cells.map(presentCell),
  };
}

/**
 * Fills nights of room types with rooms to sell and/or a rate. Nights before today are not
 * changed (they are history); rooms to sell below what blocks hold and guests booked on a night
 * are refused (409, naming the nights), and nothing is written.
 */
export async function fillCalendar(
  ctx: TStaysContext,
  hotelId: string,
  fill: TCalendarFill,
): Promise<TCalendar> {
  checkRange(fill.from, fill.to);
  const types = await repo.listRoomTypes(ctx.db, hotelId);
  const known = new Set(types.map((t) => t.id));
  const unknown = fill.roomTypeIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw validationFailed(
      "A room type is not this hotel's.",
      [{ path: "data.roomTypeIds", message: `Unknown: ${unknown.join(", ")}` }],
      "body",
    );
  }
  const today = todayOf(ctx);
  const start = fill.from < today ? today : fill.from;
  const nights = stayNights(start, addDays(fill.to, 1)).filter(
    (night) => !fill.weekdays || fill.weekdays.includes(new Date(`${night}T00:00:00Z`).getUTCDay()),
  );
  // A room type named twice is filled once (one statement may not write a row twice).
  const roomTypeIds = [...new Set(fill.roomTypeIds)];
  const cells = roomTypeIds.flatMap((roomTypeId) => nights.map((night) => ({ roomTypeId, night })));
  await inTransaction(ctx.db, async (tx) => {
    if (fill.roomsToSell !== undefined && cells.length > 0) {
      const locked = await repo.lockCells(tx, roomTypeIds, nights);
      const below = locked.filter((c) => c.held + c.booked > fill.roomsToSell!);
      if (below.length > 0) {
        throw new AppError(
          "INVENTORY_BELOW_COMMITTED",
          409,
          `Blocks and bookings already take more than ${fill.roomsToSell} rooms on ${below.length} night${below.length === 1 ? "" : "s"} (first: ${below[0]!.night}).`,
          {
            nights: below.slice(0, 50).map((c) => ({
              roomTypeId: c.roomTypeId,
              night: c.night,
              committed: c.held + c.booked,
            })),
          },
        );
      }
    }
    await repo.upsertCells(tx, hotelId, cells, { roomsToSell: fill.roomsToSell, rate: fill.rate });
  });
  return calendar(ctx, hotelId, fill.from, fill.to);
}
