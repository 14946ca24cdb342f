import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaintenanceMode } from "../src/modules/status/service";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("GET /status.json", () => {
  it("reports maintenance off on a new database", async () => {
    const res = await t.app.inject({ url: `/status.json?timestamp=123&${V}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maintenanceMode: false });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("reports the stored maintenance flag", async () => {
    await setMaintenanceMode(t.app.db, true, null);
    const on = await t.app.inject({ url: `/status.json?${V}` });
    expect(on.json()).toEqual({ maintenanceMode: true });
    await setMaintenanceMode(t.app.db, false, null);
    const off = await t.app.inject({ url: `/status.json?${V}` });
    expect(off.json()).toEqual({ maintenanceMode: false });
  });

  it("refuses a call without api-version", async () => {
    const res = await t.app.inject({ url: "/status.json?timestamp=1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("API_VERSION_UNSUPPORTED");
  });
});

describe("status cache", () => {
  it("sees a change written by another process once the cache window has passed", async () => {
    const { getSiteStatus, STATUS_CACHE_MS } = await import("../src/modules/status/service");
    const now = Date.now();
    expect((await getSiteStatus(t.app.db, now)).maintenanceMode).toBe(false);
    // Another process writes the row directly.
    await t.database.pool.query("update site_settings set maintenance_mode = true where id = 1");
    expect((await getSiteStatus(t.app.db, now + 1)).maintenanceMode).toBe(false);
    expect((await getSiteStatus(t.app.db, now + STATUS_CACHE_MS + 1)).maintenanceMode).toBe(true);
  });
});
