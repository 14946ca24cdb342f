// `npm run bench -- assistant` (run through tsx by bench/run.mjs): how soon a destination's guide
// starts to answer, on the demo network (seed 1, scale 1, made for a fixed day: bench/demo-network.ts;
// embedded PGlite as `npm start` runs it, or BENCH_ASSISTANT_DATABASE_URL's PostgreSQL), with the
// built-in provider. The app serves from this process; the questions come from a child
// (bench/assistant-clients.mjs), which times the first `delta` event of each streamed answer (the
// first answer token) and the whole answer, alone (one at a time: the target, p50 under 300 ms) and
// with BENCH_CONNECTIONS at once. The baseline, in the same run and the same way: a destination's page
// (`GET /destinations/{id}`). Questions are drawn from templates filled with each destination's own
// records (its facilities' sports, its largest venue), over the 40 destinations with the most
// facilities. Prints progress on stderr and one line `BENCH_RESULT {json}` on stdout.
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDemoNetwork } from "./demo-network";

const here = path.dirname(fileURLToPath(import.meta.url));
const TODAY = "2026-12-01";
const QUESTIONS = Number(process.env.BENCH_ASSISTANT_QUESTIONS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_P50_MS = 300;
const log = (message: string) => process.stderr.write(`${message}\n`);

const network = await openDemoNetwork({
  seed: 1,
  scale: 1,
  today: TODAY,
  url: process.env.BENCH_ASSISTANT_DATABASE_URL,
  log,
});
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: "warn",
    DATA_DIR: network.dataDir,
    DATABASE_URL: process.env.BENCH_ASSISTANT_DATABASE_URL,
    SECRET_KEY: network.secretKey,
    RATE_LIMIT_MAX: "100000000",
    ASSISTANT_REQUESTS_PER_HOUR_PER_USER: "100000000",
    ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: "100000000",
  }),
  database: network.database,
  now: () => new Date(`${TODAY}T12:00:00Z`),
});
const base = await app.listen({ port: 0, host: "127.0.0.1" });

type TDestination = { id: string; city: string; sport: string | null; venue: string | null };
const { rows: destinations } = await network.database.pool.query<TDestination>(`
  select d.id, d.city,
    (select s.name from facility_destinations fd join profile_sports s on s.profile_id = fd.facility_id
      where fd.destination_id = d.id group by s.name order by count(*) desc, s.name limit 1) as sport,
    (select p.name from facility_destinations fd join profiles p on p.id = fd.facility_id
      join facility_details f on f.profile_id = p.id
      where fd.destination_id = d.id order by f.capacity desc nulls last, p.name limit 1) as venue
  from profiles d
  where d.kind = 'destination' and d.status = 'approved' and d.is_active
  order by (select count(*) from facility_destinations fd where fd.destination_id = d.id) desc, d.name
  limit 40`);

const TEMPLATES: readonly ((d: TDestination) => string)[] = [
  (d) => `Where can we play ${(d.sport ?? "basketball").toLowerCase()} indoors?`,
  (d) => `Which hotels are near ${d.venue ?? d.city}?`,
  () => "Where can a team of 12-year-olds eat after the games?",
  () => "What events are coming up?",
  () => "Which venues have at least 4 courts?",
  () => "Which hotels have rooms under $150?",
  () => "What services do you offer event organizers?",
  (d) => `Tell me about ${d.venue ?? "your biggest venue"}`,
];
const questions = Array.from({ length: QUESTIONS }, (_, i) => {
  const d = destinations[i % destinations.length]!;
  const template = TEMPLATES[Math.floor(i / destinations.length) % TEMPLATES.length]!;
  return { destinationId: d.id, message: template(d) };
});

function runClients(input: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "assistant-clients.mjs"), { stdio: "inherit" });
    child.once("message", (message: { ok: boolean; result?: object; error?: string }) => {
      child.kill();
      if (message.ok) resolve(message.result as Record<string, unknown>);
      else reject(new Error(message.error));
    });
    child.once("error", reject);
    child.send(input);
  });
}

const problems: string[] = [];
try {
  log(`Asking ${questions.length} questions of ${destinations.length} destinations…`);
  // Warm up: the first questions load the code paths and fill the database's caches.
  await runClients({ base, questions: questions.slice(0, 40), connections: 2 });
  const alone = await runClients({ base, questions, connections: 1 });
  const loaded = await runClients({ base, questions, connections: CONNECTIONS });
  const pages = destinations.map((d) => d.id);
  const baselineAlone = await runClients({ base, pages, connections: 1, amount: QUESTIONS });
  const baselineLoaded = await runClients({
    base,
    pages,
    connections: CONNECTIONS,
    amount: QUESTIONS,
  });
  const firstToken = alone.firstTokenMs as { p50: number | null };
  if (firstToken.p50 === null) problems.push("no question was answered alone");
  else if (firstToken.p50 >= TARGET_P50_MS) {
    problems.push(`first answer token p50 ${firstToken.p50} ms, target under ${TARGET_P50_MS} ms`);
  }
  for (const run of [alone, loaded]) {
    if ((run.failed as number) > 0) problems.push(`${run.failed} questions failed`);
  }
  const result = {
    database: network.database.kind,
    destinations: destinations.length,
    questions: questions.length,
    connections: CONNECTIONS,
    targetP50Ms: TARGET_P50_MS,
    alone,
    loaded,
    baselineAlone,
    baselineLoaded,
    problems,
  };
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
} finally {
  await app.close();
  await network.database.close();
}
process.exit(problems.length > 0 ? 1 : 0);
