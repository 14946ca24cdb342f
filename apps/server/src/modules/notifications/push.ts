// Web Push: the same news as e-mail (the same events, categories, words and links), as a
// notification on each device a member subscribed. Nothing is pushed from a request: the mail's
// subscribers queue one job per recipient (`queuePushes`), which reads the member's push setting for
// the category and queues one job per device, so a device's push service failing retries that
// device alone. A device its push service no longer knows (404, 410) is dropped.
//
// A push carries the notification's title, words and link, encrypted for the device (RFC 8291,
// aes128gcm) and signed with the server's VAPID key (RFC 8292), nothing else.
//
// An endpoint is an address the member gives us, so: it must name a push service's host (the
// browsers' own, PUSH_SERVICE_HOSTS, or PUSH_HOSTS), and every push goes through the outbound rule
// (`platform/http/outbound-fetch.ts`: https, resolved once, public addresses only, pinned, no
// redirect). An endpoint the rule refuses at delivery is marked failing, not retried. A member
// keeps at most PUSH_MAX_DEVICES devices.
import type {
  TEmailCategory,
  TPushMessage,
  TPushSubscription,
  TPushSubscriptionInput,
} from "@hostfield/domain/contracts";
import webpush from "web-push";
import type { TSecretBox } from "../../platform/crypto/secret-box";
import type { TDb } from "../../platform/db/database";
import { AppError, badRequest } from "../../platform/http/errors";
import {
  checkOutboundUrl,
  OutboundError,
  outboundRequest,
  type TOutboundPolicy,
  type TOutboundResponse,
} from "../../platform/http/outbound-fetch";
import { jobIdOf } from "../../platform/jobs/queue";
import * as repo from "./repository";
import type { TNotificationsContext, TVapidKeys } from "./service";

const MEMBER_QUEUE = "notifications.push";
const DEVICE_QUEUE = "notifications.push-device";
/** How long a push service keeps a push for a device that is off (the news is stale after). */
const TTL_SECONDS = 24 * 3600;
/** How long a push service has to answer, and the most of its answer read. */
const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** The browsers' push services; `*.` is any name under one. PUSH_HOSTS adds more. */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

/** The most devices a member receives pushes on. */
export const PUSH_MAX_DEVICES = 10;

/** A push for one member, in one category. */
export type TPushJob = TPushMessage & { userId: string; category: TEmailCategory };
type TDeviceJob = { subscriptionId: string; message: TPushMessage };

/**
 * The VAPID key pair: the configured one, else the one kept in the database, made on the first
 * start (its private key sealed with the secret key, like the sign-in keys). Every process shares
 * it, and a browser's subscription stays valid across restarts.
 */
export async function loadVapidKeys(
  db: TDb,
  box: TSecretBox,
  configured: TVapidKeys | undefined,
): Promise<TVapidKeys> {
  if (configured) return configured;
  let row = await repo.findVapidKeys(db);
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    // Two processes starting together: the first insert wins and both read it.
    await repo.insertVapidKeys(db, made.publicKey, box.seal(made.privateKey));
    row = await repo.findVapidKeys(db);
  }
  if (!row) throw new Error("the VAPID keys were not stored");
  try {
    return { publicKey: row.publicKey, privateKey: box.open(row.privateKeySealed) };
  } catch {
    throw new Error(
      "The database's VAPID key cannot be opened with this server's secret key. Set SECRET_KEY (or DATA_DIR, whose generated key is used otherwise) to the one the database was first used with, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.",
    );
  }
}

const presentDevice = (row: repo.TPushSubscriptionRow): TPushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  createdDate: row.createdDate.toISOString(),
});

/** Whether the host is a push service's (or one PUSH_HOSTS adds). */
export function isPushHost(host: string, added: readonly string[]): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return [...PUSH_SERVICE_HOSTS, ...added].some((pattern) =>
    pattern.startsWith("*.")
      ? name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1
      : name === pattern,
  );
}

const outboundPolicy = (ctx: TNotificationsContext): TOutboundPolicy => ({
  // PUSH_ALLOW_HTTP_ENDPOINTS: tests and local fake push services only.
  allowLocal: ctx.push.allowHttpEndpoints,
  log: ctx.push.log,
});

/**
 * Refuses (400 PUSH_ENDPOINT_NOT_ALLOWED) an endpoint that is not a push service's, not https or
 * not on the public internet. A host not found now passes: every push checks it again.
 */
async function checkEndpoint(ctx: TNotificationsContext, endpoint: string) {
  const host = new URL(endpoint).hostname;
  if (!isPushHost(host, ctx.push.addedHosts)) {
    throw badRequest(
      "PUSH_ENDPOINT_NOT_ALLOWED",
      `Push notifications go through the browsers' push services (Google, Mozilla, Apple, Microsoft); ${host} is not one of them.`,
    );
  }
  try {
    await checkOutboundUrl(endpoint, "push endpoint", outboundPolicy(ctx));
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.refused)
      throw badRequest("PUSH_ENDPOINT_NOT_ALLOWED", error.wordedFor("The push endpoint"));
  }
}

/**
 * Keeps a device's subscription for the member (the device moves to them if another had it):
 * 400 PUSH_ENDPOINT_NOT_ALLOWED for an endpoint that is no push service's, 409 PUSH_DEVICE_LIMIT
 * for a device beyond PUSH_MAX_DEVICES (the same endpoint again is the same device).
 */
export async function subscribeDevice(
  ctx: TNotificationsContext,
  userId: string,
  input: TPushSubscriptionInput,
): Promise<TPushSubscription> {
  await checkEndpoint(ctx, input.endpoint);
  const row = await repo.upsertPushSubscriptionWithin(
    ctx.db,
    { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
    PUSH_MAX_DEVICES,
  );
  if (!row) {
    throw new AppError(
      "PUSH_DEVICE_LIMIT",
      409,
      `You already receive push notifications on ${PUSH_MAX_DEVICES} devices, the most allowed. Remove one of them to add this one.`,
    );
  }
  return presentDevice(row);
}

/** The member's devices, oldest first. */
export async function listDevices(ctx: TNotificationsContext, userId: string) {
  return (await repo.findPushSubscriptions(ctx.db, userId)).map(presentDevice);
}

/** Forgets one of the member's devices; false when it was not theirs (or already gone). */
export function unsubscribeDevice(ctx: TNotificationsContext, userId: string, endpoint: string) {
  return repo.deletePushSubscription(ctx.db, { userId, endpoint });
}

/** Queues pushes (ids fixed by the caller, so a redelivered event adds none). */
export async function queuePushes(
  ctx: TNotificationsContext,
  pushes: readonly { id: string; data: TPushJob }[],
): Promise<void> {
  await ctx.push.jobs.sendMany(MEMBER_QUEUE, pushes);
}

/** One member's push: to each of their devices, unless they turned the category off. */
async function pushToMember(ctx: TNotificationsContext, job: TPushJob, jobId: string) {
  const mode = await repo.findMode(ctx.db, job.userId, "push", job.category);
  if (mode === "off") return;
  const devices = await repo.findPushSubscriptions(ctx.db, job.userId);
  const message: TPushMessage = { title: job.title, body: job.body, url: job.url };
  await ctx.push.jobs.sendMany(
    DEVICE_QUEUE,
    devices.map((device) => ({
      id: jobIdOf(jobId, device.id),
      data: { subscriptionId: device.id, message } satisfies TDeviceJob,
    })),
  );
}

/** Statuses after which a retry cannot help: the push itself was refused, or sent elsewhere. */
const isFinalRefusal = (status: number) =>
  (status >= 300 && status < 400) || (status >= 400 && status < 500 && status !== 429);

/**
 * Posts the push through the outbound rule. An endpoint the rule refuses is marked failing and
 * null is answered (not retried: it will not become allowed); a push service not reached throws,
 * for the queue's retries.
 */
async function post(
  ctx: TNotificationsContext,
  device: repo.TPushSubscriptionRow,
  request: ReturnType<typeof webpush.generateRequestDetails>,
): Promise<TOutboundResponse | null> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  try {
    return await outboundRequest(
      request.endpoint,
      {
        purpose: "push",
        method: "POST",
        headers,
        body: request.body ?? undefined,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      },
      outboundPolicy(ctx),
    );
  } catch (error) {
    await repo.markPushSubscription(ctx.db, device.id, "failure");
    if (error instanceof OutboundError && error.refused) {
      ctx.push.log.warn(
        { subscriptionId: device.id },
        "a push endpoint is refused by the outbound-address rule; not retried",
      );
      return null;
    }
    throw error;
  }
}

async function pushToDevice(ctx: TNotificationsContext, { subscriptionId, message }: TDeviceJob) {
  const device = await repo.findPushSubscription(ctx.db, subscriptionId);
  // Unsubscribed since the push was queued.
  if (!device) return;
  // web-push encrypts and signs; the request goes through the outbound rule (web-push's own
  // sender would connect to whatever the endpoint resolves to).
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: ctx.push.subject, ...ctx.push.keys },
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  const response = await post(ctx, device, request);
  if (!response) return;
  const { status } = response;
  if (status >= 200 && status < 300) {
    await repo.markPushSubscription(ctx.db, device.id, "success");
    return;
  }
  // The push service has forgotten the device (unsubscribed, expired): so do we.
  if (status === 404 || status === 410) {
    await repo.deletePushSubscription(ctx.db, { id: device.id });
    return;
  }
  await repo.markPushSubscription(ctx.db, device.id, "failure");
  if (isFinalRefusal(status)) {
    ctx.push.log.warn({ status, subscriptionId }, "a push service refused a push");
    return;
  }
  throw new Error(`the push service answered ${status}`);
}

/** Starts the push workers. */
export async function workPushes(ctx: TNotificationsContext): Promise<void> {
  await ctx.push.jobs.work<TPushJob>(MEMBER_QUEUE, (job, { id }) => pushToMember(ctx, job, id), {
    batchSize: 20,
  });
  await ctx.push.jobs.work<TDeviceJob>(DEVICE_QUEUE, (job) => pushToDevice(ctx, job), {
    batchSize: 10,
  });
}

/** The queues tests and admins wait on. */
export const PUSH_QUEUES = [MEMBER_QUEUE, DEVICE_QUEUE] as const;
