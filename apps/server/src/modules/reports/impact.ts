// A destination's economic impact for a range, from first-party records: room nights reserved
// (confirmed nights stayed in the range at hotels linked to or within NEAR_MILES of the destination,
// or for its events) plus room nights of awarded requests (leads the destination or its facilities
// won, for events starting in the range, when no reservation of that event is counted), priced at
// the reservations' average daily rate (else IMPACT_DEFAULT_DAILY_RATE); visitor-days are room
// nights × IMPACT_GUESTS_PER_ROOM, spending IMPACT_SPEND_PER_VISITOR_DAY each. As JSON, CSV or PDF.
import type { TImpact, TReportRange } from "@hostfield/domain/contracts";
import { eventDates } from "../events";
import { destinationFacilityIds } from "../facilities";
import type { TReportsContext } from "./context";
import { csvLine, csvText } from "./csv";
import { cents, oneDecimal, type TSubject } from "./dashboards";
import { eventsOf, hotelsOf, NEAR_MILES } from "./scopes";

const money = (n: number) =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const number = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

export async function destinationImpact(
  ctx: TReportsContext,
  destination: TSubject,
  range: TReportRange,
): Promise<TImpact> {
  const { spendPerVisitorDay, defaultDailyRate, guestsPerRoom } = ctx.settings.impact;
  const facilityIds = await destinationFacilityIds(ctx.db, destination.id);
  const [ownEvents, hotelIds, won] = await Promise.all([
    eventsOf({ ctx, subject: destination }),
    hotelsOf({ ctx, subject: destination }),
    ctx.rfps.leadsWon([destination.id, ...facilityIds]),
  ]);
  const eventIds = [...new Set([...ownEvents, ...won.map((l) => l.eventId)])];
  const [nights, dates] = await Promise.all([
    ctx.stays.stayNights({ hotelIds, eventIds }, range.startDate, range.endDate),
    eventDates(ctx.db, eventIds),
  ]);

  // Reserved: every confirmed night in the range at those hotels or for those events.
  let reserved = 0;
  let revenue = 0;
  const byEvent = new Map<string, number>();
  for (const n of nights) {
    reserved += n.roomNights;
    revenue += n.revenue;
    if (n.eventId) byEvent.set(n.eventId, (byEvent.get(n.eventId) ?? 0) + n.roomNights);
  }
  // Awarded: each won request once, for events starting in the range that no reservation covers
  // (an event's booked nights replace the organizers' estimate, so nothing counts twice).
  let awarded = 0;
  const reservedEvents = new Set(byEvent.keys());
  const countedRequests = new Set<string>();
  for (const lead of won) {
    const start = dates.get(lead.eventId)?.startDate;
    const request = lead.requirementId ?? lead.id;
    if (!start || start < range.startDate || start > range.endDate) continue;
    if (reservedEvents.has(lead.eventId) || countedRequests.has(request)) continue;
    countedRequests.add(request);
    awarded += lead.roomNights ?? 0;
    byEvent.set(lead.eventId, (byEvent.get(lead.eventId) ?? 0) + (lead.roomNights ?? 0));
  }

  const total = reserved + awarded;
  const fromReservations = reserved > 0;
  const averageDailyRate = cents(fromReservations ? revenue / reserved : defaultDailyRate);
  const lodgingSpend = cents(total * averageDailyRate);
  const visitorDays = oneDecimal(total * guestsPerRoom);
  const visitorSpend = cents(visitorDays * spendPerVisitorDay);
  const names = new Map(
    (await ctx.profiles.listingRefs([...byEvent.keys()])).map((r) => [r.id, r.name]),
  );
  const events = [...byEvent]
    .map(([id, roomNights]) => ({
      id,
      name: names.get(id) ?? "",
      startDate: dates.get(id)?.startDate ?? null,
      roomNights,
      visitorDays: oneDecimal(roomNights * guestsPerRoom),
    }))
    .sort((a, b) => b.roomNights - a.roomNights || a.name.localeCompare(b.name));
  return {
    destination: { id: destination.id, kind: "destination", name: destination.name },
    range,
    roomNights: { reserved, awarded, total },
    averageDailyRate,
    rateSource: fromReservations ? "reservations" : "default",
    lodgingSpend,
    visitorDays,
    spendPerVisitorDay,
    visitorSpend,
    total: cents(lodgingSpend + visitorSpend),
    formula: [
      `Room nights: ${number(reserved)} reserved (confirmed nights stayed from ${range.startDate} to ${range.endDate} at hotels linked to the destination or within ${NEAR_MILES} miles of it, or booked for its events) + ${number(awarded)} from awarded requests (room nights the organizers asked for, for events starting in the range that this destination or its facilities won and that no reservation covers) = ${number(total)}.`,
      fromReservations
        ? `Average daily rate: ${money(cents(revenue))} room revenue ÷ ${number(reserved)} reserved room nights = ${money(averageDailyRate)}.`
        : `Average daily rate: no reservations in the range, so the configured default of ${money(defaultDailyRate)} a night.`,
      `Lodging spending: ${number(total)} room nights × ${money(averageDailyRate)} = ${money(lodgingSpend)}.`,
      `Visitor-days: ${number(total)} room nights × ${number(guestsPerRoom)} guests per room = ${number(visitorDays)}.`,
      `Visitor spending: ${number(visitorDays)} visitor-days × ${money(spendPerVisitorDay)} a visitor-day besides lodging = ${money(visitorSpend)}.`,
      `Economic impact: ${money(lodgingSpend)} lodging + ${money(visitorSpend)} visitor spending = ${money(cents(lodgingSpend + visitorSpend))}.`,
    ],
    events,
  };
}

/** The impact as CSV: figures, the formula, then the events. */
export function impactCsv(impact: TImpact): string {
  return csvText([
    csvLine(["Economic impact", impact.destination.name]),
    csvLine(["From", impact.range.startDate, "To", impact.range.endDate]),
    "",
    csvLine(["Figure", "Value"]),
    csvLine(["Room nights reserved", impact.roomNights.reserved]),
    csvLine(["Room nights from awarded requests", impact.roomNights.awarded]),
    csvLine(["Room nights", impact.roomNights.total]),
    csvLine([
      `Average daily rate (${impact.rateSource === "default" ? "default" : "from reservations"})`,
      impact.averageDailyRate,
    ]),
    csvLine(["Lodging spending", impact.lodgingSpend]),
    csvLine(["Visitor-days", impact.visitorDays]),
    csvLine(["Spending per visitor-day", impact.spendPerVisitorDay]),
    csvLine(["Visitor spending", impact.visitorSpend]),
    csvLine(["Economic impact", impact.total]),
    "",
    ...impact.formula.map((line) => csvLine(["Formula", line])),
    "",
    csvLine(["Event", "Starts", "Room nights", "Visitor-days"]),
    ...impact.events.map((e) => csvLine([e.name, e.startDate, e.roomNights, e.visitorDays])),
  ]);
}
