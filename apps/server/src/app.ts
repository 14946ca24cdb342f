// buildApp: platform plugins first, then every module. Used by main.ts, the tests and the benchmarks.
import { randomUUID } from "node:crypto";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { adminRoutes } from "./modules/admin/routes";
import { eventRoutes } from "./modules/events/routes";
import { facilityRoutes } from "./modules/facilities/routes";
import { groupRoutes } from "./modules/groups/routes";
import { countUnreadThreads, type TGroupsContext, threadIdsOf } from "./modules/groups/service";
import { homeRoutes } from "./modules/home/routes";
import { hotelRoutes } from "./modules/hotels/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import {
  countUnopened,
  subscribeNotifications,
  type TNotificationsContext,
} from "./modules/notifications/service";
import { organizationRoutes } from "./modules/organizations/routes";
import { rfpRoutes } from "./modules/rfps/routes";
import { statusRoutes } from "./modules/status/routes";
import { userImageRoutes } from "./modules/users/image-routes";
import { mediaUrl, presentPublicUser } from "./modules/users/presenter";
import { createPrincipalResolver } from "./modules/users/principal";
import { usersRoutes } from "./modules/users/routes";
import {
  findClaims,
  getUser,
  getUserByEmail,
  type TUsersContext,
  visibleUsers,
} from "./modules/users/service";
import { signInRoutes } from "./modules/users/sign-in-routes";
import {
  createTokenVerifier,
  discoverJwksUri,
  localKeySet,
  registerBearerAuth,
  type TTokenVerifier,
} from "./platform/auth/bearer";
import { registerClientConfig } from "./platform/auth/client-config";
import { createProvider, mountProvider } from "./platform/auth/provider";
import { loadSigningKeys } from "./platform/auth/signing-keys";
import type { TConfig } from "./platform/config";
import { createSecretBox, resolveSecretKey } from "./platform/crypto/secret-box";
import type { TDatabase, TDb } from "./platform/db/database";
import { createEventBus, type TEventBus } from "./platform/events/bus";
import { registerMedia } from "./platform/files/media";
import { createFileStore } from "./platform/files/store";
import { UPLOAD_LIMITS } from "./platform/files/upload";
import { createGazetteer } from "./platform/geo/gazetteer";
import { registerAccessControl } from "./platform/http/access";
import { registerApiVersionCheck } from "./platform/http/api-version";
import { registerErrorHandling } from "./platform/http/errors";
import { registerHealthRoutes } from "./platform/http/health";
import { registerOpenApi } from "./platform/http/openapi";
import { registerRouteTable } from "./platform/http/route-table";
import { registerSecurity } from "./platform/http/security";
import { registerHub, type THub } from "./platform/hub/hub";
import { subscribeHub } from "./platform/hub/subscribe";
import { createMailer } from "./platform/mail/mailer";
import { registerSpa } from "./platform/web/spa";
import { PROFILE_DESCRIPTORS } from "./profiles/kinds";
import { profileRoutes } from "./profiles/routes";
import { listingAudience, type TProfilesContext } from "./profiles/service";

declare module "fastify" {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabase;
    db: TDb;
    events: TEventBus;
    hub: THub;
  }
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

export type TAppDependencies = {
  config: TConfig;
  database: TDatabase;
  /** The clock of the modules that take one (requests for proposals); tests move it. */
  now?: () => Date;
};

export async function buildApp({
  config,
  database,
  now = () => new Date(),
}: TAppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify would trust the header as is; genReqId checks it first.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Finish in-flight requests on close, but do not wait on idle keep-alive sockets.
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  // While closing, answers end their connection: a keep-alive socket that turns idle after close()
  // began would otherwise hold the shutdown open for the whole keep-alive timeout.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
  });

  registerRouteTable(app);
  registerErrorHandling(app);
  registerAccessControl(app);
  registerApiVersionCheck(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    rateLimit: config.rateLimit,
  });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerHealthRoutes(app);

  // Identity: the built-in OpenID Connect provider (unless an external issuer is configured) and
  // bearer-token verification for every API route.
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
  });
  const files = createFileStore(config);
  const events = createEventBus(app.log);
  app.decorate("events", events);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.document.bytes, files: 1, fields: 10, fieldSize: 1024 },
  });
  registerMedia(app, { store: files, cacheDir: path.join(config.dataDir, "media-cache") });
  const usersContext: TUsersContext = {
    db: database.db,
    mailer,
    files,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    events,
    counts: async (userId) => ({
      unopenedNotifications: await countUnopened(notificationsContext, userId),
      unreadMessages: await countUnreadThreads(groupsContext, userId),
    }),
    online: (userIds) => hub.onlineUsers(userIds),
  };
  const userExists = (id: string) =>
    getUser(usersContext, id).then(
      () => true,
      () => false,
    );
  const groupsContext: TGroupsContext = { db: database.db, files, events, userExists };
  const notificationsContext: TNotificationsContext = {
    db: database.db,
    events,
    person: (id) =>
      getUser(usersContext, id).then(
        (user) => ({ id: user.id, name: user.name, avatarUrl: mediaUrl(user.avatarKey) }),
        () => null,
      ),
    listing: (profileId) => listingAudience(profilesContext, profileId),
    threadIds: (groupId, userIds) => threadIdsOf(groupsContext, groupId, userIds),
  };
  let verifyToken: TTokenVerifier;
  if (config.oidc.external) {
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      keys: await discoverJwksUri(config.oidc.issuer),
    });
  } else {
    const secret = resolveSecretKey(config.secretKey, config.dataDir);
    const keys = await loadSigningKeys(database.db, createSecretBox(secret));
    const provider = createProvider({
      config,
      db: database.db,
      keys,
      secret,
      accounts: { findClaims: (id) => findClaims(usersContext, id) },
    });
    await app.register(signInRoutes, { provider, ctx: usersContext });
    await mountProvider(app, provider, "the OpenID Connect provider's own protocol endpoints");
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      keys: localKeySet(keys),
    });
  }
  const resolvePrincipal = createPrincipalResolver(usersContext, config.oidc);
  registerBearerAuth(app, verifyToken, resolvePrincipal);
  registerClientConfig(app, config.oidc, config.map);
  const hub = await registerHub(app, {
    verify: verifyToken,
    resolve: resolvePrincipal,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
  });
  app.decorate("hub", hub);

  // Modules, each under its catalogue base path.
  await app.register(statusRoutes);
  await app.register(adminRoutes);
  await app.register(usersRoutes, { prefix: "/user-mgmt/api", ctx: usersContext });
  await app.register(userImageRoutes, { prefix: "/user-mgmt/api", ctx: usersContext });
  await app.register(groupRoutes, { prefix: "/user-mgmt/api", ctx: groupsContext });
  await app.register(notificationRoutes, { prefix: "/user-mgmt/api", ctx: notificationsContext });
  await app.register(homeRoutes, {
    prefix: "/user-mgmt/api",
    ctx: {
      db: database.db,
      people: async (ids) =>
        new Map((await visibleUsers(usersContext, ids)).map((u) => [u.id, presentPublicUser(u)])),
    },
  });

  // Listings: every kind's standard routes from its descriptor, then each kind's own routes.
  const gazetteer = createGazetteer();
  const profilesContext: TProfilesContext = {
    db: database.db,
    files,
    geocode: (address) => gazetteer.resolve(address),
    findUserIdByEmail: (email) =>
      getUserByEmail(usersContext, email).then(
        (user) => user.id,
        () => null,
      ),
    userExists,
    events,
  };
  subscribeNotifications(notificationsContext);
  subscribeHub(events, hub);
  for (const descriptor of PROFILE_DESCRIPTORS) {
    await app.register(profileRoutes, {
      prefix: `/${descriptor.service}/api`,
      descriptor,
      ctx: profilesContext,
    });
  }
  await app.register(facilityRoutes, { prefix: "/facility-mgmt/api", ctx: profilesContext });
  await app.register(hotelRoutes, { prefix: "/hotel-mgmt/api", ctx: profilesContext });
  await app.register(rfpRoutes, {
    prefix: "/event-mgmt/api",
    ctx: {
      db: database.db,
      profiles: profilesContext,
      groups: groupsContext,
      events,
      geocode: (address) => gazetteer.resolve(address),
      now,
    },
  });
  await app.register(eventRoutes, {
    prefix: "/event-mgmt/api",
    ctx: { ...profilesContext, publicUrl: config.publicUrl },
  });
  await app.register(organizationRoutes, { prefix: "/event-mgmt/api", ctx: profilesContext });

  await registerSpa(app, config.webDistDir);
  return app;
}
