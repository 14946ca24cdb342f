// Test-only MSW handlers for the business service's promotion calls, answering from a promotions
// world (testing/data.ts). Reads answer what the world holds; an add answers the promotion as sent
// with an id and keeps it, a change answers the promotion patched and keeps it, a removal drops
// it. They apply none of the server's rules (dates, one default, radius): a test that needs such an
// answer puts it in the world or says so with server.use.
import { type TPromotion, ZPromotion, ZPromotionHit } from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply, deletedReply, errorReply, listReply, patched } from "../../../test/msw";
import { BUSINESSES } from "../promotions-api";
import { PROMOTION_T0, promotionUuid, type TPromotionsWorld } from "./data";

export const PROMOTIONS_SEARCH_URL = `${BUSINESSES}/promotions/search`;
export const promotionsUrl = (businessId: string) => `${BUSINESSES}/${businessId}/promotions`;

/** Every promotion call over `world`. */
export function promotionsHandlers(world: TPromotionsWorld) {
  let made = 0;
  const of = (id: unknown) => world.byBusiness.get(String(id)) ?? [];
  const keep = (id: unknown, list: TPromotion[]) => world.byBusiness.set(String(id), list);
  const missing = () => errorReply(404, "NOT_FOUND", "The promotion was not found.");
  return [
    http.post(PROMOTIONS_SEARCH_URL, async ({ request }) => {
      const { eventId } = await dataOf<{ eventId?: string }>(request);
      return listReply(ZPromotionHit, world.byEvent.get(eventId ?? "") ?? []);
    }),
    http.get(`${BUSINESSES}/:id/promotions`, ({ params }) => listReply(ZPromotion, of(params.id))),
    http.post(`${BUSINESSES}/:id/promotions`, async ({ params, request }) => {
      const input = await dataOf<Record<string, unknown>>(request);
      made += 1;
      const promotion = ZPromotion.parse({
        days: [],
        audienceTags: [],
        isDefault: false,
        ...input,
        id: promotionUuid(900 + made),
        profileId: String(params.id),
        status: "current",
        createdDate: PROMOTION_T0,
        updatedDate: PROMOTION_T0,
      });
      keep(params.id, [...of(params.id), promotion]);
      return dataReply(ZPromotion, promotion, { status: 201 });
    }),
    http.patch(`${BUSINESSES}/:id/promotions/:childId`, async ({ params, request }) => {
      const current = of(params.id).find((p) => p.id === params.childId);
      if (!current) return missing();
      const next = patched(
        current,
        (await request.json()) as { op: string; path: string; value?: unknown }[],
      );
      keep(
        params.id,
        of(params.id).map((p) => (p.id === next.id ? next : p)),
      );
      return dataReply(ZPromotion, next);
    }),
    http.delete(`${BUSINESSES}/:id/promotions/:childId`, ({ params }) => {
      if (!of(params.id).some((p) => p.id === params.childId)) return missing();
      keep(
        params.id,
        of(params.id).filter((p) => p.id !== params.childId),
      );
      return deletedReply(String(params.childId));
    }),
  ];
}

/** No business has promotions and no event deals (what listing pages meet unless a test says). */
export function noPromotions() {
  return promotionsHandlers({ byBusiness: new Map(), byEvent: new Map() });
}
