// The groups module: groups and direct conversations, their members, messages, shared files and
// each member's thread. Other modules start conversations through `converse` and `openKeyed`.

import { resolveSecretKey } from "../../platform/crypto/secret-box";
import { nobody } from "../../platform/files/media";
import { bindContext, defineModule } from "../../platform/module";
import { groupFileLinkRoutes } from "./file-link-routes";
import { fileLinks, GROUP_FILE_FOLDER } from "./file-links";
import { subscribeGroupInvitationMail } from "./invitations";
import { groupReportQueries } from "./report-queries";
import { groupRoutes } from "./routes";
import {
  converse,
  countUnreadThreads,
  isThreadUnread,
  openKeyed,
  type TGroupsContext,
  threadIdsOf,
} from "./service";

/** A person in a conversation, as messages and leads show them. */
export { presentPerson } from "./presenter";

const servicesOf = (ctx: TGroupsContext) =>
  bindContext(ctx, {
    converse,
    countUnreadThreads,
    isThreadUnread,
    openKeyed,
    threadIdsOf,
    ...groupReportQueries,
  });
export type TGroupsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    groups: TGroupsServices;
  }
}

export const groupsModule = defineModule({
  name: "groups",
  context: (platform, services): TGroupsContext => ({
    db: platform.db,
    files: platform.files,
    events: platform.events,
    userExists: (id) => services.users.userExists(id),
    findUserIdByEmail: (email) => services.users.findUserIdByEmail(email),
    listingCoMembers: (userId, text, limit) =>
      services.profiles.listingCoMembers(userId, text, limit),
    fileLinks: fileLinks(
      resolveSecretKey(platform.config.secretKey, platform.config.dataDir),
      platform.now,
    ),
  }),
  setup: (_ctx, platform, app) => {
    subscribeGroupInvitationMail(platform);
    // Its files are served only through links signed for a member (file-link-routes.ts); the public
    // /media route, which an encoded slash (`/media/groups%2F…`) reaches too, hides them.
    app.media.folder(`${GROUP_FILE_FOLDER}/`, nobody);
  },
  routes: [[groupRoutes, { prefix: "/user-mgmt/api" }], groupFileLinkRoutes],
  services: servicesOf,
});
