// POST /track: the browser's batches of views, impressions and clicks. (Filled in by the recording work.)
import type { FastifyInstance } from "fastify";
import type { TPlatform } from "../../platform/module";
import type { TReportsContext } from "./context";

export async function trackingRoutes(
  _app: FastifyInstance,
  _options: { ctx: TReportsContext; platform: TPlatform },
) {}
