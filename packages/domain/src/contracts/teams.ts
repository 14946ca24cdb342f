// Teams of an event and their hotel stays (under the hotel service, /hotel-mgmt/api): the event's
// organizers type teams in or upload them as CSV, each with a contact and the rooms it needs; each
// team has a booking link (a capability URL, revocable) through which its manager sees the event's
// blocks without an account and books into them; the organizers see, per team, what it booked in
// the event's blocks (stay-to-play) and remind by mail the teams that have not booked.
import { z } from "zod";
import { ZEmail, ZId, ZImageRef, ZIsoDate, ZIsoDateTime } from "./common";

/** Most teams one event has (typed in and uploaded together). */
export const TEAMS_MAX = 500;
/** Most rooms one team asks for. */
export const TEAM_ROOMS_MAX = 500;
/** The largest CSV upload of teams, in characters. */
export const TEAMS_CSV_MAX_CHARS = 256 * 1024;
/** A team is reminded at most once in this many hours. */
export const TEAM_REMINDER_HOURS = 24;

/** A team as the organizer types it (`POST /hotels/events/{eventId}/teams`). */
export const ZTeamInput = z.object({
  name: z.string().trim().min(1).max(200),
  contactName: z.string().trim().min(1).max(200),
  contactEmail: ZEmail,
  contactPhone: z.string().trim().max(40).nullable().optional(),
  roomsNeeded: z.number().int().min(1).max(TEAM_ROOMS_MAX),
});
export type TTeamInput = z.infer<typeof ZTeamInput>;

/**
 * Where a team stands: Booked when its busiest night in the event's blocks has the rooms it
 * needs, Partly booked with fewer, Not booked with none.
 */
export const TEAM_BOOKING_STATUSES = ["Booked", "Partly booked", "Not booked"] as const;
export type TTeamBookingStatus = (typeof TEAM_BOOKING_STATUSES)[number];

/** A team with its stays, as the event's organizers see it. */
export const ZTeam = z.object({
  id: ZId,
  eventId: ZId,
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  roomsNeeded: z.number().int(),
  /** The team's booking link, `/team-booking/{token}`: whoever holds it sees this team's page. */
  bookingPath: z.string(),
  /** Confirmed reservations the team made in the event's blocks. */
  reservations: z.number().int(),
  /** Rooms booked on the team's busiest night in the event's blocks. */
  roomsBooked: z.number().int(),
  /** Room nights booked in the event's blocks. */
  roomNights: z.number().int(),
  /** Room nights the team booked for the event outside its blocks (what stay-to-play forbids). */
  outsideRoomNights: z.number().int(),
  status: z.enum(TEAM_BOOKING_STATUSES),
  remindedDate: ZIsoDateTime.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TTeam = z.infer<typeof ZTeam>;

/** `GET /hotels/events/{eventId}/teams`: the event's teams, by name, and the stay-to-play rule. */
export const ZTeamsOverview = z.object({
  eventId: ZId,
  /** Every team must book within the event's blocks (the team links offer nothing else). */
  stayToPlay: z.boolean(),
  teams: z.array(ZTeam),
  counts: z.object({
    teams: z.number().int(),
    booked: z.number().int(),
    partlyBooked: z.number().int(),
    notBooked: z.number().int(),
  }),
});
export type TTeamsOverview = z.infer<typeof ZTeamsOverview>;

/** Body of `PUT /hotels/events/{eventId}/teams/stay-to-play`. */
export const ZStayToPlay = z.object({ required: z.boolean() });

/**
 * Body of `POST /hotels/events/{eventId}/teams/import`: CSV text with a header row naming the
 * columns `name`, `contact name`, `contact email`, `contact phone` (optional) and `rooms`. A row
 * whose name is already a team's changes that team; the others are added. All or nothing: any bad
 * row answers 400 TEAMS_CSV_INVALID with its line (details.line, details.column).
 */
export const ZTeamsImport = z.object({ csv: z.string().min(1).max(TEAMS_CSV_MAX_CHARS) });
export const ZTeamsImportResult = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  overview: ZTeamsOverview,
});
export type TTeamsImportResult = z.infer<typeof ZTeamsImportResult>;

/** `POST /hotels/events/{eventId}/teams/remind`: who was mailed, and who was mailed too lately. */
export const ZTeamsReminded = z.object({
  reminded: z.number().int(),
  /** Teams not yet booked that were reminded within TEAM_REMINDER_HOURS, so not again. */
  skipped: z.number().int(),
});
export type TTeamsReminded = z.infer<typeof ZTeamsReminded>;

/**
 * `GET /hotels/team-links/{token}`: what a team's link shows, with no account: the event, the team
 * (its name and needs, nothing of any other team) and the event's accepted blocks still open.
 */
export const ZTeamBooking = z.object({
  event: z.object({ id: ZId, name: z.string(), startDate: ZIsoDate, endDate: ZIsoDate }),
  team: z.object({
    name: z.string(),
    roomsNeeded: z.number().int(),
    roomsBooked: z.number().int(),
  }),
  stayToPlay: z.boolean(),
  blocks: z.array(
    z.object({
      id: ZId,
      hotel: z.object({ id: ZId, name: z.string(), logo: ZImageRef.nullable() }),
      cutoffDate: ZIsoDate,
      minNights: z.number().int(),
      nights: z.array(
        z.object({
          night: ZIsoDate,
          roomTypeId: ZId,
          roomTypeName: z.string(),
          rate: z.number(),
          roomsLeft: z.number().int(),
        }),
      ),
    }),
  ),
});
export type TTeamBooking = z.infer<typeof ZTeamBooking>;
