// What admins read of the site's operations: the approval queue, the mail the server sent, and its
// background jobs.
import { z } from "zod";
import { ZId } from "./common";
import { ZPaging } from "./envelope";
import { ZProfileBase, ZProfileKind } from "./profile";

/** A pending listing as the approval queue shows it: what it says about itself, of any kind. */
export const ZPendingListing = ZProfileBase.pick({
  id: true,
  kind: true,
  name: true,
  description: true,
  address: true,
  logo: true,
  website: true,
  phone: true,
  email: true,
  status: true,
  tier: true,
  isActive: true,
  createdDate: true,
}).extend({ sports: z.array(z.string()) });
export type TPendingListing = z.infer<typeof ZPendingListing>;

/** The approval queue's query: a page, newest first, of one kind or all, by name. */
export const ZApprovalsQuery = ZPaging.extend({
  /** Part of the name, any case. */
  text: z.string().trim().max(200).optional(),
  kind: ZProfileKind.optional(),
});
export type TApprovalsQuery = z.infer<typeof ZApprovalsQuery>;

/** How many listings wait, in all and of each kind (every kind named, 0 when none). */
export const ZApprovalCounts = z.object({
  total: z.number().int().min(0),
  kinds: z.record(ZProfileKind, z.number().int().min(0)),
});
export type TApprovalCounts = z.infer<typeof ZApprovalCounts>;

/** At most this many listings are approved in one call (a page of the queue at its largest). */
export const MAX_BULK_APPROVALS = 100;

export const ZBulkApproval = z.object({
  ids: z
    .array(ZId)
    .min(1, "Choose at least one listing to approve.")
    .max(MAX_BULK_APPROVALS, `Approve at most ${MAX_BULK_APPROVALS} listings at once.`),
});
export type TBulkApproval = z.infer<typeof ZBulkApproval>;

const ZApprovalTarget = z.object({ id: ZId, kind: ZProfileKind, name: z.string() });

/** What a bulk approval did: those it approved, and those it left alone with the reason. */
export const ZBulkApprovalResult = z.object({
  approved: z.array(ZApprovalTarget),
  notApproved: z.array(ZApprovalTarget.extend({ reason: z.string() })),
});
export type TBulkApprovalResult = z.infer<typeof ZBulkApprovalResult>;

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
