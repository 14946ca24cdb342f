// What each section of a listing's reports holds, as a table of builders (one per section; a
// section that differs by kind asks the scope functions below, which say per kind which events,
// hotels and blocks a listing's reports cover). Counters come from analytics_daily (counters.ts);
// follows, likes, leads, messages, reservations and pickup from their own modules' services.
import {
  CLICK_TARGETS,
  type TReportKpi,
  type TReportSection,
  type TReportTable,
} from "@hostfield/domain/contracts";
import { addDays, pickupPercent } from "@hostfield/domain/rules";
import { promotionTitles } from "../businesses";
import { eventDates, organizationEventIds } from "../events";
import { destinationFacilityIds, facilityDestinationIds } from "../facilities";
import type { TRfpsServices } from "../rfps";
import type { TStaysServices } from "../stays";
import type { TReportsContext } from "./context";
import { countersBy, countersByDay, type TByDay, totalsOf } from "./counters";
import {
  addTo,
  cents,
  column,
  kpi,
  kpiOfDays,
  oneDecimal,
  type TSectionInput,
  type TSectionParts,
  table,
} from "./dashboards";

/** The far end of "every night after the range" (a date, so the index on nights serves it). */
const LAST_NIGHT = "9999-12-31";

/** Hotels within this many miles of a destination or facility count as its hotels. */
export const NEAR_MILES = 10;
const NEAR_LIMIT = 200;

type TReportLead = Awaited<ReturnType<TRfpsServices["leadsReceived"]>>[number];
type TStayScope = Parameters<TStaysServices["stayNights"]>[0];

const unique = (ids: readonly string[]) => [...new Set(ids)];
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

// ---- scopes: what a listing's reports cover -------------------------------------------------------

/** Events whose leads the listings won. */
async function wonEventIds(ctx: TReportsContext, ownerIds: readonly string[]) {
  return unique((await ctx.rfps.leadsWon(ownerIds)).map((l) => l.eventId));
}

async function partnersOfKind(ctx: TReportsContext, id: string, kind: string) {
  return (await ctx.profiles.partnersOf(id)).filter((p) => p.kind === kind).map((p) => p.id);
}

/**
 * The events a listing's reports cover: an event itself; an organization's events; for a
 * destination or facility, events linked to it as partners and events whose lead it won.
 */
export async function eventsOf(input: Pick<TSectionInput, "ctx" | "subject">): Promise<string[]> {
  const { ctx, subject } = input;
  switch (subject.kind) {
    case "event":
      return [subject.id];
    case "organization":
      return organizationEventIds(ctx.db, subject.id);
    case "destination":
    case "facility":
      return unique([
        ...(await partnersOfKind(ctx, subject.id, "event")),
        ...(await wonEventIds(ctx, [subject.id])),
      ]);
    default:
      return [];
  }
}

/**
 * The hotels a listing's reports cover: an event's (blocks or reservations for it), an
 * organization's (those of its events), a destination's or facility's (linked as partners, or
 * listed within NEAR_MILES).
 */
export async function hotelsOf(input: Pick<TSectionInput, "ctx" | "subject">): Promise<string[]> {
  const { ctx, subject } = input;
  switch (subject.kind) {
    case "event":
    case "organization":
      return ctx.stays.hotelsForEvents(await eventsOf(input));
    case "destination":
    case "facility": {
      const near =
        subject.lat === null || subject.lng === null
          ? []
          : await ctx.profiles.listedNear(
              "hotel",
              { lat: subject.lat, lng: subject.lng },
              NEAR_MILES,
              NEAR_LIMIT,
            );
      return unique([
        ...(await partnersOfKind(ctx, subject.id, "hotel")),
        ...near.map((h) => h.id),
      ]);
    }
    default:
      return [];
  }
}

/** Whose reservations a hotel table counts: the events' for events and organizations, else the hotels'. */
async function stayScopeOf(input: TSectionInput, hotelIds: readonly string[]): Promise<TStayScope> {
  return input.subject.kind === "event" || input.subject.kind === "organization"
    ? { eventIds: await eventsOf(input) }
    : { hotelIds };
}

/** The blocks a pickup report covers: a hotel's own, or those of the listing's events. */
async function blocksOfSubject(input: TSectionInput) {
  const { ctx, subject } = input;
  if (subject.kind === "hotel") return ctx.stays.blocksOf({ hotelIds: [subject.id] });
  return ctx.stays.blocksOf({ eventIds: await eventsOf(input) });
}

// ---- pieces several sections share ---------------------------------------------------------------

type TFigure = { metric: string; label: string; format: TReportKpi["format"]; byDay: TByDay };

const figure = (
  metric: string,
  label: string,
  format: TReportKpi["format"],
  byDay: TByDay,
): TFigure => ({ metric, label, format, byDay });

function partsOf(
  input: TSectionInput,
  figures: readonly TFigure[],
  tables: TReportTable[],
  notes: string[],
): TSectionParts {
  return {
    kpis: figures.map((f) => kpiOfDays(f.metric, f.label, f.format, f.byDay, input.range)),
    series: figures.map((f) => ({ metric: f.metric, label: f.label, byDay: f.byDay })),
    tables,
    notes,
  };
}

/** Room nights, revenue and bookings per day of stays in a scope, and per hotel and event. */
async function stayFigures(input: TSectionInput, scope: TStayScope) {
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

const STAY_NOTE =
  "Reservations count the confirmed bookings made in the range; room nights and revenue count the nights stayed in the range (rooms × nights, at the rates booked).";

/** Leads per UTC day they were received. */
function leadsByDay(leads: readonly TReportLead[]): TByDay {
  const byDay: TByDay = new Map();
  for (const l of leads) addTo(byDay, dayOf(l.receivedDate), 1);
  return byDay;
}

/** The change as a percentage (null from nothing), for table cells. */
const changePercent = (total: number, previous: number) =>
  previous === 0 ? null : oneDecimal(((total - previous) / previous) * 100);

// ---- the sections --------------------------------------------------------------------------------

/**
 * What every recorded figure is (rollup.ts): distinct visitors, once per listing and UTC day, so
 * one visitor's repeated loads, beacons or clicks count once.
 */
const UNIQUE_NOTE =
  "Views, impressions and clicks count visitors, not events: each visitor once per listing and day (a visitor who opens the page ten times in a day is one view; a click counts once per link, and per hotel or promotion). Visitors are told apart by a daily hash of address and browser (no cookies), so a range's figure is the sum of its days'. Recorded first-party; Do-Not-Track honoured; known robots dropped.";

const PROFILE_COUNTERS = ["views", "impressions", "clicks"] as const;
const COUNTER_LABELS: Record<string, string> = {
  views: "Unique profile views",
  impressions: "Unique search impressions",
  clicks: "Unique clicks",
};
const TARGET_LABELS: Record<(typeof CLICK_TARGETS)[number], string> = {
  website: "Website",
  phone: "Phone",
  email: "E-mail",
  directions: "Directions",
  hotel: "Hotel links",
  promotion: "Promotions",
};

async function profileSection(input: TSectionInput): Promise<TSectionParts> {
  const { ctx, subject, range } = input;
  const targets = CLICK_TARGETS.map((t) => `clicks.${t}`);
  const [counters, reactions] = await Promise.all([
    countersByDay(ctx, [subject.id], [...PROFILE_COUNTERS, ...targets], range),
    ctx.profiles.reactionsByDay([subject.id], range.previousStartDate, range.endDate),
  ]);
  const follows: TByDay = new Map();
  const likes: TByDay = new Map();
  for (const r of reactions) addTo(r.kind === "follow" ? follows : likes, r.day, r.count);
  const figures: TFigure[] = [
    ...PROFILE_COUNTERS.map((m) => figure(m, COUNTER_LABELS[m]!, "count", counters.get(m)!)),
    // A story is read, not followed or liked.
    ...(subject.kind === "story"
      ? []
      : [
          figure("follows", "Follows gained", "count", follows),
          figure("likes", "Likes gained", "count", likes),
        ]),
  ];
  const notes = [UNIQUE_NOTE];
  if (subject.kind === "destination" || subject.kind === "facility") {
    const leads = await ctx.rfps.leadsReceived(
      [subject.id],
      range.previousStartDate,
      range.endDate,
      ctx.now(),
    );
    figures.push(figure("leads", "Leads received", "count", leadsByDay(leads)));
    const [groups, people] = await Promise.all([
      ctx.rfps.leadConversations([subject.id]),
      subject.kind === "facility"
        ? facilityDestinationIds(ctx.db, subject.id).then((ids) =>
            ctx.profiles.peopleOf([subject.id, ...ids]),
          )
        : ctx.profiles.peopleOf([subject.id]),
    ]);
    const messages: TByDay = new Map();
    for (const m of await ctx.groups.messagesByDay(
      groups,
      people,
      range.previousStartDate,
      range.endDate,
    )) {
      messages.set(m.day, m.count);
    }
    figures.push(figure("messages", "Messages received", "count", messages));
    notes.push(
      "Messages received are the messages others posted in the conversations of this listing's leads.",
    );
  }
  if (subject.kind === "hotel" || subject.kind === "event") {
    const stays = await stayFigures(
      input,
      subject.kind === "hotel" ? { hotelIds: [subject.id] } : { eventIds: [subject.id] },
    );
    figures.push(
      figure("reservations", "Reservations", "count", stays.reservations),
      figure("roomNights", "Room nights", "count", stays.roomNights),
      figure("revenue", "Room revenue", "money", stays.revenue),
    );
    notes.push(STAY_NOTE);
  }
  const rows = CLICK_TARGETS.map((t) => {
    const k = kpiOfDays(
      `clicks.${t}`,
      TARGET_LABELS[t],
      "count",
      counters.get(`clicks.${t}`)!,
      range,
    );
    return {
      target: TARGET_LABELS[t],
      clicks: k.total,
      previous: k.previous,
      change: changePercent(k.total, k.previous),
    };
  });
  const clicks = table(
    "clicks",
    "Clicks by target",
    [
      column("target", "Target", "text"),
      column("clicks", "Unique clicks", "count"),
      column("previous", "Previous period", "count"),
      column("change", "Change %", "percent"),
    ],
    rows,
    input.rowLimit,
  );
  return partsOf(input, figures, [clicks], notes);
}

/** Received, answered and decided leads of a list, and how fast they were first answered. */
function leadFigures(leads: readonly TReportLead[]) {
  const count = (status: string) => leads.filter((l) => l.status === status).length;
  const hours = leads
    .filter((l) => l.firstResponseDate)
    .map((l) => (l.firstResponseDate!.getTime() - l.receivedDate.getTime()) / 3_600_000)
    .sort((a, b) => a - b);
  const middle = Math.floor(hours.length / 2);
  const median =
    hours.length === 0
      ? 0
      : hours.length % 2
        ? hours[middle]!
        : (hours[middle - 1]! + hours[middle]!) / 2;
  return {
    leads: leads.length,
    interested: count("Interested"),
    won: count("Won"),
    lost: count("Lost"),
    passed: count("Passed"),
    responseRate: leads.length === 0 ? 0 : oneDecimal((hours.length / leads.length) * 100),
    firstResponseHours: oneDecimal(Math.max(0, median)),
  };
}

async function leadsSection(input: TSectionInput): Promise<TSectionParts> {
  const { ctx, subject, range } = input;
  const all = (
    await ctx.rfps.leadsReceived([subject.id], range.previousStartDate, range.endDate, ctx.now())
  ).filter((l) => !input.status || l.status === input.status);
  const current = all.filter((l) => dayOf(l.receivedDate) >= range.startDate);
  const previous = all.filter((l) => dayOf(l.receivedDate) < range.startDate);
  const now = leadFigures(current);
  const before = leadFigures(previous);
  const kpis = [
    kpi("leads", "Leads received", "count", now.leads, before.leads),
    kpi("interested", "Interested", "count", now.interested, before.interested),
    kpi("won", "Won", "count", now.won, before.won),
    kpi("lost", "Lost", "count", now.lost, before.lost),
    kpi("passed", "Passed", "count", now.passed, before.passed),
    kpi("responseRate", "Response rate", "percent", now.responseRate, before.responseRate),
    kpi(
      "firstResponseHours",
      "Median first response",
      "hours",
      now.firstResponseHours,
      before.firstResponseHours,
    ),
  ];
  const names = new Map(
    (await ctx.profiles.listingRefs(current.map((l) => l.eventId))).map((r) => [r.id, r.name]),
  );
  const rows = [...current].reverse().map((l) => ({
    id: l.id,
    kind: "event-lead",
    eventId: l.eventId,
    event: names.get(l.eventId) ?? "",
    status: l.status,
    received: dayOf(l.receivedDate),
    firstResponse: l.firstResponseDate ? dayOf(l.firstResponseDate) : null,
    responseHours: l.firstResponseDate
      ? oneDecimal((l.firstResponseDate.getTime() - l.receivedDate.getTime()) / 3_600_000)
      : null,
  }));
  const leads = table(
    "leads",
    "Leads",
    [
      column("event", "Event", "text"),
      column("status", "Status", "text"),
      column("received", "Received", "date"),
      column("firstResponse", "First response", "date"),
      column("responseHours", "Hours to respond", "hours"),
    ],
    rows,
    input.rowLimit,
  );
  return {
    kpis,
    series: [{ metric: "leads", label: "Leads received", byDay: leadsByDay(all) }],
    tables: [leads],
    notes: [
      "A lead is received when it becomes visible to this listing; statuses are as they stand today. The response rate is the share of leads answered (a proposal or a pass); the first response is timed from receipt.",
      ...(input.status ? [`Only leads now ${input.status}.`] : []),
    ],
  };
}

/** Recorded counters of listings (unique views, clicks), per listing and per day. */
async function listingCounters(
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

async function eventsSection(input: TSectionInput): Promise<TSectionParts> {
  const { ctx } = input;
  const ids = await eventsOf(input);
  const [refs, counters, stays, dates] = await Promise.all([
    ctx.profiles.listingRefs(ids),
    listingCounters(input, ids, ["views"]),
    stayFigures(input, { eventIds: ids }),
    eventDates(ctx.db, ids),
  ]);
  const rows = refs
    .map((e) => ({
      id: e.id,
      kind: "event",
      name: e.name,
      startDate: dates.get(e.id)?.startDate ?? null,
      views: counters.totalOf(e.id, "views").total,
      roomNights: stays.byEvent.get(e.id) ?? 0,
    }))
    .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  const events = table(
    "events",
    "Events",
    [
      column("name", "Event", "text"),
      column("startDate", "Starts", "date"),
      column("views", "Unique views", "count"),
      column("roomNights", "Room nights", "count"),
    ],
    rows,
    input.rowLimit,
  );
  const scope =
    input.subject.kind === "organization"
      ? "The organization's events."
      : "Events linked to this listing as partners, and events whose lead it won.";
  return partsOf(
    input,
    [
      figure("views", "Unique event views", "count", counters.byDay.get("views")!),
      figure("roomNights", "Room nights", "count", stays.roomNights),
    ],
    [events],
    [scope, STAY_NOTE, UNIQUE_NOTE],
  );
}

async function facilitiesSection(input: TSectionInput): Promise<TSectionParts> {
  const { ctx, range } = input;
  const ids = await destinationFacilityIds(ctx.db, input.subject.id);
  const [refs, counters, leads] = await Promise.all([
    ctx.profiles.listingRefs(ids),
    listingCounters(input, ids, ["views"]),
    ctx.rfps.leadsReceived(ids, range.previousStartDate, range.endDate, ctx.now()),
  ]);
  const leadsOf = (id: string) =>
    leads.filter((l) => l.ownerId === id && dayOf(l.receivedDate) >= range.startDate).length;
  const rows = refs
    .map((f) => ({
      id: f.id,
      kind: "facility",
      name: f.name,
      views: counters.totalOf(f.id, "views").total,
      leads: leadsOf(f.id),
    }))
    .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  return partsOf(
    input,
    [
      figure("views", "Unique facility views", "count", counters.byDay.get("views")!),
      figure("leads", "Leads received", "count", leadsByDay(leads)),
    ],
    [
      table(
        "facilities",
        "Facilities",
        [
          column("name", "Facility", "text"),
          column("views", "Unique views", "count"),
          column("leads", "Leads", "count"),
        ],
        rows,
        input.rowLimit,
      ),
    ],
    ["The facilities this destination lists.", UNIQUE_NOTE],
  );
}

/** Traffic a linked listing may be tabled by, with its column's and headline's words. */
const LINKED_METRICS = {
  views: { column: "Unique views", headline: "unique views" },
  clicks: { column: "Unique clicks", headline: "unique clicks" },
} as const;

/**
 * A section that tables listings linked to the subject (its partners, a company's locations) by
 * their traffic in the range, busiest first, with the metrics' daily sums as headline figures.
 */
async function linkedListingsSection(
  input: TSectionInput,
  listings: readonly { id: string; kind: string; name: string }[],
  spec: {
    table: string;
    noun: string;
    metrics: readonly (keyof typeof LINKED_METRICS)[];
    note: string;
  },
): Promise<TSectionParts> {
  const counters = await listingCounters(
    input,
    listings.map((l) => l.id),
    spec.metrics,
  );
  const busiest = (id: string) => counters.totalOf(id, spec.metrics[0]!).total;
  const rows = [...listings]
    .sort((a, b) => busiest(b.id) - busiest(a.id) || a.name.localeCompare(b.name))
    .map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      type: l.kind,
      ...Object.fromEntries(spec.metrics.map((m) => [m, counters.totalOf(l.id, m).total])),
    }));
  return partsOf(
    input,
    spec.metrics.map((m) =>
      figure(m, `${spec.noun} ${LINKED_METRICS[m].headline}`, "count", counters.byDay.get(m)!),
    ),
    [
      table(
        spec.table,
        `${spec.noun}s`,
        [
          column("name", spec.noun, "text"),
          column("type", "Kind", "text"),
          ...spec.metrics.map((m) => column(m, LINKED_METRICS[m].column, "count")),
        ],
        rows,
        input.rowLimit,
      ),
    ],
    [spec.note, UNIQUE_NOTE],
  );
}

const partnersSection = async (input: TSectionInput) =>
  linkedListingsSection(input, await input.ctx.profiles.partnersOf(input.subject.id), {
    table: "partners",
    noun: "Partner",
    metrics: ["views", "clicks"],
    note: "Listings linked to this one as partners, whichever side made the link.",
  });

async function hotelsSection(input: TSectionInput): Promise<TSectionParts> {
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
  return partsOf(
    input,
    [
      figure("clicks.hotel", "Unique hotel clicks", "count", clicksByDay.get("clicks.hotel")!),
      figure("reservations", "Reservations", "count", stays.reservations),
      figure("roomNights", "Room nights", "count", stays.roomNights),
      figure("revenue", "Room revenue", "money", stays.revenue),
    ],
    [
      table(
        "hotels",
        "Hotels",
        [
          column("name", "Hotel", "text"),
          column("views", "Unique views", "count"),
          column("hotelClicks", "Unique clicks from this page", "count"),
          column("reservations", "Reservations", "count"),
          column("roomNights", "Room nights", "count"),
          column("revenue", "Revenue", "money"),
        ],
        rows,
        input.rowLimit,
      ),
    ],
    [scope, STAY_NOTE, UNIQUE_NOTE],
  );
}

async function pickupSection(input: TSectionInput): Promise<TSectionParts> {
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
    tables: [
      table(
        "blocks",
        "Blocks",
        [
          column("hotel", "Hotel", "text"),
          column("event", "Event", "text"),
          column("status", "Status", "text"),
          column("cutoffDate", "Cut-off", "date"),
          column("held", "Held", "count"),
          column("booked", "Booked", "count"),
          column("pickupPercent", "Pickup", "percent"),
        ],
        rows,
        input.rowLimit,
      ),
      table(
        "blocksAhead",
        "Blocks with nights after this range",
        [
          column("hotel", "Hotel", "text"),
          column("event", "Event", "text"),
          column("status", "Status", "text"),
          column("cutoffDate", "Cut-off", "date"),
          column("firstNight", "First night", "date"),
          column("held", "Held", "count"),
          column("booked", "Booked", "count"),
          column("pickupPercent", "Pickup", "percent"),
        ],
        rowsAhead,
        input.rowLimit,
      ),
    ],
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
}

async function promotionsSection(input: TSectionInput): Promise<TSectionParts> {
  const { ctx, subject, range } = input;
  const [byRef, byDay] = await Promise.all([
    countersBy(ctx, "ref", [subject.id], ["clicks.promotion"], range),
    countersByDay(ctx, [subject.id], ["clicks.promotion"], range),
  ]);
  const titles = await promotionTitles(
    ctx.db,
    subject.id,
    byRef.map((r) => r.key),
  );
  const rows = byRef
    .map((r) => ({
      promotion: titles.get(r.key) ?? r.key,
      clicks: r.total,
      previous: r.previous,
      change: changePercent(r.total, r.previous),
    }))
    .sort((a, b) => b.clicks - a.clicks || a.promotion.localeCompare(b.promotion));
  return partsOf(
    input,
    [
      figure(
        "clicks.promotion",
        "Unique promotion clicks",
        "count",
        byDay.get("clicks.promotion")!,
      ),
    ],
    [
      table(
        "promotions",
        "Clicks by promotion",
        [
          column("promotion", "Promotion", "text"),
          column("clicks", "Unique clicks", "count"),
          column("previous", "Previous period", "count"),
          column("change", "Change %", "percent"),
        ],
        rows,
        input.rowLimit,
      ),
    ],
    [
      "Clicks on a promotion's redemption link or code. A promotion since removed is named by its id.",
      UNIQUE_NOTE,
    ],
  );
}

const locationsSection = async (input: TSectionInput) =>
  linkedListingsSection(input, await input.ctx.profiles.companyLocations(input.subject.id), {
    table: "locations",
    noun: "Location",
    metrics: ["views", "clicks"],
    note: "The company's hotels and businesses.",
  });

/** Every section's builder; which kinds have which sections is REPORT_SECTIONS (the contract). */
export const SECTION_BUILDERS: Record<
  TReportSection,
  (input: TSectionInput) => Promise<TSectionParts>
> = {
  profile: profileSection,
  leads: leadsSection,
  events: eventsSection,
  facilities: facilitiesSection,
  partners: partnersSection,
  hotels: hotelsSection,
  pickup: pickupSection,
  promotions: promotionsSection,
  locations: locationsSection,
};
