// What a destination's guide knows: the destination, its facilities, and the hotels, businesses and
// events listed within GUIDE_AREA_MILES of it (docs/assistant.md, "What the guide knows"), as
// listings with the facts answers cite. Each kind is read once per question, when first needed,
// through the listing, facility and hotel services (the module reads no other module's tables).
import { PROFILE_API, type TProfileKind } from "@hostfield/domain/reference";
import { GUIDE_AREA_MILES } from "@hostfield/domain/rules";
import type { TDb } from "../../../platform/db/database";
import { distanceMiles } from "../../../platform/geo/distance";
import type {
  TAreaListing,
  TListingFacts,
  TListingSpace,
  TProfilesServices,
} from "../../../profiles";
import { destinationFacilityIds } from "../../facilities";

/** At most this many of each kind are described (nearest first). */
const AREA_CANDIDATES = 400;
/** The kinds a guide finds around its destination (its facilities are those it lists). */
const NEARBY_KINDS: readonly TProfileKind[] = ["hotel", "business", "event"];

export type TPoint = { lat: number; lng: number };

/** A listing as the guide describes it: the fields of its kind it can cite, all published. */
export type TGuideListing = {
  kind: TProfileKind;
  id: string;
  name: string;
  slug: string;
  /** Its page on our site. */
  url: string;
  city: string | null;
  state: string | null;
  point: TPoint | null;
  /** Miles from the destination. */
  distanceMiles: number | null;
  description: string | null;
  sports: string[];
  spaces: TListingSpace[];
  amenities: string[];
  /** What its listing publishes for reaching it. */
  contact: { website: string | null; phone: string | null; email: string | null };
  facility: { types: string[]; capacity: number | null } | null;
  business: { category: string | null; attributes: string[]; placeCategories: string[] } | null;
  hotel: { starRating: number | null; rooms: number | null } | null;
  event: { type: string; startDate: string; endDate: string; ageGroup: string | null } | null;
};

export type TGuideDestination = TGuideListing & {
  destinationType: string | null;
  services: string[];
};

/** The destination's area, read lazily: each kind once per question. */
export type TGuideArea = {
  destination: TGuideDestination;
  /** Every listing of the area by name (a question may name one), without its facts. */
  names(): Promise<TAreaListing[]>;
  facilities(): Promise<TGuideListing[]>;
  hotels(): Promise<TGuideListing[]>;
  businesses(): Promise<TGuideListing[]>;
  events(): Promise<TGuideListing[]>;
  /** The listings of the area among `ids`, with their facts. */
  among(ids: readonly string[]): Promise<TGuideListing[]>;
  /** Every listing of the area with its facts (each kind read once). */
  all(): Promise<TGuideListing[]>;
};

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const number = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

const urlOf = (kind: TProfileKind, id: string) => `/${PROFILE_API[kind].path}/${id}`;

function pointOf(row: { lat: number | null; lng: number | null }): TPoint | null {
  return row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng };
}

/** A listing's published facts as the guide's record, measured from `from`. */
function listingOf(row: TListingFacts, from: TPoint | null): TGuideListing {
  const kind = row.kind as TProfileKind;
  const detail = row.detail ?? {};
  const point = pointOf(row);
  return {
    kind,
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: urlOf(kind, row.id),
    city: row.city,
    state: row.state,
    point,
    distanceMiles: from && point ? distanceMiles(from, point) : null,
    description: row.description,
    sports: row.sports,
    spaces: row.spaces,
    amenities: row.amenities,
    contact: { website: row.website, phone: row.phone, email: row.email },
    facility:
      kind === "facility"
        ? { types: texts(detail.facilityTypes), capacity: number(detail.capacity) }
        : null,
    business:
      kind === "business"
        ? {
            category: text(detail.businessCategory),
            attributes: texts(detail.placeAttributes),
            placeCategories: texts(detail.placeCategories),
          }
        : null,
    hotel:
      kind === "hotel"
        ? { starRating: number(detail.starRating), rooms: number(detail.rooms) }
        : null,
    event:
      kind === "event"
        ? {
            type: text(detail.type) ?? "Event",
            startDate: text(detail.startDate) ?? "",
            endDate: text(detail.endDate) ?? "",
            ageGroup: text(detail.ageGroup),
          }
        : null,
  };
}

/** Listed listings of `kind` among `ids`, nearest the destination first. */
/** What reading an area takes: the database and the listing services. */
export type TAreaContext = { db: TDb; profiles: TProfilesServices };

async function listingsAmong(
  ctx: TAreaContext,
  kind: TProfileKind,
  ids: readonly string[],
  from: TPoint | null,
): Promise<TGuideListing[]> {
  const rows = await ctx.profiles.listingFacts(kind, ids);
  return rows
    .map((row) => listingOf(row, from))
    .sort(
      (a, b) =>
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) -
          (b.distanceMiles ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name),
    );
}

/** The destination as the guide speaks of it (a listing with its type and services). */
export async function guideDestination(
  ctx: TAreaContext,
  id: string,
): Promise<TGuideDestination | null> {
  // The caller was allowed to see it already: its own people ask a pending destination's guide.
  const [row] = await ctx.profiles.listingFacts("destination", [id], { listedOnly: false });
  if (!row) return null;
  const detail = row.detail ?? {};
  return {
    ...listingOf(row, null),
    distanceMiles: 0,
    destinationType: text(detail.destinationType),
    services: texts(detail.services),
  };
}

/** The area around `destination`; every kind is read at most once. */
export function guideArea(ctx: TAreaContext, destination: TGuideDestination): TGuideArea {
  const centre = destination.point;
  const once = <T>(read: () => Promise<T>) => {
    let promise: Promise<T> | undefined;
    return () => {
      promise ??= read();
      return promise;
    };
  };
  const facilityIds = once(() => destinationFacilityIds(ctx.db, destination.id));
  const names = once(async () =>
    ctx.profiles.listedInArea(
      { kinds: NEARBY_KINDS, point: centre, miles: GUIDE_AREA_MILES },
      await facilityIds(),
    ),
  );
  /** A kind's listings of the area: the destination's facilities; hotels and others nearby. */
  const ofKind = (kind: TProfileKind) =>
    once(async () => {
      const ids =
        kind === "facility"
          ? await facilityIds()
          : (await names()).filter((n) => n.kind === kind).map((n) => n.id);
      return listingsAmong(ctx, kind, ids.slice(0, AREA_CANDIDATES), centre);
    });
  const kinds = {
    facility: ofKind("facility"),
    hotel: ofKind("hotel"),
    business: ofKind("business"),
    event: ofKind("event"),
  };
  return {
    destination,
    names,
    facilities: kinds.facility,
    hotels: kinds.hotel,
    businesses: kinds.business,
    events: kinds.event,
    async among(ids) {
      const wanted = new Set(ids);
      const inArea = (await names()).filter((n) => wanted.has(n.id));
      const byKind = [...new Set(inArea.map((n) => n.kind))];
      const lists = await Promise.all(
        byKind.map((kind) => (kind in kinds ? kinds[kind as keyof typeof kinds]() : [])),
      );
      return lists.flat().filter((l) => wanted.has(l.id));
    },
    all: once(async () => (await Promise.all(Object.values(kinds).map((read) => read()))).flat()),
  };
}
