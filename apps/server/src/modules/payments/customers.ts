// The provider's customers: one per listing (its memberships; tiers.ts makes those) and one per
// person (a guest's saved card, an organizer's deposit), made once and kept. Whether a customer the
// provider names is ours, and whose, for the ledger.
import type { TPaymentsContext } from "./context";
import { requireProvider } from "./policy";
import * as repo from "./repository";
import { idempotencyKey } from "./stripe";

/** The person's customer at the provider, made on first use (a race keeps the first one). */
export async function userCustomer(
  ctx: TPaymentsContext,
  user: { id: string; email: string | null; name: string },
): Promise<string> {
  const found = await repo.customerOfUser(ctx.db, user.id);
  if (found) return found.providerCustomerId;
  const provider = requireProvider(ctx);
  const customerId = await provider.createUserCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
    idempotencyKey: idempotencyKey("user-customer", user.id),
  });
  await repo.insertUserCustomer(ctx.db, {
    userId: user.id,
    providerCustomerId: customerId,
    createdDate: ctx.now(),
  });
  // The same idempotency key made the same customer, so a race's loser reads the winner's.
  return (await repo.customerOfUser(ctx.db, user.id))?.providerCustomerId ?? customerId;
}

/** Whose a provider customer is (a listing's or a person's), or null when it is not ours. */
export async function isOurCustomer(
  ctx: TPaymentsContext,
  providerCustomerId: string,
): Promise<{ listingId: string | null; userId: string | null } | null> {
  const listing = await repo.customerByProviderId(ctx.db, providerCustomerId);
  if (listing) return { listingId: listing.listingId, userId: null };
  const person = await repo.userCustomerByProviderId(ctx.db, providerCustomerId);
  return person ? { listingId: null, userId: person.userId } : null;
}
