// The signed webhook: any system can receive a lead as JSON. Each POST carries
// `X-Hostfield-Timestamp` (Unix seconds) and `X-Hostfield-Signature: sha256=<hex>`, the HMAC-SHA256
// of `{timestamp}.{body}` with the shared secret, so the receiver checks who sent it and refuses
// an old one (a replay); `X-Hostfield-Delivery` is the same for a retry of the same change.
import { createHmac } from "node:crypto";
import type { TCrmMapping } from "@hostfield/domain/contracts";
import {
  OutboundAddressError,
  requirePublicAddress,
} from "../../../platform/http/outbound-address";
import type { TCrmLead } from "../../rfps";
import { callRemote, RemoteError, type TCrmConnector } from "./connector";

/** The signature of a body sent at `timestamp` (seconds): what receivers compute to compare. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
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
    if (!env.allowHttpWebhooks && !url.startsWith("https://")) {
      throw new RemoteError("The webhook's address must be https.");
    }
    const send = async (type: string, deliveryId: string, data: object) => {
      const body = JSON.stringify({
        id: deliveryId,
        type,
        sentDate: env.now().toISOString(),
        destinationId: connection.destinationId,
        ...data,
      });
      // Tests and local receivers (CRM_WEBHOOK_ALLOW_HTTP) may use this machine's own addresses.
      if (!env.allowHttpWebhooks) {
        await requirePublicAddress(url).catch((error: unknown) => {
          if (error instanceof OutboundAddressError) {
            throw new RemoteError(`The webhook's address is refused: ${error.message}`);
          }
          throw error;
        });
      }
      const timestamp = Math.floor(Date.now() / 1000);
      await callRemote("The webhook", env, url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Hostfield-CRM/1.0",
          "x-hostfield-timestamp": String(timestamp),
          "x-hostfield-signature": webhookSignature(connection.secret, timestamp, body),
          "x-hostfield-delivery": deliveryId,
        },
        body,
      });
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
