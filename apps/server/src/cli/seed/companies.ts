// The demo companies (hotel groups, vendors, hospitality groups), which hotels and businesses join.
import { AUDIENCE_TAGS, VENDOR_CATEGORIES } from "@hostfield/domain/reference";
import { DEMO_USERS } from "./accounts";
import { pointNear } from "./addresses";
import { addProfile, nameWords, type TBuilder } from "./builder";
import { createWeightedPicker, pickWeighted, type TRandom } from "./random";
import { companyDescription } from "./text";
import { BRAND_ENDINGS, BRAND_WORDS, COMPANY_KINDS, type TCompanyKind } from "./vocabulary";

/** The companies' ids by kind, in the order they were made. */
export type TCompanies = ReadonlyMap<TCompanyKind["key"], readonly string[]>;

export function addCompanies(b: TBuilder): TCompanies {
  const r = b.root.fork("companies");
  const companiesByKind = new Map<TCompanyKind["key"], string[]>();
  const names = new Set<string>();
  for (let i = 0; i < b.counts.company; i++) {
    // The first two are a hotel group and a hospitality group, so even a tiny network has links.
    const kind =
      i < 2
        ? COMPANY_KINDS.find((k) => k.key === (i === 0 ? "hotels" : "hospitality"))!
        : pickWeighted(
            r,
            COMPANY_KINDS.map((k) => [k, k.weight] as const),
          );
    const id = addCompany(b, r, kind, names);
    const list = companiesByKind.get(kind.key) ?? [];
    list.push(id);
    companiesByKind.set(kind.key, list);
  }
  return companiesByKind;
}

function addCompany(b: TBuilder, r: TRandom, kind: TCompanyKind, names: Set<string>): string {
  const city = b.pickCity(r);
  let name = "";
  for (let attempt = 0; attempt < 6 && (!name || names.has(name)); attempt++) {
    const word = `${r.pick(BRAND_WORDS)}${r.pick(BRAND_ENDINGS)}`;
    name = r.pick(kind.names)({ ...nameWords(r, city), word });
  }
  if (names.has(name)) name = `${name} ${city.name}`;
  names.add(name);
  const point = pointNear(r, city);
  const row = addProfile(b, r, { kind: "company", name, city, point, theme: "abstract" });
  const tags = r.sample(kind.tags, r.int(2, Math.min(5, kind.tags.length)));
  const categories = [kind.category];
  if (r.chance(0.1)) {
    const extra = r.pick(VENDOR_CATEGORIES);
    if (extra !== kind.category) categories.push(extra);
  }
  b.network.companyDetails.push({
    profileId: row.id,
    vendorCategories: categories,
    serviceTags: tags,
    audienceTags: r.sample(AUDIENCE_TAGS, r.int(1, 4)),
  });
  row.description = companyDescription(r, { name, pitch: kind.pitch, tags });
  return row.id;
}

/** Draws a company of this kind, the first (the big groups) more often; null if there is none. */
export function companyPicker(
  companies: TCompanies,
  key: TCompanyKind["key"],
): ((r: TRandom) => string) | null {
  const ids = companies.get(key) ?? [];
  if (ids.length === 0) return null;
  const pick = createWeightedPicker(ids.map((_, i) => 1 / (1 + i)));
  return (r) => ids[pick(r)]!;
}

/** Makes a listing part of a company drawn by `pick`, `share` of the time (never without one). */
export function joinCompany(
  b: TBuilder,
  r: TRandom,
  profileId: string,
  pick: ((r: TRandom) => string) | null,
  share: number,
): void {
  if (pick && r.chance(share)) {
    b.network.profileCompanies.push({
      profileId,
      companyId: pick(r),
      createdBy: DEMO_USERS.admin.id,
    });
  }
}
