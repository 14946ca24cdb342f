// Domain events into notifications: one handler per event, each a plain `(ctx, event)` function
// that reads what it needs (people, listings) and returns the write to make, and the table that
// subscribes them. The write runs once per event (`delivery.once`): a redelivered event finds the
// mark it left and writes nothing, so nobody is notified twice of one thing.
import { groupInvitationUrl, invitationUrl } from "@hostfield/domain/contracts";
import type { TDeclineReasonCode } from "@hostfield/domain/reference";
import { formatDepositMoney, lossReasonText, messageSnippet } from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TDomainEvents, TEventName } from "../../platform/events/bus";
import * as repo from "./repository";
import { newNotification, presentNotification, type TNotificationsContext } from "./service";

/** What a handler's write did: the notifications it wrote, and whose counts changed otherwise. */
type TWritten = { notifications: repo.TNotificationRow[]; countsChangedFor?: string[] };
/** The write to make; a plain list of new notifications also shows its rows (the mail's words). */
type TWrite = ((db: TDb) => Promise<TWritten>) & { rows?: readonly repo.TNotificationInsert[] };

type TEventHandler<K extends TEventName> = (
  ctx: TNotificationsContext,
  event: TDomainEvents[K],
) => Promise<TWrite | null>;

/** Rows per insert of notifications: well under PostgreSQL's 65,535 bind parameters. */
const NOTIFICATIONS_PER_INSERT = 1000;

const snippet = (text: string, max = 200) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

// The web app's pages: a recipient's lead page, and the organizer's proposal comparison.
const leadUrl = (eventId: string, leadId: string) => `/leads/${eventId}/${leadId}`;
const proposalsUrl = (eventId: string) => `/events/${eventId}/proposals`;

/**
 * Writes these notifications a few statements at a time: a request published nationally reaches
 * thousands of listings, and a message to a large group many members.
 */
const inserting = (rows: readonly repo.TNotificationInsert[]): TWrite =>
  Object.assign(
    async (db: TDb) => {
      const notifications: repo.TNotificationRow[] = [];
      for (let i = 0; i < rows.length; i += NOTIFICATIONS_PER_INSERT) {
        const chunk = rows.slice(i, i + NOTIFICATIONS_PER_INSERT);
        notifications.push(...(await repo.insertNotifications(db, chunk)));
      }
      return { notifications };
    },
    { rows },
  );

/** Opens some of a user's notifications (`open` says how many): their counts change if any did. */
const opening =
  (userId: string, open: (db: TDb) => Promise<number>): TWrite =>
  async (db) => ({ notifications: [], countsChangedFor: (await open(db)) > 0 ? [userId] : [] });

/** A message: each other member's unread notification of the conversation, new or refreshed. */
export const onMessagePosted: TEventHandler<"MessagePosted"> = async (ctx, e) => {
  const author = await ctx.person(e.authorId);
  const name = author?.name ?? "Someone";
  const threads = e.threadIds
    ? new Map(Object.entries(e.threadIds))
    : await ctx.threadIds(e.groupId, e.recipientIds);
  const values = {
    title: e.groupKind === "direct" ? name : `${name} in ${e.groupName}`,
    contents: snippet(messageSnippet(e.body)),
    senderProfile: author
      ? { id: author.id, kind: "user", name: author.name, logo: author.avatarUrl }
      : null,
  };
  // One unread notification per conversation: a new message refreshes it. One statement refreshes
  // those who have one and one writes the rest, so a message to a large group stays two round trips.
  return async (db) => {
    const open = new Map(
      (await repo.findUnopenedOfThreads(db, [...threads.values()])).map((n) => [n.threadId, n]),
    );
    const fresh: { userId: string; threadId: string | null }[] = [];
    const refreshed: string[] = [];
    for (const userId of e.recipientIds) {
      const threadId = threads.get(userId) ?? null;
      const existing = threadId ? open.get(threadId) : undefined;
      if (existing) refreshed.push(existing.id);
      else fresh.push({ userId, threadId });
    }
    const at = e.postedDate ? new Date(e.postedDate) : new Date();
    const written = await repo.refreshNotifications(db, refreshed, values, at);
    written.push(
      ...(await repo.insertNotificationsToMany(
        db,
        fresh,
        {
          ...values,
          url: `/groups/${e.groupId}`,
          icon: "message",
          tags: ["message"],
        },
        at,
      )),
    );
    return { notifications: written };
  };
};

/** Reading a conversation also opens the notifications that announced it. */
export const onThreadsRead: TEventHandler<"ThreadsRead"> = async (_ctx, { userId, threadIds }) =>
  opening(userId, (db) => repo.openThreadNotifications(db, userId, threadIds));

/** A like or follow: the listing's owners and managers hear of it (not the one who reacted). */
export const onProfileReacted: TEventHandler<"ProfileReacted"> = async (ctx, e) => {
  const [listing, person] = await Promise.all([ctx.listing(e.profileId), ctx.person(e.userId)]);
  if (!listing || !person) return null;
  const verb = e.reaction === "like" ? "likes" : "follows";
  return inserting(
    listing.managerIds
      .filter((id) => id !== e.userId)
      .map((userId) =>
        newNotification(userId, {
          title: `${person.name} ${verb} ${listing.profile.name}`,
          contents: "",
          url: listing.path,
          icon: e.reaction,
          tags: [e.reaction],
          senderProfile: { id: person.id, kind: "user", name: person.name, logo: person.avatarUrl },
        }),
      ),
  );
};

/** An approval: the listing's owners and managers hear it is in the marketplace. */
export const onProfileApproved: TEventHandler<"ProfileApproved"> = async (ctx, e) => {
  const listing = await ctx.listing(e.profileId);
  if (!listing) return null;
  return inserting(
    listing.managerIds.map((userId) =>
      newNotification(userId, {
        title: `${listing.profile.name} is approved`,
        contents: "It now shows in the marketplace and in search.",
        url: listing.path,
        icon: "approved",
        tags: ["approval"],
        senderProfile: listing.profile,
      }),
    ),
  );
};

/** An approved story's changes were refused: its author hears why (the story stays as it was). */
export const onStoryRevisionRejected: TEventHandler<"StoryRevisionRejected"> = async (_ctx, e) => {
  if (!e.authorId) return null;
  return inserting([
    newNotification(e.authorId, {
      title: snippet(`Your changes to "${e.title}" were not approved`),
      contents: snippet(`${e.reason} Readers still see the published version.`, 500),
      url: `/stories/${e.slug}`,
      icon: "story",
      tags: ["approval", "story"],
    }),
  ]);
};

/** A membership: the new member hears of it, unless they added themselves. */
export const onProfileMemberAdded: TEventHandler<"ProfileMemberAdded"> = async (ctx, e) => {
  if (e.userId === e.addedBy) return null;
  const listing = await ctx.listing(e.profileId);
  if (!listing) return null;
  return inserting([
    newNotification(e.userId, {
      title: `You were added to ${listing.profile.name}`,
      contents: `Your role: ${e.role}.`,
      url: listing.path,
      icon: "member",
      tags: ["membership"],
      senderProfile: listing.profile,
    }),
  ]);
};

/** An invitation to a listing: the invitee (with an account) answers from the notification. */
export const onMemberInvited: TEventHandler<"MemberInvited"> = async (ctx, e) => {
  if (e.userId === null || e.userId === e.invitedBy) return null;
  const [listing, inviter] = await Promise.all([ctx.listing(e.profileId), ctx.person(e.invitedBy)]);
  if (!listing) return null;
  return inserting([
    newNotification(e.userId, {
      title: `${inviter?.name ?? "Someone"} invited you to ${listing.profile.name}`,
      contents: `Role: ${e.role}. Accept to join, or decline.`,
      url: invitationUrl(e.invitationId),
      icon: "member",
      tags: ["invitation"],
      senderProfile: listing.profile,
    }),
  ]);
};

/** An answered invitation: the notification that asked for the answer is opened. */
export const onInvitationAnswered: TEventHandler<"InvitationAnswered"> = async (_ctx, e) => {
  const url = (e.to === "group" ? groupInvitationUrl : invitationUrl)(e.invitationId);
  return opening(e.userId, (db) => repo.openNotificationsAt(db, e.userId, url));
};

/** An invitation to a group: the invitee (with an account) answers from the notification. */
export const onGroupMemberInvited: TEventHandler<"GroupMemberInvited"> = async (ctx, e) => {
  if (e.userId === null || e.userId === e.invitedBy) return null;
  const inviter = await ctx.person(e.invitedBy);
  return inserting([
    newNotification(e.userId, {
      title: snippet(`${inviter?.name ?? "Someone"} invited you to the group ${e.groupName}`),
      contents: "Accept to join the conversation, or decline.",
      url: groupInvitationUrl(e.invitationId),
      icon: "member",
      tags: ["invitation", "group"],
      senderProfile: inviter
        ? { id: inviter.id, kind: "user", name: inviter.name, logo: inviter.avatarUrl }
        : null,
    }),
  ]);
};

// ---- the lead pipeline: recipients hear of requests and outcomes, organizers of answers ----

/** New leads: the managers of each listing that received one. */
export const onLeadsCreated: TEventHandler<"LeadsCreated"> = async (ctx, e) => {
  const event = await ctx.listing(e.eventId);
  const rows: repo.TNotificationInsert[] = [];
  for (const lead of e.leads) {
    const owner = await ctx.listing(lead.ownerId);
    for (const userId of owner?.managerIds ?? []) {
      rows.push(
        newNotification(userId, {
          title: snippet(`New request: ${e.eventName}`),
          contents: `${owner!.profile.name} received a request for proposals.`,
          url: leadUrl(e.eventId, lead.leadId),
          icon: "lead",
          tags: ["lead"],
          senderProfile: event?.profile ?? null,
        }),
      );
    }
  }
  return inserting(rows);
};

/** A proposal or a pass: the event's organizers hear of it (not the one who answered). */
export const onLeadAnswered: TEventHandler<"LeadAnswered"> = async (ctx, e) => {
  const [event, owner] = await Promise.all([ctx.listing(e.eventId), ctx.listing(e.ownerId)]);
  if (!event) return null;
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
  return inserting(
    event.managerIds
      .filter((id) => id !== e.byUserId)
      .map((userId) =>
        newNotification(userId, {
          ...values,
          url: proposalsUrl(e.eventId),
          icon: "lead",
          tags: ["lead"],
          senderProfile: owner?.profile ?? null,
        }),
      ),
  );
};

/** A request to revise a proposal: the managers of the listing whose proposal it is. */
export const onLeadRevisionRequested: TEventHandler<"LeadRevisionRequested"> = async (ctx, e) => {
  const [event, owner] = await Promise.all([ctx.listing(e.eventId), ctx.listing(e.ownerId)]);
  if (!owner) return null;
  return inserting(
    owner.managerIds.map((userId) =>
      newNotification(userId, {
        title: snippet(`${e.eventName} asks you to revise your proposal`),
        contents: e.message,
        url: leadUrl(e.eventId, e.leadId),
        icon: "lead",
        tags: ["lead"],
        senderProfile: event?.profile ?? null,
      }),
    ),
  );
};

/** An award or a decline: the managers of the listing whose lead it was. */
export const onLeadDecided: TEventHandler<"LeadDecided"> = async (ctx, e) => {
  const [event, owner] = await Promise.all([ctx.listing(e.eventId), ctx.listing(e.ownerId)]);
  if (!owner) return null;
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
            title: snippet(
              `${e.eventName} declined the proposal: ${lossReasonText(e.reasonCode as TDeclineReasonCode | null, e.reason) ?? ""}`,
            ),
            contents: `The lead of ${owner.profile.name} is now Lost.`,
          };
  return inserting(
    owner.managerIds.map((userId) =>
      newNotification(userId, {
        ...values,
        url: leadUrl(e.eventId, e.leadId),
        icon: e.status === "Won" ? "award" : "lead",
        tags: ["lead"],
        senderProfile: event?.profile ?? null,
      }),
    ),
  );
};

/**
 * A deposit paid: the event's organizers (their proposals page) and the venue's managers (the
 * lead's page), each told once even when on both sides.
 */
export const onDepositPaid: TEventHandler<"DepositPaid"> = async (ctx, e) => {
  const [event, venue] = await Promise.all([
    ctx.listing(e.eventId),
    e.listingId ? ctx.listing(e.listingId) : Promise.resolve(null),
  ]);
  if (!event) return null;
  const amount = formatDepositMoney(e.amountCents, e.currency);
  const eventName = event.profile.name;
  const venueName = venue?.profile.name ?? "the venue";
  const organizers = event.managerIds.map((userId) =>
    newNotification(userId, {
      title: snippet(`Deposit paid for ${eventName}`),
      contents: `The deposit of ${amount} to ${venueName} is paid.`,
      url: proposalsUrl(e.eventId),
      icon: "award",
      tags: ["lead", "deposit"],
      senderProfile: venue?.profile ?? null,
    }),
  );
  const told = new Set(event.managerIds);
  const managers = (venue?.managerIds ?? [])
    .filter((userId) => !told.has(userId))
    .map((userId) =>
      newNotification(userId, {
        title: snippet(`Deposit received for ${eventName}`),
        contents: `The organizer of ${eventName} paid the deposit of ${amount} to ${venueName}.`,
        url: leadUrl(e.eventId, e.leadId),
        icon: "award",
        tags: ["lead", "deposit"],
        senderProfile: event.profile,
      }),
    );
  return inserting([...organizers, ...managers]);
};

type TNotificationHandlers = { [K in TEventName]?: TEventHandler<K> };

/** Which handler turns which domain event into notifications. */
export const NOTIFICATION_HANDLERS = {
  MessagePosted: onMessagePosted,
  ThreadsRead: onThreadsRead,
  InvitationAnswered: onInvitationAnswered,
  ProfileReacted: onProfileReacted,
  ProfileApproved: onProfileApproved,
  StoryRevisionRejected: onStoryRevisionRejected,
  ProfileMemberAdded: onProfileMemberAdded,
  MemberInvited: onMemberInvited,
  GroupMemberInvited: onGroupMemberInvited,
  LeadsCreated: onLeadsCreated,
  LeadAnswered: onLeadAnswered,
  LeadRevisionRequested: onLeadRevisionRequested,
  LeadDecided: onLeadDecided,
  DepositPaid: onDepositPaid,
} satisfies TNotificationHandlers;

function subscribe<K extends TEventName>(
  ctx: TNotificationsContext,
  handlers: TNotificationHandlers,
  name: K,
) {
  const handler = handlers[name];
  if (!handler) return;
  ctx.events.on(name, "notifications", async (event, delivery) => {
    // Read first (other modules' services), then write once with the delivery's mark.
    const write = await handler(ctx, event);
    const written = write && (await delivery.once(write));
    if (!written) return;
    // The hub pushes each to its user's sessions.
    for (const row of written.notifications) {
      ctx.events.signal("NotificationCreated", {
        userId: row.userId,
        notification: presentNotification(row),
      });
    }
    for (const userId of written.countsChangedFor ?? []) {
      ctx.events.signal("UserProfileChanged", { userId });
    }
  });
}

/** Turns domain events into notifications. */
export function subscribeNotifications(ctx: TNotificationsContext): void {
  for (const name of Object.keys(NOTIFICATION_HANDLERS) as TEventName[]) {
    subscribe(ctx, NOTIFICATION_HANDLERS, name);
  }
}
