// What admins read of the site's operations: the mail the server sent, and its background jobs.
import { z } from "zod";

/** A message of the mail log (the embedded default keeps it in an outbox). */
export const ZMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.enum(["outbox", "smtp"]),
  createdDate: z.iso.datetime({ offset: true }),
  sentDate: z.iso.datetime({ offset: true }).nullable(),
  error: z.string().nullable(),
});
export type TMail = z.infer<typeof ZMail>;

/** A queue of background jobs and how many of its jobs are in each state. */
export const ZQueueCounts = z.object({
  name: z.string(),
  /** Waiting to run now. */
  queued: z.number().int(),
  /** Running. */
  active: z.number().int(),
  /** Waiting for a later time (a retry's backoff, a delayed job). */
  deferred: z.number().int(),
  /** Out of retries; kept for an admin to look at or run again. */
  failed: z.number().int(),
});
export type TQueueCounts = z.infer<typeof ZQueueCounts>;

/** A job that ran out of retries, and the error of its last attempt. */
export const ZJobFailure = z.object({
  queue: z.string(),
  id: z.uuid(),
  failedDate: z.iso.datetime({ offset: true }),
  /** Attempts after the first. */
  retries: z.number().int(),
  error: z.string(),
});
export type TJobFailure = z.infer<typeof ZJobFailure>;

/** A job by its queue and id (what running a failed one again answers). */
export const ZJobRef = z.object({ queue: z.string().min(1).max(200), id: z.uuid() });
export type TJobRef = z.infer<typeof ZJobRef>;

export const ZJobsOverview = z.object({
  queues: z.array(ZQueueCounts),
  /** The newest failures first. */
  failures: z.array(ZJobFailure),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;
