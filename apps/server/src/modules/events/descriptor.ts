// Events: what organizers run; `Marketed` events are public listings.

import { ZEventDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { eventDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const eventDescriptor: TKindDescriptor = {
  kind: "event",
  ...PROFILE_API.event,
  label: "event",
  children: ["images", "documents", "sports", "amenities", "boosts"],
  extras: ["descriptionDraft"],
  checkDetail: (e) =>
    typeof e.startDate === "string" && typeof e.endDate === "string" && e.endDate < e.startDate
      ? "An event cannot end before it starts."
      : null,
  detailReferences: [
    // Only an organization's people put events under it.
    {
      field: "organizationId",
      kinds: ["organization"],
      what: "The organization",
      membersOnly: true,
    },
  ],
  detail: { schema: ZEventDetail, table: eventDetails },
  detailDefaults: {
    hasFlexibleDates: false,
    hotelLink: null,
    category: null,
    ageGroup: null,
    eventLevel: null,
    individualCost: null,
    teamCost: null,
    facilityTypes: [],
    spaceName: null,
    location: null,
    surface: null,
    organizationId: null,
    isClosed: false,
  },
};
