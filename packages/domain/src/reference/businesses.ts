// Categories of local businesses (attractions and things to do near events).

export const BUSINESS_CATEGORIES = [
  "Entertainment",
  "Food & Beverage",
  "Hospitality",
  "Hotel & Lodging",
  "Transportation",
] as const;
export type TBusinessCategory = (typeof BUSINESS_CATEGORIES)[number];
