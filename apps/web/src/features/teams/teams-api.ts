// The hotel service's calls for an event's teams (contracts/teams.ts): the organizers' list with
// its counts and the stay-to-play rule, adding, changing and deleting a team, the CSV upload, a
// new booking link for a team (the old one stops working) and the reminder to the teams that have
// not booked. What a team's booking link shows is the guests' call (stays: getTeamBooking).
import {
  type TTeam,
  type TTeamInput,
  type TTeamsImportResult,
  type TTeamsOverview,
  type TTeamsReminded,
  ZTeam,
  ZTeamsImportResult,
  ZTeamsOverview,
  ZTeamsReminded,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { apiDelete, apiFetch, apiGet, apiPost, apiPut } from "../../lib/api";

const enc = encodeURIComponent;
const HOTELS_API = "/hotel-mgmt/api/hotels";

export const teamsKeys = {
  all: ["teams"] as const,
  overview: (eventId: string) => ["teams", "overview", eventId] as const,
};

const teamsUrl = (eventId: string, rest = "") =>
  `${HOTELS_API}/events/${enc(eventId)}/teams${rest}`;

export function getTeams(eventId: string, signal?: AbortSignal): Promise<TTeamsOverview> {
  return apiGet(teamsUrl(eventId), { schema: ZTeamsOverview, signal });
}

export function createTeam(eventId: string, input: TTeamInput): Promise<TTeam> {
  return apiPost(teamsUrl(eventId), input, { schema: ZTeam });
}

/** `PATCH {data: partial}` (not a JSON Patch): the fields given change, the rest stay. */
export async function updateTeam(
  eventId: string,
  teamId: string,
  change: Partial<TTeamInput>,
): Promise<TTeam> {
  const reply = await apiFetch(
    "PATCH",
    teamsUrl(eventId, `/${enc(teamId)}`),
    { data: change },
    { schema: zDataEnvelope(ZTeam) },
  );
  return reply.data;
}

export function deleteTeam(eventId: string, teamId: string): Promise<unknown> {
  return apiDelete(teamsUrl(eventId, `/${enc(teamId)}`), { emptyBody: true });
}

/** All or nothing: a bad row answers 400 TEAMS_CSV_INVALID, its message naming the line. */
export function importTeams(eventId: string, csv: string): Promise<TTeamsImportResult> {
  return apiPost(teamsUrl(eventId, "/import"), { csv }, { schema: ZTeamsImportResult });
}

export function setStayToPlay(eventId: string, required: boolean): Promise<TTeamsOverview> {
  return apiPut(teamsUrl(eventId, "/stay-to-play"), { required }, { schema: ZTeamsOverview });
}

/** A new booking link for the team (in the team answered); the old one stops working. */
export function revokeTeamLink(eventId: string, teamId: string): Promise<TTeam> {
  return apiPut(teamsUrl(eventId, `/${enc(teamId)}/revoke-link`), undefined, { schema: ZTeam });
}

export function remindTeams(eventId: string): Promise<TTeamsReminded> {
  return apiPost(teamsUrl(eventId, "/remind"), undefined, { schema: ZTeamsReminded });
}
