// How a report section is declared, and the pieces several sections share. A section says its
// tables once (id, title, columns in order) and reads its figures, each table's rows and its notes;
// `section` turns that into the builder SECTION_BUILDERS holds: headline figures with their daily
// series, tables cut at the call's row limit.
import type { TReportFormat, TReportKpi, TReportTable } from "@hostfield/domain/contracts";
import type { TRfpsServices } from "../rfps";
import type { TStaysServices } from "../stays";
import { countersBy, countersByDay, type TByDay, totalsOf } from "./counters";
import {
  addTo,
  cents,
  column,
  kpiOfDays,
  oneDecimal,
  type TSectionInput,
  type TSectionParts,
  table,
} from "./dashboards";

export type TReportLead = Awaited<ReturnType<TRfpsServices["leadsReceived"]>>[number];
export type TStayScope = Parameters<TStaysServices["stayNights"]>[0];

export const unique = (ids: readonly string[]) => [...new Set(ids)];
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

// ---- declaring a section -------------------------------------------------------------------------

/** A headline figure summed from its daily series, which the report charts too. */
export type TFigure = {
  metric: string;
  label: string;
  format: TReportKpi["format"];
  byDay: TByDay;
};

export const figure = (
  metric: string,
  label: string,
  format: TReportKpi["format"],
  byDay: TByDay,
): TFigure => ({ metric, label, format, byDay });

/** A table's columns in order, by the row key each shows: its label and format. */
export type TColumns = Record<string, readonly [label: string, format: TReportFormat]>;

/** What a section's reading gives. */
type TSectionData<TTable extends string> = {
  /** Headline figures, each with its daily series. */
  figures?: readonly TFigure[];
  /** Headline figures without a series (worked out otherwise), after the figures'. */
  kpis?: readonly TReportKpi[];
  /** Daily series without a headline figure of their own, after the figures'. */
  series?: TSectionParts["series"];
  /** Each declared table's rows, all of them (the table cuts them). */
  rows: Record<TTable, TReportTable["rows"]>;
  notes: string[];
};

/** A section's builder from its declaration: its tables (title and columns, by id), its reading. */
export function section<TTable extends string>(spec: {
  tables: Record<TTable, { title: string; columns: TColumns }>;
  read: (input: TSectionInput) => Promise<TSectionData<TTable>>;
}): (input: TSectionInput) => Promise<TSectionParts> {
  return async (input) => {
    const data = await spec.read(input);
    const figures = data.figures ?? [];
    return {
      kpis: [
        ...figures.map((f) => kpiOfDays(f.metric, f.label, f.format, f.byDay, input.range)),
        ...(data.kpis ?? []),
      ],
      series: [
        ...figures.map((f) => ({ metric: f.metric, label: f.label, byDay: f.byDay })),
        ...(data.series ?? []),
      ],
      tables: (Object.keys(spec.tables) as TTable[]).map((id) => {
        const { title, columns } = spec.tables[id];
        const declared = Object.entries(columns).map(([key, [label, format]]) =>
          column(key, label, format),
        );
        return table(id, title, declared, data.rows[id], input.rowLimit);
      }),
      notes: data.notes,
    };
  };
}

// ---- pieces several sections share ---------------------------------------------------------------

/**
 * What every recorded figure is (rollup.ts): distinct visitors, once per listing and UTC day, so
 * one visitor's repeated loads, beacons or clicks count once.
 */
export const UNIQUE_NOTE =
  "Views, impressions and clicks count visitors, not events: each visitor once per listing and day (a visitor who opens the page ten times in a day is one view; a click counts once per link, and per hotel or promotion). Visitors are told apart by a daily hash of address and browser (no cookies), so a range's figure is the sum of its days'. Recorded first-party; Do-Not-Track honoured; known robots dropped.";

export const STAY_NOTE =
  "Reservations count the confirmed bookings made in the range; room nights and revenue count the nights stayed in the range (rooms × nights, at the rates booked).";

/** Room nights, revenue and bookings per day of stays in a scope, and per hotel and event. */
export async function stayFigures(input: TSectionInput, scope: TStayScope) {
  const { ctx, range } = input;
  const [nights, bookings] = await Promise.all([
    ctx.stays.stayNights(scope, range.previousStartDate, range.endDate),
    ctx.stays.bookingsByDay(scope, range.previousStartDate, range.endDate),
  ]);
  const roomNights: TByDay = new Map();
  const revenue: TByDay = new Map();
  const reservations: TByDay = new Map();
  const inRange = (day: string) => day >= range.startDate && day <= range.endDate;
  const byHotel = new Map<string, { reservations: number; roomNights: number; revenue: number }>();
  const byEvent = new Map<string, number>();
  const of = (hotelId: string) => {
    const found = byHotel.get(hotelId) ?? { reservations: 0, roomNights: 0, revenue: 0 };
    byHotel.set(hotelId, found);
    return found;
  };
  for (const n of nights) {
    addTo(roomNights, n.night, n.roomNights);
    addTo(revenue, n.night, n.revenue);
    if (!inRange(n.night)) continue;
    of(n.hotelId).roomNights += n.roomNights;
    of(n.hotelId).revenue += n.revenue;
    if (n.eventId) byEvent.set(n.eventId, (byEvent.get(n.eventId) ?? 0) + n.roomNights);
  }
  for (const b of bookings) {
    addTo(reservations, b.day, b.reservations);
    if (inRange(b.day)) of(b.hotelId).reservations += b.reservations;
  }
  for (const [day, n] of revenue) revenue.set(day, cents(n));
  return { roomNights, revenue, reservations, byHotel, byEvent };
}

/** A scope's reservations, room nights and room revenue as headline figures. */
export const reservationFigures = (stays: Awaited<ReturnType<typeof stayFigures>>) => [
  figure("reservations", "Reservations", "count", stays.reservations),
  figure("roomNights", "Room nights", "count", stays.roomNights),
  figure("revenue", "Room revenue", "money", stays.revenue),
];

/** Leads per UTC day they were received. */
export function leadsByDay(leads: readonly TReportLead[]): TByDay {
  const byDay: TByDay = new Map();
  for (const l of leads) addTo(byDay, dayOf(l.receivedDate), 1);
  return byDay;
}

/** Unique clicks in the range against the previous period, as table columns… */
export const CLICK_CHANGE_COLUMNS: TColumns = {
  clicks: ["Unique clicks", "count"],
  previous: ["Previous period", "count"],
  change: ["Change %", "percent"],
};

/** …and a row's cells for them: the change as a percentage (null from nothing). */
export const clickChange = (total: number, previous: number) => ({
  clicks: total,
  previous,
  change: previous === 0 ? null : oneDecimal(((total - previous) / previous) * 100),
});

/** Recorded counters of listings (unique views, clicks), per listing and per day. */
export async function listingCounters(
  input: TSectionInput,
  ids: readonly string[],
  metrics: readonly string[],
) {
  const [byDay, totals] = await Promise.all([
    countersByDay(input.ctx, ids, metrics, input.range),
    countersBy(input.ctx, "subject", ids, metrics, input.range),
  ]);
  return { byDay, totalOf: totalsOf(totals) };
}
