// Hotels: places to stay near events, with a partner-system id for rates.

import { ZHotelDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { hotelDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const hotelDescriptor: TKindDescriptor = {
  kind: "hotel",
  ...PROFILE_API.hotel,
  label: "hotel",
  children: ["images", "documents", "boosts", "partners", "amenities"],
  extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  detail: { schema: ZHotelDetail, table: hotelDetails },
  detailDefaults: { starRating: null, rooms: null, partnerId: null },
};
