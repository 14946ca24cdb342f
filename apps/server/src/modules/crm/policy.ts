// Who may do what with a destination's CRM: its managers (those who may edit the destination) and
// admins, for every call; anyone else is refused (401 without a sign-in, 404 when the destination
// is hidden from them, 403 otherwise). Routes ask here.
import type { TPrincipal } from "../../platform/http/access";
import { forbidden, unauthorized } from "../../platform/http/errors";
import type { TCrmContext } from "./context";

export async function requireDestinationManager(
  ctx: TCrmContext,
  destinationId: string,
  principal: TPrincipal | null,
): Promise<void> {
  if (!principal) throw unauthorized();
  const { abilities } = await ctx.profiles.accessProfile("destination", destinationId, principal);
  if (!abilities.includes("profile.update")) {
    throw forbidden("Only the destination's managers may manage its CRM.");
  }
}
