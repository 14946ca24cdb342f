// The crm module (a destination's `/crm` calls under `/destination-mgmt/api`): a destination's
// managers connect its CRM (a signed webhook, HubSpot, Salesforce) and its leads, their status
// changes, the requests it received, its proposals and awards are sent there on every change (the
// rfps module's events, through the job queue) and on demand, each once per connection (remote ids
// kept), failures retried with backoff and logged with the remote error.
import { createSecretBox, resolveSecretKey } from "../../platform/crypto/secret-box";
import { defineModule } from "../../platform/module";
import type { TCrmContext } from "./context";
import { crmRoutes } from "./routes";
import { SYNC_QUEUE, type TSyncJob } from "./service";
import { queueChanges, runSync } from "./sync";

export const crmModule = defineModule({
  name: "crm",
  async register(app, platform, services) {
    const { config } = platform;
    const ctx: TCrmContext = {
      db: platform.db,
      jobs: platform.jobs,
      now: platform.now,
      log: platform.log,
      get profiles() {
        return services.profiles;
      },
      get rfps() {
        return services.rfps;
      },
      box: createSecretBox(resolveSecretKey(config.secretKey, config.dataDir)),
      env: {
        hubspotBaseUrl: config.crm.hubspotBaseUrl,
        salesforceLoginUrl: config.crm.salesforceLoginUrl,
        allowHttpWebhooks: config.crm.allowHttpWebhooks,
        timeoutMs: config.crm.timeoutMs,
        now: platform.now,
        log: platform.log,
      },
      retryLimit: config.crm.retryLimit,
    };
    // A lead reached the destination, it answered one (a proposal or a pass), or it was decided.
    platform.events.on("LeadsCreated", "crm", (e, delivery) =>
      queueChanges(ctx, delivery.eventId, e.leads),
    );
    platform.events.on("LeadAnswered", "crm", (e, delivery) =>
      queueChanges(ctx, delivery.eventId, [e]),
    );
    platform.events.on("LeadDecided", "crm", (e, delivery) =>
      queueChanges(ctx, delivery.eventId, [e]),
    );
    await platform.jobs.work<TSyncJob>(
      SYNC_QUEUE,
      (job, { retryCount }) => runSync(ctx, job, { retryCount }),
      { retryLimit: config.crm.retryLimit, retryDelay: 2 },
    );
    await app.register(crmRoutes, { prefix: "/destination-mgmt/api", ctx });
  },
});
