// A listing as the server sends it to every view (its page, a marketplace card, a map marker),
// checked by hand for the fields those views rely on (lib/reply-shape says why not zod), with the
// list and flags a reply may leave out filled in.
import type { TProfileBase } from "@hostfield/domain/contracts";
import type { TParser } from "../../lib/api";
import { shapeParser, type TShapeOf } from "../../lib/reply-shape";

/** What every view of a listing needs. */
const LISTING_CORE: TShapeOf<TProfileBase> = { id: "string", name: "string" };

/** What a listing's own page needs besides (GET, create, change and approve replies). */
export const LISTING_PAGE_SHAPE: TShapeOf<TProfileBase> = {
  ...LISTING_CORE,
  kind: "string",
  status: "string",
  description: "string?",
  address: "object?",
  lat: "number?",
  lng: "number?",
  logo: "string?",
  headerImage: "string?",
  website: "string?",
  phone: "string?",
  email: "string?",
  likeCount: "number",
  followerCount: "number",
};

type TListingDefaults = {
  sports: string[];
  boosted: boolean;
  sponsored: boolean;
  likeCount: number;
  followerCount: number;
};

/** Checks a listing reply against `shape` and fills in what it may leave out. */
export function listingParser<T extends TListingDefaults>(
  what: string,
  shape: TShapeOf<TProfileBase> = LISTING_CORE,
): TParser<T> {
  const checked = shapeParser<Record<string, unknown>>(what, shape as TShapeOf<unknown>);
  return {
    parse(reply) {
      const value = checked.parse(reply);
      return {
        ...value,
        sports: Array.isArray(value.sports) ? value.sports : [],
        boosted: value.boosted === true,
        sponsored: value.sponsored === true,
        likeCount: typeof value.likeCount === "number" ? value.likeCount : 0,
        followerCount: typeof value.followerCount === "number" ? value.followerCount : 0,
      } as T;
    },
  };
}
