// GET /api/client-config: what the web app learns of this deployment at run time: sign-in (issuer,
// client id, scope, audience), the map's basemap source (a PMTiles archive or a tile server, when
// configured) and the deployment's own site (where the help, contact and 'How it works' links go,
// and the support address; null: the web app's own pages).

import { zDataEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TConfig } from "../config";
import { access } from "../http/access";
import { envelope } from "../http/envelope";
import { addRoute } from "../http/route-def";
import { ZRequiredVersionQuery } from "../http/schemas";
import { OIDC_SCOPES } from "./provider";

export const ZClientConfig = z.object({
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    audience: z.string(),
  }),
  map: z.object({
    tileUrl: z.string().nullable(),
    pmtilesUrl: z.string().nullable(),
    attribution: z.string().nullable(),
  }),
  site: z.object({
    marketingUrl: z.string().nullable(),
    supportEmail: z.string().nullable(),
  }),
});

export function registerClientConfig(
  app: FastifyInstance,
  oidc: TConfig["oidc"],
  map: TConfig["map"],
  site: TConfig["site"],
): void {
  addRoute(app, ["auth"], {
    method: "GET",
    url: "/api/client-config",
    summary: "Run-time settings for the web app: sign-in, map tiles, the deployment's own site",
    access: access.public,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZClientConfig),
    handler: async () =>
      envelope({
        oidc: {
          authority: oidc.issuer,
          clientId: oidc.clientId,
          scope: OIDC_SCOPES.join(" "),
          audience: oidc.audience,
        },
        map,
        site,
      }),
  });
}
