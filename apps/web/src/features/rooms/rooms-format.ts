// What the rooms pages read besides money, days and nights (lib/stay-format): the weekdays a
// calendar fill may pick.

/** The weekdays of a calendar fill, Sunday first (0 … 6, as the API numbers them). */
export { WEEKDAYS } from "../../lib/month-grid";
export {
  formatDay,
  formatDayRange,
  formatMoney,
  formatNight,
  nightParts,
  plural,
} from "../../lib/stay-format";
