// Signed-in destinations of the bar and the Me menu, with the spec's highlight rule, and the
// menu's role pages (Pipeline, RFP marketplace, Reports) as the member's roles and tier allow them.
import type { TFeatureAccess, TMemberFeature, TMemberRoles } from "@hostfield/domain/contracts";
import { PIPELINE_PATH, REPORTS_PATH, RFP_MARKETPLACE_PATH } from "../../lib/paths";
import { formatBadgeCount } from "./badge-count";

export {
  ACCOUNT_PATH,
  ADMIN_PATH,
  HOME_PATH,
  MESSAGING_PATH,
  NOTIFICATIONS_PATH,
} from "../../lib/paths";

/** The name of the menu button at the right of the bar (guest menu and Me menu alike). */
export const OPEN_MENU_LABEL = "Open menu";

/** Spec §2: Notifications and Messaging are highlighted when the path starts with theirs. */
export function isPathActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function notificationsLabel(unopened: number): string {
  const count = formatBadgeCount(unopened);
  // The visible badge leads the name, so the name contains what is seen (WCAG 2.5.3, axe's
  // label-content-name-mismatch) and still says what the link is.
  return count ? `${count} unopened notification${unopened === 1 ? "" : "s"}` : "Notifications";
}

export function messagingLabel(unread: number): string {
  return unread > 0 ? "Messaging (unread messages)" : "Messaging";
}

/** What the member's roles use of the menu (`GET /users/my/roles`), asked when the Me menu opens. */
export const MEMBER_ROLES_PATH = "/user-mgmt/api/users/my/roles";
export const memberRolesKey = (userId: string) => ["users", "my", "roles", userId] as const;

export async function getMemberRoles(signal?: AbortSignal): Promise<TMemberRoles> {
  // Its module (and the contract's schema) loads with the first call, not with the top bar: the
  // schema imported here put the contracts into every page's first scripts (bench bundle: +45 kB
  // gz on a state page; imported from the contracts' index on demand, +35 kB on the others).
  const { fetchMemberRoles } = await import("./member-roles-api");
  return fetchMemberRoles(signal);
}

/** The menu's role pages: their label and page. Which ones a member sees is the server's answer. */
export const FEATURE_LINKS: Record<TMemberFeature, { label: string; path: string }> = {
  pipeline: { label: "Pipeline", path: PIPELINE_PATH },
  rfpMarketplace: { label: "RFP marketplace", path: RFP_MARKETPLACE_PATH },
  reports: { label: "Reports", path: REPORTS_PATH },
};

/** What a locked page's row says beside its name: "Needs Silver" (the lowest tier that opens it). */
export function lockedNote(access: TFeatureAccess): string | null {
  if (!access.locked) return null;
  return access.needs ? `Needs ${access.needs}` : "Needs a membership";
}
