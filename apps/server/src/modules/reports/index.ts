// The reports module (`/report-mgmt/api`): first-party analytics and the dashboards built on them.
// The browser sends views, search impressions and clicks in small batches (tracking.ts); a scheduled
// job rolls them into daily counters (rollup.ts) and prunes raw events past ANALYTICS_RAW_DAYS.
// Every dashboard call answers one report shape (dashboards.ts, by kind in sections.ts), reading
// leads, awards, reservations and pickup from their own modules; leaderboards (blind to all but
// admins) are recomputed by a job (leaderboards.ts); a destination's economic impact (impact.ts)
// exports as CSV and PDF. Other modules read a listing's recent reach through its services (home).
import { bindContext, defineModule, withServices } from "../../platform/module";
import { type TReportsContext, todayOf } from "./context";
import { dashboardRoutes } from "./dashboard-routes";
import { computeStandings, leaderboardRoutes } from "./leaderboards";
import { recentReach } from "./reach";
import { forgetSubject, pruneRaw, rollupRecent } from "./rollup";
import { trackingRoutes } from "./tracking-routes";

const api = { prefix: "/report-mgmt/api" };

export const reportsModule = defineModule({
  name: "reports",
  context: (platform, services): TReportsContext =>
    withServices(services, ["profiles", "rfps", "stays", "stories", "users", "groups"], {
      db: platform.db,
      now: platform.now,
      log: platform.log,
      settings: { analytics: platform.config.analytics, impact: platform.config.impact },
    }),
  setup: (ctx, platform) => {
    platform.events.on("ProfileDeleted", "reports", (event, delivery) =>
      delivery.once((db) => forgetSubject(db, event.profileId, todayOf(ctx))),
    );
    platform.events.on("StoryDeleted", "reports", (event, delivery) =>
      delivery.once((db) => forgetSubject(db, event.storyId, todayOf(ctx))),
    );
    // Yesterday's and today's counters are rebuilt from their raw events every five minutes.
    platform.jobs.every("reports.rollup", "*/5 * * * *", () => rollupRecent(ctx));
    platform.jobs.every("reports.prune", "17 3 * * *", () => pruneRaw(ctx));
    platform.jobs.every("reports.standings", "23 * * * *", () => computeStandings(ctx));
  },
  routes: [
    [trackingRoutes, api],
    [dashboardRoutes, api],
    [leaderboardRoutes, api],
  ],
  services: servicesOf,
});

/** What the reports module offers others: a listing's recent reach (home's business section). */
function servicesOf(ctx: TReportsContext) {
  return bindContext(ctx, { recentReach });
}

export type TReportsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    reports: TReportsServices;
  }
}
