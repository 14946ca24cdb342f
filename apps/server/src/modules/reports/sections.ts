// What each section of a listing's reports holds, one declaration per section (section-kit.ts):
// its tables' columns, and how it reads its figures, rows and notes. Here the listing's own
// traffic and leads; the sections of linked listings and of stays are beside it
// (linked-sections.ts, stay-sections.ts). A section that differs by kind asks scopes.ts which
// events, hotels and blocks a listing's reports cover. Counters come from analytics_daily
// (counters.ts); follows, likes, leads, messages, reservations and pickup from their own modules'
// services.
import {
  CLICK_TARGETS,
  type TReportFormat,
  type TReportSection,
} from "@hostfield/domain/contracts";
import { promotionTitles } from "../businesses";
import { facilityDestinationIds } from "../facilities";
import { countersBy, countersByDay, type TByDay } from "./counters";
import {
  addTo,
  kpi,
  kpiOfDays,
  oneDecimal,
  type TSectionInput,
  type TSectionParts,
} from "./dashboards";
import {
  eventsSection,
  facilitiesSection,
  locationsSection,
  partnersSection,
} from "./linked-sections";
import {
  CLICK_CHANGE_COLUMNS,
  clickChange,
  dayOf,
  figure,
  leadsByDay,
  reservationFigures,
  STAY_NOTE,
  section,
  stayFigures,
  type TFigure,
  type TReportLead,
  UNIQUE_NOTE,
} from "./section-kit";
import { hotelsSection, pickupSection } from "./stay-sections";

// ---- the listing's own traffic -------------------------------------------------------------------

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

const profileSection = section({
  tables: {
    clicks: {
      title: "Clicks by target",
      columns: { target: ["Target", "text"], ...CLICK_CHANGE_COLUMNS },
    },
  },
  async read(input) {
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
      figures.push(...reservationFigures(stays));
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
      return { target: TARGET_LABELS[t], ...clickChange(k.total, k.previous) };
    });
    return { figures, rows: { clicks: rows }, notes };
  },
});

const promotionsSection = section({
  tables: {
    promotions: {
      title: "Clicks by promotion",
      columns: { promotion: ["Promotion", "text"], ...CLICK_CHANGE_COLUMNS },
    },
  },
  async read(input) {
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
      .map((r) => ({ promotion: titles.get(r.key) ?? r.key, ...clickChange(r.total, r.previous) }))
      .sort((a, b) => b.clicks - a.clicks || a.promotion.localeCompare(b.promotion));
    return {
      figures: [
        figure(
          "clicks.promotion",
          "Unique promotion clicks",
          "count",
          byDay.get("clicks.promotion")!,
        ),
      ],
      rows: { promotions: rows },
      notes: [
        "Clicks on a promotion's redemption link or code. A promotion since removed is named by its id.",
        UNIQUE_NOTE,
      ],
    };
  },
});

// ---- leads ---------------------------------------------------------------------------------------

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

/** A lead report's headline figures: each of leadFigures' counts against the previous period. */
const LEAD_KPIS: readonly (readonly [
  keyof ReturnType<typeof leadFigures>,
  string,
  TReportFormat,
])[] = [
  ["leads", "Leads received", "count"],
  ["interested", "Interested", "count"],
  ["won", "Won", "count"],
  ["lost", "Lost", "count"],
  ["passed", "Passed", "count"],
  ["responseRate", "Response rate", "percent"],
  ["firstResponseHours", "Median first response", "hours"],
];

const leadsSection = section({
  tables: {
    leads: {
      title: "Leads",
      columns: {
        event: ["Event", "text"],
        status: ["Status", "text"],
        received: ["Received", "date"],
        firstResponse: ["First response", "date"],
        responseHours: ["Hours to respond", "hours"],
      },
    },
  },
  async read(input) {
    const { ctx, subject, range } = input;
    const all = (
      await ctx.rfps.leadsReceived([subject.id], range.previousStartDate, range.endDate, ctx.now())
    ).filter((l) => !input.status || l.status === input.status);
    const current = all.filter((l) => dayOf(l.receivedDate) >= range.startDate);
    const previous = all.filter((l) => dayOf(l.receivedDate) < range.startDate);
    const now = leadFigures(current);
    const before = leadFigures(previous);
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
    return {
      // Counted from the leads of each period, not summed from days.
      kpis: LEAD_KPIS.map(([metric, label, format]) =>
        kpi(metric, label, format, now[metric], before[metric]),
      ),
      series: [{ metric: "leads", label: "Leads received", byDay: leadsByDay(all) }],
      rows: { leads: rows },
      notes: [
        "A lead is received when it becomes visible to this listing; statuses are as they stand today. The response rate is the share of leads answered (a proposal or a pass); the first response is timed from receipt.",
        ...(input.status ? [`Only leads now ${input.status}.`] : []),
      ],
    };
  },
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
