// GET /api/client-config: what the web app needs to start: sign-in (issuer, client id, scope,
// audience) and the map's basemap source (a PMTiles archive or a tile server, when configured).

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
});

export function registerClientConfig(
  app: FastifyInstance,
  oidc: TConfig["oidc"],
  map: TConfig["map"],
): void {
  addRoute(app, ["auth"], {
    method: "GET",
    url: "/api/client-config",
    summary: "Sign-in settings for the web app",
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
      }),
  });
}
