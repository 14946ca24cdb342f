// Who reads a listing's reports: its owners and managers (those who may edit it) and admins; an
// organization's only under the caller's spec §4 stats gate (showOrganizationStats: an active
// destination, facility or business membership; admins pass). Visitors get 401, a listing hidden
// from the caller 404, anyone else 403. A story's report: its author and admins (the stories
// module says who that is). Routes ask here; nothing else decides.
import type { TTrackedKind } from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import { flagsOfMemberships } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, forbidden, unauthorized } from "../../platform/http/errors";
import type { TReportsContext } from "./context";
import type { TSubject } from "./dashboards";

/** The spec §4 flag: any active destination, facility (not Bronze) or business membership. */
export async function showsOrganizationStats(
  ctx: Pick<TReportsContext, "profiles">,
  principal: TPrincipal,
): Promise<boolean> {
  if (principal.isAdmin) return true;
  const ids = await ctx.profiles.memberProfileIds(principal.userId);
  // Only listed listings carry a membership (as the RFP marketplace reads them).
  const of = async (kind: "destination" | "facility" | "business") =>
    [...(await ctx.profiles.profilesByIds(kind, ids, { listedOnly: true })).values()].map((p) => ({
      kind,
      isActive: p.isActive,
      tier: p.tier as TTier | null,
    }));
  const memberships = await Promise.all([of("destination"), of("facility"), of("business")]);
  return flagsOfMemberships(memberships.flat()).showOrganizationStats;
}

/** The listing whose reports the caller may read, or the refusal (401, 404, 403). */
export async function requireReportReader(
  ctx: Pick<TReportsContext, "profiles" | "stories">,
  kind: TTrackedKind,
  id: string,
  principal: TPrincipal | null,
): Promise<TSubject> {
  if (!principal) throw unauthorized();
  if (kind === "story") {
    const story = await ctx.stories.reportSubject(id, principal);
    return { id: story.id, kind, name: story.name, lat: null, lng: null };
  }
  const { profile, abilities } = await ctx.profiles.accessProfile(kind, id, principal);
  if (!abilities.includes("profile.update")) {
    throw forbidden("Only the listing's owners and managers read its reports.");
  }
  if (kind === "organization" && !(await showsOrganizationStats(ctx, principal))) {
    throw new AppError(
      "ORGANIZATION_STATS_LOCKED",
      403,
      "Organization reports come with an active destination, facility or business membership.",
    );
  }
  return { id: profile.id, kind, name: profile.name, lat: profile.lat, lng: profile.lng };
}
