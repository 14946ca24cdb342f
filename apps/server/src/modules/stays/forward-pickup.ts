// The hotel's forward pickup (`GET /hotels/{id}/blocks/forward`): each open block of the hotel
// (accepted and not yet released, or proposed with its cut-off ahead) as its cut-off approaches:
// held against booked night by night, what goes back at the cut-off, and the forecast at the
// pickup pace (the domain's rules/block-forecast). Booked is read from confirmed reservations, as
// the block's own pickup is. A handful of statements for all the hotel's blocks together.
import type { TForwardBlock } from "@hostfield/domain/contracts";
import {
  addDays,
  blockForecast,
  daysToCutoff,
  PICKUP_PACE_DAYS,
  pickupPaceWindow,
  pickupPercent,
} from "@hostfield/domain/rules";
import { type TStaysContext, todayOf } from "./context";
import * as repo from "./repository";

export type TNightFigures = { night: string; held: number; booked: number };

/** Per night: held, booked and what goes back (held − booked), with the block's totals. */
export function releaseFigures(nights: readonly TNightFigures[]) {
  const perNight = [...nights]
    .sort((a, b) => (a.night < b.night ? -1 : a.night > b.night ? 1 : 0))
    .map((n) => ({ ...n, toRelease: Math.max(0, n.held - n.booked) }));
  return {
    nights: perNight,
    held: perNight.reduce((s, n) => s + n.held, 0),
    booked: perNight.reduce((s, n) => s + n.booked, 0),
    toRelease: perNight.reduce((s, n) => s + n.toRelease, 0),
  };
}

/** Held and booked per night of each block, keyed by block. */
export async function nightFiguresOf(
  db: TStaysContext["db"],
  blockIds: readonly string[],
): Promise<Map<string, TNightFigures[]>> {
  const [held, booked] = await Promise.all([
    repo.heldPerNight(db, blockIds),
    repo.bookedPerNight(db, blockIds),
  ]);
  const out = new Map<string, Map<string, TNightFigures>>();
  const cell = (blockId: string, night: string) => {
    const nights = out.get(blockId) ?? new Map<string, TNightFigures>();
    out.set(blockId, nights);
    const found = nights.get(night) ?? { night, held: 0, booked: 0 };
    nights.set(night, found);
    return found;
  };
  for (const h of held) cell(h.blockId, h.night).held += Number(h.held);
  for (const b of booked) cell(b.blockId, b.night).booked += Number(b.booked);
  return new Map([...out].map(([id, nights]) => [id, [...nights.values()]]));
}

export async function forwardPickup(ctx: TStaysContext, hotelId: string): Promise<TForwardBlock[]> {
  const today = todayOf(ctx);
  const blocks = await repo.openBlocksOfHotel(ctx.db, hotelId, today);
  if (blocks.length === 0) return [];
  const ids = blocks.map((b) => b.id);
  const [figures, accepted, recent, events] = await Promise.all([
    nightFiguresOf(ctx.db, ids),
    repo.acceptedDates(ctx.db, ids),
    repo.bookedByDayMade(ctx.db, ids, addDays(today, -(PICKUP_PACE_DAYS - 1))),
    ctx.profiles.profilesByIds(
      "event",
      blocks.map((b) => b.eventId),
    ),
  ]);
  const acceptedDay = new Map(
    accepted.map((a) => [a.blockId, new Date(a.acceptedDate).toISOString().slice(0, 10)]),
  );
  return blocks.map((b): TForwardBlock => {
    const event = events.get(b.eventId);
    const totals = releaseFigures(figures.get(b.id) ?? []);
    const days = daysToCutoff(today, b.cutoffDate);
    let pace: TForwardBlock["pace"] = null;
    let forecast: number | null = null;
    let forecastRelease: number | null = null;
    if (b.status === "Accepted") {
      const window = pickupPaceWindow(today, acceptedDay.get(b.id) ?? today);
      const roomNights = recent
        .filter((r) => r.blockId === b.id && r.day >= window.fromDate && r.day <= today)
        .reduce((s, r) => s + Number(r.roomNights), 0);
      const f = blockForecast({
        held: totals.held,
        booked: totals.booked,
        bookedInWindow: roomNights,
        windowDays: window.days,
        daysToCutoff: days,
      });
      pace = { fromDate: window.fromDate, days: window.days, roomNights, perDay: f.perDay };
      forecast = f.forecast;
      forecastRelease = f.forecastRelease;
    }
    return {
      blockId: b.id,
      event: {
        id: b.eventId,
        name: event?.name ?? "Event",
        startDate: String(event?.detail?.startDate ?? ""),
        endDate: String(event?.detail?.endDate ?? ""),
      },
      status: b.status as "Proposed" | "Accepted",
      cutoffDate: b.cutoffDate,
      daysToCutoff: days,
      ...totals,
      pickupPercent: pickupPercent(totals.held, totals.booked),
      pace,
      forecast,
      forecastRelease,
    };
  });
}
