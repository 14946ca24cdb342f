// A room block's final statement after the event: per room type and night what the hotel held,
// what was booked and what stayed (the hotel confirms or corrects each night; until it does, the
// booked figure stands), then over the whole block the attrition allowance, the shortfall and what
// the organizer owes for it, and the comp nights earned. The server computes it for
// `GET /hotels/blocks/{id}/statement` (and its PDF); both sides read the same figures.
//
// The attrition rule (the usual hotel contract, "whole-block attrition at the average rate"):
//   allowance = floor(held × attritionPercent / 100) room nights the organizer may leave unsold;
//   shortfall = max(0, held − allowance − picked up), over the whole block, not night by night, so
//               a strong night makes up for a weak one; picked up is what stayed;
//   owed      = shortfall × the block's held-weighted average rate, that rate rounded to the cent
//               first (Σ held × rate ÷ Σ held), so owed is a whole number of cents.
// Comps: floor(picked up / compPerPaid) free room nights (none without a comp policy), valued at the
// same average rate.

export type TStatementRow = {
  roomTypeId: string;
  night: string;
  held: number;
  booked: number;
  /** Rooms that stayed as the hotel confirmed them; null while it has not. */
  stayed: number | null;
  rate: number;
};

export type TStatementLine = {
  roomTypeId: string;
  night: string;
  held: number;
  booked: number;
  /** The hotel's figure once confirmed, else what was booked: the night's pickup. */
  stayed: number;
  confirmed: boolean;
  rate: number;
};

export type TStatementTotals = {
  held: number;
  booked: number;
  /** Room nights picked up: stayed where confirmed, booked elsewhere. */
  stayed: number;
  /** Room nights the organizer may leave unsold without penalty. */
  allowance: number;
  /** Room nights below held − allowance that were not picked up. */
  shortfall: number;
  /** Dollars: shortfall × averageRate. */
  owed: number;
  /** Complimentary room nights earned. */
  comps: number;
  /** Dollars: comps × averageRate. */
  compValue: number;
  /** Dollars, to the cent: Σ held × rate ÷ Σ held (0 when nothing is held). */
  averageRate: number;
};

export type TStatementFigures = { nights: TStatementLine[]; totals: TStatementTotals };

const cents = (dollars: number) => Math.round(dollars * 100);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The statement's figures from its rows and terms (see the rule at the top of this file). */
export function blockStatement(
  rows: readonly TStatementRow[],
  terms: { attritionPercent: number; compPerPaid: number | null },
): TStatementFigures {
  const nights = [...rows]
    .sort((a, b) => cmp(a.night, b.night) || cmp(a.roomTypeId, b.roomTypeId))
    .map(
      (r): TStatementLine => ({
        roomTypeId: r.roomTypeId,
        night: r.night,
        held: r.held,
        booked: r.booked,
        stayed: r.stayed ?? r.booked,
        confirmed: r.stayed !== null,
        rate: r.rate,
      }),
    );
  const held = nights.reduce((s, n) => s + n.held, 0);
  const booked = nights.reduce((s, n) => s + n.booked, 0);
  const stayed = nights.reduce((s, n) => s + n.stayed, 0);
  // Integers throughout: held × rate in cents, one division, rounded to the cent.
  const heldCents = nights.reduce((s, n) => s + n.held * cents(n.rate), 0);
  const averageCents = held > 0 ? Math.round(heldCents / held) : 0;
  const allowance = Math.floor((held * terms.attritionPercent) / 100);
  const shortfall = Math.max(0, held - allowance - stayed);
  const comps =
    terms.compPerPaid && terms.compPerPaid > 0 ? Math.floor(stayed / terms.compPerPaid) : 0;
  return {
    nights,
    totals: {
      held,
      booked,
      stayed,
      allowance,
      shortfall,
      owed: (shortfall * averageCents) / 100,
      comps,
      compValue: (comps * averageCents) / 100,
      averageRate: averageCents / 100,
    },
  };
}
