// The reports feature's public face: the addresses of its pages and the link a listing's manage
// menu offers to the dashboard. Only these: the manage menu loads with every editor's listing page,
// and the pages (with the charts) load on their own routes (app/routes.tsx).
export {
  leaderboardPath,
  REPORTS_PATH,
  RFP_OVERVIEW_PATH,
  reportPath,
  reportsManageLinks,
  type TReportsManageLink,
} from "./reports-paths";
