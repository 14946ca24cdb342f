// The payments module (`/payment-mgmt/api`): one payment integration, Stripe, for tiers for sale as
// subscriptions (a listing's managers buy, change and cancel its tier; the tier follows the
// subscription's state), the admin's prices and ledger (every charge, refund, payout, subscription
// and webhook, a failed or flagged webhook replayed), and the provider's webhooks, verified, kept once
// and processed once through the job queue in any order. Without STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET nothing is sold and admins set tiers as before. Another product (boosts,
// guarantees, deposits) is a file with its webhook handler and its line in webhooks.ts.
import { defineModule } from "../../platform/module";
import type { TPaymentsContext } from "./context";
import { paymentRoutes } from "./routes";
import { stripeProvider } from "./stripe";
import { lapseTiers } from "./tiers";
import { processEntry, sweepInbox, type TWebhookJob, WEBHOOK_QUEUE } from "./webhooks";

export const paymentsModule = defineModule({
  name: "payments",
  async register(app, platform, services) {
    const settings = platform.config.payments;
    const ctx: TPaymentsContext = {
      db: platform.db,
      jobs: platform.jobs,
      events: platform.events,
      now: platform.now,
      log: platform.log,
      get profiles() {
        return services.profiles;
      },
      provider: settings ? stripeProvider(settings) : null,
      publishableKey: settings?.publishableKey ?? null,
      publicUrl: platform.config.publicUrl,
    };
    // One entry at a time per process: a failure is the entry's state (failed, replayed by admins),
    // not the queue's retry.
    await platform.jobs.work<TWebhookJob>(WEBHOOK_QUEUE, (job) => processEntry(ctx, job.entryId), {
      retryLimit: 0,
    });
    // Webhooks acknowledged whose job was lost are queued again.
    await platform.jobs.every("payments.sweep-inbox", "*/5 * * * *", () => sweepInbox(ctx));
    // A past due past its grace, a cancellation past its period: the tier goes (hourly).
    await platform.jobs.every("payments.lapse-tiers", "41 * * * *", () => lapseTiers(ctx));
    await app.register(paymentRoutes, { prefix: "/payment-mgmt/api", ctx });
  },
});
