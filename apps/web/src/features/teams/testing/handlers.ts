// Test-only MSW handlers for the teams calls, answering from a teams world (testing/data.ts): the
// overview (its counts made from the teams), adding a team (a name taken answers 409), changing
// and deleting one, stay-to-play, a new booking link, the reminder (every team not booked is
// reminded) and what a booking link shows. A CSV upload adds each row's team: a test says with
// server.use what the server refuses.
import {
  type TTeam,
  ZTeam,
  ZTeamBooking,
  ZTeamInput,
  ZTeamsImportResult,
  ZTeamsOverview,
  ZTeamsReminded,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply, deletedReply, errorReply } from "../../../test/msw";
import { buildTeam, overviewOf, TEAMS_NOW, type TTeamsWorld } from "./data";

export const TEAMS_HOTELS = "/hotel-mgmt/api/hotels";
export const teamsUrl = (eventId: string) => `${TEAMS_HOTELS}/events/${eventId}/teams`;
export const teamLinkUrl = (token: string) => `${TEAMS_HOTELS}/team-links/${token}`;

let serial = 1;

export function teamsHandlers(world: TTeamsWorld) {
  const base = `${TEAMS_HOTELS}/events/:eventId/teams`;
  const overview = () => overviewOf(world.teams, world.stayToPlay);
  const keep = (team: TTeam) => {
    world.teams = world.teams.map((t) => (t.id === team.id ? team : t));
    return dataReply(ZTeam, team);
  };
  const find = (id: unknown) => world.teams.find((t) => t.id === String(id));
  const notFound = () => errorReply(404, "NOT_FOUND", "The team was not found.");
  return [
    http.get(base, () => dataReply(ZTeamsOverview, overview())),
    http.post(`${base}/import`, async ({ request }) => {
      const { csv } = await dataOf<{ csv: string }>(request);
      const rows = csv
        .split(/\r?\n/)
        .slice(1)
        .filter((line) => line.trim() !== "");
      let added = 0;
      let changed = 0;
      for (const row of rows) {
        const [name = "", contactName = "", contactEmail = "", phone = "", rooms = "1"] =
          row.split(",");
        const fields = {
          contactName,
          contactEmail,
          contactPhone: phone || null,
          roomsNeeded: Number(rooms),
        };
        const same = world.teams.find((t) => t.name === name);
        if (same) {
          world.teams = world.teams.map((t) => (t === same ? { ...t, ...fields } : t));
          changed++;
        } else {
          world.teams = [...world.teams, buildTeam({ name, ...fields })];
          added++;
        }
      }
      return dataReply(ZTeamsImportResult, { added, changed, overview: overview() });
    }),
    http.put(`${base}/stay-to-play`, async ({ request }) => {
      world.stayToPlay = (await dataOf<{ required: boolean }>(request)).required;
      return dataReply(ZTeamsOverview, overview());
    }),
    http.post(`${base}/remind`, () => {
      const due = world.teams.filter((t) => t.status === "Not booked");
      world.teams = world.teams.map((t) =>
        due.includes(t) ? { ...t, remindedDate: TEAMS_NOW } : t,
      );
      return dataReply(ZTeamsReminded, { reminded: due.length, skipped: 0 });
    }),
    http.post(base, async ({ request }) => {
      const input = ZTeamInput.parse(await dataOf(request));
      if (world.teams.some((t) => t.name === input.name)) {
        return errorReply(409, "TEAM_NAME_TAKEN", `A team is already called ${input.name}.`);
      }
      const team = buildTeam({ ...input, contactPhone: input.contactPhone ?? null });
      world.teams = [...world.teams, team];
      return dataReply(ZTeam, team, { status: 201 });
    }),
    http.put(`${base}/:teamId/revoke-link`, ({ params }) => {
      const team = find(params.teamId);
      if (!team) return notFound();
      return keep({ ...team, bookingPath: `/team-booking/new-link-${serial++}` });
    }),
    http.patch(`${base}/:teamId`, async ({ params, request }) => {
      const team = find(params.teamId);
      if (!team) return notFound();
      return keep({ ...team, ...ZTeamInput.partial().parse(await dataOf(request)) } as TTeam);
    }),
    http.delete(`${base}/:teamId`, ({ params }) => {
      world.teams = world.teams.filter((t) => t.id !== String(params.teamId));
      return deletedReply(String(params.teamId));
    }),
    http.get(`${TEAMS_HOTELS}/team-links/:token`, ({ params }) => {
      const link = world.links.get(String(params.token));
      if (link === 410) {
        return errorReply(410, "TEAM_LINK_REVOKED", "This booking link was replaced.");
      }
      if (link === undefined || link === 404) {
        return errorReply(404, "TEAM_LINK_NOT_FOUND", "No team has this booking link.");
      }
      return dataReply(ZTeamBooking, link);
    }),
  ];
}
