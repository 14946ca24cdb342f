// A listing's boosts beyond the shared child routes: who may boost when (approval, length, start),
// the quota of days a tier includes each month (the domain's rule, over the listing's boosts) and
// its refusal, and what the payments module asks of boosts it sells: a boost that waits for its
// payment, its start once paid, and the drop of those left unpaid.
import type { TBoostQuotaDetails } from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import {
  BOOST_PAYMENT_HOURS,
  boostDaysByMonth,
  boostExtraDays,
  boostProblem,
  boostQuota,
  boostQuotaMessage,
  lastDayOfMonth,
  type TBoostDates,
  type TBoostMonthQuota,
  todayUtc,
} from "@hostfield/domain/rules";
import { AppError, validationFailed } from "../../platform/http/errors";
import type { TProfileRow } from "../repository";
import type { TProfilesContext } from "../service";
import * as repo from "./repository";

export type { TBoostSale } from "../service";
export type { TBoostRow } from "./repository";

/** A boost's quota: the listing's tier, each month it touches, and the days beyond them all. */
export type TBoostQuote = {
  tier: TTier | null;
  months: TBoostMonthQuota[];
  extraDays: number;
};

/**
 * Whether the listing may be boosted on these dates: only an approved one (409, admins too); for
 * its people, a boost of at most BOOST_MAX_DAYS that does not start in the past (400; `previous`:
 * a change, whose kept start is not judged again).
 */
export function judgeBoost(
  profile: Pick<TProfileRow, "status">,
  dates: TBoostDates,
  options: { admin: boolean; previous?: TBoostDates | undefined },
): void {
  if (profile.status !== "approved") {
    throw new AppError(
      "PROFILE_NOT_APPROVED",
      409,
      "Only approved listings can be boosted: this one is waiting for an admin's approval.",
    );
  }
  if (options.admin) return;
  const problem = boostProblem(dates, todayUtc(), options.previous);
  if (problem) {
    throw validationFailed(problem.message, [{ path: [problem.field], message: problem.message }]);
  }
}

/** The quota of a boost of the listing (`exceptId`: the boost being changed, not counted twice). */
export async function boostQuoteOf(
  ctx: Pick<TProfilesContext, "db">,
  profile: Pick<TProfileRow, "id" | "tier">,
  dates: TBoostDates,
  exceptId?: string,
): Promise<TBoostQuote> {
  const spans = boostDaysByMonth(dates);
  const from = `${spans[0]?.month ?? dates.startDate.slice(0, 7)}-01`;
  const to = lastDayOfMonth(spans.at(-1)?.month ?? dates.endDate.slice(0, 7));
  const booked = await repo.boostsOverlapping(ctx.db, profile.id, from, to);
  const tier = profile.tier ?? null;
  const months = boostQuota({
    booked,
    boost: exceptId ? { ...dates, id: exceptId } : dates,
    tier,
  });
  return { tier, months, extraDays: boostExtraDays(months) };
}

/**
 * 409 BOOST_QUOTA_EXCEEDED when a boost of the listing's people goes beyond the days the month has
 * left of its tier's: the message says how, `details` gives each month and whether the extra days
 * can be bought (payments on and a boost day priced), with their price. A change (`change`: the
 * boost's id and dates as they were) is judged without its own days, and refused only when it goes
 * further beyond than it went (a listing over its quota after its tier fell may still shorten a
 * boost); a change is never bought.
 */
export async function requireBoostQuota(
  ctx: Pick<TProfilesContext, "db" | "boostSale">,
  profile: Pick<TProfileRow, "id" | "tier">,
  dates: TBoostDates,
  change?: { id: string; previous: TBoostDates },
): Promise<void> {
  const quote = await boostQuoteOf(ctx, profile, dates, change?.id);
  if (quote.extraDays === 0) return;
  if (change) {
    const before = await boostQuoteOf(ctx, profile, change.previous, change.id);
    if (quote.extraDays <= before.extraDays) return;
  }
  const sale = change ? null : ((await ctx.boostSale?.()) ?? null);
  const details: TBoostQuotaDetails = {
    tier: quote.tier,
    months: quote.months,
    extraDays: quote.extraDays,
    buyable: sale !== null,
    dayPrice: sale ? sale.dayPriceCents / 100 : null,
    amount: sale ? (quote.extraDays * sale.dayPriceCents) / 100 : null,
  };
  throw new AppError(
    "BOOST_QUOTA_EXCEEDED",
    409,
    boostQuotaMessage(quote.tier, quote.months),
    details,
  );
}

// ---- what the payments module asks (boosts bought beyond the quota) ----

/**
 * A bought boost of the listing, awaiting its payment: it lifts nothing and holds its days in the
 * quota until `markBoostPaid`. The same dates asked again while one waits are that boost (a double click
 * buys once); `created` says whether it is new.
 */
export async function createAwaitingBoost(
  ctx: Pick<TProfilesContext, "db">,
  profileId: string,
  dates: TBoostDates,
  by: { userId: string; at: Date },
): Promise<{ boost: repo.TBoostRow; created: boolean }> {
  const waiting = await repo.findAwaitingBoost(ctx.db, profileId, dates);
  if (waiting) return { boost: waiting, created: false };
  const boost = await repo.insertAwaitingBoost(ctx.db, {
    profileId,
    ...dates,
    by: by.userId,
    at: by.at,
  });
  return { boost, created: true };
}

/** The boost runs: its payment is confirmed. Idempotent; null when the boost is gone. */
export const markBoostPaid = (ctx: Pick<TProfilesContext, "db">, boostId: string, at: Date) =>
  repo.activateBoost(ctx.db, boostId, at);

/** Drops the boosts still awaiting payment BOOST_PAYMENT_HOURS after `now`'s; their ids. */
export const dropUnpaidBoosts = (ctx: Pick<TProfilesContext, "db">, now: Date) =>
  repo.dropAwaitingBefore(ctx.db, new Date(now.getTime() - BOOST_PAYMENT_HOURS * 3_600_000));

export const findBoost = (ctx: Pick<TProfilesContext, "db">, boostId: string) =>
  repo.findBoost(ctx.db, boostId);
