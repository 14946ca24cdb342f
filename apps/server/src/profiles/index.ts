// The listing machinery as a module: every kind's standard routes from its description, then the
// kind's own routes; and what other modules may ask of listings.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPrincipal } from "../platform/http/access";
import { bindContext, defineModule } from "../platform/module";
import type { TKindModule } from "./kind-module";
import { profileRoutes } from "./routes";
import {
  accessProfile,
  listingAudience,
  memberProfileIds,
  profilesByIds,
  type TProfilesContext,
} from "./service";

export type { TKindModule, TKindRoutesOptions } from "./kind-module";
export type { TLoadedProfile } from "./repository";

function servicesOf(ctx: TProfilesContext) {
  const kind = (name: TProfileKind) => {
    const found = ctx.kinds.find((d) => d.kind === name);
    if (!found) throw new Error(`No module serves the listing kind "${name}".`);
    return found;
  };
  return {
    ...bindContext(ctx, { listingAudience, memberProfileIds }),
    /** The description of a kind. */
    kind,
    /** The listing addressed, and what the caller may do with it (404 when hidden from them). */
    accessProfile: (name: TProfileKind, id: string, principal: TPrincipal | null) =>
      accessProfile(ctx, kind(name), id, principal),
    /** Listings of a kind by id, with their details; `listedOnly` keeps approved, active ones. */
    profilesByIds: (
      name: TProfileKind,
      ids: readonly string[],
      options: { listedOnly?: boolean } = {},
    ) => profilesByIds(ctx, kind(name), ids, options),
  };
}
export type TProfilesServices = ReturnType<typeof servicesOf>;

declare module "../platform/module" {
  interface TModuleServices {
    profiles: TProfilesServices;
  }
}

/** The machinery over `kinds`, one module for each kind in the product. */
export function profilesModule(kinds: Record<TProfileKind, TKindModule>) {
  const modules = Object.values(kinds);
  return defineModule({
    name: "profiles",
    async register(app, platform, services) {
      const ctx: TProfilesContext = {
        db: platform.db,
        files: platform.files,
        geocode: platform.geocode,
        findUserIdByEmail: (email) => services.users.findUserIdByEmail(email),
        userExists: (id) => services.users.userExists(id),
        events: platform.events,
        kinds: modules.map((m) => m.descriptor),
      };
      for (const { descriptor, routes } of modules) {
        const prefix = `/${descriptor.service}/api`;
        await app.register(profileRoutes, { prefix, descriptor, ctx });
        if (routes) await app.register(routes, { prefix, ctx, platform, services });
      }
      return servicesOf(ctx);
    },
  });
}
