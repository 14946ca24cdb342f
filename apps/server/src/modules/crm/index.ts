// The crm module (a destination's `/crm` calls under `/destination-mgmt/api`): a destination's
// managers connect its CRM (a signed webhook, HubSpot, Salesforce) and its leads, their status
// changes, the requests it received, its proposals and awards are sent there on every change (the
// rfps module's events, through the job queue) and on demand, each once per connection (remote ids
// kept), failures retried with backoff and logged with the remote error.
import { createSecretBox, resolveSecretKey } from "../../platform/crypto/secret-box";
import { defineModule, withServices } from "../../platform/module";
import type { TCrmContext } from "./context";
import { crmRoutes } from "./routes";
import { SYNC_QUEUE, type TSyncJob } from "./service";
import { queueChanges, runSync } from "./sync";

export const crmModule = defineModule({
  name: "crm",
  context: (platform, services): TCrmContext => {
    const { config } = platform;
    return withServices(services, ["profiles", "rfps"], {
      db: platform.db,
      jobs: platform.jobs,
      now: platform.now,
      log: platform.log,
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
    });
  },
  setup: async (ctx, platform) => {
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
      { retryLimit: platform.config.crm.retryLimit, retryDelay: 2 },
    );
  },
  routes: [[crmRoutes, { prefix: "/destination-mgmt/api" }]],
});
