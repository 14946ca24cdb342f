// The session hub as a module: Socket.IO on the server's port, sockets signed in with the users
// module's token checks, and the domain events it pushes to each user's sessions.
import { defineModule } from "../module";
import { registerHub, type THub } from "./hub";
import { subscribeHub } from "./subscribe";

export type { THub };

declare module "../module" {
  interface TModuleServices {
    hub: THub;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The hub of this process (tests count its sockets). */
    hub: THub;
  }
}

export const hubModule = defineModule({
  name: "hub",
  async register(app, platform, services) {
    const hub = await registerHub(app, {
      verify: (token) => services.users.verifyToken(token),
      resolve: (claims) => services.users.resolvePrincipal(claims),
      redisUrl: platform.config.redisUrl,
      corsOrigins: platform.config.corsOrigins,
    });
    subscribeHub(platform.events, hub);
    app.decorate("hub", hub);
    return hub;
  },
});
