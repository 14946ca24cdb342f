// Site operations for admins (issue "Web: admin"): the maintenance switch behind /status.json and
// the mail outbox of the embedded default.
import { zDataEnvelope, zListEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { zFlagQuery } from "../../platform/http/schemas";
import { listOutbox } from "../../platform/mail/repository";
import { setMaintenanceMode } from "../status";

const ZMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.enum(["outbox", "smtp"]),
  createdDate: z.iso.datetime({ offset: true }),
  sentDate: z.iso.datetime({ offset: true }).nullable(),
  error: z.string().nullable(),
});

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
}
