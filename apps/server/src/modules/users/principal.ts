// Who a verified access token speaks for: a current, unblocked account whose sessions were not ended.
import { ZEmail } from "@hostfield/domain/contracts";
import type { JWTPayload } from "jose";
import type { TPrincipalResolver } from "../../platform/auth/bearer";
import { hashPassword } from "./passwords";
import * as repo from "./repository";
import { findClaims, normalizeEmail, rolesOf, type TUsersContext } from "./service";

export const SESSION_VERSION_CLAIM = "sv";

export function createPrincipalResolver(
  ctx: TUsersContext,
  oidc: { external: boolean; rolesClaim: string },
): TPrincipalResolver {
  if (!oidc.external) {
    return async (claims) => {
      if (!claims.sub) return null;
      const account = await findClaims(ctx, claims.sub);
      if (!account || claims[SESSION_VERSION_CLAIM] !== account.sessionVersion) return null;
      // Roles come from the database, so a granted or revoked admin applies at once.
      return {
        userId: account.id,
        email: account.email,
        roles: account.roles,
        isAdmin: account.roles.includes("admin"),
      };
    };
  }
  // An external issuer owns sign-in; a local account (keyed by e-mail) is created on first sight.
  return async (claims: JWTPayload) => {
    const email = typeof claims.email === "string" ? normalizeEmail(claims.email) : null;
    // An address our API could not return is refused here rather than failing every reply later.
    if (!email || !ZEmail.safeParse(email).success) return null;
    let user = await repo.findUserByEmail(ctx.db, email);
    if (!user) {
      user =
        (await repo.insertUser(ctx.db, {
          email,
          name: (typeof claims.name === "string" && claims.name.trim()
            ? claims.name.trim()
            : email
          ).slice(0, 120),
          accountType: "Other",
          // Never matches: the external issuer checks passwords.
          passwordHash: await hashPassword(crypto.randomUUID()),
          emailVerifiedDate: new Date(),
        })) ?? (await repo.findUserByEmail(ctx.db, email));
    }
    if (!user || user.isBlocked) return null;
    const tokenRoles = Array.isArray(claims[oidc.rolesClaim])
      ? (claims[oidc.rolesClaim] as unknown[]).map(String)
      : [];
    const roles = [...new Set([...rolesOf(ctx, user), ...tokenRoles])].sort();
    return { userId: user.id, email: user.email, roles, isAdmin: roles.includes("admin") };
  };
}
