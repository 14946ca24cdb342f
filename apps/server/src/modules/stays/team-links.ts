// A team's booking link is a capability URL: `/team-booking/{teamId}_{version}_{signature}`, the
// signature ours (ctx.teamLinks, keyed for this one purpose) over the team and the link's version.
// Whoever holds it sees that team's page and books for it; a revoke moves the team's version on,
// so every link made before answers 410. A token we did not sign, or of a team that is gone, 404.
// No dot in it: the web server treats a path with an extension as a file, not as a page.
import { AppError } from "../../platform/http/errors";
import type { TStaysContext } from "./context";

/** The team's id, the link's version and the signature (base64url, which may hold `_` itself). */
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([1-9][0-9]{0,8})_([A-Za-z0-9_-]+)$/i;

export const teamLinkToken = (ctx: TStaysContext, teamId: string, version: number) =>
  `${teamId}_${version}_${ctx.teamLinks.sign(teamId, String(version))}`;

export const teamBookingPath = (ctx: TStaysContext, teamId: string, version: number) =>
  `/team-booking/${teamLinkToken(ctx, teamId, version)}`;

export const teamLinkNotFound = () =>
  new AppError("TEAM_LINK_NOT_FOUND", 404, "This team booking link was not found.");

export const teamLinkRevoked = () =>
  new AppError(
    "TEAM_LINK_REVOKED",
    410,
    "This team booking link was replaced by a new one: ask the event's organizers for it.",
  );

/** The team and version a token names, when we signed it; else 404 TEAM_LINK_NOT_FOUND. */
export function readTeamLink(
  ctx: TStaysContext,
  token: string,
): { teamId: string; version: number } {
  const [, teamId, version, signature] = TOKEN.exec(token) ?? [];
  if (!teamId || !version || !ctx.teamLinks.verify(signature, teamId, version)) {
    throw teamLinkNotFound();
  }
  return { teamId: teamId.toLowerCase(), version: Number(version) };
}

/** The team row's link still the one the token carries: 404 when the team is gone, 410 if revoked. */
export function requireCurrentLink<T extends { linkVersion: number }>(
  team: T | null | undefined,
  version: number,
): T {
  if (!team) throw teamLinkNotFound();
  if (team.linkVersion !== version) throw teamLinkRevoked();
  return team;
}
