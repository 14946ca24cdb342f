// The report sections of stays: the hotels a listing's reports cover, with their clicks and
// reservations, and the pickup of room blocks.
import { addDays, pickupPercent } from "@hostfield/domain/rules";
import { countersBy, countersByDay, type TByDay, totalsOf } from "./counters";
import { addTo, cents, kpi, kpiOfDays } from "./dashboards";
import { blocksOfSubject, hotelsOf, NEAR_MILES, stayScopeOf } from "./scopes";
import {
  figure,
  listingCounters,
  reservationFigures,
  STAY_NOTE,
  section,
  stayFigures,
  type TColumns,
  UNIQUE_NOTE,
  unique,
} from "./section-kit";

/** The far end of "every night after the range" (a date, so the index on nights serves it). */
const LAST_NIGHT = "9999-12-31";

export const hotelsSection = section({
  tables: {
    hotels: {
      title: "Hotels",
      columns: {
        name: ["Hotel", "text"],
        views: ["Unique views", "count"],
        hotelClicks: ["Unique clicks from this page", "count"],
        reservations: ["Reservations", "count"],
        roomNights: ["Room nights", "count"],
        revenue: ["Revenue", "money"],
      },
    },
  },
  async read(input) {
    const { ctx, subject, range } = input;
    const [covered, clicksByRef, clicksByDay] = await Promise.all([
      hotelsOf(input),
      countersBy(ctx, "ref", [subject.id], ["clicks.hotel"], range),
      countersByDay(ctx, [subject.id], ["clicks.hotel"], range),
    ]);
    const ids = unique([...covered, ...clicksByRef.map((c) => c.key)]);
    const [refs, views, stays] = await Promise.all([
      ctx.profiles.listingRefs(ids),
      listingCounters(input, ids, ["views"]),
      stayScopeOf(input, ids).then((scope) => stayFigures(input, scope)),
    ]);
    const clicksOf = totalsOf(clicksByRef);
    const rows = refs
      .map((h) => {
        const stay = stays.byHotel.get(h.id);
        return {
          id: h.id,
          kind: "hotel",
          name: h.name,
          views: views.totalOf(h.id, "views").total,
          hotelClicks: clicksOf(h.id, "clicks.hotel").total,
          reservations: stay?.reservations ?? 0,
          roomNights: stay?.roomNights ?? 0,
          revenue: cents(stay?.revenue ?? 0),
        };
      })
      .sort(
        (a, b) =>
          b.roomNights - a.roomNights ||
          b.hotelClicks - a.hotelClicks ||
          a.name.localeCompare(b.name),
      );
    const scope =
      subject.kind === "event"
        ? "Hotels with a block or reservations for this event, and hotels clicked from its page; reservations for this event."
        : subject.kind === "organization"
          ? "Hotels with blocks or reservations for the organization's events, and hotels clicked from its page; reservations for its events."
          : `Hotels linked to this listing as partners or listed within ${NEAR_MILES} miles, and hotels clicked from its page; all their reservations.`;
    return {
      figures: [
        figure("clicks.hotel", "Unique hotel clicks", "count", clicksByDay.get("clicks.hotel")!),
        ...reservationFigures(stays),
      ],
      rows: { hotels: rows },
      notes: [scope, STAY_NOTE, UNIQUE_NOTE],
    };
  },
});

/**
 * A block in the pickup tables: which block it is, then its pickup (the blocks ahead add their
 * first night between the two).
 */
const BLOCK_COLUMNS: TColumns = {
  hotel: ["Hotel", "text"],
  event: ["Event", "text"],
  status: ["Status", "text"],
  cutoffDate: ["Cut-off", "date"],
};
const PICKUP_COLUMNS: TColumns = {
  held: ["Held", "count"],
  booked: ["Booked", "count"],
  pickupPercent: ["Pickup", "percent"],
};

export const pickupSection = section({
  tables: {
    blocks: { title: "Blocks", columns: { ...BLOCK_COLUMNS, ...PICKUP_COLUMNS } },
    blocksAhead: {
      title: "Blocks with nights after this range",
      columns: { ...BLOCK_COLUMNS, firstNight: ["First night", "date"], ...PICKUP_COLUMNS },
    },
  },
  async read(input) {
    const { ctx, range } = input;
    const blocks = await blocksOfSubject(input);
    const nights = await ctx.stays.blockNightsIn(
      blocks.map((b) => b.id),
      range.previousStartDate,
      range.endDate,
    );
    const held: TByDay = new Map();
    const booked: TByDay = new Map();
    const perBlock = new Map<string, { held: number; booked: number }>();
    for (const n of nights) {
      addTo(held, n.night, n.held);
      addTo(booked, n.night, n.booked);
      if (n.night < range.startDate) continue;
      const b = perBlock.get(n.blockId) ?? { held: 0, booked: 0 };
      b.held += n.held;
      b.booked += n.booked;
      perBlock.set(n.blockId, b);
    }
    // Nights after the range (a block for an event ahead, while the range ends today) are not in
    // the range's figures: they are tabled on their own, so a block just booked shows its pickup.
    const ahead = await ctx.stays.blockNightsIn(
      blocks.map((b) => b.id),
      addDays(range.endDate, 1),
      LAST_NIGHT,
    );
    const perBlockAhead = new Map<string, { held: number; booked: number; firstNight: string }>();
    for (const n of ahead) {
      const b = perBlockAhead.get(n.blockId) ?? { held: 0, booked: 0, firstNight: n.night };
      b.held += n.held;
      b.booked += n.booked;
      if (n.night < b.firstNight) b.firstNight = n.night;
      perBlockAhead.set(n.blockId, b);
    }
    const heldKpi = kpiOfDays("held", "Room nights held", "count", held, range);
    const bookedKpi = kpiOfDays("booked", "Room nights booked", "count", booked, range);
    const names = new Map(
      (await ctx.profiles.listingRefs(blocks.flatMap((b) => [b.eventId, b.hotelId]))).map((r) => [
        r.id,
        r.name,
      ]),
    );
    const rowOf = (b: (typeof blocks)[number], p: { held: number; booked: number }) => ({
      id: b.id,
      hotel: names.get(b.hotelId) ?? "",
      event: names.get(b.eventId) ?? "",
      status: b.status,
      cutoffDate: b.cutoffDate,
      held: p.held,
      booked: p.booked,
      pickupPercent: pickupPercent(p.held, p.booked),
    });
    const rows = blocks.filter((b) => perBlock.has(b.id)).map((b) => rowOf(b, perBlock.get(b.id)!));
    const rowsAhead = blocks
      .filter((b) => perBlockAhead.has(b.id))
      .map((b) => {
        const p = perBlockAhead.get(b.id)!;
        return { ...rowOf(b, p), firstNight: p.firstNight };
      });
    return {
      // The series are labelled shorter than the headline figures ("Held", "Room nights held").
      kpis: [
        heldKpi,
        bookedKpi,
        kpi(
          "pickupPercent",
          "Pickup",
          "percent",
          pickupPercent(heldKpi.total, bookedKpi.total),
          pickupPercent(heldKpi.previous, bookedKpi.previous),
        ),
      ],
      series: [
        { metric: "held", label: "Held", byDay: held },
        { metric: "booked", label: "Booked", byDay: booked },
      ],
      rows: { blocks: rows, blocksAhead: rowsAhead },
      notes: [
        input.subject.kind === "hotel"
          ? "This hotel's accepted (and released) blocks, by the nights in the range."
          : "The blocks of the events this listing's reports cover, by the nights in the range.",
        "Booked counts the rooms of confirmed reservations made in each block; pickup is booked ÷ held.",
        input.subject.kind === "hotel"
          ? "Nights after the range are not in its figures: they are in the blocks with nights after this range, as booked today; the hotel's blocks page shows each open block's forward pickup up to its cut-off."
          : "Nights after the range are not in its figures: they are in the blocks with nights after this range, as booked today.",
      ],
    };
  },
});
