// Hotels: places to stay near events, with a partner-system id for rates.
import { ZHotelDetail } from "@hostfield/domain/contracts";
import { hotelDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const hotelDescriptor: TKindDescriptor = {
  kind: "hotel",
  service: "hotel-mgmt",
  path: "hotels",
  label: "hotel",
  reaction: "likes",
  memberWord: "members",
  children: ["images", "documents", "boosts", "partners", "amenities"],
  extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  detail: { schema: ZHotelDetail, table: hotelDetails },
  detailDefaults: { starRating: null, rooms: null, partnerId: null },
};
