// Group headings for activity feeds, most recent first; rules/display.ts assigns dates to them.

export const TIME_AGO_LABELS = [
  "Today",
  "Yesterday",
  "This week",
  "Last week",
  "This month",
  "Last month",
  "2 to 6 months ago",
  "This year",
  "Last year",
  "Past",
] as const;
export type TTimeAgoLabel = (typeof TIME_AGO_LABELS)[number];
