// Every CRM connector, by the name the API uses (`CRM_CONNECTORS` in the domain): a new one is a
// file beside this one and a line here.
import type { TCrmConnectorKind } from "@hostfield/domain/contracts";
import type { TCrmConnector } from "./connector";
import { hubspotConnector } from "./hubspot";
import { salesforceConnector } from "./salesforce";
import { webhookConnector } from "./webhook";

export const CONNECTORS: Record<TCrmConnectorKind, TCrmConnector> = {
  webhook: webhookConnector,
  hubspot: hubspotConnector,
  salesforce: salesforceConnector,
};

export * from "./connector";
export { webhookSignature } from "./webhook";
