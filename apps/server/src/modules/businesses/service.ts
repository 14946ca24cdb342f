// Rules of the businesses' promotions: which default a card shows, which are live (home's business
// section), and which promotions a search finds around a place or an event (its venue and, unless
// others are given, its dates).
import type { TPromotionSearch } from "@hostfield/domain/contracts";
import { ZPromotionSearch } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { accessProfile, kindOf, loadProfile, type TProfilesContext, today } from "../../profiles";
import { presentPromotionHit } from "./presenter";
import * as repo from "./repository";

/** Without dates (and no event), a search looks this far ahead. */
const OPEN_SEARCH_DAYS = 3650;

export const defaultPromotion = (ctx: TProfilesContext, businessId: string) =>
  repo.findDefaultPromotion(ctx.db, businessId, today());

/** What a business's marketplace card shows of its deals: its featured one, unless expired. */
export async function featuredDeals(db: TDb, ids: readonly string[], today: string) {
  const rows = await repo.featuredPromotions(db, ids, today);
  return new Map(
    rows.map((r) => [r.profileId, { featuredDeal: { id: r.id, title: r.title, offer: r.offer } }]),
  );
}

/** A business's promotions good today: how many, and the one that ends first (null with none). */
export type TLiveDeals = {
  count: number;
  nextEnding: { id: string; title: string; validTo: string } | null;
};

/**
 * What home shows of each business among `ids`: how many of its promotions are good on `today` and
 * the one of them that ends first (null with none). Read only, one query for all the businesses.
 */
export async function liveDeals(
  db: TDb,
  ids: readonly string[],
  today: string,
): Promise<Map<string, TLiveDeals>> {
  const out = new Map(ids.map((id): [string, TLiveDeals] => [id, { count: 0, nextEnding: null }]));
  for (const r of await repo.livePromotions(db, ids, today)) {
    const deals = out.get(r.profileId);
    if (!deals) continue;
    deals.count += 1;
    // The rows come the soonest to end first.
    deals.nextEnding ??= { id: r.id, title: r.title, validTo: r.validTo };
  }
  return out;
}

export async function searchPromotions(
  ctx: TProfilesContext,
  input: TPromotionSearch,
  principal: TPrincipal | null,
) {
  const s = ZPromotionSearch.parse(input);
  const day = today();
  let point = s.lat !== undefined && s.lng !== undefined ? { lat: s.lat, lng: s.lng } : null;
  let start = s.startDate ?? day;
  let end = s.endDate ?? addDays(day, OPEN_SEARCH_DAYS);
  if (s.eventId) {
    // The event as the caller may see it (a pending one is its people's only: 404 for others).
    const events = kindOf(ctx, "event");
    await accessProfile(ctx, events, s.eventId, principal);
    const event = await loadProfile(ctx, events, s.eventId);
    if (!point && event.lat !== null && event.lng !== null)
      point = { lat: event.lat, lng: event.lng };
    if (!s.startDate) {
      start = (event.detail?.startDate as string | undefined) ?? start;
      end = (event.detail?.endDate as string | undefined) ?? end;
    }
  }
  // An event without a place has no deals near it.
  if (!point) return { rows: [], count: 0 };
  const page = await repo.searchPromotions(
    ctx.db,
    { point, miles: s.radius, start, end, today: day, categories: s.categories },
    { limit: s.take, offset: s.offset },
  );
  return { rows: page.rows.map((r) => presentPromotionHit(r, day)), count: page.count };
}
