// The hotel service's calls for an event's teams (under /hotel-mgmt/api, beside stayRoutes): the
// event's organizers (and admins) list, type in, upload, change and remove teams, set stay-to-play,
// replace a team's booking link and remind the teams not yet booked; a team's link itself is public
// (a capability URL: whoever holds it sees that team's page, nothing of any other team).
import {
  ZStayToPlay,
  ZTeam,
  ZTeamBooking,
  ZTeamInput,
  ZTeamsImport,
  ZTeamsImportResult,
  ZTeamsOverview,
  ZTeamsReminded,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf } from "../../platform/http/route-def";
import { ZDeletedReply } from "../../platform/http/schemas";
import type { TStaysContext } from "./context";
import { stayPolicies } from "./route-access";
import {
  createTeam,
  deleteTeam,
  importTeams,
  remindTeams,
  revokeTeamLink,
  setStayToPlay,
  teamBooking,
  teamsOverview,
  updateTeam,
} from "./teams";

const TAGS = ["hotel stays"];
const ZEventParams = z.object({ eventId: z.uuid() });
const ZTeamParams = z.object({ eventId: z.uuid(), teamId: z.uuid() });
const ZTokenParams = z.object({ token: z.string().min(1).max(1000) });
const ZOverviewOne = zDataEnvelope(ZTeamsOverview);
const ZTeamOne = zDataEnvelope(ZTeam);

export async function teamRoutes(app: FastifyInstance, options: { ctx: TStaysContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  const { eventOrganizer: organizer } = stayPolicies(ctx);

  add({
    method: "GET",
    url: "/hotels/events/:eventId/teams",
    summary:
      "The event's teams by name, each with its contact, rooms needed, booking link and what it booked in the event's blocks (reservations, rooms on its busiest night, room nights) and outside them; Booked, Partly booked or Not booked; and the stay-to-play rule (not in the catalogue)",
    access: organizer,
    params: ZEventParams,
    response: ZOverviewOne,
    handler: async (request) => envelope(await teamsOverview(ctx, request.params.eventId)),
  });
  add({
    method: "POST",
    url: "/hotels/events/:eventId/teams",
    summary: `Add a team (name, contact, rooms needed); 409 TEAM_NAME_TAKEN for a name the event has (without case), 409 TEAMS_TOO_MANY past the event's most (not in the catalogue)`,
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZTeamInput),
    status: 201,
    response: ZTeamOne,
    handler: async (request) =>
      envelope(
        await createTeam(
          ctx,
          request.params.eventId,
          principalOf(request).userId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "POST",
    url: "/hotels/events/:eventId/teams/import",
    summary:
      "Upload teams as CSV (header: name, contact name, contact email, contact phone, rooms): a name already a team's changes it, the others are added, all or nothing; 400 TEAMS_CSV_INVALID naming the line and column, 400 TEAMS_CSV_TOO_MANY (not in the catalogue)",
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZTeamsImport),
    response: zDataEnvelope(ZTeamsImportResult),
    handler: async (request) =>
      envelope(
        await importTeams(
          ctx,
          request.params.eventId,
          principalOf(request).userId,
          request.body.data.csv,
        ),
      ),
  });
  add({
    method: "PUT",
    url: "/hotels/events/:eventId/teams/stay-to-play",
    summary:
      "Require (or not) every team to book within the event's blocks; answers the teams' overview (not in the catalogue)",
    access: organizer,
    params: ZEventParams,
    body: zDataBody(ZStayToPlay),
    response: ZOverviewOne,
    handler: async (request) =>
      envelope(await setStayToPlay(ctx, request.params.eventId, request.body.data.required)),
  });
  add({
    method: "POST",
    url: "/hotels/events/:eventId/teams/remind",
    summary:
      "Mail the contact of each team not yet booked its booking link, once in 24 hours at most: how many were mailed and how many were reminded too lately (not in the catalogue)",
    access: organizer,
    params: ZEventParams,
    response: zDataEnvelope(ZTeamsReminded),
    handler: async (request) => envelope(await remindTeams(ctx, request.params.eventId)),
  });
  add({
    method: "PATCH",
    url: "/hotels/events/:eventId/teams/:teamId",
    summary:
      "Change a team (a rename reaches its reservations); 409 TEAM_NAME_TAKEN (not in the catalogue)",
    access: organizer,
    params: ZTeamParams,
    body: zDataBody(ZTeamInput.partial()),
    response: ZTeamOne,
    handler: async (request) =>
      envelope(
        await updateTeam(
          ctx,
          request.params.eventId,
          request.params.teamId,
          principalOf(request).userId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "DELETE",
    url: "/hotels/events/:eventId/teams/:teamId",
    summary:
      "Remove a team: its link stops working; its reservations stay, with its name (not in the catalogue)",
    access: organizer,
    params: ZTeamParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await deleteTeam(ctx, request.params.eventId, request.params.teamId);
      return envelope({ id: request.params.teamId, deleted: true as const });
    },
  });
  add({
    method: "PUT",
    url: "/hotels/events/:eventId/teams/:teamId/revoke-link",
    summary:
      "Replace the team's booking link: the old one answers 410 TEAM_LINK_REVOKED from now on (not in the catalogue)",
    access: organizer,
    params: ZTeamParams,
    response: ZTeamOne,
    handler: async (request) =>
      envelope(
        await revokeTeamLink(
          ctx,
          request.params.eventId,
          request.params.teamId,
          principalOf(request).userId,
        ),
      ),
  });
  add({
    method: "GET",
    url: "/hotels/team-links/:token",
    summary:
      "A team's booking page from its link, without an account: the event, the team's needs and bookings, stay-to-play, and the event's accepted blocks still open with each night's rate and rooms left; 404 TEAM_LINK_NOT_FOUND, 410 TEAM_LINK_REVOKED (not in the catalogue)",
    access: access.public,
    params: ZTokenParams,
    response: zDataEnvelope(ZTeamBooking),
    handler: async (request) => envelope(await teamBooking(ctx, request.params.token)),
  });
}
