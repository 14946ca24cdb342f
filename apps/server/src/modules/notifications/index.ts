// The notifications module: a user's notifications, written from the domain events of the other
// modules (a message, a like, a lead) and read, opened or deleted by their user; and the e-mail
// that reaches members who are away (email.ts), with their settings and unsubscribe links.
import { resolveSecretKey } from "../../platform/crypto/secret-box";
import { keyedSigner } from "../../platform/crypto/signer";
import { bindContext, defineModule } from "../../platform/module";
import { subscribeEmail } from "./email";
import { subscribeNotifications } from "./handlers";
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
  async register(app, platform, services) {
    const ctx: TNotificationsContext = {
      db: platform.db,
      events: platform.events,
      person: (id) => services.users.person(id),
      listing: (profileId) => services.profiles.listingAudience(profileId),
      threadIds: (groupId, userIds) => services.groups.threadIdsOf(groupId, userIds),
      email: {
        publicUrl: platform.config.publicUrl,
        mailer: platform.mailer,
        jobs: platform.jobs,
        signer: keyedSigner(
          resolveSecretKey(platform.config.secretKey, platform.config.dataDir),
          "email-unsubscribe",
        ),
        mailboxes: (ids) => services.users.mailboxes(ids),
        isThreadUnread: (threadId) => services.groups.isThreadUnread(threadId),
        unreadAfterMs: platform.config.mail.unreadAfterMs,
      },
    };
    subscribeNotifications(ctx);
    await subscribeEmail(ctx);
    await app.register(notificationRoutes, { prefix: "/user-mgmt/api", ctx });
    await app.register(unsubscribeRoutes, { ctx });
    return servicesOf(ctx);
  },
});
