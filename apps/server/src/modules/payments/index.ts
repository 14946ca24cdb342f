// The payments module (`/payment-mgmt/api`): one payment integration, Stripe, for tiers for sale as
// subscriptions (a listing's managers buy, change and cancel its tier; the tier follows the
// subscription's state), the admin's prices and ledger (every charge, refund, payout, subscription
// and webhook, a failed or flagged webhook replayed), and the provider's webhooks, verified, kept once
// and processed once through the job queue in any order. Without STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET nothing is sold and admins set tiers as before. Another product (boosts,
// guarantees, deposits) is a file with its webhook handler and its line in webhooks.ts.
import { defineModule, withServices } from "../../platform/module";
import { boostRoutes } from "./boost-routes";
import { boostSale, dropUnpaidBoosts } from "./boosts";
import type { TPaymentsContext } from "./context";
import { depositRoutes } from "./deposit-routes";
import { guaranteeRoutes } from "./guarantee-routes";
import { expireGuarantees, guaranteesOf, openGuarantee } from "./guarantees";
import { paymentRoutes } from "./routes";
import { stripeProvider } from "./stripe";
import { lapseTiers } from "./tiers";
import { processEntry, sweepInbox, type TWebhookJob, WEBHOOK_QUEUE } from "./webhooks";

const api = { prefix: "/payment-mgmt/api" };

export const paymentsModule = defineModule({
  name: "payments",
  context: (platform, services): TPaymentsContext => {
    const settings = platform.config.payments;
    return withServices(services, ["profiles", "rfps", "users", "stays"], {
      db: platform.db,
      jobs: platform.jobs,
      events: platform.events,
      now: platform.now,
      log: platform.log,
      provider: settings ? stripeProvider(settings) : null,
      publishableKey: settings?.publishableKey ?? null,
      publicUrl: platform.config.publicUrl,
    });
  },
  setup: async (ctx, platform) => {
    // One entry at a time per process: a failure is the entry's state (failed, replayed by admins),
    // not the queue's retry.
    await platform.jobs.work<TWebhookJob>(WEBHOOK_QUEUE, (job) => processEntry(ctx, job.entryId), {
      retryLimit: 0,
    });
    // Webhooks acknowledged whose job was lost are queued again.
    await platform.jobs.every("payments.sweep-inbox", "*/5 * * * *", () => sweepInbox(ctx));
    // A past due past its grace, a cancellation past its period: the tier goes (hourly).
    await platform.jobs.every("payments.lapse-tiers", "41 * * * *", () => lapseTiers(ctx));
    // Boosts bought and left unpaid past BOOST_PAYMENT_HOURS are dropped (hourly).
    await platform.jobs.every("payments.drop-unpaid-boosts", "17 * * * *", () =>
      dropUnpaidBoosts(ctx),
    );
    // Card guarantees: a booking that asks one awaits the guest's card; one without a card
    // GUARANTEE_SECURE_MINUTES after booking is cancelled (every minute).
    platform.events.on("ReservationGuaranteeAsked", "payments.guarantee-open", (e, delivery) =>
      delivery
        .once((tx) =>
          openGuarantee(tx, {
            reservationId: e.reservationId,
            hotelId: e.hotelId,
            userId: e.guestUserId,
            createdDate: new Date(e.bookedDate),
          }),
        )
        .then(() => undefined),
    );
    await platform.jobs.every("payments.expire-guarantees", "* * * * *", () =>
      expireGuarantees(ctx),
    );
  },
  routes: [
    [paymentRoutes, api],
    [depositRoutes, api],
    [boostRoutes, api],
    [guaranteeRoutes, api],
  ],
  services: (ctx) => ({
    /** Boost days on sale beyond a tier's quota: a day's price, null when not (payments off). */
    boostSale: () => boostSale(ctx),
    /** Whether a card guarantee can be asked at booking (payments on). */
    guaranteesEnabled: () => ctx.provider !== null,
    /** The card guarantees of reservations that asked one, by reservation id. */
    guaranteesOf: (stays) => guaranteesOf(ctx, stays),
  }),
});

export type TPaymentsServices = {
  boostSale: () => ReturnType<typeof boostSale>;
  guaranteesEnabled: () => boolean;
  guaranteesOf: (stays: Parameters<typeof guaranteesOf>[1]) => ReturnType<typeof guaranteesOf>;
};

declare module "../../platform/module" {
  interface TModuleServices {
    payments: TPaymentsServices;
  }
}
