// The dashboard calls. (Filled in by the dashboards work.)
import type { FastifyInstance } from "fastify";
import type { TReportsContext } from "./context";

export async function dashboardRoutes(_app: FastifyInstance, _options: { ctx: TReportsContext }) {}
