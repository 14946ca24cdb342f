// The calls of the pages around a place: a destination's facilities, hotels and upcoming events
// (`GET /destinations/{id}/{section}`) and a state's landing page (`GET /states/{state}`).
import type { TDestinationAround, TLandingState, TStateLanding } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { apiGet, apiGetList, type TListResult, type TParser } from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";
import { shapeParser, type TShapeOf } from "../../lib/reply-shape";

const BASE = "/destination-mgmt/api";

/** What a card of a listing around a place shows. */
export type TPlaceCard = {
  id: string;
  kind: TProfileKind;
  name: string;
  logo: string | null;
  headerImage: string | null;
  address: { city: string; state: string } | null;
  /** Events: their days. */
  startDate?: string;
  endDate?: string;
};

// Checked by hand (lib/reply-shape): a destination's page is one visitors open first.
const CARD: TShapeOf<TStateLanding["events"]["items"][number]> = {
  id: "string",
  kind: "string",
  name: "string",
  logo: "string?",
  headerImage: "string?",
  address: "object?",
  startDate: "string?",
  endDate: "string?",
};
const cardParser = shapeParser<TPlaceCard>("A listing around the place", CARD);
const PAGE: TShapeOf<TStateLanding["events"]> = { items: "array", count: "number" };
const statePageParser: TParser<TStatePage> = {
  parse(value) {
    const page = shapeParser<TStatePage>("The state's page", {
      state: { name: "string", slug: "string", region: "string", headerImage: "string" },
      destinations: PAGE,
      facilities: PAGE,
      events: PAGE,
    }).parse(value);
    for (const section of [page.destinations, page.facilities, page.events])
      for (const item of section.items) cardParser.parse(item);
    return page;
  },
};
export type TStatePage = {
  state: TLandingState;
  destinations: TListResult<TPlaceCard>;
  facilities: TListResult<TPlaceCard>;
  events: TListResult<TPlaceCard>;
};

export const placesKeys = {
  around: (destinationId: string, section: TDestinationAround) =>
    ["places", "destination", destinationId, section] as const,
  state: (slug: string) => ["places", "state", slug] as const,
};

export function fetchAround(
  destinationId: string,
  section: TDestinationAround,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TPlaceCard>> {
  return apiGetList(`${BASE}/destinations/${destinationId}/${section}`, {
    query: { offset: page.offset, take: page.take },
    schema: cardParser,
    signal,
  });
}

export function fetchStatePage(slug: string, signal?: AbortSignal): Promise<TStatePage> {
  return apiGet(`${BASE}/states/${encodeURIComponent(slug)}`, {
    schema: statePageParser,
    signal,
  });
}
