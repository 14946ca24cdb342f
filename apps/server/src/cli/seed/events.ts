// The demo events: each run by an organization, in its sports, on dates after today.
import {
  EVENT_CATEGORY_MARKETED,
  findSport,
  type TAgeGroup,
  type TCompetitionLevel,
  type TEventType,
  type TFacilityType,
  type TSportName,
} from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import type { eventDetails as eventDetailsTable } from "../../modules/events/schema";
import { pointNear, stateOf } from "./addresses";
import { addProfile, addSports, type TBuilder, themeOfSport } from "./builder";
import type { TProfileRow } from "./network";
import type { TEventOrganization } from "./organizations";
import { pickWeighted, type TRandom } from "./random";
import { eventDescription, eventName } from "./text";
import { FACILITY_PROFILES, PREFIXES } from "./vocabulary";

type TEventDetailsRow = typeof eventDetailsTable.$inferInsert;
type TSportSpace = NonNullable<ReturnType<typeof findSport>>["spaceType"];

/** Event ids by the id of the organization that runs them, in the order they were made. */
export type TEventsByOrganization = ReadonlyMap<string, readonly string[]>;

const RACE_SPORTS = new Set<TSportName>([
  "Running",
  "Trail Running",
  "Triathlon",
  "Cycling",
  "Mountain Biking",
  "Open Water Swimming",
  "Rowing",
  "Dragon Boat Racing",
  "Cross Country",
  "Obstacle Course Racing",
]);

const NON_SPORT_EVENTS = new Set<TEventType>([
  "Expo",
  "Conference",
  "Networking",
  "Webinar",
  "Virtual Events",
  "Trade Show",
  "Corporate Meeting",
  "Concert",
]);

const EVENT_TYPE_WEIGHTS: readonly (readonly [TEventType, number])[] = [
  ["Tournament", 40],
  ["Championship", 8],
  ["Camp", 9],
  ["Clinic", 5],
  ["Showcase", 6],
  ["League", 5],
  ["Tryout", 3],
  ["Game", 3],
  ["Competition", 6],
  ["Practice", 1],
  ["Personal Training", 1],
  ["Expo", 1],
  ["Conference", 1],
  ["Networking", 1],
  ["Webinar", 0.5],
  ["Virtual Events", 0.5],
  ["Trade Show", 0.5],
  ["Corporate Meeting", 0.3],
  ["Concert", 0.2],
  ["Other", 1],
];

const AGE_GROUP_WEIGHTS: readonly (readonly [TAgeGroup, number])[] = [
  ["Youth", 35],
  ["High School", 15],
  ["Youth & High School", 15],
  ["All Ages", 12],
  ["Adult", 15],
  ["College", 8],
];
const LEVEL_WEIGHTS: readonly (readonly [TCompetitionLevel, number])[] = [
  ["Amateur", 70],
  ["Collegiate", 15],
  ["Semi-Professional", 10],
  ["Professional", 5],
];

export function addEvents(
  b: TBuilder,
  organizations: readonly TEventOrganization[],
): TEventsByOrganization {
  const r = b.root.fork("events");
  const facilityTypesBySport = new Map<TSportName, TFacilityType[]>();
  for (const p of FACILITY_PROFILES) {
    for (const sport of p.sports) {
      const list = facilityTypesBySport.get(sport) ?? [];
      list.push(p.type);
      facilityTypesBySport.set(sport, list);
    }
  }
  const eventsByOrganization = new Map<string, string[]>();
  for (let i = 0; i < b.counts.event; i++) {
    const organization = r.pick(organizations);
    const id = addEvent(b, r, organization, facilityTypesBySport);
    const list = eventsByOrganization.get(organization.row.id) ?? [];
    list.push(id);
    eventsByOrganization.set(organization.row.id, list);
  }
  return eventsByOrganization;
}

function addEvent(
  b: TBuilder,
  r: TRandom,
  organization: TEventOrganization,
  facilityTypesBySport: ReadonlyMap<TSportName, readonly TFacilityType[]>,
): string {
  const sports = r.chance(0.8) ? [organization.sports[0]!] : organization.sports.slice(0, 2);
  const main = sports[0]!;
  const city = r.chance(0.45) ? organization.city : b.pickCity(r);
  const type = eventType(r, main);
  const { startDate, endDate } = eventDates(r, b.input.today, type);
  const stateName = stateOf(city).name;
  const name = eventName(r, {
    type,
    sport: main,
    city: city.name,
    stateName,
    region: stateOf(city).region,
    prefix: r.pick(PREFIXES),
    nickname: organization.nickname,
    startDate,
  });
  const point = pointNear(r, city);
  const row = addProfile(b, r, { kind: "event", name, city, point, theme: themeOfSport(main) });
  const preset = findSport(main)!.spaceType;
  const facilityTypes = facilityTypesBySport.get(main) ?? ["Sports Complex"];
  b.network.eventDetails.push(
    eventDetails(r, { row, organization, type, startDate, endDate, preset, facilityTypes }),
  );
  addSports(b, row, sports);
  b.network.profileSpaceTypes.push({
    profileId: row.id,
    name: preset.name,
    location: preset.location,
    surface: preset.surface,
    count: preset.count,
    additionalFeatures: [],
  });
  row.description = eventDescription(r, { name, type, city: city.name, stateName, sports });
  return row.id;
}

/** The event's details; for adults or youth, for teams or one by one, marketed or not. */
function eventDetails(
  r: TRandom,
  event: {
    row: TProfileRow;
    organization: TEventOrganization;
    type: TEventType;
    startDate: string;
    endDate: string;
    preset: TSportSpace;
    facilityTypes: readonly TFacilityType[];
  },
): TEventDetailsRow {
  const { row, type, preset } = event;
  // Meetings, shows and concerts are for adults and have no competition level.
  const competitive = !NON_SPORT_EVENTS.has(type);
  const ageGroup = competitive
    ? pickWeighted(r, AGE_GROUP_WEIGHTS)
    : r.pick(["Adult", "All Ages"] as const);
  const youth =
    ageGroup === "Youth" || ageGroup === "High School" || ageGroup === "Youth & High School";
  const teamEvent = type === "Tournament" || type === "League" || type === "Championship";
  const marketed = r.chance(0.2);
  return {
    profileId: row.id,
    type,
    startDate: event.startDate,
    endDate: event.endDate,
    hasFlexibleDates: r.chance(0.05),
    hotelLink: marketed && r.chance(0.5) ? `https://hotels.example/${row.slug}` : null,
    category: marketed ? EVENT_CATEGORY_MARKETED : null,
    ageGroup,
    eventLevel: !competitive ? null : youth ? "Amateur" : pickWeighted(r, LEVEL_WEIGHTS),
    individualCost: teamEvent ? null : r.int(1, 16) * 25,
    teamCost: teamEvent ? r.int(12, 60) * 25 : null,
    facilityTypes: [r.pick(event.facilityTypes)],
    spaceName: preset.name,
    location: preset.location,
    surface: preset.surface,
    organizationId: event.organization.row.id,
    isClosed: r.chance(0.03),
  };
}

/** Races for race sports; otherwise mostly tournaments, then the rest by how common they are. */
function eventType(r: TRandom, sport: TSportName): TEventType {
  return RACE_SPORTS.has(sport)
    ? pickWeighted(r, [
        ["Race", 70],
        ["Championship", 20],
        ["Camp", 10],
      ])
    : pickWeighted(r, EVENT_TYPE_WEIGHTS);
}

/** A start within 18 months (competitions on a weekend) and a length that suits the type. */
function eventDates(
  r: TRandom,
  today: string,
  type: TEventType,
): { startDate: string; endDate: string } {
  let startDate = addDays(today, r.int(3, 548));
  let days = 1;
  if (["Tournament", "Championship", "Showcase", "Competition", "Race", "Game"].includes(type)) {
    // Weekend events: move to the Friday (multi-day) or Saturday (one day) of that week.
    days = type === "Race" || type === "Game" ? 1 : r.int(2, 3);
    const weekday = new Date(`${startDate}T00:00:00Z`).getUTCDay();
    const target = days > 1 ? 5 : 6;
    startDate = addDays(startDate, (target - weekday + 7) % 7);
  } else if (type === "Camp") days = r.int(3, 5);
  else if (type === "League") days = r.int(42, 84);
  else if (type === "Expo" || type === "Conference" || type === "Trade Show") days = r.int(2, 3);
  return { startDate, endDate: addDays(startDate, days - 1) };
}
