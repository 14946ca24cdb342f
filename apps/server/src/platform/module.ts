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

/**
 * A route plugin of a module: its routes over the module's context (and the platform, for the
 * few that read it).
 */
export type TModuleRoutes<C> = (
  app: FastifyInstance,
  options: { ctx: C; platform: TPlatform },
) => Promise<void> | void;

/** One of a module's route plugins, alone or with the prefix its urls go under. */
export type TModuleRouteEntry<C> =
  | TModuleRoutes<C>
  | readonly [routes: TModuleRoutes<C>, options: { prefix: string }];

/**
 * A module's definition: its name and either its parts (`context`, `setup`, `routes`, `services`),
 * which run in that order when it registers, all over the one context, or its own `register` when
 * its startup is of no usual shape. `S` is what it offers the others.
 */
type TModuleDefinition<N extends string, C, S> = {
  name: N;
  /**
   * What its routes and services run over: the platform's parts and the other modules' services.
   * Those services are read when called (a getter, a function), not here: a module listed later
   * has not registered yet.
   */
  context?: (platform: TPlatform, services: TModuleServices) => C | Promise<C>;
  /**
   * What runs before its routes register: event subscriptions, job workers and schedules, media
   * rules. A promise returned is awaited.
   */
  setup?: (ctx: NoInfer<C>, platform: TPlatform, app: FastifyInstance) => unknown;
  /** Its route plugins, each registered in turn with `{ ctx, platform }` (and its prefix). */
  routes?: readonly TModuleRouteEntry<C>[];
  /** What it offers the others, over its context (`bindContext`). */
  services?: (ctx: C) => S;
  /** Registers the module by itself instead of the parts above. */
  register?(app: FastifyInstance, platform: TPlatform, services: TModuleServices): Promise<S> | S;
};

// Every overload types every member alike (only which are required differs), so a callback's
// parameters read the same whichever overload TypeScript tries first.
/**
 * A module from its definition. One that offers services is named as its `TModuleServices` entry
 * and offers that entry's type; its context is `C`, and a module without one has none (`ctx` is
 * undefined).
 */
export function defineModule<N extends TModuleName, C>(
  module: TModuleDefinition<N, C, TModuleServices[N]> & { context: unknown; services: unknown },
): TModule;
export function defineModule<N extends TModuleName>(
  module: TModuleDefinition<N, never, TModuleServices[N]> & { register: unknown },
): TModule;
export function defineModule<C>(
  module: TModuleDefinition<string, C, void> & { context: unknown; services?: undefined },
): TModule;
export function defineModule(
  module: TModuleDefinition<string, undefined, void> & {
    context?: undefined;
    services?: undefined;
  },
): TModule;
// The implementation sees a context of no known type (`never`): each overload checked the parts
// against the one the module's `context` returns.
export function defineModule(module: TModuleDefinition<string, never, unknown>): TModule {
  const { name, context, setup, routes = [], services, register } = module;
  if (register) {
    if (context || setup || routes.length > 0 || services) {
      throw new Error(`The ${name} module has both register and parts; it takes one or the other.`);
    }
    return { name, register };
  }
  return {
    name,
    async register(app, platform, offered) {
      const ctx = (context ? await context(platform, offered) : undefined) as never;
      if (setup) await setup(ctx, platform, app);
      for (const entry of routes) {
        const [plugin, options] = typeof entry === "function" ? [entry] : entry;
        await app.register(plugin, { ...options, ctx, platform });
      }
      return services?.(ctx);
    },
  };
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

/**
 * `parts` with the named modules' services beside them, each read when called (a getter), so a
 * context may hold a module registered after its own: `withServices(services, ["rfps"], { db })`.
 */
export function withServices<T extends object, K extends TModuleName>(
  services: TModuleServices,
  names: readonly K[],
  parts: T,
): T & Pick<TModuleServices, K> {
  for (const name of names) {
    Object.defineProperty(parts, name, {
      get: () => services[name],
      enumerable: true,
      configurable: true,
    });
  }
  return parts as T & Pick<TModuleServices, K>;
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
