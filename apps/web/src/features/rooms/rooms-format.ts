// What the rooms pages read besides money, days and nights (lib/stay-format): the weekdays a
// calendar fill may pick.
export {
  formatDay,
  formatDayRange,
  formatMoney,
  formatNight,
  nightParts,
  plural,
} from "../../lib/stay-format";

/** The weekdays of a calendar fill, Sunday first (0 … 6, as the API numbers them). */
export const WEEKDAYS = [
  { day: 0, short: "Sun", long: "Sunday" },
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
] as const;
