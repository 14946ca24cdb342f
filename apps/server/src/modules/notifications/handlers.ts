// Domain events into notifications: one handler per event, each a plain `(ctx, event)` function,
// and the table that subscribes them. Run twice for the same event (a redelivery), a message
// refreshes the unread notification of each recipient's thread that the first run wrote, and a
// read opens what is still open; the other handlers write their notifications again.
import type { TDomainEvents, TEventName } from "../../platform/events/bus";
import * as repo from "./repository";
import { notify, presentNotification, type TNotificationsContext } from "./service";

type TEventHandler<K extends TEventName> = (
  ctx: TNotificationsContext,
  event: TDomainEvents[K],
) => Promise<void>;

/** Rows per insert of lead notifications: well under PostgreSQL's 65,535 bind parameters. */
const LEAD_NOTIFICATIONS_PER_INSERT = 1000;

const snippet = (text: string, max = 200) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

// The web app's pages: a recipient's lead page, and the organizer's proposal comparison.
const leadUrl = (eventId: string, leadId: string) => `/leads/${eventId}/${leadId}`;
const proposalsUrl = (eventId: string) => `/events/${eventId}/proposals`;

/** Announces notifications written in bulk (the hub pushes each to its user's sessions). */
function announce(ctx: TNotificationsContext, rows: readonly repo.TNotificationRow[]) {
  for (const row of rows) {
    ctx.events.emit("NotificationCreated", {
      userId: row.userId,
      notification: presentNotification(row),
    });
  }
}

/** A message: each other member's unread notification of the conversation, new or refreshed. */
export const onMessagePosted: TEventHandler<"MessagePosted"> = async (ctx, e) => {
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
  announce(ctx, written);
};

/** Reading a conversation also opens the notifications that announced it. */
export const onThreadsRead: TEventHandler<"ThreadsRead"> = async (ctx, { userId, threadIds }) => {
  if ((await repo.openThreadNotifications(ctx.db, userId, threadIds)) > 0) {
    ctx.events.emit("UserProfileChanged", { userId });
  }
};

/** A like or follow: the listing's owners and managers hear of it (not the one who reacted). */
export const onProfileReacted: TEventHandler<"ProfileReacted"> = async (ctx, e) => {
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
};

/** An approval: the listing's owners and managers hear it is in the marketplace. */
export const onProfileApproved: TEventHandler<"ProfileApproved"> = async (ctx, e) => {
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
};

/** A membership: the new member hears of it, unless they added themselves. */
export const onProfileMemberAdded: TEventHandler<"ProfileMemberAdded"> = async (ctx, e) => {
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
};

// ---- the lead pipeline: recipients hear of requests and outcomes, organizers of answers ----

/**
 * New leads: the managers of each listing that received one. A request published nationally
 * reaches thousands of listings, so their notifications are written in a few statements, as a
 * message to a large group is.
 */
export const onLeadsCreated: TEventHandler<"LeadsCreated"> = async (ctx, e) => {
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
    announce(ctx, await repo.insertNotifications(ctx.db, chunk));
  }
};

/** A proposal or a pass: the event's organizers hear of it (not the one who answered). */
export const onLeadAnswered: TEventHandler<"LeadAnswered"> = async (ctx, e) => {
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
};

/** An award or a decline: the managers of the listing whose lead it was. */
export const onLeadDecided: TEventHandler<"LeadDecided"> = async (ctx, e) => {
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
};

type TNotificationHandlers = { [K in TEventName]?: TEventHandler<K> };

/** Which handler turns which domain event into notifications. */
export const NOTIFICATION_HANDLERS = {
  MessagePosted: onMessagePosted,
  ThreadsRead: onThreadsRead,
  ProfileReacted: onProfileReacted,
  ProfileApproved: onProfileApproved,
  ProfileMemberAdded: onProfileMemberAdded,
  LeadsCreated: onLeadsCreated,
  LeadAnswered: onLeadAnswered,
  LeadDecided: onLeadDecided,
} satisfies TNotificationHandlers;

function subscribe<K extends TEventName>(
  ctx: TNotificationsContext,
  handlers: TNotificationHandlers,
  name: K,
) {
  const handler = handlers[name];
  if (handler) ctx.events.on(name, (event) => handler(ctx, event));
}

/** Turns domain events into notifications. */
export function subscribeNotifications(ctx: TNotificationsContext): void {
  for (const name of Object.keys(NOTIFICATION_HANDLERS) as TEventName[]) {
    subscribe(ctx, NOTIFICATION_HANDLERS, name);
  }
}
