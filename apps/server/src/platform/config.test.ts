import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config";

describe("README's configuration table", () => {
  it("names every variable the server reads, once, and none it does not", () => {
    const readme = fs.readFileSync(path.join(__dirname, "../../../../README.md"), "utf8");
    const start = readme.indexOf("## Configuration");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    // A row's first cell names one variable or several (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`).
    const named = section
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
      .map((match) => match[1]!);
    expect(start).toBeGreaterThan(0);
    expect([...named].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});

describe("loadConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir.endsWith("/data")).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.corsOrigins).toEqual([]);
    expect(config.seedOnStart).toBe(false);
    expect(config.seedScale).toBe(1);
    expect(config.hotelRates).toEqual({ url: undefined, timeoutMs: 1500 });
  });

  it("reads every variable it documents", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://hostfield.example/",
      DATA_DIR: "/srv/hostfield",
      DATABASE_URL: "postgres://u@db:5432/hostfield",
      LOG_LEVEL: "debug",
      CORS_ORIGINS: "https://a.example, https://b.example",
      TRUST_PROXY: "true",
      SEED_ON_START: "true",
      SEED_SCALE: "0.01",
      MAIL_RECIPIENT_WINDOW_SECONDS: "600",
      OIDC_ACCESS_TOKEN_TTL_SECONDS: "900",
      HOTEL_RATES_URL: "https://rates.example/api/",
      HOTEL_RATES_TIMEOUT_MS: "800",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://hostfield.example",
      dataDir: "/srv/hostfield",
      databaseUrl: "postgres://u@db:5432/hostfield",
      logLevel: "debug",
      corsOrigins: ["https://a.example", "https://b.example"],
      trustProxy: true,
      seedOnStart: true,
      seedScale: 0.01,
      mail: { recipientWindowMs: 600_000 },
      oidc: { accessTokenTtlSeconds: 900 },
      hotelRates: { url: "https://rates.example/api", timeoutMs: 800 },
    });
  });

  it("tells the map where a PMTiles archive is, on this host or another, beside a tile server", () => {
    expect(loadConfig({}).map).toEqual({ tileUrl: null, pmtilesUrl: null, attribution: null });
    expect(loadConfig({ MAP_PMTILES_URL: "/media/basemap/us.pmtiles" }).map.pmtilesUrl).toBe(
      "/media/basemap/us.pmtiles",
    );
    expect(
      loadConfig({
        MAP_PMTILES_URL: "https://tiles.example/planet.pmtiles?v=2",
        MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png",
        MAP_TILE_ATTRIBUTION: "© OpenStreetMap",
      }).map,
    ).toEqual({
      tileUrl: "/tiles/{z}/{x}/{y}.png",
      pmtilesUrl: "https://tiles.example/planet.pmtiles?v=2",
      attribution: "© OpenStreetMap",
    });
  });

  it("sends the web's help, contact and 'How it works' links to a deployment's own site only when set", () => {
    expect(loadConfig({}).site).toEqual({ marketingUrl: null, supportEmail: null });
    expect(
      loadConfig({
        MARKETING_SITE_URL: "https://www.sportsvenues.example/hostfield/",
        SUPPORT_EMAIL: "help@sportsvenues.example",
      }).site,
    ).toEqual({
      marketingUrl: "https://www.sportsvenues.example/hostfield",
      supportEmail: "help@sportsvenues.example",
    });
  });

  it("turns payments on only with Stripe's secret key and webhook secret, and parses where its API is", () => {
    expect(loadConfig({}).payments).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" }).payments).toBeUndefined();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).payments,
    ).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      publishableKey: null,
      api: undefined,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_PUBLISHABLE_KEY: "pk_test_1",
        STRIPE_API_URL: "http://127.0.0.1:4242",
      }).payments,
    ).toMatchObject({
      publishableKey: "pk_test_1",
      api: { host: "127.0.0.1", port: 4242, protocol: "http" },
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_API_URL: "https://stripe.internal",
      }).payments?.api,
    ).toEqual({ host: "stripe.internal", port: 443, protocol: "https" });
    expect(() => loadConfig({ STRIPE_API_URL: "ftp://x" })).toThrow(ConfigError);
  });

  it("takes a read replica beside DATABASE_URL only, with members kept on the primary 10 s after a write", () => {
    expect(loadConfig({})).toMatchObject({
      databaseReadUrl: undefined,
      databaseReadStickySeconds: 10,
    });
    expect(
      loadConfig({
        DATABASE_URL: "postgres://u@primary:5432/hostfield",
        DATABASE_READ_URL: "postgresql://u@replica:5432/hostfield",
        DATABASE_READ_STICKY_SECONDS: "30",
      }),
    ).toMatchObject({
      databaseReadUrl: "postgresql://u@replica:5432/hostfield",
      databaseReadStickySeconds: 30,
    });
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://u@replica:5432/hostfield" })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_READ_URL", "mysql://x"],
    ["DATABASE_READ_STICKY_SECONDS", "0"],
    ["PUBLIC_URL", "not a url"],
    ["TRUST_PROXY", "maybe"],
    ["SEED_SCALE", "0"],
    ["SEED_SCALE", "-1"],
    ["SEED_SCALE", "51"],
    ["SEED_SCALE", "tiny"],
    ["MAIL_RECIPIENT_WINDOW_SECONDS", "-1"],
    ["OIDC_ACCESS_TOKEN_TTL_SECONDS", "10"],
    ["HOTEL_RATES_URL", "ftp://rates.example"],
    ["HOTEL_RATES_TIMEOUT_MS", "0"],
    ["MAP_PMTILES_URL", "ftp://tiles.example/us.pmtiles"],
    ["MAP_PMTILES_URL", "https://tiles.example/{z}/{x}/{y}.png"],
    ["MAP_PMTILES_URL", "//tiles.example/us.pmtiles"],
    ["MAP_PMTILES_URL", "us.pmtiles"],
    ["MARKETING_SITE_URL", "www.sportsvenues.example"],
    ["MARKETING_SITE_URL", "javascript:alert(1)"],
    ["MARKETING_SITE_URL", "ftp://sportsvenues.example"],
    ["MARKETING_SITE_URL", "https://sportsvenues.example/?ref=app"],
    ["SUPPORT_EMAIL", "help desk"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n\\s+${name}:`),
    );
  });
});
