// What an event says about itself in plain text, with the spec's display formats (§2, §5): the
// invitation of `PUT /events/email/generate` and the description of its calendar entry.
import type { TAddress } from "@hostfield/domain/contracts";
import { formatCost, formatEventDates, sportsSummary } from "@hostfield/domain/rules";

export type TEventFacts = {
  name: string;
  type: string;
  startDate: string;
  endDate: string;
  hasFlexibleDates: boolean;
  sports: readonly string[];
  ageGroup: string | null;
  eventLevel: string | null;
  individualCost: number | null;
  teamCost: number | null;
  description: string | null;
  address: TAddress | null;
  hotelLink: string | null;
  isClosed: boolean;
  organizationName: string | null;
  /** The event's page on the web. */
  url: string;
};

/** "1 Main St, Louisville, Kentucky 40202": the parts there are, in postal order. */
export function addressLine(a: TAddress | null): string | null {
  if (!a) return null;
  const region = [a.state, a.postalCode].filter(Boolean).join(" ");
  return [a.street, a.city, region].filter(Boolean).join(", ");
}

/** '$N / Participant or $N / Team', whichever are set. */
export function costLine(e: Pick<TEventFacts, "individualCost" | "teamCost">): string | null {
  const costs = [
    e.individualCost !== null ? formatCost(e.individualCost, "Participant") : null,
    e.teamCost !== null ? formatCost(e.teamCost, "Team") : null,
  ].filter((c): c is string => c !== null);
  return costs.length ? costs.join(" or ") : null;
}

/** "Label: value" lines for the facts the event has; the empty ones are left out. */
export function factLines(e: TEventFacts, options: { where: boolean }): string[] {
  const facts: [string, string | null][] = [
    ["When", formatEventDates(e)],
    ["Where", options.where ? addressLine(e.address) : null],
    // 'Multi Sport' for several; 'Other Sport or Activity' says nothing and is left out.
    ["Sport", sportsSummary([...e.sports]) || null],
    ["Type", e.type],
    ["Age group", e.ageGroup],
    ["Level", e.eventLevel],
    ["Cost", costLine(e)],
    ["Hosted by", e.organizationName],
  ];
  return facts.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

/** A ready-to-send invitation: subject and plain text, addressed to `audience` when given. */
export function buildInvitation(
  e: TEventFacts,
  audience?: string,
): { subject: string; text: string } {
  const when = formatEventDates(e);
  const paragraphs = [
    audience ? `Hello ${audience},` : "Hello,",
    `You're invited to ${e.name}${e.organizationName ? `, hosted by ${e.organizationName}` : ""}.`,
    factLines(e, { where: true }).join("\n"),
    e.description?.trim() ?? "",
    e.isClosed
      ? `Registration is closed. Event details: ${e.url}`
      : `Details and registration: ${e.url}`,
    e.hotelLink ? `Book your hotel for the event: ${e.hotelLink}` : "",
    `See you there!\n${e.organizationName ?? `The organizers of ${e.name}`}`,
  ];
  return {
    subject: `You're invited: ${e.name} (${when})`,
    text: `${paragraphs.filter(Boolean).join("\n\n")}\n`,
  };
}

/** The calendar entry's DESCRIPTION: the facts (the place is its LOCATION), the text, the page. */
export function calendarDescription(e: TEventFacts): string {
  return [factLines(e, { where: false }).join("\n"), e.description?.trim() ?? "", e.url]
    .filter(Boolean)
    .join("\n\n");
}
