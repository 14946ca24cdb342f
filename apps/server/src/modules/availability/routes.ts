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
import type { FastifyInstance } from "fastify";
import { principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { routesOf, ZVersionQuery } from "../../platform/http/route-def";
import { ZDeletedReply, ZIdParams, zIdAndParams } from "../../platform/http/schemas";
import type { TProfilesServices } from "../../profiles";
import { managersPolicy, manages, seenPolicy } from "./policy";
import {
  addRanges,
  CALENDAR_KINDS,
  readCalendar,
  removeRange,
  type TAvailabilityContext,
} from "./service";

export type TAvailabilityRoutesContext = TAvailabilityContext & { profiles: TProfilesServices };

const ZRangeParams = zIdAndParams("rangeId");
const ZCalendarQuery = ZVersionQuery.extend(ZAvailabilityQuery.shape);

export async function availabilityRoutes(
  app: FastifyInstance,
  options: { ctx: TAvailabilityRoutesContext },
): Promise<void> {
  const { ctx } = options;
  for (const kind of CALENDAR_KINDS) {
    const { service, path } = KIND_API[kind];
    const base = `/${service}/api/${path}/:id/availability`;
    const add = routesOf(app, [path]);
    const seen = seenPolicy(ctx.profiles, kind);
    const managers = managersPolicy(ctx.profiles, kind);

    add({
      method: "GET",
      url: base,
      summary: `The ${kind}'s calendar in a window (from, to; today and 12 months by default, 400 days at most): booked, held and need dates, whether it keeps one, and for its managers its sync with their booking system (not in the catalogue)`,
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
            await manages(ctx.profiles, kind, request),
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
