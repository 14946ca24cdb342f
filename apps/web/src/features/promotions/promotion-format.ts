// How a promotion reads: its offer ("10% off", "$5 off", or its words), when it is good (dates,
// weekdays, hours) and its status.
import type { TPromotion } from "@hostfield/domain/contracts";
import { PROMOTION_DAYS } from "@hostfield/domain/rules";
import { formatDayRange } from "../../lib/stay-format";

export { offerLabel } from "@hostfield/domain/rules";

/** "Fri, Sat · 11:00–21:30", "Every day", "Weekdays · from 17:00–19:00". */
export function whenLabel(p: Pick<TPromotion, "days" | "startTime" | "endTime">): string {
  const days =
    p.days.length === 0 || p.days.length === 7
      ? "Every day"
      : PROMOTION_DAYS.filter((d) => p.days.includes(d)).join(", ");
  return p.startTime && p.endTime ? `${days} · ${p.startTime}–${p.endTime}` : days;
}

export function validityLabel(p: Pick<TPromotion, "validFrom" | "validTo">): string {
  return `Valid ${formatDayRange(p.validFrom, p.validTo)}`;
}

export const STATUS_LABELS: Record<TPromotion["status"], string> = {
  current: "On now",
  upcoming: "Upcoming",
  expired: "Expired",
};
