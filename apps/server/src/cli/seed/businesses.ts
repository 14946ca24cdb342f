// The demo local businesses (restaurants, shops, attractions near the venues), some in a group.
import { pointNear } from "./addresses";
import { addProfile, nameWords, type TBuilder } from "./builder";
import { companyPicker, joinCompany, type TCompanies } from "./companies";
import { pickWeighted } from "./random";
import { businessDescription } from "./text";
import { BUSINESS_KINDS } from "./vocabulary";

export function addBusinesses(b: TBuilder, companies: TCompanies): void {
  const r = b.root.fork("businesses");
  const hospitalityGroup = companyPicker(companies, "hospitality");
  const names = new Set<string>();
  for (let i = 0; i < b.counts.business; i++) {
    const kind = pickWeighted(
      r,
      BUSINESS_KINDS.map((k) => [k, k.weight] as const),
    );
    const city = b.pickCity(r);
    let name = "";
    for (let attempt = 0; attempt < 6 && (!name || names.has(`${name}|${city.name}`)); attempt++) {
      name = r.pick(kind.names)(nameWords(r, city));
    }
    names.add(`${name}|${city.name}`);
    const theme = r.pick(["abstract", "waterfront", "skyline"] as const);
    const point = pointNear(r, city);
    const row = addProfile(b, r, { kind: "business", name, city, point, theme, tierShare: 0.08 });
    b.network.businessDetails.push({
      profileId: row.id,
      businessCategory: kind.category,
      placeAttributes: r.sample(kind.attributes, r.int(2, Math.min(5, kind.attributes.length))),
      placeCategories: [...kind.placeCategories],
    });
    row.description = businessDescription(r, { name, city: city.name, offer: kind.offer });
    joinCompany(b, r, row.id, hospitalityGroup, 0.15);
  }
}
