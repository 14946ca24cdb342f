// Who may do what with payments: a listing's managers (those who may edit it) read its membership
// and buy, change or cancel its tier; admins set prices and read the ledger (route rules); the
// provider's webhooks are let in by their signature alone. Routes ask here.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPrincipal } from "../../platform/http/access";
import { conflict, forbidden, unauthorized } from "../../platform/http/errors";
import type { TProfileRow } from "../../profiles";
import type { TPaymentsContext } from "./context";
import type { TPaymentProvider } from "./stripe";

/**
 * The listing of any kind (404 when hidden from the caller) for its managers (those who may edit
 * it) and admins; 401 or 403 (`refusal`) for anyone else.
 */
export async function requireListingManager(
  ctx: TPaymentsContext,
  kind: TProfileKind,
  id: string,
  principal: TPrincipal | null,
  refusal = "Only the listing's managers may manage its membership.",
): Promise<TProfileRow> {
  if (!principal) throw unauthorized();
  const { profile, abilities } = await ctx.profiles.accessProfile(kind, id, principal);
  if (!abilities.includes("profile.update")) throw forbidden(refusal);
  return profile;
}

/** The provider, or 409 PAYMENTS_NOT_CONFIGURED: without payment settings nothing is sold. */
export function requireProvider(ctx: TPaymentsContext): TPaymentProvider {
  if (!ctx.provider) {
    throw conflict(
      "Payments are not set up on this server: tiers are set by admins.",
      "PAYMENTS_NOT_CONFIGURED",
    );
  }
  return ctx.provider;
}
