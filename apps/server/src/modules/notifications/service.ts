// A member's notifications: listed, opened and archived by them, sent by admins, and written from
// domain events by handlers.ts, once per event (a message, a like or follow on a listing they manage, an approval,
// a membership, and the lead pipeline: a new request, a proposal or pass, an award or a decline).
import type {
  TNotification,
  TNotificationCreate,
  TSenderProfile,
} from "@hostfield/domain/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { TSigner } from "../../platform/crypto/signer";
import type { TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import { notFound } from "../../platform/http/errors";
import type { TJobQueue } from "../../platform/jobs/queue";
import type { TMailer } from "../../platform/mail/mailer";
import * as repo from "./repository";

/** Web Push's VAPID key pair (base64url). */
export type TVapidKeys = { publicKey: string; privateKey: string };

/** What notifications need from other modules, given by the app (no reaching into their tables). */
export type TNotificationsContext = {
  db: TDb;
  events: TEventBus;
  person: (
    userId: string,
  ) => Promise<{ id: string; name: string; avatarUrl: string | null } | null>;
  /** A listing, the web path of its page, and the users who own or manage it. */
  listing: (profileId: string) => Promise<{
    profile: TSenderProfile;
    path: string;
    managerIds: string[];
  } | null>;
  /** Each user's thread of a group. */
  threadIds: (groupId: string, userIds: readonly string[]) => Promise<Map<string, string>>;
  /** What the e-mail notifications need (email.ts). */
  email: {
    publicUrl: string;
    mailer: TMailer;
    jobs: TJobQueue;
    /** Signs the unsubscribe links. */
    signer: TSigner;
    /** Name and address of those of `ids` who may be mailed. */
    mailboxes: (ids: readonly string[]) => Promise<Map<string, { name: string; email: string }>>;
    isThreadUnread: (threadId: string) => Promise<boolean>;
    /** How long a conversation stays unread before its member is mailed. */
    unreadAfterMs: number;
  };
  /** What Web Push needs (push.ts). */
  push: {
    jobs: TJobQueue;
    keys: TVapidKeys;
    /** The contact push services may use (mailto: or https:). */
    subject: string;
    allowHttpEndpoints: boolean;
    /** Push services' hosts beyond the browsers' own (PUSH_HOSTS). */
    addedHosts: readonly string[];
    log: FastifyBaseLogger;
  };
};

export const presentNotification = (n: repo.TNotificationRow): TNotification => ({
  id: n.id,
  userId: n.userId,
  title: n.title,
  contents: n.contents,
  url: n.url,
  icon: n.icon,
  senderProfile: n.senderProfile ?? null,
  tags: n.tags,
  threadId: n.threadId,
  isOpened: n.isOpened,
  isArchived: n.isArchived,
  createdDate: n.createdDate.toISOString(),
});

type TNew = TNotificationCreate & {
  senderProfile?: TSenderProfile | null;
  threadId?: string | null;
};

/** A notification's row, its optional parts filled in. */
export const newNotification = (userId: string, input: TNew): repo.TNotificationInsert => ({
  userId,
  title: input.title,
  contents: input.contents ?? "",
  url: input.url ?? null,
  icon: input.icon ?? null,
  tags: input.tags ?? [],
  senderProfile: input.senderProfile ?? null,
  threadId: input.threadId ?? null,
});

/** Writes a notification and announces it (the hub pushes it to the user's sessions). */
export async function notify(ctx: TNotificationsContext, userId: string, input: TNew) {
  const row = await repo.insertNotification(ctx.db, newNotification(userId, input));
  ctx.events.signal("NotificationCreated", { userId, notification: presentNotification(row) });
  return row;
}

export const listNotifications = (
  ctx: TNotificationsContext,
  userId: string,
  q: repo.TNotificationQuery,
  window: { limit: number; offset: number },
) => repo.listNotifications(ctx.db, userId, q, window);

export async function getNotification(ctx: TNotificationsContext, userId: string, id: string) {
  const row = await repo.findNotification(ctx.db, userId, id);
  if (!row) throw notFound("The notification");
  return row;
}

export async function setFlags(
  ctx: TNotificationsContext,
  userId: string,
  id: string,
  values: { isOpened?: boolean; isArchived?: boolean },
) {
  const row = await repo.updateNotification(ctx.db, userId, id, values);
  if (!row) throw notFound("The notification");
  ctx.events.signal("UserProfileChanged", { userId });
  return row;
}

export async function deleteNotification(ctx: TNotificationsContext, userId: string, id: string) {
  if (!(await repo.deleteNotification(ctx.db, userId, id))) throw notFound("The notification");
  ctx.events.signal("UserProfileChanged", { userId });
}

export const countUnopened = (ctx: TNotificationsContext, userId: string) =>
  repo.countUnopened(ctx.db, userId);
