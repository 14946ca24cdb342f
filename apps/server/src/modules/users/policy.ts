// Who may do what with a user record: the user themselves, and admins.
import type { FastifyRequest } from "fastify";
import type { TPrincipal } from "../../platform/http/access";
import { access } from "../../platform/http/access";
import { forbidden, unauthorized } from "../../platform/http/errors";

export const USER_ABILITIES = [
  "user.read",
  "user.update",
  "user.delete",
  "user.passwordReset",
] as const;

/** The abilities the policy grants `principal` on user `userId`; every route below enforces the same. */
export function userEntitlements(principal: TPrincipal | null, userId: string): string[] {
  if (!principal) return [];
  const self = principal.userId === userId;
  if (!self && !principal.isAdmin) return [];
  return principal.isAdmin ? [...USER_ABILITIES, "user.admin"] : [...USER_ABILITIES];
}

/** Access rule of /users/{id} routes: the addressed user themselves, or an admin. */
export const selfOrAdmin = access.policy(
  "the user themselves or an admin",
  (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!request.principal) throw unauthorized();
    if (userEntitlements(request.principal, id).length === 0) {
      throw forbidden("You can only see and change your own account.");
    }
  },
);
