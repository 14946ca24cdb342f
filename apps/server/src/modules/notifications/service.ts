// A member's notifications: listed, opened and archived by them, sent by admins, and written from
// domain events (a message, a like or follow on a listing they manage, an approval, a membership,
// and the lead pipeline: a new request, a proposal or pass, an award or a decline).
import type {
  TNotification,
  TNotificationCreate,
  TSenderProfile,
} from "@hostfield/domain/contracts";
import type { TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import { notFound } from "../../platform/http/errors";
import * as repo from "./repository";

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

/** Writes a notification and announces it (the hub pushes it to the user's sessions). */
export async function notify(ctx: TNotificationsContext, userId: string, input: TNew) {
  const row = await repo.insertNotification(ctx.db, {
    userId,
    title: input.title,
    contents: input.contents ?? "",
    url: input.url ?? null,
    icon: input.icon ?? null,
    tags: input.tags ?? [],
    senderProfile: input.senderProfile ?? null,
    threadId: input.threadId ?? null,
  });
  ctx.events.emit("NotificationCreated", { userId, notification: presentNotification(row) });
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
  ctx.events.emit("UserProfileChanged", { userId });
  return row;
}

export async function deleteNotification(ctx: TNotificationsContext, userId: string, id: string) {
  if (!(await repo.deleteNotification(ctx.db, userId, id))) throw notFound("The notification");
  ctx.events.emit("UserProfileChanged", { userId });
}

export const countUnopened = (ctx: TNotificationsContext, userId: string) =>
  repo.countUnopened(ctx.db, userId);

/** Rows per insert of lead notifications: well under PostgreSQL's 65,535 bind parameters. */
const LEAD_NOTIFICATIONS_PER_INSERT = 1000;

const snippet = (text: string, max = 200) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** Turns domain events into notifications. */
export function subscribeNotifications(ctx: TNotificationsContext): void {
  ctx.events.on("MessagePosted", async (e) => {
    const author = await ctx.person(e.authorId);
    const name = author?.name ?? "Someone";
    const threads = await ctx.threadIds(e.groupId, e.recipientIds);
    const values = {
      title: e.groupKind === "direct" ? name : `${name} in ${e.groupName}`,
      contents: snippet(e.body),
      senderProfile: author
        ? { id: author.id, kind: "user", name: author.name, logo: author.avatarUrl }
        : null,
    };
    // One unread notification per conversation: a new message refreshes it. Written in one
    // statement for everyone who has none, so a message to a large group stays one round trip.
    const open = new Map(
      (await repo.findUnopenedOfThreads(ctx.db, [...threads.values()])).map((n) => [n.threadId, n]),
    );
    const fresh: repo.TNotificationInsert[] = [];
    const written: repo.TNotificationRow[] = [];
    for (const userId of e.recipientIds) {
      const threadId = threads.get(userId) ?? null;
      const existing = threadId ? open.get(threadId) : undefined;
      if (existing) written.push(await repo.refreshNotification(ctx.db, existing.id, values));
      else {
        fresh.push({
          userId,
          ...values,
          url: `/groups/${e.groupId}`,
          icon: "message",
          tags: ["message"],
          threadId,
        });
      }
    }
    written.push(...(await repo.insertNotifications(ctx.db, fresh)));
    for (const row of written) {
      ctx.events.emit("NotificationCreated", {
        userId: row.userId,
        notification: presentNotification(row),
      });
    }
  });

  // Reading a conversation also opens the notifications that announced it.
  ctx.events.on("ThreadsRead", async ({ userId, threadIds }) => {
    if ((await repo.openThreadNotifications(ctx.db, userId, threadIds)) > 0) {
      ctx.events.emit("UserProfileChanged", { userId });
    }
  });

  ctx.events.on("ProfileReacted", async (e) => {
    const [listing, person] = await Promise.all([ctx.listing(e.profileId), ctx.person(e.userId)]);
    if (!listing || !person) return;
    const verb = e.reaction === "like" ? "likes" : "follows";
    for (const userId of listing.managerIds.filter((id) => id !== e.userId)) {
      await notify(ctx, userId, {
        title: `${person.name} ${verb} ${listing.profile.name}`,
        contents: "",
        url: listing.path,
        icon: e.reaction,
        tags: [e.reaction],
        senderProfile: { id: person.id, kind: "user", name: person.name, logo: person.avatarUrl },
      });
    }
  });

  ctx.events.on("ProfileApproved", async (e) => {
    const listing = await ctx.listing(e.profileId);
    if (!listing) return;
    for (const userId of listing.managerIds) {
      await notify(ctx, userId, {
        title: `${listing.profile.name} is approved`,
        contents: "It now shows in the marketplace and in search.",
        url: listing.path,
        icon: "approved",
        tags: ["approval"],
        senderProfile: listing.profile,
      });
    }
  });

  ctx.events.on("ProfileMemberAdded", async (e) => {
    if (e.userId === e.addedBy) return;
    const listing = await ctx.listing(e.profileId);
    if (!listing) return;
    await notify(ctx, e.userId, {
      title: `You were added to ${listing.profile.name}`,
      contents: `Your role: ${e.role}.`,
      url: listing.path,
      icon: "member",
      tags: ["membership"],
      senderProfile: listing.profile,
    });
  });

  // ---- the lead pipeline: recipients hear of requests and outcomes, organizers of answers ----
  // The web app's pages: a recipient's lead page, and the organizer's proposal comparison.
  const leadUrl = (eventId: string, leadId: string) => `/leads/${eventId}/${leadId}`;
  const proposalsUrl = (eventId: string) => `/events/${eventId}/proposals`;

  // A request published nationally reaches thousands of listings: their managers' notifications
  // are written in a few statements, as a message to a large group is.
  ctx.events.on("LeadsCreated", async (e) => {
    const event = await ctx.listing(e.eventId);
    const rows: repo.TNotificationInsert[] = [];
    for (const lead of e.leads) {
      const owner = await ctx.listing(lead.ownerId);
      for (const userId of owner?.managerIds ?? []) {
        rows.push({
          userId,
          title: snippet(`New request: ${e.eventName}`),
          contents: `${owner!.profile.name} received a request for proposals.`,
          url: leadUrl(e.eventId, lead.leadId),
          icon: "lead",
          tags: ["lead"],
          senderProfile: event?.profile ?? null,
          threadId: null,
        });
      }
    }
    for (let i = 0; i < rows.length; i += LEAD_NOTIFICATIONS_PER_INSERT) {
      const chunk = rows.slice(i, i + LEAD_NOTIFICATIONS_PER_INSERT);
      for (const row of await repo.insertNotifications(ctx.db, chunk)) {
        ctx.events.emit("NotificationCreated", {
          userId: row.userId,
          notification: presentNotification(row),
        });
      }
    }
  });

  ctx.events.on("LeadAnswered", async (e) => {
    const [event, owner] = await Promise.all([ctx.listing(e.eventId), ctx.listing(e.ownerId)]);
    if (!event) return;
    const values =
      e.status === "Interested"
        ? {
            title: snippet(`New proposal from ${e.ownerName}`),
            contents: `${e.ownerName} sent a proposal for ${e.eventName}.`,
          }
        : {
            title: snippet(`${e.ownerName} passed on ${e.eventName}`),
            contents: e.reason ?? "",
          };
    for (const userId of event.managerIds.filter((id) => id !== e.byUserId)) {
      await notify(ctx, userId, {
        ...values,
        url: proposalsUrl(e.eventId),
        icon: "lead",
        tags: ["lead"],
        senderProfile: owner?.profile ?? null,
      });
    }
  });

  ctx.events.on("LeadDecided", async (e) => {
    const [event, owner] = await Promise.all([ctx.listing(e.eventId), ctx.listing(e.ownerId)]);
    if (!owner) return;
    const values =
      e.status === "Won"
        ? {
            title: snippet(`You won ${e.eventName}`),
            contents: `The organizer chose ${owner.profile.name}${e.reason ? `: ${e.reason}` : "."}`,
          }
        : e.anotherWon
          ? {
              title: snippet(`${e.eventName} chose another venue: ${e.reason ?? ""}`),
              contents: `The lead of ${owner.profile.name} is now Lost.`,
            }
          : {
              title: snippet(`${e.eventName} declined the proposal: ${e.reason ?? ""}`),
              contents: `The lead of ${owner.profile.name} is now Lost.`,
            };
    for (const userId of owner.managerIds) {
      await notify(ctx, userId, {
        ...values,
        url: leadUrl(e.eventId, e.leadId),
        icon: e.status === "Won" ? "award" : "lead",
        tags: ["lead"],
        senderProfile: event?.profile ?? null,
      });
    }
  });
}
