// A handler whose client went away keeps running; the app's close waits for it (the server's own
// close does not), so whatever the handler still reads or writes runs before the database closes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, expect, it } from "vitest";
import { z } from "zod";
import { access } from "./access";
import { addRoute, handlersSettled } from "./route-def";
import { serializerCompiler } from "./serializer";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

it("closes only after a handler whose client went away has finished", async () => {
  const entered = gate();
  const release = gate();
  const steps: string[] = [];
  app = Fastify({ forceCloseConnections: "idle" });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onClose", async (instance) => {
    await handlersSettled(instance);
    steps.push("closed after handlers");
  });
  // In a plugin of its own, as modules register theirs: the count is the server's, not the plugin's.
  await app.register(async (module) => {
    addRoute(module, ["test"], {
      method: "GET",
      url: "/slow",
      summary: "slow",
      access: access.public,
      response: z.object({ ok: z.boolean() }),
      handler: async () => {
        entered.open();
        await release.opened;
        steps.push("handler finished");
        return { ok: true };
      },
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;

  // The client asks, then goes away while the handler waits.
  const request = http.get(`http://127.0.0.1:${port}/slow`);
  request.on("error", () => {});
  await entered.opened;
  request.destroy();

  let closed = false;
  const closing = app.close().then(() => {
    closed = true;
  });
  // The server's own close is done once the connection is gone; the app's waits for the handler.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false);
  release.open();
  await closing;
  expect(steps).toEqual(["handler finished", "closed after handlers"]);
  app = undefined;
});

it("closes at once when no handler is running", async () => {
  app = Fastify();
  await expect(handlersSettled(app)).resolves.toBeUndefined();
});
