// The notification calls of the user-management service: /users/{id}/notifications.
import {
  ZNotification,
  ZNotificationCreate,
  ZNotificationEditable,
  ZNotificationFilter,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { badRequest, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf } from "../../platform/http/route-def";
import { selfOrAdmin } from "../users/policy";
import * as notifications from "./service";

const ZId = z.object({ id: z.uuid() });
const ZItem = z.object({ id: z.uuid(), notificationId: z.uuid() });
const ZOne = zDataEnvelope(ZNotification);
const ZList = zListEnvelope(ZNotification);
const flagQuery = (name: string) =>
  z.object({
    "api-version": z.string().optional(),
    [name]: z.enum(["true", "false"]).transform((v) => v === "true"),
  });

export async function notificationRoutes(
  app: FastifyInstance,
  options: { ctx: notifications.TNotificationsContext },
) {
  const { ctx } = options;
  const add = routesOf(app, ["notifications"]);
  const base = "/users/:id/notifications";
  const ids = (request: FastifyRequest) => request.params as { id: string; notificationId: string };
  const page = async (request: FastifyRequest, filter: z.infer<typeof ZNotificationFilter>) => {
    const found = await notifications.listNotifications(
      ctx,
      ids(request).id,
      filter,
      toWindow(request.query as z.infer<typeof ZPagedQuery>),
    );
    return listEnvelope(found.rows.map(notifications.presentNotification), found.count);
  };

  add({
    method: "GET",
    url: base,
    summary: "My notifications, newest first",
    access: selfOrAdmin,
    params: ZId,
    query: ZPagedQuery,
    response: ZList,
    handler: (request) => page(request, {}),
  });
  add({
    method: "POST",
    url: `${base}/filtered`,
    summary: "My notifications by opened, archived or tags",
    access: selfOrAdmin,
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(ZNotificationFilter.optional()).optional(),
    response: ZList,
    handler: (request) =>
      page(request, (request.body as { data?: z.infer<typeof ZNotificationFilter> })?.data ?? {}),
  });
  add({
    method: "POST",
    url: base,
    summary: "Send a notification to this user (admins)",
    access: access.admin,
    params: ZId,
    body: zDataBody(ZNotificationCreate),
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const input = (request.body as { data: z.infer<typeof ZNotificationCreate> }).data;
      // Checked here: an unknown id would otherwise surface as a foreign-key refusal.
      if (!(await ctx.person(ids(request).id))) throw notFound("The user");
      const row = await notifications.notify(ctx, ids(request).id, {
        ...input,
        tags: input.tags ?? ["admin"],
      });
      return envelope(notifications.presentNotification(row));
    },
  });
  add({
    method: "GET",
    url: `${base}/:notificationId`,
    summary: "One notification",
    access: selfOrAdmin,
    params: ZItem,
    response: ZOne,
    handler: async (request) => {
      const { id, notificationId } = ids(request);
      return envelope(
        notifications.presentNotification(
          await notifications.getNotification(ctx, id, notificationId),
        ),
      );
    },
  });
  add({
    method: "PATCH",
    url: `${base}/:notificationId`,
    summary: "Mark opened or archived (JSON Patch of isOpened, isArchived)",
    access: selfOrAdmin,
    params: ZItem,
    body: ZPatchBody,
    response: ZOne,
    handler: async (request) => {
      const { id, notificationId } = ids(request);
      const current = await notifications.getNotification(ctx, id, notificationId);
      const next = ZNotificationEditable.strict().safeParse(
        applyJsonPatch(
          { isOpened: current.isOpened, isArchived: current.isArchived },
          request.body,
        ),
      );
      if (!next.success) {
        throw badRequest("VALIDATION_FAILED", "Only isOpened and isArchived change here.");
      }
      return envelope(
        notifications.presentNotification(
          await notifications.setFlags(ctx, id, notificationId, next.data),
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${base}/:notificationId`,
    summary: "Delete a notification",
    access: selfOrAdmin,
    params: ZItem,
    response: zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) })),
    handler: async (request) => {
      const { id, notificationId } = ids(request);
      await notifications.deleteNotification(ctx, id, notificationId);
      return envelope({ id: notificationId, deleted: true as const });
    },
  });
  for (const [segment, flag] of [
    ["opened", "isOpened"],
    ["archived", "isArchived"],
  ] as const) {
    add({
      method: "PUT",
      url: `${base}/:notificationId/${segment}`,
      summary: `Mark a notification ${segment} or not`,
      access: selfOrAdmin,
      params: ZItem,
      query: flagQuery(flag),
      response: ZOne,
      handler: async (request) => {
        const { id, notificationId } = ids(request);
        const value = (request.query as Record<string, boolean>)[flag]!;
        return envelope(
          notifications.presentNotification(
            await notifications.setFlags(ctx, id, notificationId, { [flag]: value }),
          ),
        );
      },
    });
  }
}
