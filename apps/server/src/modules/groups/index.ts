// The groups module: groups and direct conversations, their members, messages, shared files and
// each member's thread. Other modules start conversations through `converse`.
import { bindContext, defineModule } from "../../platform/module";
import { groupRoutes } from "./routes";
import { converse, countUnreadThreads, type TGroupsContext, threadIdsOf } from "./service";

/** A person in a conversation, as messages and leads show them. */
export { presentPerson } from "./presenter";

const servicesOf = (ctx: TGroupsContext) =>
  bindContext(ctx, { converse, countUnreadThreads, threadIdsOf });
export type TGroupsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    groups: TGroupsServices;
  }
}

export const groupsModule = defineModule({
  name: "groups",
  async register(app, platform, services) {
    const ctx: TGroupsContext = {
      db: platform.db,
      files: platform.files,
      events: platform.events,
      userExists: (id) => services.users.userExists(id),
    };
    await app.register(groupRoutes, { prefix: "/user-mgmt/api", ctx });
    return servicesOf(ctx);
  },
});
