// Who may do what with a venue's calendar: anyone who may see the venue reads it; its managers (who
// may edit the listing) and admins change it and its sync; an export link's secret opens the export.
import type { FastifyRequest } from "fastify";
import { access, type TPrincipal } from "../../platform/http/access";
import { forbidden, unauthorized } from "../../platform/http/errors";
import type { TProfilesServices } from "../../profiles";
import type { TCalendarKind } from "./service";

export type TOnListing = FastifyRequest & { params: { id: string }; principal: TPrincipal | null };

/** Whether the caller manages the listing (may edit it). 404 when it is hidden from them. */
export async function manages(
  profiles: TProfilesServices,
  kind: TCalendarKind,
  request: TOnListing,
): Promise<boolean> {
  const { abilities } = await profiles.accessProfile(kind, request.params.id, request.principal);
  return abilities.includes("profile.update");
}

/** Anyone, for a venue they may see (listed, or one of their own). */
export const seenPolicy = (profiles: TProfilesServices, kind: TCalendarKind) =>
  access.policy<TOnListing>(
    `anyone, for a ${kind} they may see (listed, or one of their own)`,
    async (request) => {
      await profiles.accessProfile(kind, request.params.id, request.principal);
    },
  );

/** The venue's managers and admins: 401 signed out, 403 for others, 404 when it is hidden. */
export const managersPolicy = (profiles: TProfilesServices, kind: TCalendarKind) =>
  access.policy<TOnListing>(
    `a manager of the ${kind} (someone who may edit it), or an admin`,
    async (request) => {
      if (!request.principal) throw unauthorized();
      if (!(await manages(profiles, kind, request))) {
        throw forbidden(`Only the ${kind}'s managers may change its calendar.`);
      }
    },
  );
