// The notification calls of the user-management service: /users/{id}/notifications.
import {
  ZEmailPreferences,
  ZEmailPreferencesPatch,
  ZNotification,
  ZNotificationCreate,
  ZNotificationEditable,
  ZNotificationFilter,
  ZPatchBody,
  ZPushPreferences,
  ZPushPreferencesPatch,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { badRequest, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  zFlagQuery,
  zIdAndParams,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { selfOrAdmin } from "../users";
import { getPreferences, setPreferences } from "./preferences";
import * as notifications from "./service";

const ZItem = zIdAndParams("notificationId");
const ZOne = zDataEnvelope(ZNotification);
const tags = ["notifications"];

export async function notificationRoutes(
  app: FastifyInstance,
  options: { ctx: notifications.TNotificationsContext },
) {
  const { ctx } = options;
  const add = routesOf(app, tags);
  const base = "/users/:id/notifications";

  addListRoutes(app, tags, {
    url: base,
    summary: "My notifications, newest first",
    filteredSummary: "My notifications by opened, archived or tags",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZPagedQuery,
    body: zOptionalFilterBody(ZNotificationFilter),
    response: zListEnvelope(ZNotification),
    handler: async (request) => {
      const found = await notifications.listNotifications(
        ctx,
        request.params.id,
        request.body?.data ?? {},
        toWindow(request.query),
      );
      return listEnvelope(found.rows.map(notifications.presentNotification), found.count);
    },
  });
  add({
    method: "POST",
    url: base,
    summary: "Send a notification to this user (admins)",
    access: access.admin,
    params: ZIdParams,
    body: zDataBody(ZNotificationCreate),
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const { id } = request.params;
      const input = request.body.data;
      // Checked here: an unknown id would otherwise surface as a foreign-key refusal.
      if (!(await ctx.person(id))) throw notFound("The user");
      const row = await notifications.notify(ctx, id, {
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
      const { id, notificationId } = request.params;
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
      const { id, notificationId } = request.params;
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
    response: ZDeletedReply,
    handler: async (request) => {
      const { id, notificationId } = request.params;
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
      query: zFlagQuery(flag),
      response: ZOne,
      handler: async (request) => {
        const { id, notificationId } = request.params;
        return envelope(
          notifications.presentNotification(
            await notifications.setFlags(ctx, id, notificationId, { [flag]: request.query[flag] }),
          ),
        );
      },
    });
  }

  // Each channel's settings, per category: e-mail (instantly, daily digest, off) and push
  // (instantly, off), one pair of routes each.
  const channels = [
    {
      channel: "email",
      what: "e-mails",
      modes: "instantly, in a daily digest, or none",
      schema: ZEmailPreferences,
      patch: ZEmailPreferencesPatch,
    },
    {
      channel: "push",
      what: "push notifications",
      modes: "instantly or none",
      schema: ZPushPreferences,
      patch: ZPushPreferencesPatch,
    },
  ] as const;
  for (const { channel, what, modes, schema, patch } of channels) {
    const prefsUrl = `/users/:id/${channel}-preferences`;
    const ZPrefs = zDataEnvelope(schema);
    add({
      method: "GET",
      url: prefsUrl,
      summary: `Which ${what} I get, per category: ${modes}`,
      access: selfOrAdmin,
      params: ZIdParams,
      response: ZPrefs,
      handler: async (request) => envelope(await getPreferences(ctx, request.params.id, channel)),
    });
    add({
      method: "PUT",
      url: prefsUrl,
      summary: `Choose which ${what} I get (the categories given; the others stay)`,
      access: selfOrAdmin,
      params: ZIdParams,
      body: zDataBody(patch),
      response: ZPrefs,
      handler: async (request) => {
        const { id } = request.params;
        // Checked here: an unknown id would otherwise surface as a foreign-key refusal.
        if (!(await ctx.person(id))) throw notFound("The user");
        return envelope(await setPreferences(ctx, id, channel, request.body.data));
      },
    });
  }
}
