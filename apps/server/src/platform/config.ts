// Every setting of the server, read once from the environment and validated; nothing else reads process.env.
import path from "node:path";
import { ROLES_CLAIM } from "@hostfield/domain/rules";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The model asked for when ASSISTANT_BASE_URL is set without ASSISTANT_MODEL. */
export const DEFAULT_ASSISTANT_MODEL = "gpt-4o-mini";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** The variables we read, their defaults and what they mean; README's configuration table mirrors it. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // A read replica of DATABASE_URL for public reads, and how long a member's reads stay on the
  // primary after a write of theirs (longer than the replica's lag: they see their own writes).
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_READ_STICKY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // A statement running longer is cancelled and its request answered 503 (0: no limit).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  CORS_ORIGINS: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW: z.string().min(1).default("1 minute"),
  // /media: the disk its cache of image variants may take (least recently used go first), the
  // variants made at once and waiting (more: 503), and the uncached variants one client may ask
  // for in a minute (more: 429).
  MEDIA_CACHE_MAX_MB: z.coerce.number().positive().default(1024),
  MEDIA_RESIZE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  MEDIA_RESIZE_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  MEDIA_VARIANTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // `npm start` (scripts/start.mjs) turns it on; a bare `node dist/main.js` never seeds.
  SEED_ON_START: booleanFlag.default(false),
  // Multiplies the scale-1 counts SEED_ON_START seeds; a fraction (0.01) seeds a small network fast.
  // At most 50, like `npm run db:seed -- --scale`.
  SEED_SCALE: z.coerce.number().positive().max(50).default(1),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default("hostfield-web"),
  OIDC_ROLES_CLAIM: z.string().min(1).default(ROLES_CLAIM),
  // What access tokens live: ours are issued for it; any token claiming longer, or older, is refused.
  OIDC_ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3600),
  ADMIN_EMAILS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Hostfield <no-reply@hostfield.local>"),
  // At most one reset (or verification, or "someone tried to sign up") mail per address this often.
  MAIL_RECIPIENT_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  MAIL_UNREAD_AFTER_MINUTES: z.coerce.number().min(0).max(10_080).default(15),
  // Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them); unset:
  // generated once and kept in the database, sealed with the secret key.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: address or an https:// URL")
    .optional(),
  // Tests and local fakes only: push endpoints over plain http and on this machine's own network
  // (push services use https on the internet).
  PUSH_ALLOW_HTTP_ENDPOINTS: booleanFlag.default(false),
  // Push services' hosts beyond the browsers' own (FCM, Mozilla, Apple, Windows): comma-separated
  // host names, `*.` for any name under one (tests add their fake's).
  PUSH_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[A-Za-z0-9.:[\]-]+\s*(,\s*(\*\.)?[A-Za-z0-9.:[\]-]+\s*)*$/,
      "must be comma-separated host names (a leading *. for any name under one)",
    )
    .optional(),
  // A tile server's URL template ({z}/{x}/{y}); unset: maps show markers on a plain background.
  MAP_TILE_URL: z
    .string()
    .regex(
      /^(https?:\/\/|\/)\S*\{z\}\S*\{x\}\S*\{y\}/,
      "must be a tile URL template with {z}, {x} and {y}",
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(500).optional(),
  // A self-hosted PMTiles archive (street detail, drawn by protomaps-leaflet in the browser); it
  // comes before MAP_TILE_URL when both are set. The host must answer range requests (and CORS).
  MAP_PMTILES_URL: z
    .string()
    .regex(
      /^(https?:\/\/|\/(?!\/))\S+\.pmtiles(\?\S*)?$/,
      "must be the http(s) URL or the absolute path of a .pmtiles file",
    )
    .optional(),
  // A deployment's own site: the help centre, contact and 'How it works' links go to its pages
  // (/help, /contact, /destinations, ...) instead of the web app's own. Read at start, told to the
  // web through GET /api/client-config.
  MARKETING_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .regex(/^[^?#]*$/, "must be an http(s) URL without a query or fragment")
    .optional(),
  // The address the Contact page gives for reaching the team; unset: the page names none.
  SUPPORT_EMAIL: z.email("must be an email address").optional(),
  // A channel manager's rates API (GET {url}/hotels/{partnerId}/rates); unset: the hotels' own calendars.
  HOTEL_RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
  // How long to wait for it before pricing from the calendar instead.
  HOTEL_RATES_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
  // A public page's first view painted on the server later than this goes out without it (the
  // browser paints it; its first call already sent: platform/web/first-view.ts): a head start or
  // nothing, never a wait. The browser journeys, two at a time on two shared cores, give it longer
  // so that the take-over they check is there to check.
  FIRST_VIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(250),
  // Destination CRM sync: where HubSpot's API and Salesforce's sign-in answer (tests point them at
  // local fakes), whether webhooks may use plain http (tests and local receivers only), how long a
  // remote call may take, and how often a failed sync is retried (with backoff) before it fails.
  CRM_HUBSPOT_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.hubapi.com"),
  CRM_SALESFORCE_LOGIN_URL: z.url({ protocol: /^https?$/ }).default("https://login.salesforce.com"),
  CRM_WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CRM_SYNC_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  // Venue calendars' iCalendar feeds: how long reading one may take (their addresses follow the
  // webhooks' rule: https and the internet only, unless CRM_WEBHOOK_ALLOW_HTTP).
  CALENDAR_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Reports: how many days raw tracking events are kept (daily counters are kept for good).
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
  // A destination's economic impact: dollars a visitor spends a day besides lodging, the nightly
  // rate used when no reservation gives one, and guests per room night.
  IMPACT_SPEND_PER_VISITOR_DAY: z.coerce.number().min(0).max(10_000).default(150),
  IMPACT_DEFAULT_DAILY_RATE: z.coerce.number().min(0).max(10_000).default(140),
  IMPACT_GUESTS_PER_ROOM: z.coerce.number().min(1).max(10).default(2.5),
  // The assistant's language model: any OpenAI-compatible chat-completions endpoint (hosted, vLLM,
  // Ollama, llama.cpp); unset: the built-in answerer, which needs no model and no network.
  ASSISTANT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_MODEL: z.string().min(1).max(200).optional(),
  // How long to wait for the model (the whole answer) before answering with the built-in one.
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
  // Questions one signed-in user, and one client address, may ask the assistant in an hour.
  ASSISTANT_REQUESTS_PER_HOUR_PER_USER: z.coerce.number().int().min(1).default(60),
  ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  // Payments through Stripe: on only with the secret key and the webhook secret (else tiers are set
  // by admins and nothing is sold). STRIPE_API_URL sends the SDK's calls elsewhere (a local fake).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  // Files in an S3-compatible bucket instead of DATA_DIR/files: on when S3_BUCKET is set.
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "must be a region name like eu-central-1")
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (a-z, 0-9, '.', '-')")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

/** Every environment variable the server reads: README's configuration table names each once. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

// A half-configured bucket must stop the server, not quietly fall back to the local disk.
const ZEnvChecked = ZEnv.superRefine((e, context) => {
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined)
    context.addIssue({
      code: "custom",
      path: ["DATABASE_READ_URL"],
      message: "needs DATABASE_URL: the embedded database has no replica",
    });
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    context.addIssue({
      code: "custom",
      path: [e.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"],
      message: "is required with the other VAPID_*_KEY",
    });
  const anyS3 = S3_VARIABLES.some((name) => e[name] !== undefined);
  if (!anyS3) return;
  for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (e[name] === undefined)
      context.addIssue({
        code: "custom",
        path: [name],
        message: "is required when any S3_* variable is set",
      });
  }
});

/** Where uploaded files live when they are not on the local disk. */
export type TS3Config = {
  /** Origin (and optional path) of the S3 API, without the bucket. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: https://endpoint/bucket/key; false: https://bucket.endpoint/key. */
  forcePathStyle: boolean;
};

/** How much work and disk /media's image variants may take. */
export type TMediaConfig = {
  cacheMaxBytes: number;
  /** Variants made at once, and waiting for their turn; beyond that, 503 with Retry-After. */
  resizeConcurrency: number;
  resizeQueue: number;
  /** Uncached variants a client (by address) may ask for per minute; beyond that, 429. */
  variantsPerMinute: number;
};

export type TConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** A read replica of databaseUrl for public reads (platform/db/read-routing.ts); unset: none. */
  databaseReadUrl: string | undefined;
  /** Seconds a member's reads stay on the primary after a write of theirs. */
  databaseReadStickySeconds: number;
  /** Milliseconds a PostgreSQL statement may run before its request is answered 503 (0: no limit). */
  databaseStatementTimeoutMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string | undefined;
  /** How long a public page's first view may take on the server before it goes out plain. */
  firstViewTimeoutMs: number;
  trustProxy: boolean;
  corsOrigins: string[];
  rateLimit: { max: number; timeWindow: string };
  media: TMediaConfig;
  shutdownTimeoutMs: number;
  /** Seed the demo network when the database has no profiles after migrating. */
  seedOnStart: boolean;
  /** The scale of that network: 1 is 15,000 facilities and the rest in proportion. */
  seedScale: number;
  /**
   * What the web map draws under its markers: a PMTiles archive, else a tile server, else (both
   * null) its own offline basemap.
   */
  map: { tileUrl: string | null; pmtilesUrl: string | null; attribution: string | null };
  /**
   * What the web's help, contact and 'How it works' links open: a deployment's own site (no
   * trailing slash), or null for the web app's own pages; and the team's address on Contact.
   */
  site: { marketingUrl: string | null; supportEmail: string | null };
  /** Carries hub events between server processes (Socket.IO Redis adapter); unset: one process. */
  redisUrl: string | undefined;
  /** Live hotel rates: a channel manager's URL (undefined: the calendar) and its time limit. */
  hotelRates: { url: string | undefined; timeoutMs: number };
  /** Destination CRM sync: the hosted CRMs' addresses, plain-http webhooks, time limit, retries. */
  crm: {
    hubspotBaseUrl: string;
    salesforceLoginUrl: string;
    allowHttpWebhooks: boolean;
    timeoutMs: number;
    retryLimit: number;
  };
  /**
   * Venue calendars' feeds: how long reading one may take, and whether they may be plain http on
   * this machine's own network (tests and local feeds: CRM_WEBHOOK_ALLOW_HTTP, the webhooks' rule).
   */
  calendarFeeds: { timeoutMs: number; allowHttp: boolean };
  /** Raw tracking events are kept this many days. */
  analytics: { rawDays: number };
  /**
   * Payments (Stripe): undefined unless both the secret key and the webhook secret are set. `api`
   * is where the SDK sends its calls when not Stripe's own host (a local fake).
   */
  payments:
    | {
        secretKey: string;
        webhookSecret: string;
        publishableKey: string | null;
        api: { host: string; port: number; protocol: "http" | "https" } | undefined;
      }
    | undefined;
  /**
   * The assistant: a language model at an OpenAI-compatible endpoint (undefined: the built-in
   * answerer) and the questions one user and one address may ask in an hour.
   */
  assistant: {
    llm:
      | { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number }
      | undefined;
    perUserPerHour: number;
    perAddressPerHour: number;
  };
  /** The constants of a destination's economic impact (shown with its formula). */
  impact: { spendPerVisitorDay: number; defaultDailyRate: number; guestsPerRoom: number };
  /** Encrypts secrets at rest (signing keys); undefined: generated once into DATA_DIR. */
  secretKey: string | undefined;
  oidc: {
    /** Our built-in provider's issuer, or an external one when OIDC_ISSUER is set. */
    issuer: string;
    external: boolean;
    audience: string;
    clientId: string;
    rolesClaim: string;
    /** The lifetime of access tokens: ours are issued for it, longer-lived or older ones refused. */
    accessTokenTtlSeconds: number;
  };
  adminEmails: string[];
  /** recipientWindowMs: at most one limited mail per recipient and purpose in this window. */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    recipientWindowMs: number;
    /** How long a conversation stays unread before its member is mailed. */
    unreadAfterMs: number;
  };
  /** Web Push: the configured VAPID keys (else generated), who the push services may contact. */
  push: {
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    allowHttpEndpoints: boolean;
    /** Hosts a device's endpoint may name beyond the push services' own (PUSH_HOSTS), lower case. */
    addedHosts: string[];
  };
  /** undefined: files live under DATA_DIR/files. */
  s3: TS3Config | undefined;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ZEnv.shape && value !== ""),
  );
  const parsed = ZEnvChecked.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const browserHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadStickySeconds: e.DATABASE_READ_STICKY_SECONDS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    firstViewTimeoutMs: e.FIRST_VIEW_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: (e.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateLimit: { max: e.RATE_LIMIT_MAX, timeWindow: e.RATE_LIMIT_WINDOW },
    media: {
      cacheMaxBytes: Math.round(e.MEDIA_CACHE_MAX_MB * 1024 * 1024),
      resizeConcurrency: e.MEDIA_RESIZE_CONCURRENCY,
      resizeQueue: e.MEDIA_RESIZE_QUEUE,
      variantsPerMinute: e.MEDIA_VARIANTS_PER_MINUTE,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    seedOnStart: e.SEED_ON_START,
    seedScale: e.SEED_SCALE,
    secretKey: e.SECRET_KEY,
    oidc: {
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, ""),
      external: e.OIDC_ISSUER !== undefined,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      accessTokenTtlSeconds: e.OIDC_ACCESS_TOKEN_TTL_SECONDS,
    },
    adminEmails: (e.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      recipientWindowMs: e.MAIL_RECIPIENT_WINDOW_SECONDS * 1000,
      unreadAfterMs: Math.round(e.MAIL_UNREAD_AFTER_MINUTES * 60_000),
    },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubjectOf(publicUrl, e.MAIL_FROM),
      allowHttpEndpoints: e.PUSH_ALLOW_HTTP_ENDPOINTS,
      addedHosts: (e.PUSH_HOSTS ?? "")
        .split(",")
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ""),
        )
        .filter(Boolean),
    },
    redisUrl: e.REDIS_URL,
    hotelRates: {
      url: e.HOTEL_RATES_URL?.replace(/\/+$/, ""),
      timeoutMs: e.HOTEL_RATES_TIMEOUT_MS,
    },
    crm: {
      hubspotBaseUrl: e.CRM_HUBSPOT_BASE_URL.replace(/\/+$/, ""),
      salesforceLoginUrl: e.CRM_SALESFORCE_LOGIN_URL.replace(/\/+$/, ""),
      allowHttpWebhooks: e.CRM_WEBHOOK_ALLOW_HTTP,
      timeoutMs: e.CRM_TIMEOUT_MS,
      retryLimit: e.CRM_SYNC_RETRY_LIMIT,
    },
    calendarFeeds: {
      timeoutMs: e.CALENDAR_FEED_TIMEOUT_MS,
      allowHttp: e.CRM_WEBHOOK_ALLOW_HTTP,
    },
    analytics: { rawDays: e.ANALYTICS_RAW_DAYS },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
            api: e.STRIPE_API_URL ? apiAddressOf(e.STRIPE_API_URL) : undefined,
          }
        : undefined,
    assistant: {
      llm: e.ASSISTANT_BASE_URL
        ? {
            baseUrl: e.ASSISTANT_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.ASSISTANT_API_KEY,
            model: e.ASSISTANT_MODEL ?? DEFAULT_ASSISTANT_MODEL,
            timeoutMs: e.ASSISTANT_TIMEOUT_MS,
          }
        : undefined,
      perUserPerHour: e.ASSISTANT_REQUESTS_PER_HOUR_PER_USER,
      perAddressPerHour: e.ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS,
    },
    impact: {
      spendPerVisitorDay: e.IMPACT_SPEND_PER_VISITOR_DAY,
      defaultDailyRate: e.IMPACT_DEFAULT_DAILY_RATE,
      guestsPerRoom: e.IMPACT_GUESTS_PER_ROOM,
    },
    map: {
      tileUrl: e.MAP_TILE_URL ?? null,
      pmtilesUrl: e.MAP_PMTILES_URL ?? null,
      attribution: e.MAP_TILE_ATTRIBUTION ?? null,
    },
    site: {
      marketingUrl: e.MARKETING_SITE_URL?.replace(/\/+$/, "") ?? null,
      supportEmail: e.SUPPORT_EMAIL ?? null,
    },
    s3: s3Config(e),
  };
}

/** An API's URL as the Stripe SDK takes it: host, port (the scheme's default when absent), protocol. */
function apiAddressOf(url: string): { host: string; port: number; protocol: "http" | "https" } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === "http:" ? "http" : "https";
  const port = parsed.port ? Number(parsed.port) : protocol === "http" ? 80 : 443;
  return { host: parsed.hostname, port, protocol };
}

/** Push services want a contact: the site when it is https, else the address mail comes from. */
function vapidSubjectOf(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith("https://")) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

function s3Config(e: z.infer<typeof ZEnv>): TS3Config | undefined {
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  const region = e.S3_REGION ?? "us-east-1";
  return {
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    region,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}
