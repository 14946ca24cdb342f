// The signed webhook: any system can receive a lead as JSON. Each POST carries
// `X-Hostfield-Timestamp` (Unix seconds) and `X-Hostfield-Signature: sha256=<hex>`, the HMAC-SHA256
// of `{timestamp}.{body}` with the shared secret, so the receiver checks who sent it and refuses
// an old one (a replay); `X-Hostfield-Delivery` is the same for a retry of the same change.
//
// The webhook's address is the member's: every POST (the setup's ping and each lead) goes through
// the outbound rule (`platform/http/outbound-fetch.ts`: https, public addresses resolved once and
// pinned, no redirect followed), so what a manager reads never tells an open port from a closed
// one; CRM_WEBHOOK_ALLOW_HTTP lets tests and local receivers use plain http on this machine.
import { createHmac } from "node:crypto";
import type { TCrmMapping } from "@hostfield/domain/contracts";
import { OutboundError, outboundRequest } from "../../../platform/http/outbound-fetch";
import type { TCrmLead } from "../../rfps";
import {
  parseBody,
  RemoteError,
  remoteMessage,
  type TConnectorEnv,
  type TCrmConnector,
} from "./connector";

/** The most of a receiver's answer read (its words, when it refuses). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The signature of a body sent at `timestamp` (seconds): what receivers compute to compare. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** An outbound failure in a manager's words: the address refused, or the webhook not reached. */
const failureWords = (error: OutboundError) =>
  error.wordedFor(error.refused ? "The webhook's address" : "The webhook");

/** POSTs the signed body; a RemoteError unless the receiver answers 2xx. */
async function post(
  env: TConnectorEnv,
  url: string,
  headers: Record<string, string>,
  body: string,
) {
  const response = await outboundRequest(
    url,
    {
      purpose: "crm webhook",
      method: "POST",
      headers,
      body,
      timeoutMs: env.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    },
    { allowLocal: env.allowHttpWebhooks, log: env.log },
  ).catch((error: unknown) => {
    throw error instanceof OutboundError ? new RemoteError(failureWords(error)) : error;
  });
  if (response.status >= 200 && response.status < 300) return;
  const words = remoteMessage(parseBody(response.body.toString("utf8")));
  throw new RemoteError(`The webhook answered ${response.status}: ${words}`, response.status);
}

/** A lead as the webhook sends it, with the stage its status maps to. */
function leadPayload(lead: TCrmLead, mapping: TCrmMapping) {
  return {
    id: lead.id,
    status: lead.status,
    stage: mapping.stages[lead.status],
    statusReason: lead.statusReason,
    event: lead.event,
    request: lead.request,
    organizer: lead.organizer,
    proposal: lead.proposal,
    source: lead.source,
    createdDate: lead.createdDate,
    updatedDate: lead.updatedDate,
  };
}

export const webhookConnector: TCrmConnector = {
  defaults: {
    accountId: null,
    stages: { Open: "Open", Interested: "Interested", Won: "Won", Lost: "Lost", Passed: "Passed" },
    fields: { name: "name", amount: "amount", closeDate: "closeDate", description: "description" },
  },
  async connect(connection, env) {
    const url = connection.url;
    if (!url) throw new RemoteError("The webhook has no address.");
    const send = async (type: string, deliveryId: string, data: object) => {
      const body = JSON.stringify({
        id: deliveryId,
        type,
        sentDate: env.now().toISOString(),
        destinationId: connection.destinationId,
        ...data,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        "content-type": "application/json",
        "user-agent": "Hostfield-CRM/1.0",
        "x-hostfield-timestamp": String(timestamp),
        "x-hostfield-signature": webhookSignature(connection.secret, timestamp, body),
        "x-hostfield-delivery": deliveryId,
      };
      await post(env, url, headers, body);
    };
    return {
      accounts: async () => [],
      check: (mapping) => send("ping", `ping-${connection.id}-${Date.now()}`, { mapping }),
      async push(lead, mapping, _known, deliveryId) {
        await send("lead.changed", deliveryId, { lead: leadPayload(lead, mapping) });
        return { remoteId: null, refs: {} };
      },
    };
  },
};
