// buildApp: the platform first (HTTP conventions, security, files, mail, jobs and events), then
// every module of modules.ts in order, then the event delivery starts. Used by main.ts, the tests
// and the benchmarks.

import { randomUUID } from "node:crypto";
import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { MODULES } from "./modules";
import type { TConfig } from "./platform/config";
import { resolveSecretKey } from "./platform/crypto/secret-box";
import type { TDatabase, TDb } from "./platform/db/database";
import { registerReadRouting } from "./platform/db/read-routing";
import { createEventBus, type TEventBus } from "./platform/events/bus";
import { PRUNE_MEDIA_CACHE_CRON, registerMedia, type TMedia } from "./platform/files/media";
import { setMediaGrantSecret } from "./platform/files/media-grant";
import { createFileStore } from "./platform/files/store";
import { UPLOAD_LIMITS } from "./platform/files/upload";
import { createGazetteer } from "./platform/geo/gazetteer";
import { registerMapPlaces } from "./platform/geo/map-places";
import { registerAccessControl } from "./platform/http/access";
import { registerApiVersionCheck } from "./platform/http/api-version";
import { registerErrorHandling } from "./platform/http/errors";
import { registerHealthRoutes } from "./platform/http/health";
import { registerOpenApi } from "./platform/http/openapi";
import { registerPageFonts } from "./platform/http/pages";
import { handlersSettled } from "./platform/http/route-def";
import { registerRouteTable } from "./platform/http/route-table";
import { registerSecurity } from "./platform/http/security";
import { serializerCompiler } from "./platform/http/serializer";
import { startJobQueue, type TJobQueue } from "./platform/jobs/queue";
import { createMailer } from "./platform/mail/mailer";
import { registerModules, type TPlatform } from "./platform/module";
import { registerSpa } from "./platform/web/spa";

declare module "fastify" {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabase;
    db: TDb;
    events: TEventBus;
    jobs: TJobQueue;
    media: TMedia;
  }
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

export type TAppDependencies = {
  config: TConfig;
  database: TDatabase;
  /** The clock of the modules that take one (requests for proposals); tests move it. */
  now?: () => Date;
  /** Where the log's JSON lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  logStream,
}: TAppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
      ...(logStream ? { stream: logStream } : {}),
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
  registerReadRouting(app, {
    database,
    stickySeconds: config.databaseReadStickySeconds,
    redisUrl: config.redisUrl,
    now,
  });
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
    redisUrl: config.redisUrl,
    map: config.map,
  });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  const files = createFileStore(config);
  registerHealthRoutes(app, { files });

  // Background work: the job queue on the app's database, and the events it delivers.
  const jobs = await startJobQueue({ pool: database.pool, log: app.log });
  const events = createEventBus({ db: database.db, log: app.log, now });
  app.decorate("jobs", jobs);
  app.decorate("events", events);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.document.bytes, files: 1, fields: 10, fieldSize: 1024 },
  });
  setMediaGrantSecret(resolveSecretKey(config.secretKey, config.dataDir));
  const media = registerMedia(app, {
    store: files,
    cacheDir: path.join(config.dataDir, "media-cache"),
    limits: config.media,
  });
  app.decorate("media", media);
  await jobs.every("media.prune-cache", PRUNE_MEDIA_CACHE_CRON, () => media.pruneCache());

  const gazetteer = createGazetteer();
  registerMapPlaces(app, gazetteer);
  registerPageFonts(app);
  const platform: TPlatform = {
    config,
    db: database.db,
    files,
    mailer: createMailer({
      db: database.db,
      log: app.log,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      recipientWindowMs: config.mail.recipientWindowMs,
    }),
    events,
    jobs,
    geocode: (address) => gazetteer.resolve(address),
    now,
    log: app.log,
  };
  await registerModules(app, platform, MODULES);
  await events.start(jobs);
  // After the last request finished (the server's own close runs first), and the last handler
  // whose client went away: no new dispatch, then the running jobs end (up to the shutdown
  // timeout) before whoever opened the database closes it.
  app.addHook("onClose", async () => {
    await handlersSettled(app);
    await events.stop();
    await jobs.stop(config.shutdownTimeoutMs);
  });

  await registerSpa(app, config.webDistDir, config.publicUrl, config.firstViewTimeoutMs);
  return app;
}
