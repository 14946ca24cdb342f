// Web Push: the same news as e-mail (the same events, categories, words and links), as a
// notification on each device a member subscribed. Nothing is pushed from a request: the mail's
// subscribers queue one job per recipient (`queuePushes`), which reads the member's push setting for
// the category and queues one job per device, so a device's push service failing retries that
// device alone. A device its push service no longer knows (404, 410) is dropped.
//
// A push carries the notification's title, words and link, encrypted for the device (RFC 8291,
// aes128gcm) and signed with the server's VAPID key (RFC 8292), nothing else.
import type {
  TEmailCategory,
  TPushMessage,
  TPushSubscription,
  TPushSubscriptionInput,
} from "@hostfield/domain/contracts";
import webpush from "web-push";
import type { TSecretBox } from "../../platform/crypto/secret-box";
import type { TDb } from "../../platform/db/database";
import { validationFailed } from "../../platform/http/errors";
import { jobIdOf } from "../../platform/jobs/queue";
import * as repo from "./repository";
import type { TNotificationsContext, TVapidKeys } from "./service";

const MEMBER_QUEUE = "notifications.push";
const DEVICE_QUEUE = "notifications.push-device";
/** How long a push service keeps a push for a device that is off (the news is stale after). */
const TTL_SECONDS = 24 * 3600;
/** How long a push service has to answer. */
const TIMEOUT_MS = 10_000;

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

/** Keeps a device's subscription for the member (the device moves to them if another had it). */
export async function subscribeDevice(
  ctx: TNotificationsContext,
  userId: string,
  input: TPushSubscriptionInput,
): Promise<TPushSubscription> {
  // Push services are https; anything else would make the server post to addresses of the
  // member's choosing (PUSH_ALLOW_HTTP_ENDPOINTS is for local fakes).
  if (!input.endpoint.startsWith("https://") && !ctx.push.allowHttpEndpoints)
    throw validationFailed("A push endpoint must be an https:// address.", [
      { path: "data.endpoint", message: "must be an https:// address" },
    ]);
  const row = await repo.upsertPushSubscription(ctx.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
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

/** Statuses after which a retry cannot help: the push itself was refused. */
const isFinalRefusal = (status: number) => status >= 400 && status < 500 && status !== 429;

async function pushToDevice(ctx: TNotificationsContext, { subscriptionId, message }: TDeviceJob) {
  const device = await repo.findPushSubscription(ctx.db, subscriptionId);
  // Unsubscribed since the push was queued.
  if (!device) return;
  // web-push encrypts and signs; the request goes through fetch (web-push's own sender speaks
  // only https, and a local fake push service is plain http).
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: ctx.push.subject, ...ctx.push.keys },
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  // fetch sets the length itself.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    await repo.markPushSubscription(ctx.db, device.id, "failure");
    throw error;
  }
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
