// Domain events and live signals.
//
// A domain event (TDomainEvents) is recorded in the outbox table in the transaction of the change
// that caused it, so it exists exactly when the change does. A dispatcher moves due events from the
// outbox to the job queue, one job per subscriber, and the queue delivers each at least once (retried
// with backoff; a failure stays visible to admins). A subscriber makes its effect exactly-once with
// `delivery.once(write)`: the writes and the subscriber's delivery mark commit together, so a
// redelivered event finds the mark and writes nothing.
//
// A live signal (TLiveSignals) is a push to the sessions of this process's hub (a new notification,
// changed groups or counts): sent after the change committed, in order, never stored. Losing one
// loses a refresh, not data.
import type { TNotification } from "@hostfield/domain/contracts";
import type { FastifyBaseLogger } from "fastify";
import { inTransaction, type TDb } from "../db/database";
import { jobIdOf, type TJobQueue } from "../jobs/queue";
import * as repo from "./repository";

/** Everything the modules announce, by name; each is stored and delivered at least once. */
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
    /** Each recipient's thread of the group (events recorded before it was carried lack it). */
    threadIds?: Record<string, string>;
    /** When the message was written (ISO), so an older message never replaces a newer one's notification. */
    postedDate?: string;
  };
  /** A user read these threads (opened them, or loaded their messages). */
  ThreadsRead: { userId: string; threadIds: string[] };
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
  /**
   * A listing's tier changed because its subscription did (payments): a tier with hot leads lets
   * its leads still held back appear now.
   */
  ListingTierChanged: {
    profileId: string;
    kind: string;
    tier: string | null;
    previousTier: string | null;
    source: "subscription";
  };
  /** A listing was deleted (its rows cascaded); what others keep of it by id goes too (reports). */
  ProfileDeleted: { profileId: string };
  /** A story was deleted; what others keep of it by id goes too (reports). */
  StoryDeleted: { storyId: string };
  /**
   * An admin did not approve the changes a story's author made to it once published: the author
   * is to be told why (the story keeps the reason for them too, until they edit again).
   */
  StoryRevisionRejected: {
    storyId: string;
    slug: string;
    /** The published title (readers' one). */
    title: string;
    authorId: string | null;
    reason: string;
    rejectedBy: string;
  };
  /**
   * Someone was invited to a listing's members: a user (`userId`), or an address without an
   * account yet (`email` only: a sign-up invitation goes there).
   */
  MemberInvited: {
    invitationId: string;
    profileId: string;
    userId: string | null;
    email: string | null;
    role: string;
    invitedBy: string;
  };
  /**
   * Someone was invited to a group: a user (`userId`), or an address without an account yet
   * (`email` only: a sign-up invitation goes there).
   */
  GroupMemberInvited: {
    invitationId: string;
    groupId: string;
    groupName: string;
    userId: string | null;
    email: string | null;
    invitedBy: string;
  };
  /** The invitee answered an invitation (to a listing or a group): its notification is done with. */
  InvitationAnswered: {
    invitationId: string;
    to: "listing" | "group";
    userId: string;
    answer: "accepted" | "declined";
  };
  /**
   * A hotel reservation was made, changed or cancelled: the guest is mailed its confirmation.
   * `reason` "guarantee_not_secured": cancelled because no card guaranteed it in time.
   */
  ReservationChanged: {
    reservationId: string;
    change: "confirmed" | "changed" | "cancelled";
    reason?: "guarantee_not_secured";
  };
  /**
   * A reservation was booked whose hotel or block requires a card guarantee (payments): its
   * guarantee awaits the guest's card from `bookedDate` (ISO) on.
   */
  ReservationGuaranteeAsked: {
    reservationId: string;
    hotelId: string;
    guestUserId: string | null;
    bookedDate: string;
  };
  /**
   * A hotel charged a reservation's card guarantee (payments): the guest and the hotel's managers
   * are mailed a receipt. `amountCents` in `currency`.
   */
  GuaranteeCharged: {
    reservationId: string;
    hotelId: string;
    chargeId: string;
    reason: "no_show" | "late_cancellation";
    amountCents: number;
    currency: string;
    card: { brand: string; last4: string };
    providerPaymentId: string;
    chargedDate: string;
  };
  /**
   * A hotel block's cut-off is tomorrow (or today, for a run that came late): both sides are mailed
   * what is held, booked and will be released, as it stood when the reminder was recorded.
   */
  BlockCutoffNear: {
    blockId: string;
    eventId: string;
    hotelId: string;
    cutoffDate: string;
    nights: { night: string; held: number; booked: number }[];
  };
  /**
   * One side of a hotel block wrote in its thread (`dispute`: the organizer disputed the confirmed
   * statement): the other side's people are mailed.
   */
  BlockMessagePosted: {
    blockId: string;
    eventId: string;
    hotelId: string;
    messageId: string;
    side: "hotel" | "organizer";
    authorId: string;
    dispute: boolean;
  };
  /**
   * An event's organizers reminded a team that has not booked its rooms: its contact is mailed the
   * team's needs and bookings (as they stood when the reminder was recorded) and its booking link.
   */
  TeamStayReminder: {
    teamId: string;
    eventId: string;
    roomsNeeded: number;
    roomsBooked: number;
    roomNights: number;
  };
  /** Someone was made a member, manager or owner of a listing. */
  ProfileMemberAdded: { profileId: string; userId: string; role: string; addedBy: string };
  /** Leads reached listings and their staff may see them now: a publish, a direct send, a release. */
  LeadsCreated: {
    eventId: string;
    eventName: string;
    leads: { leadId: string; ownerId: string }[];
  };
  /**
   * Leads a hot request's head start held back appear to their recipients now (recorded with the
   * publish, available when the leads appear).
   */
  LeadsReleased: { eventId: string; eventName: string; leadIds: string[] };
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
  /** An organizer asked the venue of a lead to revise its proposal. */
  LeadRevisionRequested: {
    leadId: string;
    eventId: string;
    eventName: string;
    ownerId: string;
    message: string;
    changes: string[];
  };
  /** An organizer decided a lead: Won, or Lost (declined, or because another lead won). */
  LeadDecided: {
    leadId: string;
    eventId: string;
    eventName: string;
    ownerId: string;
    status: "Won" | "Lost";
    reason: string | null;
    /** A loss's coded reason (DECLINE_REASONS); absent from events recorded before codes. */
    reasonCode?: string | null;
    anotherWon: boolean;
  };
  /**
   * The deposit of an awarded lead was paid (payments): the event's organizers and the venue's
   * managers hear of it. `amountCents` in `currency` (the proposal's).
   */
  DepositPaid: {
    leadId: string;
    eventId: string;
    listingId: string | null;
    payerUserId: string | null;
    amountCents: number;
    currency: string;
  };
};

/** What the hub pushes to a user's open sessions. */
export type TLiveSignals = {
  /** Groups changed for these users (created, renamed, members added or removed). */
  GroupsChanged: { groupId: string; userIds: string[] };
  /** A notification was written (or refreshed) for a user; it travels whole, as the API shows it. */
  NotificationCreated: { userId: string; notification: TNotification };
  /** A user's counts or profile changed (notifications opened, threads read, edits). */
  UserProfileChanged: { userId: string };
};

export type TEventName = keyof TDomainEvents;
export type TSignalName = keyof TLiveSignals;

/** One delivery of an event to one subscriber. */
export type TDelivery = {
  eventId: string;
  /**
   * Runs `write` in a transaction that also leaves this subscriber's mark on the event: the first
   * delivery writes, a redelivery finds the mark and skips (undefined). Read other modules'
   * services before, not inside: the embedded database has one connection.
   */
  once<T>(write: (tx: TDb) => Promise<T>): Promise<T | undefined>;
  /**
   * For an effect outside the database (a mail): runs `effect` unless the mark is there, and
   * leaves the mark only after it succeeded. A failure leaves no mark, so the redelivery does it
   * again: the effect happens at least once, never zero times (a crash between the effect and the
   * mark repeats it). Answers whether it ran.
   */
  unlessDone(effect: () => Promise<void>): Promise<boolean>;
};

export type TSubscriber<K extends TEventName> = (
  data: TDomainEvents[K],
  delivery: TDelivery,
) => Promise<void>;

type TSignalHandler<K extends TSignalName> = (data: TLiveSignals[K]) => Promise<void> | void;

export type TEventBus = {
  /**
   * Stores the event in the outbox through `db`: pass the transaction of the change. It is
   * delivered from `availableDate` on (default: now).
   */
  record<K extends TEventName>(
    db: TDb,
    type: K,
    data: TDomainEvents[K],
    options?: { availableDate?: Date },
  ): Promise<void>;
  /** Delivers `type` to `subscriber` (a name unique among the subscribers of that event). */
  on<K extends TEventName>(type: K, subscriber: string, handler: TSubscriber<K>): void;
  /** Pushes a live signal to this process's listeners, after the ones before it. */
  signal<K extends TSignalName>(type: K, data: TLiveSignals[K]): void;
  onSignal<K extends TSignalName>(type: K, handler: TSignalHandler<K>): void;
  /** Starts the subscribers' workers and the dispatcher (after every module subscribed). */
  start(queue: TJobQueue): Promise<void>;
  /** Stops dispatching; the queue's own stop lets running deliveries finish. */
  stop(): Promise<void>;
  /** Resolves once every event due so far has been delivered and every signal sent (tests). */
  settled(): Promise<void>;
};

/** How soon the dispatcher looks again after a record (doubling while it finds nothing), and at most. */
const EAGER_POLL_MS = 2;
const BACKSTOP_POLL_MS = 1000;
/** Events moved from the outbox to the queue per round. */
const DISPATCH_BATCH = 100;
/** Events a subscriber's worker takes per fetch (each settles on its own). */
const DELIVERY_BATCH = 20;

/** How long delivered events stay in the outbox, and when they are pruned (daily, UTC). */
const EVENT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVENTS_CRON = "23 3 * * *";

const queueOf = (subscriber: string) => `events.${subscriber}`;

type TJob = { eventId: string; type: TEventName; data: unknown };

export function createEventBus(options: {
  db: TDb;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
  /** The clock `availableDate` is read by (tests move it). */
  now: () => Date;
  /** Attempts after the first, with backoff doubling from `delaySeconds` (default 5 and 2 s). */
  retry?: { limit: number; delaySeconds: number };
}): TEventBus {
  const { db, log, now, retry = { limit: 5, delaySeconds: 2 } } = options;
  /** Per event, the subscribers and their handlers. */
  const subscribers = new Map<TEventName, Map<string, TSubscriber<never>>>();
  const signalHandlers = new Map<TSignalName, TSignalHandler<never>[]>();
  let signals: Promise<void> = Promise.resolve();
  let queue: TJobQueue | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = BACKSTOP_POLL_MS;
  let round: Promise<number> | null = null;

  const subscribersOf = (type: string) => [...(subscribers.get(type as TEventName)?.keys() ?? [])];

  /** Moves the due events to the queue; how many it moved. */
  async function dispatch(): Promise<number> {
    if (!queue) return 0;
    const due = await repo.dueEvents(db, now(), DISPATCH_BATCH);
    if (due.length === 0) return 0;
    // One insert per subscriber's queue, then one mark: a crash between them sends again, and the
    // jobs' ids (one per event and subscriber) make the second send add nothing.
    const bySubscriber = new Map<string, { id: string; data: TJob }[]>();
    for (const event of due) {
      for (const subscriber of subscribersOf(event.type)) {
        const job: TJob = { eventId: event.id, type: event.type as TEventName, data: event.data };
        const jobs = bySubscriber.get(subscriber) ?? [];
        jobs.push({ id: jobIdOf(event.id, subscriber), data: job });
        bySubscriber.set(subscriber, jobs);
      }
    }
    // Each subscriber's workers are woken as soon as its jobs are queued: the first (the
    // notifications, which the hub pushes) need not wait for the others' inserts and the mark.
    for (const [subscriber, jobs] of bySubscriber) {
      await queue.sendMany(queueOf(subscriber), jobs);
      queue.wake(queueOf(subscriber));
    }
    await repo.markDispatched(
      db,
      due.map((event) => event.id),
    );
    return due.length;
  }

  /** One dispatch at a time; a caller arriving meanwhile shares it. */
  function dispatchOnce(): Promise<number> {
    round ??= dispatch().finally(() => {
      round = null;
    });
    return round;
  }

  function schedule(ms: number) {
    if (stopped || !queue) return;
    if (timer) clearTimeout(timer);
    delay = ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  async function tick() {
    timer = null;
    let moved = 0;
    try {
      moved = await dispatchOnce();
    } catch (error) {
      // The database may be away for a moment; the events wait in the outbox.
      log.warn({ err: error }, "event dispatch failed; retrying");
    }
    if (moved === DISPATCH_BATCH) schedule(0);
    else if (moved > 0) schedule(EAGER_POLL_MS);
    // From a look at once (delay 0) too: doubling 0 would poll without pause while idle.
    else schedule(Math.min(Math.max(delay, EAGER_POLL_MS) * 2, BACKSTOP_POLL_MS));
  }

  function deliveryOf(eventId: string, subscriber: string): TDelivery {
    return {
      eventId,
      once: (write) =>
        inTransaction(db, async (tx) => {
          if (!(await repo.markDelivered(tx, eventId, subscriber))) return undefined;
          return write(tx);
        }),
      async unlessDone(effect) {
        if (await repo.isDelivered(db, eventId, subscriber)) return false;
        await effect();
        await repo.markDelivered(db, eventId, subscriber);
        return true;
      },
    };
  }

  return {
    async record(target, type, data, recordOptions = {}) {
      await repo.insertEvent(target, {
        type,
        data,
        availableDate: recordOptions.availableDate ?? now(),
      });
      // The change commits after this returns: look soon, and again a little later.
      schedule(EAGER_POLL_MS);
    },
    on(type, subscriber, handler) {
      if (queue) throw new Error(`${subscriber} subscribed to ${type} after the events started.`);
      const list = subscribers.get(type) ?? new Map<string, TSubscriber<never>>();
      if (list.has(subscriber)) throw new Error(`${subscriber} subscribed to ${type} twice.`);
      list.set(subscriber, handler as TSubscriber<never>);
      subscribers.set(type, list);
    },
    signal(type, data) {
      const list = (signalHandlers.get(type) ?? []) as TSignalHandler<typeof type>[];
      if (list.length === 0) return;
      signals = signals.then(async () => {
        for (const handler of list) {
          try {
            await handler(data);
          } catch (error) {
            log.error({ err: error, signal: type }, "signal handler failed");
          }
        }
      });
    },
    onSignal(type, handler) {
      const list = signalHandlers.get(type) ?? [];
      list.push(handler as TSignalHandler<never>);
      signalHandlers.set(type, list);
    },
    async start(jobs) {
      const names = new Set([...subscribers.values()].flatMap((list) => [...list.keys()]));
      for (const subscriber of names) {
        await jobs.work<TJob>(
          queueOf(subscriber),
          async (job) => {
            const handler = subscribers.get(job.type)?.get(subscriber);
            // An event this process no longer subscribes to (a newer version recorded it): done.
            if (!handler) return;
            // Recorded under `job.type` with that type's data (record is typed by TDomainEvents).
            await handler(job.data as never, deliveryOf(job.eventId, subscriber));
          },
          { retryLimit: retry.limit, retryDelay: retry.delaySeconds, batchSize: DELIVERY_BATCH },
        );
      }
      // Delivered events are kept a while for inspection, then pruned with their marks.
      await jobs.every("events.prune", PRUNE_EVENTS_CRON, () =>
        repo.pruneBefore(db, new Date(now().getTime() - EVENT_RETENTION_DAYS * DAY_MS)),
      );
      queue = jobs;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round?.catch(() => undefined);
    },
    async settled() {
      if (!queue) return signals;
      const names = new Set([...subscribers.values()].flatMap((list) => [...list.keys()]));
      for (;;) {
        while ((await dispatchOnce()) > 0) {}
        await queue?.idle([...names].map(queueOf));
        await signals;
        if ((await repo.countWaiting(db, now())) === 0) return;
      }
    },
  };
}
