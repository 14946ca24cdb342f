// Content of the landing pages: per-state landing entries and the marketplace sport categories.
import type { TAgeGroup } from "./events";
import type { TSportName } from "./sports";
import type { TStateName } from "./states";

/** How many featured states the landing page shows at once. */
export const FEATURED_STATE_COUNT = 2;

export type TLandingStateEntry = {
  readonly name: TStateName;
  readonly headerImage: string;
  readonly iconImage: string;
  readonly featured: boolean;
  /** A link to a video; data only, never fetched by this package. */
  readonly featuredVideo?: string;
};

function images(slug: string): { headerImage: string; iconImage: string } {
  return { headerImage: `/states/${slug}-header.jpg`, iconImage: `/states/${slug}-icon.png` };
}

// The spec calls this list "13 states" in one place but names 14; all 14 named ones are kept.
export const LANDING_STATES = [
  {
    name: "Alabama",
    ...images("alabama"),
    featured: true,
    featuredVideo: "https://videos.hostfield.app/states/alabama.mp4",
  },
  { name: "Arizona", ...images("arizona"), featured: false },
  {
    name: "Indiana",
    ...images("indiana"),
    featured: true,
    featuredVideo: "https://videos.hostfield.app/states/indiana.mp4",
  },
  { name: "Maine", ...images("maine"), featured: false },
  { name: "Maryland", ...images("maryland"), featured: false },
  { name: "Michigan", ...images("michigan"), featured: true },
  { name: "Minnesota", ...images("minnesota"), featured: true },
  {
    name: "New York",
    ...images("new-york"),
    featured: true,
    featuredVideo: "https://videos.hostfield.app/states/new-york.mp4",
  },
  { name: "South Carolina", ...images("south-carolina"), featured: true },
  { name: "Tennessee", ...images("tennessee"), featured: false },
  { name: "Kentucky", ...images("kentucky"), featured: false },
  { name: "Pennsylvania", ...images("pennsylvania"), featured: true },
  { name: "Delaware", ...images("delaware"), featured: true },
  { name: "Louisiana", ...images("louisiana"), featured: true },
] as const satisfies readonly TLandingStateEntry[];

export type TMarketplaceCategoryEntry = {
  readonly name: string;
  readonly sports: readonly TSportName[];
  readonly headerImage: string;
  readonly featured: boolean;
  readonly ageGroup?: TAgeGroup;
};

const YOUTH_SPORTS = [
  "Basketball",
  "Baseball",
  "Contact Football",
  "Non-Contact Football",
  "Ice Hockey",
  "Soccer",
  "Softball",
  "Volleyball",
  "Lacrosse",
] as const satisfies readonly TSportName[];

export const MARKETPLACE_CATEGORIES = [
  {
    name: "Basketball",
    sports: ["Basketball"],
    headerImage: "/categories/basketball.jpg",
    featured: true,
  },
  {
    name: "Baseball",
    sports: ["Baseball"],
    headerImage: "/categories/baseball.jpg",
    featured: true,
  },
  {
    name: "Football",
    sports: ["Contact Football", "Non-Contact Football"],
    headerImage: "/categories/football.jpg",
    featured: true,
  },
  {
    name: "Ice Hockey",
    sports: ["Ice Hockey"],
    headerImage: "/categories/ice-hockey.jpg",
    featured: true,
  },
  { name: "Soccer", sports: ["Soccer"], headerImage: "/categories/soccer.jpg", featured: true },
  {
    name: "Softball",
    sports: ["Softball"],
    headerImage: "/categories/softball.jpg",
    featured: true,
  },
  {
    name: "Volleyball",
    sports: ["Volleyball"],
    headerImage: "/categories/volleyball.jpg",
    featured: true,
  },
  {
    name: "Lacrosse",
    sports: ["Lacrosse"],
    headerImage: "/categories/lacrosse.jpg",
    featured: true,
  },
  { name: "Esports", sports: ["Esports"], headerImage: "/categories/esports.jpg", featured: false },
  {
    name: "Cheerleading",
    sports: ["Cheerleading"],
    headerImage: "/categories/cheerleading.jpg",
    featured: false,
  },
  {
    name: "Youth Sports",
    sports: YOUTH_SPORTS,
    headerImage: "/categories/youth-sports.jpg",
    featured: false,
    ageGroup: "Youth",
  },
] as const satisfies readonly TMarketplaceCategoryEntry[];

export type TMarketplaceCategoryName = (typeof MARKETPLACE_CATEGORIES)[number]["name"];

/** A landing state's address segment: its name in lower case, words joined by "-" (/states/new-york). */
export const landingStateSlug = (name: string) => name.toLowerCase().replace(/\s+/g, "-");

/** The landing state at `slug`, or undefined for a state without landing content. */
export function landingStateBySlug(slug: string): TLandingStateEntry | undefined {
  return LANDING_STATES.find((state) => landingStateSlug(state.name) === slug);
}
