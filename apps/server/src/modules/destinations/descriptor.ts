// Destinations: visitors bureaus and sports commissions that bring events to their area.

import { ZDestinationDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { destinationDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const destinationDescriptor: TKindDescriptor = {
  kind: "destination",
  ...PROFILE_API.destination,
  label: "destination",
  children: ["images", "documents", "boosts", "sports"],
  detail: { schema: ZDestinationDetail, table: destinationDetails },
  detailDefaults: {
    destinationType: null,
    services: [],
    hotelLiveRatesEnabled: false,
    hotelLiveRatesVisibleAfter: null,
    hotelSpecialsHiddenAfter: null,
  },
};
