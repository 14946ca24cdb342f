// How a request's terms read: its budget, when the organizer decides and what it wants priced.
// Shared by the wizard's review, the venue's lead and the organizer's comparison.
import {
  BUDGET_BASIS_LABELS,
  type TBudget,
  type TPricingAsk,
  type TRequirementInput,
} from "@hostfield/domain/contracts";
import { formatCount, formatEventDate } from "@hostfield/domain/rules";
import { formatMoney } from "./proposal-format";

/** "$8,000 – $12,000 for the event", "Up to $40 per participant", "From $500 per day". */
export function budgetLabel(budget: TBudget): string {
  const money = (amount: number) => formatMoney(amount, budget.currency);
  const per = BUDGET_BASIS_LABELS[budget.per];
  if (budget.min !== null && budget.max !== null) {
    return budget.min === budget.max
      ? `${money(budget.min)} ${per}`
      : `${money(budget.min)} – ${money(budget.max)} ${per}`;
  }
  if (budget.max !== null) return `Up to ${money(budget.max)} ${per}`;
  return `From ${money(budget.min ?? 0)} ${per}`;
}

/** What to price, in words: "Spaces for each day; 250 hotel room nights; Parking, Security". */
export function pricingLabel(pricing: TPricingAsk, roomNights: number | null): string | null {
  const parts: string[] = [];
  if (pricing.spaces) parts.push("Spaces for each day");
  if (pricing.rooms) {
    parts.push(roomNights ? `${formatCount(roomNights)} hotel room nights` : "Hotel rooms");
  }
  if (pricing.extras.length > 0) parts.push(pricing.extras.join(", "));
  return parts.length > 0 ? parts.join("; ") : null;
}

/** The terms a request states, as [term, words] pairs (none it leaves out). */
export function requestTermFacts(
  request: Pick<TRequirementInput, "budget" | "decisionDate" | "pricing" | "roomNights">,
): [string, string][] {
  const facts: [string, string][] = [];
  if (request.budget) facts.push(["Budget", budgetLabel(request.budget)]);
  if (request.decisionDate) facts.push(["Decision by", formatEventDate(request.decisionDate)]);
  const pricing = pricingLabel(request.pricing, request.roomNights);
  if (pricing) facts.push(["Please price", pricing]);
  return facts;
}
