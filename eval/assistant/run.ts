// `npm run eval -- assistant [--verbose]`: the assistant on the demo network (seed 1, scale 1, made
// for a fixed day, so its records and dates are the same every run), asked through the API as a
// visitor and an organizer would. Prints, per provider (built-in; the language model too when
// ASSISTANT_BASE_URL is set): the tour guide's citation precision and recall against
// guide-cases.json, whether unanswerable questions were said to be so, whether questions of several
// topics were answered on each, and the RFP assistant's field accuracy against rfp-cases.json.
// Writes the figures to eval/results/.
//
// The database (bench/demo-network.ts): EVAL_DATABASE_URL (a PostgreSQL database, created and seeded
// when empty), else an embedded PGlite kept in the system's temporary folder between runs;
// EVAL_RESEED=1 seeds again.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RFP_DRAFT_FIELDS } from "@hostfield/domain/contracts";
import { GUIDE_MAX_CITATIONS } from "@hostfield/domain/rules";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/platform/config";
import { signIn } from "../../apps/server/test/oidc-driver";
import { openDemoNetwork, type TDemoNetwork } from "../../bench/demo-network";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const verbose = process.argv.includes("--verbose");

type TGuideCase = {
  id: string;
  destination: string;
  question: string;
  answerable: boolean;
  mustCite: string[];
  /**
   * A question of several topics ("indoor basketball venues and hotels"): what each topic's part
   * of the answer must cite, a group per topic; `mustCite` is their union. The answer's citations
   * are shared among the topics (see `sharedNeeds`).
   */
  mustCiteEach?: string[][];
  mayCite: string[];
  note?: string;
};
type TRfpCase = { id: string; description: string; expected: Record<string, unknown> };

/**
 * The draft's fields beyond RFP_DRAFT_FIELDS a case may label: scored in the cases that state
 * them (an explicit event name), since the others have no single right value.
 */
const RFP_LABELLED_EXTRAS = ["name"] as const;

type TGuideFile = { seed: number; scale: number; today: string; cases: TGuideCase[] };
type TRfpFile = { today: string; cases: TRfpCase[] };
const read = <T>(file: string): T | null =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;

/**
 * The development set (its misses are printed, to improve the assistant by) and the held-out set
 * (figures only: written apart from the assistant and from the development set, it says how the
 * assistant does on questions it was not improved on).
 */
const SETS = [
  { name: "development set", dir: here, showMisses: true },
  { name: "held-out set", dir: path.join(here, "holdout"), showMisses: false },
].flatMap((set) => {
  const guide = read<TGuideFile>(path.join(set.dir, "guide-cases.json"));
  const rfp = read<TRfpFile>(path.join(set.dir, "rfp-cases.json"));
  return guide && rfp ? [{ ...set, guide, rfp }] : [];
});
const { seed, scale, today } = SETS[0]!.guide;
for (const set of SETS) {
  if (set.guide.seed !== seed || set.guide.scale !== scale || set.guide.today !== today) {
    throw new Error(`${set.name}: labelled on another network than the development set`);
  }
  if (set.rfp.today !== today) throw new Error(`${set.name}: RFP cases read on another day`);
  for (const c of set.guide.cases) {
    const union = c.mustCiteEach?.flat();
    if (union && [...union].sort().join("|") !== [...c.mustCite].sort().join("|")) {
      throw new Error(`${set.name}: ${c.id}: mustCite is not the union of mustCiteEach`);
    }
  }
}
const DEMO_ORGANIZER = "organizer@demo.hostfield.test";
const DEMO_ADMIN = "admin@demo.hostfield.test";
const DEMO_PASSWORD = "hostfield-demo-1";
const PUBLIC_URL = "http://hostfield.test";
const V = "api-version=1.0";

const log = (message: string) => process.stderr.write(`${message}\n`);

async function appFor(network: TDemoNetwork, llm: boolean): Promise<FastifyInstance> {
  const env: Record<string, string | undefined> = {
    LOG_LEVEL: "silent",
    DATA_DIR: network.dataDir,
    DATABASE_URL: process.env.EVAL_DATABASE_URL,
    SECRET_KEY: network.secretKey,
    PUBLIC_URL,
    RATE_LIMIT_MAX: "100000000",
    ASSISTANT_REQUESTS_PER_HOUR_PER_USER: "100000000",
    ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: "100000000",
  };
  if (llm) {
    for (const name of [
      "ASSISTANT_BASE_URL",
      "ASSISTANT_API_KEY",
      "ASSISTANT_MODEL",
      "ASSISTANT_TIMEOUT_MS",
    ]) {
      env[name] = process.env[name];
    }
  }
  // Noon of the network's day: "upcoming" and "today" mean what the cases were labelled against.
  const now = () => new Date(`${today}T12:00:00Z`);
  const app = await buildApp({ config: loadConfig(env), database: network.database, now });
  await app.ready();
  return app;
}

// ---- the tour guide -----------------------------------------------------------------------------

type TGuideResult = {
  id: string;
  exchangeId: string;
  question: string;
  answerable: boolean;
  cited: string[];
  mustCite: string[];
  mustCiteEach: string[][] | null;
  mayCite: string[];
  answered: boolean;
  content: string;
  ms: number;
};

async function askGuide(
  app: FastifyInstance,
  pool: pg.Pool,
  cases: readonly TGuideCase[],
): Promise<TGuideResult[]> {
  const slugs = cases.map((c) => c.destination);
  const { rows } = await pool.query<{ id: string; slug: string }>(
    "select id, slug from profiles where slug = any($1)",
    [slugs],
  );
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  const results: TGuideResult[] = [];
  for (const c of cases) {
    const destinationId = idOf.get(c.destination);
    if (!destinationId) throw new Error(`${c.id}: no destination ${c.destination}`);
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/assistant-mgmt/api/assistants/destinations/${destinationId}/tour-guide?${V}`,
      payload: { data: { message: c.question } },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${c.id}: ${res.statusCode} ${res.body}`);
    const exchangeId = res.json().data.exchangeId as string;
    const answer = res.json().data.answer as {
      content: string;
      answered: boolean;
      citations: { id: string }[];
    };
    const cited = await slugsOf(
      pool,
      answer.citations.map((x) => x.id),
    );
    results.push({
      id: c.id,
      exchangeId,
      question: c.question,
      answerable: c.answerable,
      cited,
      mustCite: c.mustCite,
      mustCiteEach: c.mustCiteEach ?? null,
      mayCite: c.mayCite,
      answered: answer.answered,
      content: answer.content,
      ms,
    });
  }
  return results;
}

async function slugsOf(pool: pg.Pool, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ id: string; slug: string }>(
    "select id, slug from profiles where id = any($1)",
    [ids],
  );
  const slug = new Map(rows.map((r) => [r.id, r.slug]));
  return ids.map((id) => slug.get(id) ?? id);
}

/** What the guide understood of each question (the admins' debugging view), by exchange. */
async function understoodOf(app: FastifyInstance, exchangeIds: readonly string[]) {
  const tokens = await signIn(app, DEMO_ADMIN, DEMO_PASSWORD, PUBLIC_URL);
  const understood = new Map<string, unknown>();
  for (const id of exchangeIds) {
    const res = await app.inject({
      method: "GET",
      url: `/assistant-mgmt/api/exchanges/${id}/messages?${V}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const answer = (
      res.json().data as { role: string; debug: { understood: unknown } | null }[]
    ).find((m) => m.role === "assistant");
    understood.set(id, answer?.debug?.understood ?? null);
  }
  return understood;
}

/**
 * How many of each topic's listings an answer of several topics should cite: the
 * GUIDE_MAX_CITATIONS citations dealt to the topics in turn, a topic with fewer listings leaving
 * its turns to the others (two topics: three each; three: two each).
 */
function sharedNeeds(sizes: readonly number[]): number[] {
  const needs = sizes.map(() => 0);
  let left = GUIDE_MAX_CITATIONS;
  while (left > 0 && needs.some((n, i) => n < sizes[i]!)) {
    for (let i = 0; i < sizes.length && left > 0; i++) {
      if (needs[i]! < sizes[i]!) {
        needs[i]!++;
        left--;
      }
    }
  }
  return needs;
}

/** Required citations an answer gave: `[found, need]`, per topic when the case has several. */
function requiredFound(r: TGuideResult): [number, number] {
  const groups = r.mustCiteEach ?? [r.mustCite];
  const needs =
    groups.length === 1
      ? [Math.min(groups[0]!.length, GUIDE_MAX_CITATIONS)]
      : sharedNeeds(groups.map((g) => g.length));
  let found = 0;
  groups.forEach((group, i) => {
    found += Math.min(r.cited.filter((s) => group.includes(s)).length, needs[i]!);
  });
  return [found, needs.reduce((a, b) => a + b, 0)];
}

function scoreGuide(results: readonly TGuideResult[], understood: Map<string, unknown>) {
  let cited = 0;
  let correct = 0;
  let required = 0;
  let found = 0;
  let saidUnknown = 0;
  let unanswerable = 0;
  let wronglyRefused = 0;
  let severalTopics = 0;
  let eachTopicCited = 0;
  const misses: string[] = [];
  for (const r of results) {
    const acceptable = new Set([...r.mustCite, ...r.mayCite]);
    const good = r.cited.filter((s) => acceptable.has(s));
    const wrong = r.cited.filter((s) => !acceptable.has(s));
    const [gotRequired, need] = requiredFound(r);
    cited += r.cited.length;
    correct += good.length;
    required += need;
    found += gotRequired;
    const uncovered = (r.mustCiteEach ?? []).filter(
      (group) => !r.cited.some((s) => group.includes(s)),
    ).length;
    if (r.mustCiteEach) {
      severalTopics++;
      if (uncovered === 0) eachTopicCited++;
    }
    if (!r.answerable) {
      unanswerable++;
      if (!r.answered) saidUnknown++;
    } else if (!r.answered) wronglyRefused++;
    if (wrong.length > 0 || gotRequired < need || (!r.answerable && r.answered)) {
      const missing = r.mustCite.filter((s) => !r.cited.includes(s));
      misses.push(
        `${r.id} ${JSON.stringify(r.question)}\n    wrong: ${wrong.join(", ") || "-"}\n    missing: ${missing.slice(0, 8).join(", ") || "-"}${uncovered > 0 ? `\n    topics not cited: ${uncovered} of ${r.mustCiteEach!.length}` : ""}${verbose ? `\n    answer: ${r.content.replaceAll("\n", "\n            ")}\n    understood: ${JSON.stringify(understood.get(r.exchangeId))}` : ""}`,
      );
    }
  }
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    questions: results.length,
    precision: cited === 0 ? 1 : correct / cited,
    recall: required === 0 ? 1 : found / required,
    cited,
    correct,
    required,
    found,
    unanswerable,
    saidUnknown,
    wronglyRefused,
    severalTopics,
    eachTopicCited,
    p50Ms: ms[Math.floor(ms.length / 2)] ?? 0,
    misses,
  };
}

// ---- the RFP assistant --------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join("|") === [...b].sort().join("|");
  }
  return (a ?? null) === (b ?? null);
};

async function askRfp(app: FastifyInstance, cases: readonly TRfpCase[]) {
  const tokens = await signIn(app, DEMO_ORGANIZER, DEMO_PASSWORD, PUBLIC_URL);
  const byField = Object.fromEntries(
    [...RFP_DRAFT_FIELDS, ...RFP_LABELLED_EXTRAS].map((f) => [
      f,
      { right: 0, of: 0, statedRight: 0, stated: 0 },
    ]),
  );
  const misses: string[] = [];
  for (const c of cases) {
    const res = await app.inject({
      method: "POST",
      url: `/assistant-mgmt/api/assistants/rfp?${V}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { data: { message: c.description } },
    });
    if (res.statusCode !== 200) throw new Error(`${c.id}: ${res.statusCode} ${res.body}`);
    const draft = res.json().data.draft as Record<string, unknown>;
    const wrong: string[] = [];
    const labelled = RFP_LABELLED_EXTRAS.filter((f) => f in c.expected);
    for (const field of [...RFP_DRAFT_FIELDS, ...labelled]) {
      const expected = c.expected[field] ?? null;
      const right = same(draft[field], expected);
      const tally = byField[field]!;
      tally.of++;
      if (right) tally.right++;
      if (expected !== null) {
        tally.stated++;
        if (right) tally.statedRight++;
      }
      if (!right)
        wrong.push(
          `${field}: got ${JSON.stringify(draft[field])}, expected ${JSON.stringify(expected)}`,
        );
    }
    if (wrong.length > 0)
      misses.push(`${c.id} ${JSON.stringify(c.description)}\n    ${wrong.join("\n    ")}`);
  }
  const sum = (key: "right" | "of" | "statedRight" | "stated") =>
    Object.values(byField).reduce((n, t) => n + t[key], 0);
  return {
    descriptions: cases.length,
    accuracy: sum("right") / sum("of"),
    statedAccuracy: sum("statedRight") / sum("stated"),
    right: sum("right"),
    fields: sum("of"),
    statedRight: sum("statedRight"),
    stated: sum("stated"),
    byField: Object.fromEntries(
      Object.entries(byField)
        .filter(([, t]) => t.of > 0)
        .map(([f, t]) => [
          f,
          { accuracy: t.right / t.of, of: t.of, stated: t.stated, statedRight: t.statedRight },
        ]),
    ),
    misses,
  };
}

// ---- the run ------------------------------------------------------------------------------------

const pct = (x: number) => x.toFixed(3);

async function evaluate(network: TDemoNetwork, llm: boolean) {
  const app = await appFor(network, llm);
  const provider = llm
    ? `language model (${process.env.ASSISTANT_MODEL ?? "default model"})`
    : "embedded";
  console.log(
    `\nAssistant evaluation: ${provider} provider, demo network seed ${seed}, scale ${scale}, made for ${today}`,
  );
  try {
    const sets = [];
    for (const set of SETS) {
      const asked = await askGuide(app, network.database.pool, set.guide.cases);
      const understood =
        verbose && set.showMisses
          ? await understoodOf(
              app,
              asked.map((r) => r.exchangeId),
            )
          : new Map<string, unknown>();
      const guide = scoreGuide(asked, understood);
      const rfp = await askRfp(app, set.rfp.cases);
      console.log(`\n## ${set.name}`);
      console.log(
        `Tour guide: ${guide.questions} questions (${guide.questions - guide.unanswerable} answerable, ${guide.unanswerable} not)`,
      );
      console.log(
        `  citation precision ${pct(guide.precision)} (${guide.correct} of ${guide.cited} cited listings correct)`,
      );
      console.log(
        `  citation recall    ${pct(guide.recall)} (${guide.found} of ${guide.required} required, at most ${GUIDE_MAX_CITATIONS} per answer)`,
      );
      console.log(
        `  unanswerable said so: ${guide.saidUnknown} of ${guide.unanswerable}; answerable but refused: ${guide.wronglyRefused}`,
      );
      if (guide.severalTopics > 0) {
        console.log(
          `  several topics: ${guide.eachTopicCited} of ${guide.severalTopics} answers cite each topic asked`,
        );
      }
      console.log(`  answer time p50 ${guide.p50Ms.toFixed(0)} ms (whole answer, in process)`);
      console.log(`RFP assistant: ${rfp.descriptions} descriptions`);
      console.log(
        `  field accuracy ${pct(rfp.accuracy)} (${rfp.right} of ${rfp.fields} fields, nulls included)`,
      );
      console.log(
        `  stated fields  ${pct(rfp.statedAccuracy)} (${rfp.statedRight} of ${rfp.stated})`,
      );
      console.log(
        `  by field: ${Object.entries(rfp.byField)
          .map(
            ([f, t]) =>
              `${f} ${pct(t.accuracy)}${t.of < rfp.descriptions ? ` (${t.of} labelled)` : ""}`,
          )
          .join(", ")}`,
      );
      if (set.showMisses && guide.misses.length > 0) {
        console.log(
          `\nGuide answers that missed or cited wrongly:\n  ${guide.misses.join("\n  ")}`,
        );
      }
      if (set.showMisses && verbose && rfp.misses.length > 0) {
        console.log(`\nRFP fields read wrongly:\n  ${rfp.misses.join("\n  ")}`);
      }
      const { misses: _g, ...guideFigures } = guide;
      const { misses: _r, ...rfpFigures } = rfp;
      sets.push({ set: set.name, guide: guideFigures, rfp: rfpFigures });
    }
    return { provider: llm ? "llm" : "embedded", sets };
  } finally {
    await app.close();
  }
}

const network = await openDemoNetwork({
  seed,
  scale,
  today,
  url: process.env.EVAL_DATABASE_URL,
  log,
});
try {
  const runs = [await evaluate(network, false)];
  if (process.env.ASSISTANT_BASE_URL) runs.push(await evaluate(network, true));
  const outDir = path.join(root, "eval/results");
  fs.mkdirSync(outDir, { recursive: true });
  const date = new Date().toISOString();
  const file = path.join(outDir, `assistant-${date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ date, seed, scale, today, runs }, null, 2)}\n`);
  log(`\nWrote ${path.relative(root, file)}`);
} finally {
  await network.database.close();
}
