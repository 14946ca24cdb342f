// Test-only teams, team overviews and team booking pages in the contract shapes (each checked as
// it is built), and the world the teams handlers answer from: the Spring Hoops Classic's teams
// (the event of rooms/testing, whose page the section is on) and what each booking link shows.
import {
  type TTeam,
  type TTeamBooking,
  type TTeamsOverview,
  ZTeam,
  ZTeamBooking,
  ZTeamsOverview,
} from "@hostfield/domain/contracts";

/** The rooms tests' ids and event, spelled out (a feature's testing/ imports no other feature). */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const TEAMS_EVENT_ID = uuid(2);
const HARBOR_INN = { id: uuid(1), name: "Harbor Inn", logo: null };
const SPRING_CLASSIC = {
  id: TEAMS_EVENT_ID,
  name: "Spring Hoops Classic",
  startDate: "2026-04-10",
  endDate: "2026-04-12",
};
const T0 = "2026-02-01T09:00:00.000Z";
/** When the handlers remind a team: the rooms tests' "now". */
export const TEAMS_NOW = "2026-03-02T15:00:00.000Z";

let next = 7000;

/** A team of the Spring Hoops Classic: by default 8 rooms needed, none booked, never reminded. */
export function buildTeam(overrides: Partial<TTeam> & { name: string }): TTeam {
  const token = overrides.bookingPath?.split("/").pop() ?? `link-${next}`;
  return ZTeam.parse({
    id: uuid(next++),
    eventId: TEAMS_EVENT_ID,
    contactName: "Morgan Diaz",
    contactEmail: "morgan@example.com",
    contactPhone: null,
    roomsNeeded: 8,
    bookingPath: `/team-booking/${token}`,
    reservations: 0,
    roomsBooked: 0,
    roomNights: 0,
    outsideRoomNights: 0,
    status: "Not booked",
    remindedDate: null,
    createdDate: T0,
    updatedDate: T0,
    ...overrides,
  } satisfies TTeam);
}

/** The organizers' overview of `teams`, by name, with the counts they make. */
export function overviewOf(teams: readonly TTeam[], stayToPlay = false): TTeamsOverview {
  const count = (status: TTeam["status"]) => teams.filter((t) => t.status === status).length;
  return ZTeamsOverview.parse({
    eventId: TEAMS_EVENT_ID,
    stayToPlay,
    teams: [...teams].sort((a, b) => a.name.localeCompare(b.name)),
    counts: {
      teams: teams.length,
      booked: count("Booked"),
      partlyBooked: count("Partly booked"),
      notBooked: count("Not booked"),
    },
  } satisfies TTeamsOverview);
}

/** What a team's link shows: by default Harbor Inn's block of kings on Apr 10 and 11. */
export function buildTeamBooking(overrides: Partial<TTeamBooking> = {}): TTeamBooking {
  return ZTeamBooking.parse({
    event: SPRING_CLASSIC,
    team: { name: "Lakeside 14U", roomsNeeded: 8, roomsBooked: 0 },
    stayToPlay: true,
    blocks: [
      {
        id: uuid(next++),
        hotel: HARBOR_INN,
        cutoffDate: "2026-03-20",
        minNights: 2,
        nights: [
          {
            night: "2026-04-10",
            roomTypeId: uuid(4),
            roomTypeName: "King",
            rate: 139,
            roomsLeft: 12,
          },
          {
            night: "2026-04-11",
            roomTypeId: uuid(4),
            roomTypeName: "King",
            rate: 149,
            roomsLeft: 0,
          },
        ],
      },
    ],
    ...overrides,
  } satisfies TTeamBooking);
}

/** What the teams handlers answer from; handlers keep what they are sent. */
export type TTeamsWorld = {
  teams: TTeam[];
  stayToPlay: boolean;
  /** What each booking link token shows; a number is the error status it answers (404, 410). */
  links: Map<string, TTeamBooking | 404 | 410>;
};

export function teamsWorld(overrides: Partial<TTeamsWorld> = {}): TTeamsWorld {
  return { teams: [], stayToPlay: false, links: new Map(), ...overrides };
}
