// A feature module as the composition root sees it: a name, the routes and subscriptions it
// registers, and the services it offers the others. `modules.ts` lists them in order and
// `buildApp` registers that list; adding a module edits neither buildApp nor another module.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { TConfig } from "./config";
import type { TDb } from "./db/database";
import type { TEventBus } from "./events/bus";
import type { TFileStore } from "./files/store";
import type { TPlace } from "./geo/place";
import type { TJobQueue } from "./jobs/queue";
import type { TMailer } from "./mail/mailer";

/** A resolved address: where, how it reads ("Indianapolis, IN") and its state or province code. */
export type TGeocoded = Pick<TPlace, "lat" | "lng" | "label" | "state">;

/** What the platform gives every module. */
export type TPlatform = {
  config: TConfig;
  db: TDb;
  files: TFileStore;
  mailer: TMailer;
  events: TEventBus;
  /** Background jobs: queues with workers, schedules (a module's upkeep). */
  jobs: TJobQueue;
  /** Addresses to points, from the bundled gazetteer; null for a place it does not know. */
  geocode: (address: string) => TGeocoded | null;
  /** The clock dated rules read (requests for proposals); tests move it. */
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * What modules offer each other, by module name. Each module adds its own entry from its
 * `index.ts` (`declare module "…/platform/module" { interface TModuleServices { users: … } }`),
 * so a caller sees the services' types without importing the module's insides.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry a module.
export interface TModuleServices {}

export type TModuleName = keyof TModuleServices;

/** A module that offers services registers under the services' name and returns them. */
export type TModule = {
  name: string;
  /**
   * Registers the module's routes (under its own prefixes), hooks and event handlers. Other
   * modules' services are read from `services` when called, not while registering, so two
   * modules may call each other whatever their order in the list.
   */
  register(
    app: FastifyInstance,
    platform: TPlatform,
    services: TModuleServices,
  ): Promise<unknown> | unknown;
};

export function defineModule<N extends TModuleName>(module: {
  name: N;
  register(
    app: FastifyInstance,
    platform: TPlatform,
    services: TModuleServices,
  ): Promise<TModuleServices[N]> | TModuleServices[N];
}): TModule;
export function defineModule(module: {
  name: string;
  register(
    app: FastifyInstance,
    platform: TPlatform,
    services: TModuleServices,
  ): Promise<void> | void;
}): TModule;
export function defineModule(module: TModule): TModule {
  return module;
}

/**
 * Registers `modules` in order and returns the services they offer. A service read before its
 * module registered fails with the module's name instead of an undefined deep inside a handler.
 */
export async function registerModules(
  app: FastifyInstance,
  platform: TPlatform,
  modules: readonly TModule[],
): Promise<TModuleServices> {
  const offered = new Map<string, unknown>();
  const services = new Proxy({} as TModuleServices, {
    get(_target, name) {
      // Not a thenable: the registry is returned from an async function.
      if (typeof name !== "string" || name === "then") return undefined;
      if (!offered.has(name)) {
        throw new Error(`The ${name} module's services were used before it registered.`);
      }
      return offered.get(name);
    },
  });
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Two modules are named ${module.name}.`);
    names.add(module.name);
    const offers = await module.register(app, platform, services);
    if (offers !== undefined) offered.set(module.name, offers);
  }
  return services;
}

type TWithoutContext<F> = F extends (ctx: infer _C, ...rest: infer A) => infer R
  ? (...rest: A) => R
  : never;

/**
 * A module's service functions with its context bound: `services.groups.converse(db, input)`
 * for `converse(ctx, db, input)`. Modules offer these; the functions stay testable with any context.
 */
export function bindContext<C, T extends Record<string, (ctx: C, ...rest: never[]) => unknown>>(
  ctx: C,
  functions: T,
): { [K in keyof T]: TWithoutContext<T[K]> } {
  return Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [
      name,
      (...rest: unknown[]) => (fn as (ctx: C, ...args: unknown[]) => unknown)(ctx, ...rest),
    ]),
  ) as { [K in keyof T]: TWithoutContext<T[K]> };
}
