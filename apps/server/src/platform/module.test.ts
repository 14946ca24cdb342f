// A module defined by its parts registers them in their order over the one context: the context,
// its setup, its routes in the order listed (each with its prefix), then the services it offers.
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  defineModule,
  registerModules,
  type TModuleName,
  type TModuleServices,
  type TPlatform,
  withServices,
} from "./module";

// The parts under test read only what they are handed; no module here touches the platform.
const platform = { config: {} } as TPlatform;

describe("defineModule from parts", () => {
  it("builds the context, runs the setup, registers the routes in order, then offers services", async () => {
    const steps: string[] = [];
    const ctx = { name: "probe context" };
    const routes =
      (label: string) =>
      async (app: FastifyInstance, options: { ctx: typeof ctx; platform: TPlatform }) => {
        steps.push(`routes ${label}: ${options.ctx.name}, ${options.platform === platform}`);
        app.get("/where", async () => ({ label }));
      };
    const probe = defineModule({
      // Not a module of the app: its services are read below as an unknown entry.
      name: "probe" as TModuleName,
      context: (given, services) => {
        steps.push(`context: ${given === platform}, ${typeof services}`);
        return ctx;
      },
      setup: async (given, _platform, app) => {
        steps.push(`setup: ${given.name}, ${typeof app.register}`);
      },
      routes: [[routes("a"), { prefix: "/a" }], routes("b"), [routes("c"), { prefix: "/c" }]],
      services: (given) => {
        steps.push(`services: ${given.name}`);
        return { offered: given.name } as never;
      },
    });

    const app = Fastify();
    const services = await registerModules(app, platform, [probe]);
    expect(steps).toEqual([
      "context: true, object",
      "setup: probe context, function",
      "routes a: probe context, true",
      "routes b: probe context, true",
      "routes c: probe context, true",
      "services: probe context",
    ]);
    expect((services as unknown as Record<string, unknown>).probe).toEqual({
      offered: "probe context",
    });
    expect((await app.inject({ url: "/a/where" })).json()).toEqual({ label: "a" });
    expect((await app.inject({ url: "/where" })).json()).toEqual({ label: "b" });
    expect((await app.inject({ url: "/c/where" })).json()).toEqual({ label: "c" });
    await app.close();
  });

  it("hands the routes of a module without a context none, and offers nothing", async () => {
    const seen: unknown[] = [];
    const plain = defineModule({
      name: "plain",
      routes: [async (_app, options) => void seen.push(options.ctx)],
    });
    const app = Fastify();
    const services = await registerModules(app, platform, [plain]);
    expect(seen).toEqual([undefined]);
    expect(() => (services as unknown as Record<string, unknown>).plain).toThrow(
      "The plain module's services were used before it registered.",
    );
    await app.close();
  });

  it("refuses a module that has both its own register and parts", () => {
    expect(() =>
      defineModule({
        name: "both",
        register: () => undefined,
        routes: [async () => undefined],
      }),
    ).toThrow("The both module has both register and parts; it takes one or the other.");
  });
});

describe("withServices", () => {
  it("reads a module's services when the context is read, so it may register later", async () => {
    let early: Record<string, unknown> = {};
    // Not modules of the app: their names and services are read below as unknown entries.
    const late = "late" as TModuleName;
    const first = defineModule({
      name: "first",
      context: (_platform, services) => {
        early = withServices(services, [late], { own: 1 }) as Record<string, unknown>;
        return early;
      },
    });
    const second = defineModule({
      name: late,
      context: () => ({}),
      services: () => ({ answer: 42 }) as never,
    });
    const app = Fastify();
    const services: TModuleServices = await registerModules(app, platform, [first, second]);
    expect(early.own).toBe(1);
    expect(early.late).toEqual({ answer: 42 });
    expect(early.late).toBe((services as unknown as Record<string, unknown>).late);
    await app.close();
  });
});
