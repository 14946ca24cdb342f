// Who may do what with the assistant: a destination's guide is configured by its managers (those who
// may edit the destination) and admins, and asked by anyone who may see the destination while it is
// on. An exchange is read by its asker (a visitor by its key), by the managers of the destination
// whose guide it was with (who read the questions, not who asked), and by admins; only the asker and
// admins delete it; only the asker rates its answers. Routes ask here.
import type { TPrincipal } from "../../platform/http/access";
import { AppError, forbidden, notFound, unauthorized } from "../../platform/http/errors";
import type { TProfileRow } from "../../profiles";
import type { TAssistantContext } from "./context";
import type { TExchangeRow } from "./repository";

export type TDestinationAccess = { destination: TProfileRow; manages: boolean };

/** The destination (404 when hidden from the caller) and whether the caller manages it. */
export async function destinationAccess(
  ctx: TAssistantContext,
  destinationId: string,
  principal: TPrincipal | null,
): Promise<TDestinationAccess> {
  const { profile, abilities } = await ctx.profiles.accessProfile(
    "destination",
    destinationId,
    principal,
  );
  return { destination: profile, manages: abilities.includes("profile.update") };
}

/** The destination for its managers and admins; 401 or 403 for anyone else. */
export async function requireDestinationManager(
  ctx: TAssistantContext,
  destinationId: string,
  principal: TPrincipal | null,
): Promise<TDestinationAccess> {
  if (!principal) throw unauthorized();
  const access = await destinationAccess(ctx, destinationId, principal);
  if (!access.manages) throw forbidden("Only the destination's managers may do this.");
  return access;
}

/** Whether the caller manages the destination (false when it is hidden from them). */
async function managesDestination(
  ctx: TAssistantContext,
  destinationId: string,
  principal: TPrincipal,
): Promise<boolean> {
  const abilities = await ctx.profiles.abilitiesOn("destination", destinationId, principal);
  return abilities.includes("profile.update");
}

/** How the caller stands to an exchange. */
export type TExchangeRole = {
  /** The person who asked (signed in as them, or a visitor holding its key). */
  asker: boolean;
  /** A manager of the destination whose guide it was with. */
  manager: boolean;
  admin: boolean;
};

const exchangeMissing = () => notFound("The exchange");

/** The key a visitor who was not signed in keeps to continue an exchange and rate its answers. */
export const exchangeKeyOf = (ctx: TAssistantContext, exchangeId: string) =>
  ctx.exchangeKeys.sign(exchangeId);

export async function exchangeRole(
  ctx: TAssistantContext,
  exchange: TExchangeRow,
  principal: TPrincipal | null,
  exchangeKey: string | undefined,
): Promise<TExchangeRole> {
  const asker =
    exchange.userId === null
      ? ctx.exchangeKeys.verify(exchangeKey, exchange.id)
      : exchange.userId === principal?.userId;
  const manager =
    !!principal &&
    exchange.kind === "tour-guide" &&
    exchange.destinationId !== null &&
    (await managesDestination(ctx, exchange.destinationId, principal));
  return { asker, manager, admin: principal?.isAdmin ?? false };
}

/** Reading an exchange: its asker, the destination's managers, admins; 404 for anyone else. */
export async function requireReader(
  ctx: TAssistantContext,
  exchange: TExchangeRow | null,
  principal: TPrincipal | null,
  exchangeKey?: string,
): Promise<{ exchange: TExchangeRow; role: TExchangeRole }> {
  if (!exchange) throw exchangeMissing();
  const role = await exchangeRole(ctx, exchange, principal, exchangeKey);
  if (!role.asker && !role.manager && !role.admin) throw exchangeMissing();
  return { exchange, role };
}

/**
 * Deleting: its asker and admins (a manager may read it but not delete it: 403); 404 for
 * anyone who may not read it.
 */
export async function requireDeleter(
  ctx: TAssistantContext,
  exchange: TExchangeRow | null,
  principal: TPrincipal | null,
): Promise<TExchangeRow> {
  if (!principal) throw unauthorized();
  const { role } = await requireReader(ctx, exchange, principal);
  if (!role.asker && !role.admin) throw forbidden("Only the person who asked may delete this.");
  return exchange!;
}

/** Rating an answer, or asking more in the exchange: only its asker. */
export async function requireAsker(
  ctx: TAssistantContext,
  exchange: TExchangeRow | null,
  principal: TPrincipal | null,
  exchangeKey: string | undefined,
): Promise<TExchangeRow> {
  const { role } = await requireReader(ctx, exchange, principal, exchangeKey);
  if (!role.asker) {
    throw new AppError("FORBIDDEN", 403, "Only the person who asked may do this.");
  }
  return exchange!;
}
