// What /home leads with: each role's section title and main action (the first section's), and, for
// someone who holds no listing yet, where their account type (chosen at sign-up) starts.
import type { THomeRole, THomeSummary } from "@hostfield/domain/contracts";
import type { TAccountType } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import { NEW_LISTING_PATH, NEW_REQUEST_PATH, PIPELINE_PATH } from "../../lib/paths";
import { hotelBlocksPath } from "../rooms";

export type TAction = { label: string; to: string };

export const ROLE_TITLES: Record<THomeRole, string> = {
  organizer: "Your events and requests",
  venue: "Your leads",
  hotel: "Your hotel blocks",
  business: "Your promotions",
};

export const REQUEST_PROPOSALS: TAction = { label: "Request proposals", to: NEW_REQUEST_PATH };
export const OPEN_PIPELINE: TAction = { label: "Open your pipeline", to: PIPELINE_PATH };

/** A business page's deals, where its people add and change them (`/businesses/{id}#deals`). */
export const businessDealsPath = (businessId: string) =>
  `${profileLink("business", businessId)}#deals`;

/** The main action of a role's section, on the member's first listing of the kind it needs. */
export function mainAction(role: THomeRole, listings: THomeSummary["listings"]): TAction | null {
  const first = (kind: string) => listings.find((l) => l.kind === kind);
  switch (role) {
    case "organizer":
      return REQUEST_PROPOSALS;
    case "venue":
      return OPEN_PIPELINE;
    case "hotel": {
      const hotel = first("hotel");
      return hotel ? { label: "Manage your blocks", to: hotelBlocksPath(hotel.id) } : null;
    }
    case "business": {
      const business = first("business");
      return business ? { label: "Promote a deal", to: businessDealsPath(business.id) } : null;
    }
  }
}

const newListing = (label: string, kind?: string): TAction => ({
  label,
  to: kind ? `${NEW_LISTING_PATH}?kind=${kind}` : NEW_LISTING_PATH,
});
const REQUEST_FOR_EVENT: TAction = {
  label: "Request proposals for an event",
  to: NEW_REQUEST_PATH,
};

type TStart = { actions: TAction[]; text: string };

const ORGANIZER_START: TStart = {
  actions: [REQUEST_FOR_EVENT, newListing("Add your event", "event")],
  text: "Ask venues for proposals for your event: the proposals waiting, the decisions due and your hotel pickup will show here.",
};
const venueStart = (kind: "facility" | "destination"): TStart => ({
  actions: [newListing("List your venue", kind)],
  text: "List your venue to receive requests for proposals: new leads and the answers due will show here.",
});
const BUSINESS_START: TStart = {
  actions: [newListing("List your business", "business")],
  text: "List your business to promote deals near events: your promotions will show here.",
};
/** Anyone else: both ways in. */
const ANY_START: TStart = {
  actions: [newListing("List your venue"), REQUEST_FOR_EVENT],
  text: "List a venue to receive requests for proposals, or ask venues for proposals for your event: what waits for you will show here.",
};

/** The account types (spec §6) that organize events, host them, or run a business near them. */
const STARTS: Partial<Record<TAccountType, TStart>> = {
  "Event Organizer": ORGANIZER_START,
  "Club Admin": ORGANIZER_START,
  Coach: ORGANIZER_START,
  Facility: venueStart("facility"),
  Destination: venueStart("destination"),
  "Local Business": BUSINESS_START,
};

/** Where someone with no listing starts, by the account type they chose at sign-up. */
export function startOf(accountType: TAccountType | undefined): TStart {
  return (accountType && STARTS[accountType]) || ANY_START;
}
