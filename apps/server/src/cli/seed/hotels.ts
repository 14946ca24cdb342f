// The demo hotels: branded and independent, each with a partner id, some in a hotel group.
import type { TPlace } from "../../platform/geo/place";
import { pointNear, stateOf } from "./addresses";
import { addProfile, nameWords, type TBuilder } from "./builder";
import { companyPicker, joinCompany, type TCompanies } from "./companies";
import type { TRandom } from "./random";
import { hotelDescription } from "./text";
import { HOTEL_AREAS, HOTEL_BRANDS, PREFIXES, type THotelBrand } from "./vocabulary";

export function addHotels(b: TBuilder, companies: TCompanies): void {
  const r = b.root.fork("hotels");
  const hotelGroup = companyPicker(companies, "hotels");
  const partnerIds = new Set(b.input.takenPartnerIds ?? []);
  let nextPartnerId = 9_000_001;
  const names = new Set<string>();
  for (let i = 0; i < b.counts.hotel; i++) {
    const city = b.pickCity(r);
    const independent = r.chance(0.15);
    const brand = r.pick(HOTEL_BRANDS);
    const name = hotelName(r, city, independent ? null : brand, names);
    names.add(name);
    const stars = independent ? r.pick([2, 2.5, 3, 3.5, 4, 4.5]) : brand.stars;
    const rooms = independent ? r.int(20, 260) : r.int(brand.rooms[0], brand.rooms[1]);
    const theme = r.pick(["skyline", "waterfront", "abstract"] as const);
    const point = pointNear(r, city);
    const row = addProfile(b, r, { kind: "hotel", name, city, point, theme });
    while (partnerIds.has(String(nextPartnerId))) nextPartnerId++;
    const partnerId = String(nextPartnerId++);
    partnerIds.add(partnerId);
    b.network.hotelDetails.push({ profileId: row.id, starRating: stars, rooms, partnerId });
    row.description = hotelDescription(r, {
      name,
      city: city.name,
      stateName: stateOf(city).name,
      rooms,
    });
    joinCompany(b, r, row.id, hotelGroup, 0.45);
  }
}

/** A brand's name with its city and area, or an independent's; a few tries for one not yet used. */
function hotelName(
  r: TRandom,
  city: TPlace,
  brand: THotelBrand | null,
  taken: ReadonlySet<string>,
): string {
  const w = nameWords(r, city);
  let name = "";
  for (let attempt = 0; attempt < 8 && (!name || taken.has(name)); attempt++) {
    name = brand
      ? `${brand.name} ${city.name} ${r.chance(0.8) ? r.pick(HOTEL_AREAS) : r.pick(PREFIXES)}`
      : r.pick([
          `The ${w.surname} Hotel`,
          `${w.prefix} Inn & Suites`,
          `${city.name} Grand Hotel`,
          `${w.prefix} Lodge`,
          `Hotel ${w.prefix}`,
        ]);
  }
  return name;
}
