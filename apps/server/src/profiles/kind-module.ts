// A listing kind as its module offers it: the kind's description (which builds its standard
// routes, queries and permissions) and, for kinds that have them, its own routes beside those.
import type { FastifyInstance } from "fastify";
import type { TModuleServices, TPlatform } from "../platform/module";
import type { TKindDescriptor } from "./descriptor";
import type { TProfilesContext } from "./service";

export type TKindRoutesOptions = {
  ctx: TProfilesContext;
  platform: TPlatform;
  services: TModuleServices;
};

export type TKindModule = {
  descriptor: TKindDescriptor;
  /** The kind's own routes, registered under its service's base path after the shared ones. */
  routes?: (app: FastifyInstance, options: TKindRoutesOptions) => Promise<void>;
};
