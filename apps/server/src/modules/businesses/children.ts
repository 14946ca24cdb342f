// A business's promotions as a child collection of the listing, served by the machinery's
// simple-child routes (`/businesses/{id}/promotions`: list, filtered, add, read, change, remove).
// A promotion's image is one the business uploaded for its promotions (routes.ts), nothing else:
// no link to another site, no other listing's file.
import { ZPromotion, ZPromotionInput } from "@hostfield/domain/contracts";
import type { z } from "zod";
import { FILE_KEY } from "../../platform/files/store";
import { validationFailed } from "../../platform/http/errors";
import { type TProfilesContext, type TSimpleChild, today } from "../../profiles";
import { presentPromotion } from "./presenter";
import { clearDefaultPromotion, isPromotionImageUsed, type TPromotionRow } from "./repository";
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

/** Where a business's promotion images are stored: one folder per business. */
export const promotionImageFolder = (businessId: string) =>
  `profiles/businesses/promotions/${businessId}`;

/** The file key of an address the API gave (`/media/<key>`, a grant or not); null for anything else. */
const keyOf = (image: string) => {
  const key = image.startsWith("/media/") ? image.slice("/media/".length).split("?")[0]! : "";
  return FILE_KEY.test(key) ? key : null;
};

/**
 * Refuses an image that is not one of this business's promotion images in the store (400). The
 * image a promotion already has may stay as it is (one set before images were uploads).
 */
async function vetImage(
  ctx: TProfilesContext,
  businessId: string,
  image: unknown,
  previous: unknown,
): Promise<void> {
  if (typeof image !== "string" || image === previous) return;
  const key = keyOf(image);
  if (key?.startsWith(`${promotionImageFolder(businessId)}/`) && (await ctx.files.exists(key))) {
    return;
  }
  throw validationFailed(
    "A deal's image must be one uploaded for this business's deals (POST /businesses/{id}/promotions/images), not a link.",
    [{ path: ["image"], message: "Upload the image; links are not taken" }],
  );
}

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
  check: async (ctx, input, write) => {
    // Vetted before anything is written; toRow keeps the address without its grant.
    await vetImage(ctx, write.profile.id, input.image, write.previous?.image);
  },
  toRow: async (ctx, profileId, input) => {
    // One default per business: taking it clears the others (a unique index keeps it so).
    if (input.isDefault === true) await clearDefaultPromotion(ctx.db, profileId);
    const row = pick(input);
    // A stored file is kept by its address without the grant it was shown with.
    const key = typeof row.image === "string" ? keyOf(row.image) : null;
    return {
      ...row,
      ...(key ? { image: `/media/${key}` } : null),
      days: row.days ?? [],
      audienceTags: row.audienceTags ?? [],
      isDefault: row.isDefault === true,
      updatedDate: new Date(),
    };
  },
  editable: (row) => pick(row),
  // A removed deal's uploaded image leaves the store, unless another deal shows it too.
  removed: async (ctx, row) => {
    const key = typeof row.image === "string" ? keyOf(row.image) : null;
    if (!key || (await isPromotionImageUsed(ctx.db, `/media/${key}`))) return;
    await ctx.files.delete(key).catch(() => undefined);
  },
  present: async (_ctx, rows) => {
    const day = today();
    return (rows as TPromotionRow[]).map((r) => presentPromotion(r, day));
  },
};
