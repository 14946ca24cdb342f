// The stays module: what hotels sell and guests book. A hotel's room types and rate-and-inventory
// calendar, the rooms it holds for events (blocks, released at their cut-off by a scheduled job),
// availability with signed quotes, reservations (confirmation mailed through the outbox) and hotel
// matches for an event. A hotel sees its open blocks' forward pickup, and both sides of a block are
// mailed the day before its cut-off (a daily job). An event's teams each have a booking link into
// its blocks, and the organizers see per team what it booked. Live rates come from a channel
// manager when HOTEL_RATES_URL is set. A hotel (or a block's terms) may require a card guarantee for
// each booking: the card and its charge are the payments module's, which reads the reservation and
// cancels one left without a card through the services below.
import { resolveSecretKey } from "../../platform/crypto/secret-box";
import { keyedSigner } from "../../platform/crypto/signer";
import { bindContext, defineModule, withServices } from "../../platform/module";
import { releaseDueBlocks } from "./blocks";
import type { TStaysContext } from "./context";
import { remindCutoffs, subscribeCutoffMail } from "./cutoff-reminders";
import { guaranteeReservation, subscribeGuaranteeReceiptMail } from "./guarantees";
import { stayRateQueries } from "./rate-queries";
import { calendarRates, channelManagerRates } from "./rates-provider";
import { stayReportQueries } from "./report-queries";
import { cancelUnguaranteed, subscribeReservationMail } from "./reservations";
import { stayRoutes } from "./routes";
import { staySettingsRoutes } from "./settings-routes";
import { subscribeBlockMessageMail } from "./statement";
import { statementRoutes } from "./statement-routes";
import { teamRoutes } from "./team-routes";
import { subscribeTeamReminderMail } from "./teams";

const api = { prefix: "/hotel-mgmt/api" };

export const staysModule = defineModule({
  name: "stays",
  context: (platform, services): TStaysContext => {
    const { config } = platform;
    return withServices(services, ["profiles", "rfps", "payments", "users"], {
      db: platform.db,
      events: platform.events,
      geocode: platform.geocode,
      now: platform.now,
      log: platform.log,
      rates: config.hotelRates.url
        ? channelManagerRates({
            url: config.hotelRates.url,
            timeoutMs: config.hotelRates.timeoutMs,
            log: platform.log,
          })
        : calendarRates,
      quotes: keyedSigner(resolveSecretKey(config.secretKey, config.dataDir), "stay-quote"),
      teamLinks: keyedSigner(resolveSecretKey(config.secretKey, config.dataDir), "team-link"),
    });
  },
  setup: (ctx, platform) => {
    subscribeReservationMail(platform, ctx);
    // Cut-offs are dates: a few minutes past each hour releases a block the hour its day ends.
    platform.jobs.every("stays.release-blocks", "7 * * * *", () => releaseDueBlocks(ctx));
    // The day before each cut-off (or on it, for a run that came late), both sides are mailed once.
    subscribeCutoffMail(platform, ctx);
    platform.jobs.every("stays.cutoff-reminders", "13 8 * * *", () => remindCutoffs(ctx));
    // A message in a block's thread (a dispute of its statement among them) mails the other side.
    subscribeBlockMessageMail(platform, ctx);
    // An event's teams: their booking links, stays and reminders (mailed through the outbox).
    subscribeTeamReminderMail(platform, ctx);
    // A guarantee charged by the hotel: the guest and the hotel's managers get its receipt.
    subscribeGuaranteeReceiptMail(platform, ctx);
  },
  routes: [
    [stayRoutes, api],
    [teamRoutes, api],
    // After the event: the block's statement and the thread between its sides.
    [statementRoutes, api],
    [staySettingsRoutes, api],
  ],
  services: servicesOf,
});

/**
 * What the stays module offers others: pickup and room nights (reports), room rates and the price
 * of a stay (the assistant's answers about hotels), and a reservation as its card guarantee reads
 * it, cancelled when no card came in time (payments).
 */
function servicesOf(ctx: TStaysContext) {
  return bindContext(ctx, {
    ...stayReportQueries,
    ...stayRateQueries,
    guaranteeReservation,
    cancelUnguaranteed,
  });
}

export type TStaysServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    stays: TStaysServices;
  }
}
