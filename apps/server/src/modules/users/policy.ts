// Who may do what with a user record: the user themselves, and admins.
import type { TPrincipal } from "../../platform/http/access";
import { access } from "../../platform/http/access";
import { forbidden, unauthorized } from "../../platform/http/errors";
import type { TRequestWithParams } from "../../platform/http/route-def";

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
export const selfOrAdmin = access.policy<TRequestWithParams<{ id: string }>>(
  "the user themselves or an admin",
  (request) => {
    const { id } = request.params;
    if (!request.principal) throw unauthorized();
    if (userEntitlements(request.principal, id).length === 0) {
      throw forbidden("You can only see and change your own account.");
    }
  },
);

/** Access rule of what only the member may do, not even an admin (their own devices). */
export const selfOnly = access.policy<TRequestWithParams<{ id: string }>>(
  "the user themselves",
  (request) => {
    if (!request.principal) throw unauthorized();
    if (request.principal.userId !== request.params.id) {
      throw forbidden("Only the member themselves can do this.");
    }
  },
);
