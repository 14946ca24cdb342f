// The notifications module: a user's notifications, written from the domain events of the other
// modules (a message, a like, a lead) and read, opened or deleted by their user; and the e-mail
// that reaches members who are away (email.ts) and the same news by Web Push on their devices
// (push.ts), with their settings per channel and unsubscribe links.
import { createSecretBox, resolveSecretKey } from "../../platform/crypto/secret-box";
import { keyedSigner } from "../../platform/crypto/signer";
import { bindContext, defineModule } from "../../platform/module";
import { subscribeEmail } from "./email";
import { subscribeNotifications } from "./handlers";
import { loadVapidKeys } from "./push";
import { pushRoutes } from "./push-routes";
import { notificationRoutes } from "./routes";
import { countUnopened, type TNotificationsContext } from "./service";
import { unsubscribeRoutes } from "./unsubscribe-routes";

const servicesOf = (ctx: TNotificationsContext) => bindContext(ctx, { countUnopened });
export type TNotificationsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    notifications: TNotificationsServices;
  }
}

export const notificationsModule = defineModule({
  name: "notifications",
  context: async (platform, services): Promise<TNotificationsContext> => {
    const secret = resolveSecretKey(platform.config.secretKey, platform.config.dataDir);
    return {
      db: platform.db,
      events: platform.events,
      person: (id) => services.users.person(id),
      listing: (profileId) => services.profiles.listingAudience(profileId),
      threadIds: (groupId, userIds) => services.groups.threadIdsOf(groupId, userIds),
      email: {
        publicUrl: platform.config.publicUrl,
        mailer: platform.mailer,
        jobs: platform.jobs,
        signer: keyedSigner(secret, "email-unsubscribe"),
        mailboxes: (ids) => services.users.mailboxes(ids),
        isThreadUnread: (threadId) => services.groups.isThreadUnread(threadId),
        unreadAfterMs: platform.config.mail.unreadAfterMs,
      },
      push: {
        jobs: platform.jobs,
        keys: await loadVapidKeys(
          platform.db,
          createSecretBox(secret),
          platform.config.push.vapidKeys,
        ),
        subject: platform.config.push.subject,
        allowHttpEndpoints: platform.config.push.allowHttpEndpoints,
        addedHosts: platform.config.push.addedHosts,
        log: platform.log,
      },
    };
  },
  setup: async (ctx) => {
    subscribeNotifications(ctx);
    await subscribeEmail(ctx);
  },
  routes: [
    [notificationRoutes, { prefix: "/user-mgmt/api" }],
    [pushRoutes, { prefix: "/user-mgmt/api" }],
    unsubscribeRoutes,
  ],
  services: servicesOf,
});
