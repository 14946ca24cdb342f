// Signed-in destinations of the bar and the Me menu, with the spec's highlight rule.
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
