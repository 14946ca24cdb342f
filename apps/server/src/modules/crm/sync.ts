// The sync job (`crm.sync`): sends a destination's leads to one connection. A lead whose payload
// is what was last sent is left alone; one sent before is updated through its stored remote id; a
// new one is created (and the connectors find what a failed attempt made before creating again).
// Every run writes a log entry; a failure is thrown so the queue retries it with backoff, and the
// last attempt's entry says `failed` with the remote error.
import { createHash } from "node:crypto";
import type { TCrmMapping } from "@hostfield/domain/contracts";
import { jobIdOf } from "../../platform/jobs/queue";
import type { TCrmLead } from "../rfps";
import { CONNECTORS, RemoteError } from "./connectors";
import type { TCrmContext } from "./context";
import * as repo from "./repository";
import { connectionOf, redact, SYNC_QUEUE, type TSyncJob } from "./service";

/** What decides whether a lead changed since it was sent (its owner's response time does not). */
function hashOf(lead: TCrmLead, mapping: TCrmMapping): string {
  const { status, statusReason, proposal, event, request, organizer } = lead;
  return createHash("sha256")
    .update(JSON.stringify({ status, statusReason, proposal, event, request, organizer, mapping }))
    .digest("hex");
}

type TCounts = { created: number; updated: number; unchanged: number; failed: number };

export async function runSync(
  ctx: TCrmContext,
  job: TSyncJob,
  attempt: { retryCount: number },
): Promise<void> {
  const crm = await repo.findCrmById(ctx.db, job.crmId);
  // Removed, switched off or not set up since the job was queued: nothing to send.
  if (!crm?.isEnabled || crm.setupStatus !== "ready" || !crm.mapping) return;
  const mapping = crm.mapping;
  const connection = connectionOf(ctx, crm);
  const counts: TCounts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  let error: string | null = null;
  const leads = await ctx.rfps.crmLeads(crm.destinationId, job.leadIds);
  const known = new Map(
    (
      await repo.recordsOf(
        ctx.db,
        crm.id,
        leads.map((l) => l.id),
      )
    ).map((r) => [r.leadId, r]),
  );
  const pending = leads.filter((lead) => {
    const same = known.get(lead.id)?.sentHash === hashOf(lead, mapping);
    if (same) counts.unchanged++;
    return !same;
  });
  try {
    if (pending.length > 0) {
      const session = await CONNECTORS[crm.connector].connect(connection, ctx.env);
      for (const [i, lead] of pending.entries()) {
        const hash = hashOf(lead, mapping);
        const record = known.get(lead.id);
        try {
          const remote = await session.push(
            lead,
            mapping,
            record ? { remoteId: record.remoteId, refs: record.remoteRefs } : null,
            jobIdOf(crm.id, lead.id, hash),
          );
          await repo.saveRecord(ctx.db, {
            crmId: crm.id,
            leadId: lead.id,
            remoteId: remote.remoteId,
            remoteRefs: remote.refs,
            sentHash: hash,
          });
          if (record) counts.updated++;
          else counts.created++;
        } catch (failure) {
          // The rest wait for the retry: the remote side is failing.
          counts.failed = pending.length - i;
          throw failure;
        }
      }
    }
  } catch (failure) {
    if (!(failure instanceof RemoteError))
      ctx.log.error({ err: failure, crmId: crm.id }, "crm sync broke");
    error = redact(failure instanceof Error ? failure.message : String(failure), connection.secret);
    // Not even connected: every lead it had to send is still to send.
    counts.failed ||= pending.length;
  }
  const status =
    error === null ? "succeeded" : attempt.retryCount < ctx.retryLimit ? "retrying" : "failed";
  const now = ctx.now();
  await repo.insertLog(ctx.db, {
    crmId: crm.id,
    direction: "outbound",
    trigger: job.trigger,
    status,
    attempt: attempt.retryCount + 1,
    ...counts,
    error,
    createdDate: now,
  });
  await repo.updateCrm(ctx.db, crm.id, { lastSyncDate: now, lastSyncStatus: status });
  // The queue retries it (with backoff) until its attempts are spent.
  if (error !== null) throw new Error(`CRM sync of ${crm.id} failed: ${error}`);
}

/** A change of some leads: one sync job per connection of their destinations, once per event. */
export async function queueChanges(
  ctx: TCrmContext,
  eventId: string,
  leads: readonly { leadId: string; ownerId: string }[],
) {
  const crms = await repo.syncingCrmsOf(ctx.db, [...new Set(leads.map((l) => l.ownerId))]);
  for (const crm of crms) {
    const job: TSyncJob = {
      crmId: crm.id,
      leadIds: leads.filter((l) => l.ownerId === crm.destinationId).map((l) => l.leadId),
      trigger: "change",
    };
    await ctx.jobs.send(SYNC_QUEUE, job, { id: jobIdOf(eventId, crm.id) });
  }
  if (crms.length > 0) ctx.jobs.wake(SYNC_QUEUE);
}
