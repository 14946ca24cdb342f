// A venue's calendar under its kind's service: `GET /facilities/{id}/availability` (anyone who may
// see the listing; notes for its managers), `POST` a range or weekly rule and `DELETE` one (its
// managers). The same three under /destinations.
import {
  ZAvailabilityCalendar,
  ZAvailabilityInput,
  ZAvailabilityQuery,
  ZAvailabilityRange,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import { KIND_API } from "@hostfield/domain/kinds";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { access, principalOf, type TPrincipal } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { forbidden, unauthorized } from "../../platform/http/errors";
import { routesOf, ZVersionQuery } from "../../platform/http/route-def";
import { ZDeletedReply, ZIdParams, zIdAndParams } from "../../platform/http/schemas";
import type { TProfilesServices } from "../../profiles";
import {
  addRanges,
  CALENDAR_KINDS,
  readCalendar,
  removeRange,
  type TAvailabilityContext,
  type TCalendarKind,
} from "./service";

export type TAvailabilityRoutesContext = TAvailabilityContext & { profiles: TProfilesServices };

type TOnListing = FastifyRequest & { params: { id: string }; principal: TPrincipal | null };

const ZRangeParams = zIdAndParams("rangeId");
const ZCalendarQuery = ZVersionQuery.extend(ZAvailabilityQuery.shape);

/** Whether the caller manages the listing (may edit it). 404 when it is hidden from them. */
async function manages(ctx: TAvailabilityRoutesContext, kind: TCalendarKind, request: TOnListing) {
  const { abilities } = await ctx.profiles.accessProfile(
    kind,
    request.params.id,
    request.principal,
  );
  return abilities.includes("profile.update");
}

export async function availabilityRoutes(
  app: FastifyInstance,
  options: { ctx: TAvailabilityRoutesContext },
): Promise<void> {
  const { ctx } = options;
  for (const kind of CALENDAR_KINDS) {
    const { service, path } = KIND_API[kind];
    const base = `/${service}/api/${path}/:id/availability`;
    const add = routesOf(app, [path]);
    const seen = access.policy<TOnListing>(
      `anyone, for a ${kind} they may see (listed, or one of their own)`,
      async (request) => {
        await ctx.profiles.accessProfile(kind, request.params.id, request.principal);
      },
    );
    const managers = access.policy<TOnListing>(
      `a manager of the ${kind} (someone who may edit it), or an admin`,
      async (request) => {
        if (!request.principal) throw unauthorized();
        if (!(await manages(ctx, kind, request))) {
          throw forbidden(`Only the ${kind}'s managers may change its calendar.`);
        }
      },
    );

    add({
      method: "GET",
      url: base,
      summary: `The ${kind}'s calendar in a window (from, to; today and 12 months by default, 400 days at most): booked, held and need dates, and whether it keeps one (not in the catalogue)`,
      access: seen,
      params: ZIdParams,
      query: ZCalendarQuery,
      response: zDataEnvelope(ZAvailabilityCalendar),
      handler: async (request) =>
        envelope(
          await readCalendar(
            ctx,
            request.params.id,
            request.query,
            await manages(ctx, kind, request),
          ),
        ),
    });

    add({
      method: "POST",
      url: base,
      summary: `Mark days on the ${kind}'s calendar: a range, or a weekly rule's days (repeat); 400 AVAILABILITY_TOO_LONG / AVAILABILITY_TOO_FAR / AVAILABILITY_TOO_MANY / SPACE_TYPE_UNKNOWN, 409 AVAILABILITY_OVERLAP (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      body: zDataBody(ZAvailabilityInput),
      status: 201,
      response: zListEnvelope(ZAvailabilityRange),
      handler: async (request) => {
        const made = await addRanges(
          ctx,
          kind,
          request.params.id,
          principalOf(request),
          request.body.data,
        );
        return listEnvelope(made, made.length);
      },
    });

    add({
      method: "DELETE",
      url: `${base}/:rangeId`,
      summary: `Remove a range from the ${kind}'s calendar (not in the catalogue)`,
      access: managers,
      params: ZRangeParams,
      response: ZDeletedReply,
      handler: async (request) => {
        await removeRange(ctx, request.params.id, request.params.rangeId);
        return envelope({ id: request.params.rangeId, deleted: true as const });
      },
    });
  }
}
