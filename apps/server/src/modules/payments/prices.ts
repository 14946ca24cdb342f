// The admin's prices: each sold tier's monthly and yearly price. A new or changed amount makes a new
// provider price (a tier's product is made once); subscriptions keep the price they have until they
// change. Without payments, 409 PAYMENTS_NOT_CONFIGURED.
import type { TTierPrice, TTierPricesInput } from "@hostfield/domain/contracts";
import { validationFailed } from "../../platform/http/errors";
import type { TPaymentsContext } from "./context";
import { requireProvider } from "./policy";
import { presentPrice } from "./presenter";
import * as repo from "./repository";
import { idempotencyKey } from "./stripe";

export async function listPrices(ctx: TPaymentsContext): Promise<TTierPrice[]> {
  return (await repo.listPrices(ctx.db)).map(presentPrice);
}

export async function setPrices(
  ctx: TPaymentsContext,
  input: TTierPricesInput,
  userId: string,
): Promise<TTierPrice[]> {
  const provider = requireProvider(ctx);
  const seen = new Set<string>();
  const repeated = input.prices.flatMap((p, i) => {
    const key = `${p.tier} ${p.interval}`;
    const again = seen.has(key);
    seen.add(key);
    return again ? [{ path: ["prices", i], message: `${key} is given twice.` }] : [];
  });
  if (repeated.length > 0) {
    throw validationFailed("Give each tier and interval at most once.", repeated);
  }
  const existing = await repo.listPrices(ctx.db);
  for (const p of input.prices) {
    const amountCents = Math.round(p.amount * 100);
    const before = existing.find((e) => e.tier === p.tier && e.interval === p.interval);
    if (before?.amountCents === amountCents) continue;
    const productId =
      existing.find((e) => e.tier === p.tier)?.providerProductId ??
      (await provider.createProduct({
        tier: p.tier,
        idempotencyKey: idempotencyKey("product", p.tier),
      }));
    const priceId = await provider.createPrice({
      productId,
      tier: p.tier,
      interval: p.interval,
      amountCents,
      idempotencyKey: idempotencyKey("price", p.tier, p.interval, amountCents, productId),
    });
    const row = {
      tier: p.tier,
      interval: p.interval,
      amountCents,
      currency: "usd",
      providerProductId: productId,
      providerPriceId: priceId,
      updatedDate: ctx.now(),
      updatedBy: userId,
    };
    await repo.savePrice(ctx.db, row);
    existing.push({ ...row });
  }
  return listPrices(ctx);
}
