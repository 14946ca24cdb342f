// A destination's CRM connections: add one (its secret sealed at once), change it with a JSON
// Patch (a new secret replaces the old whole; a changed address or secret must be set up again),
// remove it, list the remote accounts, set it up (check the credentials and the mapping), and ask
// for a sync now. A remote failure is a 502 with the remote system's words, secrets taken out.

import type { TPatchBody } from "@hostfield/domain/contracts";
import {
  type TCrmMapping,
  type TCrmSetupInput,
  ZDestinationCrmEditable,
  ZDestinationCrmInput,
} from "@hostfield/domain/contracts";
import { AppError, badRequest, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { CONNECTORS, MappingError, RemoteError, type TConnection } from "./connectors";
import type { TCrmContext } from "./context";
import * as repo from "./repository";

export const SYNC_QUEUE = "crm.sync";

/** What the sync job is given: the connection, the leads (null: all) and what started it. */
export type TSyncJob = { crmId: string; leadIds: string[] | null; trigger: "change" | "manual" };

/** The message without the secret or any bearer token, whatever the remote system echoed. */
export function redact(message: string, secret: string | null): string {
  let out = message.replace(/Bearer\s+[^\s"',]+/gi, "Bearer [redacted]");
  if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out.slice(0, 1000);
}

export const last4 = (secret: string) => (secret.length >= 12 ? secret.slice(-4) : null);

/** The connection as the connectors see it, its secret opened. */
export function connectionOf(ctx: TCrmContext, crm: repo.TCrmRow): TConnection {
  return {
    id: crm.id,
    destinationId: crm.destinationId,
    url: crm.url,
    clientId: crm.clientId,
    secret: ctx.box.open(crm.secretSealed),
  };
}

function checkUrl(ctx: TCrmContext, url: string | null) {
  if (url && !ctx.env.allowHttpWebhooks && !url.startsWith("https://")) {
    throw badRequest("CRM_URL_NOT_ALLOWED", "The webhook's address must start with https://.");
  }
}

/** A remote failure as the caller sees it (502), or a mapping the remote side lacks (400). */
export function remoteFailure(error: unknown, secret: string | null): AppError {
  if (error instanceof MappingError) {
    return validationFailed(redact(error.message, secret), [
      { path: ["data"], message: redact(error.message, secret) },
    ]);
  }
  if (error instanceof RemoteError) {
    return new AppError("CRM_REMOTE_FAILED", 502, redact(error.message, secret));
  }
  throw error;
}

export async function ownCrm(ctx: TCrmContext, destinationId: string, crmId: string) {
  const found = await repo.findCrm(ctx.db, destinationId, crmId);
  if (!found) throw notFound("The CRM connection");
  return found;
}

export async function createCrm(
  ctx: TCrmContext,
  destinationId: string,
  input: ReturnType<typeof ZDestinationCrmInput.parse>,
  by: string,
) {
  checkUrl(ctx, input.url);
  const created = await repo.insertCrm(ctx.db, {
    destinationId,
    connector: input.connector,
    name: input.name,
    isEnabled: input.isEnabled,
    url: input.connector === "webhook" ? input.url : null,
    clientId: input.connector === "salesforce" ? input.clientId : null,
    secretSealed: ctx.box.seal(input.secret),
    secretLast4: last4(input.secret),
    createdBy: by,
    updatedBy: by,
  });
  return ownCrm(ctx, destinationId, created.id);
}

export async function patchCrm(
  ctx: TCrmContext,
  destinationId: string,
  crmId: string,
  patch: TPatchBody,
  by: string,
) {
  const { crm } = await ownCrm(ctx, destinationId, crmId);
  const current = {
    name: crm.name,
    isEnabled: crm.isEnabled,
    url: crm.url,
    clientId: crm.clientId,
    secret: null,
  };
  const parsed = ZDestinationCrmEditable.safeParse(applyJsonPatch(current, patch));
  if (!parsed.success) {
    throw validationFailed(
      "The patched CRM connection is not valid.",
      parsed.error.issues.map((i) => ({ path: i.path as PropertyKey[], message: i.message })),
    );
  }
  const next = parsed.data;
  // The same rules as a new connection's (a webhook needs its address, Salesforce its key).
  const whole = ZDestinationCrmInput.safeParse({
    ...next,
    connector: crm.connector,
    secret: next.secret ?? "unchanged-secret",
  });
  if (!whole.success) {
    throw validationFailed(
      "The patched CRM connection is not valid.",
      whole.error.issues.map((i) => ({ path: i.path as PropertyKey[], message: i.message })),
    );
  }
  checkUrl(ctx, next.url);
  const reconnect = next.secret !== null || next.url !== crm.url || next.clientId !== crm.clientId;
  await repo.updateCrm(ctx.db, crm.id, {
    name: next.name,
    isEnabled: next.isEnabled,
    url: crm.connector === "webhook" ? next.url : null,
    clientId: crm.connector === "salesforce" ? next.clientId : null,
    ...(next.secret !== null
      ? { secretSealed: ctx.box.seal(next.secret), secretLast4: last4(next.secret) }
      : {}),
    ...(reconnect ? { setupStatus: "pending" as const, setupError: null } : {}),
    updatedDate: ctx.now(),
    updatedBy: by,
  });
  return ownCrm(ctx, destinationId, crmId);
}

export async function removeCrm(ctx: TCrmContext, destinationId: string, crmId: string) {
  if (!(await repo.deleteCrm(ctx.db, destinationId, crmId))) throw notFound("The CRM connection");
}

export async function remoteAccounts(ctx: TCrmContext, destinationId: string, crmId: string) {
  const { crm } = await ownCrm(ctx, destinationId, crmId);
  const connection = connectionOf(ctx, crm);
  try {
    const session = await CONNECTORS[crm.connector].connect(connection, ctx.env);
    return await session.accounts();
  } catch (error) {
    throw remoteFailure(error, connection.secret);
  }
}

/** The mapping a setup asks for: what it gives over what was set over the connector's defaults. */
function mappingOf(crm: repo.TCrmRow, input: TCrmSetupInput): TCrmMapping {
  const base = crm.mapping ?? CONNECTORS[crm.connector].defaults;
  return {
    accountId: input.accountId === undefined ? base.accountId : input.accountId,
    stages: { ...base.stages, ...input.stages },
    fields: { ...base.fields, ...input.fields },
  };
}

/**
 * Checks the credentials and the mapping against the remote system, and keeps the mapping: ready
 * to sync when it passed, failed with the reason when not (both in the log).
 */
export async function setUp(
  ctx: TCrmContext,
  destinationId: string,
  crmId: string,
  input: TCrmSetupInput,
  by: string,
) {
  const { crm } = await ownCrm(ctx, destinationId, crmId);
  const mapping = mappingOf(crm, input);
  const connection = connectionOf(ctx, crm);
  let failure: AppError | null = null;
  try {
    const session = await CONNECTORS[crm.connector].connect(connection, ctx.env);
    await session.check(mapping);
  } catch (error) {
    failure = remoteFailure(error, connection.secret);
  }
  await repo.updateCrm(ctx.db, crm.id, {
    mapping,
    setupStatus: failure ? "failed" : "ready",
    setupError: failure?.message ?? null,
    updatedDate: ctx.now(),
    updatedBy: by,
  });
  await repo.insertLog(ctx.db, {
    crmId: crm.id,
    direction: "check",
    trigger: "setup",
    status: failure ? "failed" : "succeeded",
    error: failure?.message ?? null,
    createdDate: ctx.now(),
  });
  if (failure) throw failure;
  return ownCrm(ctx, destinationId, crmId);
}

/** Queues a sync of every lead of the destination now (the log shows it when done). */
export async function requestSync(ctx: TCrmContext, destinationId: string, crmId: string) {
  const { crm } = await ownCrm(ctx, destinationId, crmId);
  if (!crm.isEnabled || crm.setupStatus !== "ready") {
    throw new AppError(
      "CRM_NOT_READY",
      409,
      crm.isEnabled
        ? "Set this connection up (and let its test pass) before syncing."
        : "This connection is switched off; switch it on to sync.",
    );
  }
  const job: TSyncJob = { crmId: crm.id, leadIds: null, trigger: "manual" };
  await ctx.jobs.send(SYNC_QUEUE, job);
  ctx.jobs.wake(SYNC_QUEUE);
}
