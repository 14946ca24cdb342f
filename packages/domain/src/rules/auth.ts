// Reads the admin role from token claims (spec §4 "Admin flag").

/** The product-namespaced claim that carries the user's roles. */
export const ROLES_CLAIM = "https://hostfield.app/roles";
export const ADMIN_ROLE = "admin";

/**
 * True when the roles claim contains 'admin'. Some providers send a single role as a bare
 * string instead of a list; that is accepted too. Role names are compared exactly.
 */
export function isAdminFromClaims(
  claims: Readonly<Record<string, unknown>> | null | undefined,
  rolesClaim: string = ROLES_CLAIM,
): boolean {
  const roles = claims?.[rolesClaim];
  if (typeof roles === "string") return roles === ADMIN_ROLE;
  return Array.isArray(roles) && roles.includes(ADMIN_ROLE);
}
