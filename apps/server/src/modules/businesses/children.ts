// A business's promotions as a child collection of the listing, served by the machinery's
// simple-child routes (`/businesses/{id}/promotions`: list, filtered, add, read, change, remove).
import { ZPromotion, ZPromotionInput } from "@hostfield/domain/contracts";
import type { z } from "zod";
import { type TSimpleChild, today } from "../../profiles";
import { presentPromotion } from "./presenter";
import { clearDefaultPromotion, type TPromotionRow } from "./repository";
import { businessPromotions } from "./schema";

const EDITABLE = [
  "title",
  "description",
  "offer",
  "validFrom",
  "validTo",
  "days",
  "startTime",
  "endTime",
  "terms",
  "code",
  "redemptionUrl",
  "image",
  "audienceTags",
  "isDefault",
] as const;

const pick = (source: Record<string, unknown>) =>
  Object.fromEntries(EDITABLE.map((key) => [key, source[key] ?? null]));

export const promotionsChild: TSimpleChild = {
  segment: "promotions",
  label: "promotion",
  table: businessPromotions,
  input: ZPromotionInput as unknown as z.ZodType<Record<string, unknown>>,
  item: ZPromotion,
  // Deals are part of the business's public page; its managers write them.
  read: "profile.read",
  write: "profile.update",
  // Soonest ending first: what is about to end matters most (expired ones sink to the manager's view).
  orderBy: businessPromotions.validTo,
  toRow: async (ctx, profileId, input) => {
    // One default per business: taking it clears the others (a unique index keeps it so).
    if (input.isDefault === true) await clearDefaultPromotion(ctx.db, profileId);
    const row = pick(input);
    return {
      ...row,
      days: row.days ?? [],
      audienceTags: row.audienceTags ?? [],
      isDefault: row.isDefault === true,
      updatedDate: new Date(),
    };
  },
  editable: (row) => pick(row),
  present: async (_ctx, rows) => {
    const day = today();
    return (rows as TPromotionRow[]).map((r) => presentPromotion(r, day));
  },
};
