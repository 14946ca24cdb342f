// The demo stories: 30 at scale 1 (never fewer than 6), across the categories, each about demo
// listings (a destination, with some of its facilities and an organization), most published by
// the admin over the last year; the demo destination account wrote a few about its own
// destination: one published, one waiting for approval, one draft.
import { STORY_CATEGORIES, type TStoryCategory } from "@hostfield/domain/reference";
import { slugify } from "@hostfield/domain/rules";
import { renderStoryBody } from "../../modules/stories/markdown";
import { DEMO_USERS } from "./accounts";
import { DAY_MS, type TBuilder } from "./builder";
import type { TProfileRow } from "./network";
import type { TRandom } from "./random";

/** Stories at scale 1. */
const SCALE_ONE = 30;

type TPlot = {
  category: TStoryCategory;
  title: (w: TWords) => string;
  summary: (w: TWords) => string;
  body: (w: TWords) => string;
  tags: readonly string[];
};

type TWords = {
  destination: TProfileRow;
  facilities: readonly TProfileRow[];
  organization: TProfileRow | null;
  teams: number;
  courts: number;
  sport: string;
  region: string;
};

const SPORTS = ["volleyball", "basketball", "soccer", "softball", "wrestling", "swim"] as const;
const REGIONS = ["Midwest", "South", "Northeast", "West", "Great Lakes", "Southeast"] as const;

const venueList = (w: TWords) =>
  w.facilities.length
    ? w.facilities.map((f) => `- **${f.name}**, ${f.city}`).join("\n")
    : `- The convention center in ${w.destination.city}`;

const PLOTS: readonly TPlot[] = [
  {
    category: "Event recaps",
    title: (w) => `How ${w.destination.city} hosted ${w.teams} ${w.sport} teams`,
    summary: (w) =>
      `${w.teams} teams, three days, one downtown: what it took ${w.destination.name} to pull it off.`,
    body: (w) =>
      `## The ask\n\nThe organizers needed ${w.courts} courts within a short walk of hotels, and they needed them for three days straight.\n\n## The venues\n\n${venueList(w)}\n\n## What made it work\n\n1. One housing block for every team\n2. Shuttles every 15 minutes\n3. A volunteer desk at every venue\n\n> "We would come back tomorrow." — a club director\n\nRead more about [${w.destination.name}](/destinations/${w.destination.id}).`,
    tags: ["tournaments", "case-study"],
  },
  {
    category: "Venue guides",
    title: (w) => `Five facilities with ${w.courts}+ hardwood courts in the ${w.region}`,
    summary: (w) =>
      `Big floors, good light, and room for spectators: our pick of the ${w.region}'s court complexes.`,
    body: (w) =>
      `Finding **${w.courts} or more courts under one roof** is the hardest part of a big indoor event. These venues do it well:\n\n${venueList(w)}\n\n### What to ask a venue\n\n- Court dimensions and run-off\n- Seating per court\n- Load-in for scoreboards and nets`,
    tags: ["hardwood", "indoor", "venues"],
  },
  {
    category: "Destination spotlights",
    title: (w) => `${w.destination.city}, ${w.destination.state}: a weekend built for teams`,
    summary: (w) =>
      `Where to play, stay and eat in ${w.destination.city}, from the people who host events there every month.`,
    body: (w) =>
      `## Play\n\n${venueList(w)}\n\n## Stay\n\nHotels near the venues offer team blocks most weekends of the year.\n\n## Eat\n\nLocal restaurants feed teams fast; ask about **team menus**.`,
    tags: ["destinations", "travel"],
  },
  {
    category: "Planning tips",
    title: (w) => `Planning a ${w.teams}-team ${w.sport} event: a checklist`,
    summary: () => "Venues, hotels, schedules and volunteers: the order to book them in.",
    body: (w) =>
      `1. **Dates first.** Hold the venues before anything else.\n2. **Courts and fields.** ${w.teams} teams need about ${w.courts} courts for a two-day event.\n3. **Hotels.** Open a block as soon as the venues are held.\n4. **Volunteers.** One per court per shift.\n\nDestinations like [${w.destination.name}](/destinations/${w.destination.id}) help with all four.`,
    tags: ["planning", "checklist"],
  },
  {
    category: "Organizer stories",
    title: (w) =>
      `Why ${w.organization?.name ?? "our club"} keeps coming back to ${w.destination.city}`,
    summary: (w) =>
      `An organizer's view of ${w.destination.city}: the venues, the people and the numbers.`,
    body: (w) =>
      `We have run our ${w.sport} championships in ${w.destination.city} for years now.\n\n*The short version:* the venues are close together, the hotels know us, and the visitors bureau answers the phone.\n\n${venueList(w)}`,
    tags: ["organizers", "tournaments"],
  },
];

export function addStories(b: TBuilder, owned: ReadonlySet<string>): void {
  const r: TRandom = b.root.fork("stories");
  const count = Math.max(6, Math.round(SCALE_ONE * b.input.scale));
  const listed = (kind: string) =>
    b.network.profiles.filter((p) => p.kind === kind && p.status === "approved" && p.isActive);
  const destinations = listed("destination");
  const facilities = listed("facility");
  const organizations = listed("organization");
  if (destinations.length === 0) return;
  const facilitiesOf = new Map<string, string[]>();
  for (const link of b.network.facilityDestinations) {
    facilitiesOf.set(link.destinationId, [
      ...(facilitiesOf.get(link.destinationId) ?? []),
      link.facilityId,
    ]);
  }
  const facilityById = new Map(facilities.map((f) => [f.id, f]));
  const demoDestination = destinations.find((d) => owned.has(d.id));
  const slugs = new Set<string>();
  for (let i = 0; i < count; i++) {
    // The demo destination account's three come last: published, waiting, draft.
    const byDemo = demoDestination !== undefined && i >= count - 3;
    const destination = byDemo ? demoDestination : r.pick(destinations);
    const near = (facilitiesOf.get(destination.id) ?? []).flatMap((id) => {
      const f = facilityById.get(id);
      return f ? [f] : [];
    });
    const words: TWords = {
      destination,
      facilities: r.sample(near.length ? near : facilities, Math.min(3, near.length || 2)),
      organization: organizations.length ? r.pick(organizations) : null,
      teams: r.pick([120, 240, 400, 600, 850]),
      courts: r.pick([8, 10, 12, 16, 24]),
      sport: r.pick(SPORTS),
      region: r.pick(REGIONS),
    };
    const plot = PLOTS[i % PLOTS.length]!;
    const title = plot.title(words);
    const base = slugify(title, "story");
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const status = !byDemo
      ? "approved"
      : (["approved", "pending", "draft"] as const)[i - (count - 3)]!;
    const created = new Date(b.todayMs - r.int(3, 365) * DAY_MS);
    const body = plot.body(words);
    const categories = [
      plot.category,
      ...(r.chance(0.3) ? [r.pick(STORY_CATEGORIES.filter((c) => c !== plot.category))] : []),
    ];
    const id = r.uuid();
    const author = byDemo ? DEMO_USERS.destination.id : DEMO_USERS.admin.id;
    b.network.stories.push({
      id,
      slug,
      title,
      summary: plot.summary(words),
      coverImage: destination.headerImage ?? null,
      body,
      bodyHtml: renderStoryBody(body),
      categories,
      tags: [...plot.tags, words.sport],
      status,
      authorId: author,
      approvedBy: status === "approved" ? DEMO_USERS.admin.id : null,
      publishedDate: status === "approved" ? new Date(created.getTime() + DAY_MS) : null,
      createdDate: created,
      updatedDate: new Date(created.getTime() + DAY_MS),
    });
    const about = [
      destination,
      ...words.facilities,
      ...(plot.category === "Organizer stories" && words.organization ? [words.organization] : []),
    ];
    for (const [position, listing] of [
      ...new Map(about.map((l) => [l.id, l])).values(),
    ].entries()) {
      b.network.storyListings.push({ storyId: id, profileId: listing.id, position });
    }
  }
}
