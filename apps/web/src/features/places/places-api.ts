// The calls of the pages around a place: a destination's facilities, hotels and upcoming events
// (`GET /destinations/{id}/{section}`) and a state's landing page (`GET /states/{state}`).
import {
  type TDestinationAround,
  type TStateLanding,
  ZLandingState,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { z } from "zod";
import { apiGet, apiGetList, type TListResult } from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";

const BASE = "/destination-mgmt/api";

/** What a card of a listing around a place shows. */
export const ZPlaceCard = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  headerImage: z.string().nullable(),
  address: z.object({ city: z.string(), state: z.string() }).nullable(),
  /** Events: their days. */
  startDate: z.string().optional(),
  endDate: z.string().optional(),
});
export type TPlaceCard = z.infer<typeof ZPlaceCard> & { kind: TProfileKind };

const cardParser = ZPlaceCard as unknown as { parse(value: unknown): TPlaceCard };
const zPage = z.object({ items: z.array(ZPlaceCard), count: z.number() });
const ZStatePage = z.object({
  state: ZLandingState,
  destinations: zPage,
  facilities: zPage,
  events: zPage,
});
export type TStatePage = Pick<TStateLanding, "state"> & {
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
    schema: ZStatePage as unknown as { parse(value: unknown): TStatePage },
    signal,
  });
}
