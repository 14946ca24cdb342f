// Domain events: a module emits one after its transaction commits; subscribers (notifications, the
// session hub) react. Handlers run after `emit` returns, one event at a time in order, and a failing
// handler is logged without touching the others or the request that emitted.
import type { TNotification } from "@hostfield/domain/contracts";
import type { FastifyBaseLogger } from "fastify";

/** Everything the modules announce, by name. */
export type TDomainEvents = {
  /** A message was posted in a group; `recipientIds` are the other members. */
  MessagePosted: {
    groupId: string;
    groupName: string;
    groupKind: "group" | "direct";
    messageId: string;
    authorId: string;
    body: string;
    recipientIds: string[];
  };
  /** Groups changed for these users (created, renamed, members added or removed). */
  GroupsChanged: { groupId: string; userIds: string[] };
  /** A notification was written (or refreshed) for a user; it travels whole, as the API shows it. */
  NotificationCreated: { userId: string; notification: TNotification };
  /** A user read these threads (opened them, or loaded their messages). */
  ThreadsRead: { userId: string; threadIds: string[] };
  /** A user's counts or profile changed (notifications opened, threads read, edits). */
  UserProfileChanged: { userId: string };
  /** The user's sessions end now: account deleted, password changed, or blocked. */
  UserSessionsRevoked: { userId: string; reason: "deleted" | "password" | "blocked" };
  /** Someone liked or followed a listing; its owners and managers hear of it. */
  ProfileReacted: {
    profileId: string;
    userId: string;
    reaction: "like" | "follow";
  };
  /** An admin approved a listing. */
  ProfileApproved: { profileId: string; approvedBy: string };
  /** Someone was made a member, manager or owner of a listing. */
  ProfileMemberAdded: { profileId: string; userId: string; role: string; addedBy: string };
  /** Leads reached listings and their staff may see them now (a publish, or a direct send). */
  LeadsCreated: {
    eventId: string;
    eventName: string;
    leads: { leadId: string; ownerId: string }[];
  };
  /** A recipient answered a lead: a proposal (Interested) or a pass, seen by the organizers. */
  LeadAnswered: {
    leadId: string;
    eventId: string;
    eventName: string;
    ownerId: string;
    ownerName: string;
    status: "Interested" | "Passed";
    reason: string | null;
    byUserId: string;
    groupId: string | null;
  };
  /** An organizer decided a lead: Won, or Lost (declined, or because another lead won). */
  LeadDecided: {
    leadId: string;
    eventId: string;
    eventName: string;
    ownerId: string;
    status: "Won" | "Lost";
    reason: string | null;
    anotherWon: boolean;
  };
};

export type TEventName = keyof TDomainEvents;
export type TEvent = { [K in TEventName]: { type: K; data: TDomainEvents[K] } }[TEventName];
type THandler<K extends TEventName> = (data: TDomainEvents[K]) => Promise<void> | void;

export type TEventBus = {
  emit<K extends TEventName>(type: K, data: TDomainEvents[K]): void;
  on<K extends TEventName>(type: K, handler: THandler<K>): void;
  /** Resolves once every event emitted so far has been handled (tests, shutdown). */
  settled(): Promise<void>;
};

export function createEventBus(log: Pick<FastifyBaseLogger, "error">): TEventBus {
  const handlers = new Map<TEventName, THandler<never>[]>();
  let queue: Promise<void> = Promise.resolve();
  return {
    emit(type, data) {
      const list = (handlers.get(type) ?? []) as THandler<typeof type>[];
      if (list.length === 0) return;
      queue = queue.then(async () => {
        for (const handler of list) {
          try {
            await handler(data);
          } catch (error) {
            log.error({ err: error, event: type }, "event handler failed");
          }
        }
      });
    },
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as THandler<never>);
      handlers.set(type, list);
    },
    settled() {
      return queue;
    },
  };
}
