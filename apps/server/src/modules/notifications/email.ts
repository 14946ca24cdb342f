// E-mail notifications, for members who are not signed in (and the same news by Web Push: push.ts). The
// mailed events are the ones whose notifications say so (a new lead, a proposal or pass, an award or
// loss, an invitation to a listing or a group): the same
// handler writes the notification and gives the mail its words, to the same people. Messages are
// mailed when a conversation is left unread for a while (`unreadAfterMs`), once until it is read.
//
// Nothing is mailed from a request: a domain event's subscriber queues one job per recipient (an
// id fixed by event and recipient, so a redelivered event adds none), and the job reads the
// member's setting for the category: mail now, keep for the daily digest, or nothing.
import type { TEmailCategory } from "@hostfield/domain/contracts";
import { EMAIL_CATEGORIES } from "@hostfield/domain/contracts";
import type { TEventName } from "../../platform/events/bus";
import { jobIdOf } from "../../platform/jobs/queue";
import {
  renderDigestMail,
  renderNoticeMail,
  type TMailFooter,
  type TMailNotice,
} from "./email-templates";
import { NOTIFICATION_HANDLERS } from "./handlers";
import { getPreferences, setPreferences } from "./preferences";
import { queuePushes, workPushes } from "./push";
import * as repo from "./repository";
import type { TNotificationsContext } from "./service";

/** Which domain events are mailed, in which category. */
const MAILED_EVENTS = {
  LeadsCreated: "leads",
  LeadAnswered: "proposals",
  LeadRevisionRequested: "decisions",
  LeadDecided: "decisions",
  DepositPaid: "decisions",
  MemberInvited: "invitations",
  GroupMemberInvited: "invitations",
} as const satisfies Partial<Record<TEventName, TEmailCategory>>;

/**
 * Per category, every word said about it: why the member gets it (the footer), what the mail's
 * button says, and what unsubscribing stops (the unsubscribe page).
 */
const CATEGORY_WORDS: Record<TEmailCategory, { reason: string; action: string; about: string }> = {
  leads: {
    reason: "You get this e-mail because a listing you manage received a request for proposals.",
    action: "Open the lead",
    about: "new requests for proposals to your listings",
  },
  proposals: {
    reason: "You get this e-mail because you organize an event that requested proposals.",
    action: "See the proposals",
    about: "proposals and passes on your requests",
  },
  decisions: {
    reason: "You get this e-mail because a listing you manage answered a request for proposals.",
    action: "Open the lead",
    about: "awards and lost bids",
  },
  invitations: {
    reason: "You get this e-mail because you were invited to a listing or a group.",
    action: "Answer the invitation",
    about: "invitations to listings and groups",
  },
  messages: {
    reason: "You get this e-mail when a conversation stays unread.",
    action: "Open the conversation",
    about: "unread conversations",
  },
};

const DIGEST_REASON = "You get this daily digest because you chose it for some of your e-mails.";

const NOTICE_QUEUE = "notifications.email";
const UNREAD_QUEUE = "notifications.unread-mail";
/** Looks for a conversation's notification this many more times before deciding it was opened. */
const UNREAD_RETRIES = 2;
const DIGEST_JOB = "notifications.email-digest";
/** The digest goes out once a day, at 13:00 UTC (morning across the Americas). */
const DIGEST_CRON = "0 13 * * *";

type TNoticeJob = {
  userId: string;
  category: TEmailCategory;
  title: string;
  body: string;
  url: string;
};

/** The page a mail links to, absolute (notifications keep the web app's paths). */
const absolute = (ctx: TNotificationsContext, url: string) =>
  /^https?:\/\//.test(url) ? url : `${ctx.email.publicUrl}${url}`;

/** What an unsubscribe link stops: one category's mail, or the daily digest (all it gathers). */
export type TUnsubscribeTarget = TEmailCategory | "digest";

/** What an unsubscribe link stops, as its page says it. */
export const unsubscribeSubject = (target: TUnsubscribeTarget) =>
  target === "digest" ? "anything in your daily digest" : CATEGORY_WORDS[target].about;

/** The one-click unsubscribe address of a member's category: signed, so nobody else can use it. */
export function unsubscribeUrl(
  ctx: TNotificationsContext,
  userId: string,
  category: TUnsubscribeTarget,
) {
  const query = new URLSearchParams({
    u: userId,
    c: category,
    s: ctx.email.signer.sign(userId, category),
  });
  return `${ctx.email.publicUrl}/email/unsubscribe?${query}`;
}

const footerOf = (
  ctx: TNotificationsContext,
  userId: string,
  category: TUnsubscribeTarget,
): TMailFooter => ({
  reason: category === "digest" ? DIGEST_REASON : CATEGORY_WORDS[category].reason,
  unsubscribeUrl: unsubscribeUrl(ctx, userId, category),
  settingsUrl: `${ctx.email.publicUrl}/account#email`,
});

/** The headers that let a mail client offer "Unsubscribe" itself (RFC 2369 and RFC 8058). */
const unsubscribeHeaders = (footer: TMailFooter) => ({
  "List-Unsubscribe": `<${footer.unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

const noticeOf = (job: Omit<TNoticeJob, "userId">, ctx: TNotificationsContext): TMailNotice => ({
  title: job.title,
  body: job.body,
  url: absolute(ctx, job.url),
  action: CATEGORY_WORDS[job.category].action,
});

/** Mails one notice now, or keeps it for the digest, or drops it, as the member chose. */
async function deliverNotice(ctx: TNotificationsContext, job: TNoticeJob): Promise<void> {
  const mode = await repo.findMode(ctx.db, job.userId, "email", job.category);
  if (mode === "off") return;
  if (mode === "digest") {
    const { userId, category, title, body, url } = job;
    await repo.insertDigestItem(ctx.db, { userId, category, title, body, url });
    return;
  }
  const mailbox = (await ctx.email.mailboxes([job.userId])).get(job.userId);
  if (!mailbox) return;
  const footer = footerOf(ctx, job.userId, job.category);
  const mail = await renderNoticeMail(noticeOf(job, ctx), footer);
  await ctx.email.mailer.send({ to: mailbox.email, ...mail, headers: unsubscribeHeaders(footer) });
}

/** A conversation still unread: its member hears of it once (a mail or a digest line). */
async function deliverUnread(
  ctx: TNotificationsContext,
  { threadId }: { threadId: string },
  { retryCount }: { retryCount: number },
) {
  if (!(await ctx.email.isThreadUnread(threadId))) return;
  // The message's notification is written by another subscriber of the same event: missing, it
  // may not be written yet (the job fails and its retry looks again, twice), or it was opened
  // without reading the conversation (nothing to mail).
  if (!(await repo.hasUnopenedOfThread(ctx.db, threadId))) {
    if (retryCount < UNREAD_RETRIES)
      throw new Error("the conversation's notification is not written yet");
    return;
  }
  const claimed = new Date();
  const notification = await repo.claimUnmailedOfThread(ctx.db, threadId, claimed);
  if (!notification?.url) return;
  const notice: TNoticeJob = {
    userId: notification.userId,
    category: "messages",
    title: `Unread: ${notification.title}`,
    body: notification.contents,
    url: notification.url,
  };
  // Queued before the mail goes: a failed mail's retry finds the conversation claimed.
  await queuePushes(ctx, [
    { id: jobIdOf("unread-push", notification.id, claimed.toISOString()), data: notice },
  ]);
  await deliverNotice(ctx, notice);
}

/** Each member with waiting news gets one mail of it all, and the news is cleared. */
export async function sendDigests(ctx: TNotificationsContext): Promise<number> {
  let sent = 0;
  for (const userId of await repo.findDigestUsers(ctx.db)) {
    const items = await repo.findDigestItems(ctx.db, userId);
    const mailbox = (await ctx.email.mailboxes([userId])).get(userId);
    if (mailbox && items.length > 0) {
      // A digest mixes categories: its one-click link stops the digest (every category in it).
      const footer = footerOf(ctx, userId, "digest");
      const mail = await renderDigestMail(
        items.map((item) => noticeOf(item, ctx)),
        footer,
      );
      await ctx.email.mailer.send({
        to: mailbox.email,
        ...mail,
        headers: unsubscribeHeaders(footer),
      });
      sent++;
    }
    await repo.deleteDigestItems(
      ctx.db,
      items.map((item) => item.id),
    );
  }
  return sent;
}

/** Signed links only: true when the signature matches and the setting is now off. */
export async function unsubscribe(
  ctx: TNotificationsContext,
  link: { userId: string; target: TUnsubscribeTarget; signature: string },
): Promise<boolean> {
  if (!ctx.email.signer.verify(link.signature, link.userId, link.target)) return false;
  // An account deleted since: nothing is mailed to it any more.
  if (!(await ctx.person(link.userId))) return true;
  const current = await getPreferences(ctx, link.userId, "email");
  const off = EMAIL_CATEGORIES.filter((c) =>
    link.target === "digest" ? current[c] === "digest" : c === link.target,
  );
  await setPreferences(ctx, link.userId, "email", Object.fromEntries(off.map((c) => [c, "off"])));
  return true;
}

/** Starts the mail and push workers and subscribes the mailed (and pushed) events. */
export async function subscribeEmail(ctx: TNotificationsContext): Promise<void> {
  const { jobs } = ctx.email;
  const { events } = ctx;
  await workPushes(ctx);
  await jobs.work<TNoticeJob>(NOTICE_QUEUE, (job) => deliverNotice(ctx, job), { batchSize: 20 });
  await jobs.work<{ threadId: string }>(
    UNREAD_QUEUE,
    (data, job) => deliverUnread(ctx, data, job),
    {
      batchSize: 20,
    },
  );
  await jobs.every(DIGEST_JOB, DIGEST_CRON, () => sendDigests(ctx));

  for (const [name, category] of Object.entries(MAILED_EVENTS) as [
    keyof typeof MAILED_EVENTS,
    TEmailCategory,
  ][]) {
    events.on(name, "notifications.email", async (event, delivery) => {
      // The notification handler's rows: who hears of it, and in which words.
      const write = await NOTIFICATION_HANDLERS[name](ctx, event as never);
      const notices = (write?.rows ?? []).map(
        (row): TNoticeJob => ({
          userId: row.userId,
          category,
          title: row.title,
          body: row.contents ?? "",
          url: row.url ?? "/",
        }),
      );
      // The same news in the same words, by e-mail and by push, each as the member chose.
      const jobsOf = (channel: string) =>
        notices.map((data, i) => ({
          id: jobIdOf(delivery.eventId, channel, data.userId, String(i)),
          data,
        }));
      await jobs.sendMany(NOTICE_QUEUE, jobsOf("email"));
      await queuePushes(ctx, jobsOf("push"));
    });
  }

  events.on("MessagePosted", "notifications.unread-mail", async (e) => {
    const threads = e.threadIds
      ? Object.values(e.threadIds)
      : [...(await ctx.threadIds(e.groupId, e.recipientIds)).values()];
    const delay = ctx.email.unreadAfterMs;
    const now = Date.now();
    // One job per thread and stretch of `delay`: a busy conversation adds a few, not one a message;
    // each looks whether the conversation is still unread and mailed yet.
    const stretch = String(delay > 0 ? Math.floor(now / delay) : now);
    await jobs.sendMany(
      UNREAD_QUEUE,
      threads.map((threadId) => ({
        id: jobIdOf("unread-mail", threadId, stretch),
        data: { threadId },
        startAfter: new Date(now + delay),
      })),
    );
  });
}
