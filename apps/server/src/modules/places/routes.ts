// GET /destinations/{id}/{facilities|hotels|events} (anyone who may read the destination) and
// GET /states/{state} (public), both under the destination service.
import {
  detailSchemaOfKind,
  ZStateLanding,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import { grantOf, keepGrant, type TProfilesServices } from "../../profiles";
import { destinationAround, stateLanding } from "./service";

const PREFIX = "/destination-mgmt/api";
const ZDestinationParams = z.object({ id: z.uuid() });
const ZStateParams = z.object({ state: z.string().min(1).max(80) });

export async function placeRoutes(
  app: FastifyInstance,
  options: { profiles: () => TProfilesServices },
) {
  const add = routesOf(app, ["places"]);
  /** The caller may read the destination; 404 otherwise (a pending one stays unsaid). */
  const readsDestination = access.policy<TRequestWithParams<{ id: string }>>(
    "'profile.read' on the destination",
    async (request) => {
      const granted = await options
        .profiles()
        .accessProfile("destination", request.params.id, request.principal);
      keepGrant(request, granted);
    },
  );
  const sections = [
    ["facilities", "facility", "Facilities listed under the destination, most liked first"],
    ["hotels", "hotel", `Hotels near the destination, nearest first`],
    ["events", "event", "Events near the destination not over yet, soonest first"],
  ] as const;
  for (const [section, kind, summary] of sections) {
    add({
      method: "GET",
      url: `${PREFIX}/destinations/:id/${section}`,
      summary,
      access: readsDestination,
      params: ZDestinationParams,
      query: ZPagedQuery,
      response: zListEnvelope(zProfile(detailSchemaOfKind(kind))),
      handler: async (request) => {
        const page = await app.reads.read(request, (db) =>
          destinationAround(
            options.profiles(),
            grantOf(request).profile,
            section,
            toWindow(request.query),
            db,
          ),
        );
        return listEnvelope(page.rows, page.count, page.capped);
      },
    });
  }
  add({
    method: "GET",
    url: `${PREFIX}/states/:state`,
    summary:
      "A state's landing page: the state, its top destinations and facilities, upcoming events",
    access: access.public,
    params: ZStateParams,
    response: zDataEnvelope(ZStateLanding),
    handler: async (request) =>
      envelope(
        await app.reads.read(request, (db) =>
          stateLanding(options.profiles(), request.params.state, db),
        ),
      ),
  });
}
