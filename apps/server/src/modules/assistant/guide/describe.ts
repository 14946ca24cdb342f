// How an answer restates what was asked ("indoor hardwood courts for volleyball").
import { findSport } from "@hostfield/domain/reference";
import { GUIDE_NEAR_MILES } from "@hostfield/domain/rules";
import type { TPlaceCategory } from "./retrieve";
import type { TUnderstood } from "./understand";

const lower = (list: readonly string[] | undefined) => (list ?? []).map((s) => s.toLowerCase());
const joined = (list: readonly string[], word = "and") =>
  list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} ${word} ${list.at(-1)}`;
const pluralOf = (word: string) => (word.endsWith("s") ? word : `${word}s`);
const money = (n: number) => `$${n}`;

/** How an answer restates what was asked ("indoor hardwood courts for volleyball"). */
export function describeAsked(u: TUnderstood) {
  const v = u.venue;
  const sportSpace = (v.sports ?? []).map((s) => findSport(s)?.spaceType.name).find(Boolean);
  const spaceNoun = pluralOf((v.spaceTypes?.[0] ?? sportSpace ?? "space").toLowerCase());
  const spaceFacts = v.location || v.surfaces?.length || v.minCount || v.spaceTypes?.length;
  const spaces = spaceFacts
    ? [
        v.minCount ? `at least ${v.minCount}` : null,
        v.location?.toLowerCase() ?? null,
        joined(lower(v.surfaces), "or") || null,
        spaceNoun,
      ]
        .filter(Boolean)
        .join(" ")
    : null;
  const parts = [
    spaces && v.sports?.length ? `${spaces} for ${joined(lower(v.sports))}` : spaces,
    !spaces && v.sports?.length ? `${joined(lower(v.sports))} listed` : null,
    v.facilityTypes?.length ? `the facility type ${joined(lower(v.facilityTypes), "or")}` : null,
    v.minCapacity ? `room for at least ${v.minCapacity} people` : null,
    v.amenities?.length ? joined(lower(v.amenities)) : null,
  ].filter(Boolean);
  const h = u.hotel;
  const near = h.near ? h.near.name : "the destination";
  const hotel = [
    h.radiusMiles
      ? `within ${h.radiusMiles} mi of ${near}`
      : h.near
        ? `near ${near}`
        : "in the area",
    h.maxRate
      ? `with rooms ${h.maxRate.inclusive ? "at most" : "under"} ${money(h.maxRate.value)} a night`
      : null,
    h.stay ? `for ${h.stay.checkIn} to ${h.stay.checkOut}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  const p = u.place;
  const what: Record<TPlaceCategory, string> = {
    food: "to eat",
    activities: "for things to do",
    shopping: "to shop",
    transport: "for getting around",
    banquets: "for banquets and team receptions",
  };
  const place = [
    p.category ? what[p.category] : "to go",
    p.text ? `(${p.text})` : null,
    p.kids && p.groups
      ? "good for kids and groups"
      : p.kids
        ? "good for kids"
        : p.groups
          ? "good for groups"
          : null,
    p.near ? `within ${p.radiusMiles ?? GUIDE_NEAR_MILES} mi of ${p.near.name}` : "in the area",
  ]
    .filter(Boolean)
    .join(" ");
  const e = u.event;
  const event = [
    "coming up",
    e.sports?.length ? `for ${joined(lower(e.sports), "or")}` : null,
    e.from && e.to ? (e.from === e.to ? `on ${e.from}` : `between ${e.from} and ${e.to}`) : null,
    "in the area",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    venue: parts.length > 0 ? joined(parts as string[]) : null,
    spaceNoun,
    hotel,
    place,
    event,
  };
}
