// The report sections that table the listings linked to a listing: its events, a destination's
// facilities, its partners and a company's locations, each by its traffic in the range.
import { eventDates } from "../events";
import { destinationFacilityIds } from "../facilities";
import type { TSectionInput } from "./dashboards";
import { eventsOf } from "./scopes";
import {
  dayOf,
  figure,
  leadsByDay,
  listingCounters,
  STAY_NOTE,
  section,
  stayFigures,
  type TColumns,
  UNIQUE_NOTE,
} from "./section-kit";

export const eventsSection = section({
  tables: {
    events: {
      title: "Events",
      columns: {
        name: ["Event", "text"],
        startDate: ["Starts", "date"],
        views: ["Unique views", "count"],
        roomNights: ["Room nights", "count"],
      },
    },
  },
  async read(input) {
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
    const scope =
      input.subject.kind === "organization"
        ? "The organization's events."
        : "Events linked to this listing as partners, and events whose lead it won.";
    return {
      figures: [
        figure("views", "Unique event views", "count", counters.byDay.get("views")!),
        figure("roomNights", "Room nights", "count", stays.roomNights),
      ],
      rows: { events: rows },
      notes: [scope, STAY_NOTE, UNIQUE_NOTE],
    };
  },
});

export const facilitiesSection = section({
  tables: {
    facilities: {
      title: "Facilities",
      columns: {
        name: ["Facility", "text"],
        views: ["Unique views", "count"],
        leads: ["Leads", "count"],
      },
    },
  },
  async read(input) {
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
    return {
      figures: [
        figure("views", "Unique facility views", "count", counters.byDay.get("views")!),
        figure("leads", "Leads received", "count", leadsByDay(leads)),
      ],
      rows: { facilities: rows },
      notes: ["The facilities this destination lists.", UNIQUE_NOTE],
    };
  },
});

/** Traffic a linked listing may be tabled by, with its column's and headline's words. */
const LINKED_METRICS = {
  views: { column: "Unique views", headline: "unique views" },
  clicks: { column: "Unique clicks", headline: "unique clicks" },
} as const;

/**
 * A section that tables listings linked to the subject (its partners, a company's locations) by
 * their traffic in the range, busiest first, with the metrics' daily sums as headline figures.
 */
function linkedListingsSection(spec: {
  table: string;
  noun: string;
  metrics: readonly (keyof typeof LINKED_METRICS)[];
  note: string;
  listings: (
    input: TSectionInput,
  ) => Promise<readonly { id: string; kind: string; name: string }[]>;
}) {
  const metricColumns: TColumns = Object.fromEntries(
    spec.metrics.map((m) => [m, [LINKED_METRICS[m].column, "count"] as const]),
  );
  return section({
    tables: {
      [spec.table]: {
        title: `${spec.noun}s`,
        columns: { name: [spec.noun, "text"], type: ["Kind", "text"], ...metricColumns },
      },
    },
    async read(input) {
      const listings = await spec.listings(input);
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
      return {
        figures: spec.metrics.map((m) =>
          figure(m, `${spec.noun} ${LINKED_METRICS[m].headline}`, "count", counters.byDay.get(m)!),
        ),
        rows: { [spec.table]: rows },
        notes: [spec.note, UNIQUE_NOTE],
      };
    },
  });
}

export const partnersSection = linkedListingsSection({
  table: "partners",
  noun: "Partner",
  metrics: ["views", "clicks"],
  note: "Listings linked to this one as partners, whichever side made the link.",
  listings: (input) => input.ctx.profiles.partnersOf(input.subject.id),
});

export const locationsSection = linkedListingsSection({
  table: "locations",
  noun: "Location",
  metrics: ["views", "clicks"],
  note: "The company's hotels and businesses.",
  listings: (input) => input.ctx.profiles.companyLocations(input.subject.id),
});
