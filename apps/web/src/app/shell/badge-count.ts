import { badgeCount } from "@hostfield/domain/rules";

/** Spec §5: the domain's badge text ("99+" above the cap), but nothing shows for zero. */
export function formatBadgeCount(count: number): string | null {
  return Number.isFinite(count) && count > 0 ? badgeCount(count) : null;
}
