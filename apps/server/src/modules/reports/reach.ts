// What other modules read of the daily counters: a listing's reach over its last days, for home's
// business section (views of the business's page, clicks on its promotions: the browser records a
// promotion's click against its business, wherever the card showed). Read only.
import type { TReportRange } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { type TReportsContext, todayOf } from "./context";
import { countersBy, totalsOf } from "./counters";

/** Unique visitors who opened the listing's page, and who clicked one of its promotions. */
export type TReach = { views: number; promotionClicks: number };

const REACH_METRICS = ["views", "clicks.promotion"] as const;

/**
 * Per listing among `subjectIds`, its reach over the last `days` days, today (by the context's
 * clock) included; zeros for a listing without counters. One query for all of them.
 */
export async function recentReach(
  ctx: Pick<TReportsContext, "db" | "now">,
  subjectIds: readonly string[],
  days: number,
): Promise<Map<string, TReach>> {
  const endDate = todayOf(ctx);
  const startDate = addDays(endDate, -(days - 1));
  const range: TReportRange = {
    startDate,
    endDate,
    days,
    previousStartDate: addDays(startDate, -days),
    previousEndDate: addDays(startDate, -1),
  };
  const totalOf = totalsOf(await countersBy(ctx, "subject", subjectIds, REACH_METRICS, range));
  return new Map(
    subjectIds.map((id) => [
      id,
      {
        views: totalOf(id, "views").total,
        promotionClicks: totalOf(id, "clicks.promotion").total,
      },
    ]),
  );
}
