// The users module: accounts and sign-in, the signed-in user's calls and user images. It offers
// the others what they may know of people: who exists, names and avatars of visible users. Its
// upkeep (upkeep.ts) prunes expired sign-in records every hour.
import { anyone } from "../../platform/files/media";
import { AppError } from "../../platform/http/errors";
import { defineModule } from "../../platform/module";
import { registerIdentity, type TIdentity } from "./identity";
import { userImageRoutes } from "./image-routes";
import { mediaUrl, presentPublicUser } from "./presenter";
import { findMailboxes } from "./repository";
import { usersRoutes } from "./routes";
import { getUser, getUserByEmail, type TUsersContext, visibleUsers } from "./service";
import { PRUNE_SIGN_IN_CRON, pruneSignInRecords } from "./upkeep";

/** `value` when the user was not found; any other failure (the database away) stays a failure. */
const orNotFound =
  <T>(value: T) =>
  (error: unknown): T => {
    if (error instanceof AppError && error.statusCode === 404) return value;
    throw error;
  };

/** The access rule of `/users/{id}/…` routes: the user themselves, or an admin. */
export { selfOnly, selfOrAdmin } from "./policy";
/** A stored avatar or image key as the URL that serves it. */
export { mediaUrl } from "./presenter";

export type TUsersServices = TIdentity & {
  userExists(id: string): Promise<boolean>;
  /** The account with this e-mail, or null. */
  findUserIdByEmail(email: string): Promise<string | null>;
  /** Name and avatar of a user, or null when there is no such user. */
  person(id: string): Promise<{ id: string; name: string; avatarUrl: string | null } | null>;
  /** Name and address of those of `ids` who may be mailed (verified, not blocked), by id. */
  mailboxes(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
  /** The public profiles of those of `ids` who show themselves, by id. */
  publicUsers(ids: readonly string[]): Promise<Map<string, ReturnType<typeof presentPublicUser>>>;
};

declare module "../../platform/module" {
  interface TModuleServices {
    users: TUsersServices;
  }
}

export const usersModule = defineModule({
  name: "users",
  async register(app, platform, services) {
    // Members' pictures (images.ts) go beside their names wherever they show.
    app.media.folder("users/", anyone);
    const ctx: TUsersContext = {
      db: platform.db,
      mailer: platform.mailer,
      files: platform.files,
      publicUrl: platform.config.publicUrl,
      adminEmails: platform.config.adminEmails,
      events: platform.events,
      counts: async (userId) => ({
        unopenedNotifications: await services.notifications.countUnopened(userId),
        unreadMessages: await services.groups.countUnreadThreads(userId),
      }),
      online: (userIds) => services.hub.onlineUsers(userIds),
    };
    const identity = await registerIdentity(app, platform.config, ctx);
    await platform.jobs.every("users.prune-sign-in", PRUNE_SIGN_IN_CRON, () =>
      pruneSignInRecords(platform.db, new Date()),
    );
    await app.register(usersRoutes, { prefix: "/user-mgmt/api", ctx });
    await app.register(userImageRoutes, { prefix: "/user-mgmt/api", ctx });
    return {
      ...identity,
      userExists: (id) => getUser(ctx, id).then(() => true, orNotFound(false)),
      findUserIdByEmail: (email) =>
        getUserByEmail(ctx, email).then((user) => user.id, orNotFound(null)),
      person: (id) =>
        getUser(ctx, id).then(
          (user) => ({ id: user.id, name: user.name, avatarUrl: mediaUrl(user.avatarKey) }),
          orNotFound(null),
        ),
      mailboxes: async (ids) =>
        new Map((await findMailboxes(platform.db, ids)).map((u) => [u.id, u])),
      publicUsers: async (ids) =>
        new Map((await visibleUsers(ctx, ids)).map((u) => [u.id, presentPublicUser(u)])),
    };
  },
});
