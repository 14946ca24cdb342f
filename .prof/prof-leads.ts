// Temporary profiling script (not committed): CPU profile of in-process lead list / pipeline calls.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/platform/db/database.ts";
import { testConfig } from "../apps/server/test/helper.ts";
import { signInPeople } from "../apps/server/test/oidc-driver.ts";

const DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hostfield_bench_match";
const config = testConfig({ DATABASE_URL, SECRET_KEY: "hostfield-bench-match-not-a-secret-0123456789", LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000000" });
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: undefined, poolSize: 10 });
const app = await buildApp({ config, database });
await app.ready();
const key = `prof${Date.now().toString(36)}`;
const tokens = await signInPeople(app, app.db, [key], "correct horse 42");
const auth = { authorization: `Bearer ${tokens[key].access_token}` };
const me = (await app.inject({ method: "GET", url: `/user-mgmt/api/users/my?api-version=1.0`, headers: auth })).json().data;
const { rows } = await database.pool.query("select owner_id from event_leads group by owner_id order by count(*) desc limit 1");
const dest = rows[0].owner_id;
await database.pool.query(`insert into profile_members (profile_id, user_id, role) values ($1, $2, 'manager') on conflict do nothing`, [dest, me.id]);
const which = process.argv[2] ?? "pipeline";
const req = which === "pipeline"
  ? { method: "GET", url: `/event-mgmt/api/destinations/${dest}/pipeline?api-version=1.0`, headers: auth }
  : which === "text"
    ? { method: "POST", url: `/event-mgmt/api/destinations/${dest}/leads?api-version=1.0&take=20&offset=40`, headers: { ...auth, "content-type": "application/json" }, payload: JSON.stringify({ data: { status: ["Open", "Interested"], text: "Bench Event 1" } }) }
    : { method: "POST", url: `/event-mgmt/api/destinations/${dest}/leads?api-version=1.0&take=20`, headers: { ...auth, "content-type": "application/json" }, payload: JSON.stringify({ data: {} }) };
const N = Number(process.argv[3] ?? 300);
for (let i = 0; i < 30; i++) { const r = await app.inject(req as never); if (r.statusCode !== 200) throw new Error(r.body); }
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
const cpu0 = process.cpuUsage();
const t0 = performance.now();
if (process.env.PROFILE !== "0") await session.post("Profiler.start");
// 5 concurrent like a light load
let done = 0;
await Promise.all(Array.from({ length: 5 }, async () => { while (done < N) { done++; await app.inject(req as never); } }));
if (process.env.PROFILE === "0") { const cpu = process.cpuUsage(cpu0); console.log(`${which}: ${N} requests, wall ${(performance.now() - t0).toFixed(0)} ms, node CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/request (no profiler)`); await app.close(); await database.close(); process.exit(0); }
const { profile } = await session.post("Profiler.stop");
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(`${which}: ${N} requests, wall ${wall.toFixed(0)} ms, node CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/request`);
fs.writeFileSync(`/tmp/${which}.cpuprofile`, JSON.stringify(profile));
// self time by function and by file
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = profile.timeDeltas;
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const byFn = new Map<string, number>(), byFile = new Map<string, number>();
for (const [id, us] of self) {
  const n: any = byId.get(id); const cf = n.callFrame;
  const file = (cf.url || "(native)").replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, "");
  const fn = `${cf.functionName || "(anon)"} ${file}:${cf.lineNumber}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  const pkg = file.startsWith("nm/") ? file.split("/").slice(0, file.startsWith("nm/@") ? 3 : 2).join("/") : file;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, us]) => `${(us / 1000 / N).toFixed(3)} ms  ${n}`).join("\n");
console.log("--- by package/file (ms per request)\n" + top(byFile, 25));
console.log("--- by function\n" + top(byFn, 30));
await app.close();
await database.close();
