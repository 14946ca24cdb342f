// What the hosted CRMs' connectors make of a lead: the deal's or opportunity's name, amount, close
// date and description, under the remote field names the mapping gives.
import type { TCrmMapping } from "@hostfield/domain/contracts";
import type { TCrmLead } from "../../rfps";

export function dealFields(lead: TCrmLead, mapping: TCrmMapping): Record<string, string> {
  const { fields } = mapping;
  const lines = [
    `Request for proposals from ${lead.organizer.name} for ${lead.event.name}`,
    `(${lead.event.startDate} to ${lead.event.endDate}), sent to ${lead.owner.name}.`,
    lead.reasons.length > 0 ? `Why it fits: ${lead.reasons.join("; ")}.` : "",
    lead.proposal ? `Our proposal: ${lead.proposal.message}` : "",
    lead.statusReason ? `Reason: ${lead.statusReason}` : "",
  ];
  return {
    [fields.name]: `${lead.event.name} · ${lead.owner.name}`,
    ...(lead.proposal?.price != null ? { [fields.amount]: String(lead.proposal.price) } : {}),
    [fields.closeDate]: lead.event.startDate,
    [fields.description]: lines.filter(Boolean).join("\n"),
  };
}
