// Web Push's calls of the user-management service: the server's VAPID public key, and a member's
// devices (subscribed and unsubscribed by the member alone, never by an admin; an endpoint must be
// a push service's, 400 PUSH_ENDPOINT_NOT_ALLOWED, and an 11th device is 409 PUSH_DEVICE_LIMIT).
import {
  ZPushPublicKey,
  ZPushSubscription,
  ZPushSubscriptionInput,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { notFound } from "../../platform/http/errors";
import { routesOf } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import { selfOnly } from "../users";
import { listDevices, subscribeDevice, unsubscribeDevice } from "./push";
import type { TNotificationsContext } from "./service";

const tags = ["push notifications"];

export async function pushRoutes(app: FastifyInstance, options: { ctx: TNotificationsContext }) {
  const { ctx } = options;
  const add = routesOf(app, tags);
  const devices = "/users/:id/push-subscriptions";

  add({
    method: "GET",
    url: "/push/public-key",
    summary: "The server's VAPID public key, to subscribe a device to push notifications",
    access: access.signedIn,
    response: zDataEnvelope(ZPushPublicKey),
    handler: async () => envelope({ publicKey: ctx.push.keys.publicKey }),
  });
  add({
    method: "GET",
    url: devices,
    summary: "My devices that receive push notifications, oldest first",
    access: selfOnly,
    params: ZIdParams,
    response: zDataEnvelope(z.array(ZPushSubscription)),
    handler: async (request) => envelope(await listDevices(ctx, request.params.id)),
  });
  add({
    method: "POST",
    url: devices,
    summary:
      "Receive push notifications on this device (its PushSubscription as JSON: a push service's endpoint; at most 10 devices)",
    access: selfOnly,
    params: ZIdParams,
    body: zDataBody(ZPushSubscriptionInput),
    status: 201,
    response: zDataEnvelope(ZPushSubscription),
    handler: async (request) =>
      envelope(await subscribeDevice(ctx, request.params.id, request.body.data)),
  });
  add({
    method: "DELETE",
    url: devices,
    summary: "Stop push notifications on a device (by its endpoint)",
    access: selfOnly,
    params: ZIdParams,
    query: z.object({ endpoint: z.url().max(2000) }),
    response: zDataEnvelope(z.object({ deleted: z.literal(true) })),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await unsubscribeDevice(ctx, id, request.query.endpoint)))
        throw notFound("The push subscription");
      return envelope({ deleted: true as const });
    },
  });
}
