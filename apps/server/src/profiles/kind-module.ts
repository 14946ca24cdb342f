// A listing kind as its module offers it: the kind's server view (its definition with the
// module's detail table) and, for kinds that have them, its own routes beside the shared ones.
import type { TProfileKind } from "@hostfield/domain/kinds";
import type { FastifyInstance } from "fastify";
import type { TModuleServices, TPlatform } from "../platform/module";
import {
  describeKind,
  type TCardExtras,
  type TKindDescriptor,
  type TKindDetailTable,
  type TManagedThrough,
} from "./descriptor";
import type { TProfilesContext } from "./service";

export type TKindRoutesOptions = {
  descriptor: TKindDescriptor;
  ctx: TProfilesContext;
  platform: TPlatform;
  services: TModuleServices;
};

export type TKindModule = {
  descriptor: TKindDescriptor;
  /** The kind's own routes, registered under its service's base path after the shared ones. */
  routes?: (app: FastifyInstance, options: TKindRoutesOptions) => Promise<void>;
};

/** A kind module: the kind, its detail table and what it adds to the shared machinery. */
export function kindModule<K extends TProfileKind>(
  kind: K,
  spec: {
    /** A column for each of the kind's fields (a missing one does not compile). */
    table: TKindDetailTable<K>;
    managedThrough?: TManagedThrough;
    cardExtras?: TCardExtras;
    routes?: TKindModule["routes"];
  },
): TKindModule {
  return {
    descriptor: describeKind(kind, spec),
    ...(spec.routes ? { routes: spec.routes } : {}),
  };
}
