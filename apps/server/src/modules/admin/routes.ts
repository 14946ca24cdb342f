// Site operations for admins (issue "Web: admin"): the maintenance switch behind /status.json,
// the mail outbox of the embedded default, and the background jobs (counts per queue, the last
// failures, and running a failed job again).
import {
  ZJobRef,
  ZJobsOverview,
  ZMail,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { notFound } from "../../platform/http/errors";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { zFlagQuery } from "../../platform/http/schemas";
import { listOutbox } from "../../platform/mail/repository";
import { setMaintenanceMode } from "../status";

/** Failures an admin sees at once: the newest. */
const FAILURES_SHOWN = 50;

export async function adminRoutes(app: FastifyInstance) {
  const add = routesOf(app, ["admin"]);
  add({
    method: "PUT",
    url: "/api/admin/status",
    summary: "Switch maintenance mode on or off (shown by /status.json at once)",
    access: access.admin,
    query: zFlagQuery("maintenanceMode"),
    response: zDataEnvelope(z.object({ maintenanceMode: z.boolean() })),
    handler: async (request) => {
      const status = await setMaintenanceMode(
        app.db,
        request.query.maintenanceMode,
        principalOf(request).userId,
      );
      return envelope({ maintenanceMode: status.maintenanceMode });
    },
  });
  add({
    method: "GET",
    url: "/api/admin/mail",
    summary: "The mail the server sent (or keeps in its outbox), newest first",
    access: access.admin,
    query: ZPagedQuery,
    response: zListEnvelope(ZMail),
    handler: async (request) => {
      const page = await listOutbox(app.db, toWindow(request.query));
      return listEnvelope(
        page.rows.map((m) => ({
          ...m,
          createdDate: m.createdDate.toISOString(),
          sentDate: m.sentDate ? m.sentDate.toISOString() : null,
        })),
        page.count,
      );
    },
  });
  add({
    method: "GET",
    url: "/api/admin/jobs",
    summary: "The background job queues: jobs per state in each, and the newest failures",
    access: access.admin,
    response: zDataEnvelope(ZJobsOverview),
    handler: async () => {
      const [queues, failures] = await Promise.all([
        app.jobs.counts(),
        app.jobs.failures(FAILURES_SHOWN),
      ]);
      return envelope({ queues, failures });
    },
  });
  add({
    method: "POST",
    url: "/api/admin/jobs/:queue/:id/retry",
    summary: "Runs a failed job again (404 when that queue has no such failed job)",
    access: access.admin,
    params: ZJobRef,
    response: zDataEnvelope(ZJobRef),
    handler: async (request) => {
      const { queue, id } = request.params;
      if (!(await app.jobs.retry(queue, id))) throw notFound("The failed job");
      return envelope({ queue, id });
    },
  });
}
