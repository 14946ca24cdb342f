// The fuzz loop: every operation of the app's OpenAPI document, in run order, called with its
// mutations (body, query or file; path parameters malformed) and then with a valid request as each
// caller; every answer counted by status class and operation, every 5xx kept with what was sent,
// what came back and the stack the app logged.
import { addDays } from "@hostfield/domain/rules";
import { V } from "../helper";
import {
  BODY_MUTATIONS,
  FILE_MUTATIONS,
  mutateBody,
  mutateQuery,
  PATH_VARIANTS,
  pathVariant,
  QUERY_MUTATIONS,
  type TQuery,
} from "./mutations";
import { inRunOrder, operationsOf, type TOperation } from "./operations";
import { keysForField, keysForParam } from "./pools";
import { seeded, type TRandom } from "./prng";
import { uploadOf, urlOf } from "./requests";
import { sampleOf, type TSampleContext } from "./schema-sample";
import type { TCaller, TWorld } from "./world";

export type TRunOptions = {
  seed: number;
  /** Mutations of the body, query or file per operation. */
  rounds: number;
  /** Malformed path values per operation that has path parameters (at most 5 kinds). */
  pathVariants: number;
  /** Who makes the valid call of each operation. */
  validCallers: readonly TCaller[];
  /** Only the operations whose `METHOD /template` matches (a quick look at one area). */
  only?: RegExp;
  /** Receives a line per call (status, operation, caller, input, URL): FUZZ_TRACE. */
  trace?: (line: string) => void;
};

export type TCounts = { "2xx": number; "3xx": number; "4xx": number; "5xx": number; other: number };

export type TFailure = {
  operation: string;
  caller: string;
  input: string;
  method: string;
  url: string;
  body: string;
  status: number;
  response: string;
  stack: string[];
};

export type TRunResult = {
  operations: number;
  covered: number;
  calls: number;
  counts: TCounts;
  byOperation: Record<string, TCounts>;
  /** 5xx that are our bug: the test fails on these. */
  failures: TFailure[];
  /** 5xx an outside fake caused by refusing (502/503 with the code saying so): by design. */
  gateway: TFailure[];
  notCalled: string[];
  /** Error lines the app logged outside a 5xx answer (event handlers, jobs), by operation. */
  backgroundErrors: { operation: string; line: string }[];
  refusedHosts: Record<string, number>;
  seconds: number;
  /** CPU seconds of this process during the run (user + system): the cost on a shared machine. */
  cpuSeconds: number;
};

/** Codes of a 5xx that says an outside service failed, not that we did. */
const GATEWAY_CODES = new Set([
  "CRM_REMOTE_FAILED",
  "CALENDAR_FEED_UNREACHABLE",
  "PAYMENTS_UNAVAILABLE",
  "PAYMENTS_PROVIDER_REFUSED",
]);
const CALL_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 10_000;

const emptyCounts = (): TCounts => ({ "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, other: 0 });
const classOf = (status: number): keyof TCounts =>
  status >= 200 && status < 300
    ? "2xx"
    : status >= 300 && status < 400
      ? "3xx"
      : status >= 400 && status < 500
        ? "4xx"
        : status >= 500 && status < 600
          ? "5xx"
          : "other";

type TCallPlan =
  | { kind: "valid"; caller: TCaller }
  | { kind: "body" | "query" | "file"; caller: TCaller }
  | { kind: "path"; caller: TCaller; variant: (typeof PATH_VARIANTS)[number] };

/** The calls of one operation: mutations first (before a valid DELETE removes the row), then valid ones. */
function planFor(op: TOperation, options: TRunOptions, rng: TRandom): TCallPlan[] {
  const plan: TCallPlan[] = [];
  const anyCaller = () =>
    rng.pick(["anonymous", "member", "owner", "owner", "admin", "admin"] as const);
  for (let i = 0; i < options.rounds; i++) {
    const targets: ("body" | "query" | "file")[] = [];
    if (op.body) targets.push("body", "body");
    if (op.upload) targets.push("file", "file");
    targets.push("query");
    plan.push({ kind: rng.pick(targets), caller: anyCaller() });
  }
  if (op.pathParams.length > 0) {
    const variants = [...PATH_VARIANTS].sort(() => rng.next() - 0.5);
    for (const variant of variants.slice(0, options.pathVariants))
      plan.push({ kind: "path", caller: anyCaller(), variant });
  }
  for (const caller of options.validCallers) plan.push({ kind: "valid", caller });
  return plan;
}

/** A request's parts before it is sent. */
type TPrepared = {
  person: string | undefined;
  values: Record<string, string>;
  raw: Set<string>;
  used: { key: string; value: string }[];
  query: TQuery;
  payload?: string | Buffer;
  contentType?: string;
  input: string;
};

export async function runFuzz(world: TWorld, options: TRunOptions): Promise<TRunResult> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const rng = seeded(options.seed);
  const docRes = await world.app.inject({ url: "/api/openapi.json" });
  if (docRes.statusCode !== 200) throw new Error(`no OpenAPI document: ${docRes.statusCode}`);
  const all = operationsOf(docRes.json());
  const operations = inRunOrder(all.filter((op) => !options.only || options.only.test(op.key)));
  const result: TRunResult = {
    operations: all.length,
    covered: 0,
    calls: 0,
    counts: emptyCounts(),
    byOperation: {},
    failures: [],
    gateway: [],
    notCalled: [],
    backgroundErrors: [],
    refusedHosts: {},
    seconds: 0,
    cpuSeconds: 0,
  };
  const lost = new Set<string>();

  for (const op of operations) {
    const counts = emptyCounts();
    result.byOperation[op.key] = counts;
    const logMark = world.logLines.length;
    const explained = new Set<number>();
    const unauthorized = new Set<string>();
    for (const plan of planFor(op, options, rng)) {
      const prepared = await prepare(world, op, plan, rng);
      const url = urlOf(op.template, prepared.values, prepared.raw, prepared.query);
      const before = world.logLines.length;
      const res = await send(world, op, url, prepared);
      const status = res?.statusCode ?? 0;
      const klass = classOf(status);
      counts[klass]++;
      result.counts[klass]++;
      result.calls++;
      options.trace?.(
        `${status} ${op.key} ${plan.caller}${prepared.person ? `(${prepared.person})` : ""} [${prepared.input}] ${url.slice(0, 200)} ${res && status >= 400 ? res.body.slice(0, 160) : ""}`,
      );
      if (status === 401 && prepared.person) unauthorized.add(prepared.person);
      if (klass === "2xx" && res) learn(world, op, prepared, res, status);
      if (klass === "5xx" || !res) {
        const failure = failureOf(op, plan, prepared, url, res, world.logLines, before, explained);
        const code = res ? codeOf(res.body) : undefined;
        if (code && GATEWAY_CODES.has(code) && [502, 503, 504].includes(status))
          result.gateway.push(failure);
        else result.failures.push(failure);
      }
      if (op.key === "PUT /api/admin/status") await maintenanceOff(world);
    }
    await settle(world);
    for (let i = logMark; i < world.logLines.length; i++)
      if (!explained.has(i))
        result.backgroundErrors.push({
          operation: op.key,
          line: world.logLines[i]!.slice(0, 2000),
        });
    await recover(world, unauthorized, lost);
    result.covered++;
  }
  result.notCalled = all.filter((op) => !result.byOperation[op.key]).map((op) => op.key);
  if (options.only) result.notCalled = [];
  result.refusedHosts = Object.fromEntries(world.refusedHosts);
  result.seconds = Math.round((Date.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  result.cpuSeconds = Math.round((used.user + used.system) / 1e6);
  return result;
}

/** A 5xx (or no answer) as reported: what was sent, what came back, the stack the app logged. */
function failureOf(
  op: TOperation,
  plan: TCallPlan,
  prepared: TPrepared,
  url: string,
  res: { statusCode: number; body: string } | undefined,
  logLines: readonly string[],
  before: number,
  explained: Set<number>,
): TFailure {
  const stack: string[] = [];
  for (let i = before; i < logLines.length; i++) {
    if (!logLines[i]!.includes('"unexpected error"')) continue;
    explained.add(i);
    stack.push(stackOf(logLines[i]!));
  }
  return {
    operation: op.key,
    caller: `${plan.caller}${prepared.person ? ` (${prepared.person})` : ""}`,
    input: prepared.input,
    method: op.method,
    url: url.length > 300 ? `${url.slice(0, 300)}… (${url.length} chars)` : url,
    body: bodyText(prepared.payload),
    status: res?.statusCode ?? 0,
    response: res ? res.body.slice(0, 1000) : `no answer within ${CALL_TIMEOUT_MS / 1000} s`,
    stack,
  };
}

/** The caller's person, the path values, the query and the body of one planned call. */
async function prepare(
  world: TWorld,
  op: TOperation,
  plan: TCallPlan,
  rng: TRandom,
): Promise<TPrepared> {
  // The body's ids first: with no path row, the owner of a row the body names is the owner.
  const owners: string[] = [];
  const ctx = sampleContext(world, op, rng, owners);
  const query = validQuery(op, ctx, rng);
  const body = op.body ? JSON.stringify(sampleOf(op.body, ctx)) : undefined;
  const resolved = resolveParams(world, op, plan.caller, rng);
  const prepared: TPrepared = {
    person: personOf(plan.caller, resolved.owner ?? owners[0]),
    values: resolved.values,
    raw: new Set(),
    used: resolved.used,
    query,
    input: "valid",
    ...(body === undefined ? {} : { payload: body, contentType: "application/json" }),
  };
  if (op.upload) {
    const upload = await uploadOf(
      op.template,
      plan.kind === "file" ? rng.pick(FILE_MUTATIONS) : undefined,
      rng,
    );
    Object.assign(prepared, {
      payload: upload.payload,
      contentType: upload.contentType,
      input: upload.description,
    });
  }
  switch (plan.kind) {
    case "body": {
      const mutated = mutateBody(
        JSON.parse(prepared.payload as string),
        rng.pick(BODY_MUTATIONS),
        rng,
      );
      Object.assign(prepared, {
        payload: mutated.payload,
        contentType: mutated.contentType,
        input: mutated.description,
      });
      break;
    }
    case "query": {
      const mutated = mutateQuery(prepared.query, rng.pick(QUERY_MUTATIONS), rng);
      Object.assign(prepared, { query: mutated.query, input: mutated.description });
      break;
    }
    case "path": {
      const param = rng.pick(op.pathParams);
      prepared.values = { ...prepared.values, [param.name]: pathVariant(plan.variant, rng) };
      prepared.raw.add(param.name);
      prepared.input = `path ${param.name}: ${plan.variant}`;
      break;
    }
  }
  return prepared;
}

function personOf(caller: TCaller, owner: string | undefined): string | undefined {
  if (caller === "anonymous") return undefined;
  if (caller === "owner") return owner ?? "owner";
  return caller;
}

/**
 * Path values: a person's own id on `/users/{id}` (the admin's calls address `target`), else real
 * rows, the last parameter first so that a child's parent fills the parameter before it; the
 * schema's sample where nothing is known.
 */
function resolveParams(world: TWorld, op: TOperation, caller: TCaller, rng: TRandom) {
  const params = op.pathParams;
  const values: Record<string, string> = {};
  const used: { key: string; value: string }[] = [];
  const first = params[0];
  const ownUser = first?.name === "id" && first.literalBefore === "users" && caller !== "anonymous";
  if (ownUser) {
    const person = caller === "admin" ? "target" : caller === "owner" ? "owner" : caller;
    values.id = world.userIds[person]!;
  }
  const order = ownUser ? params.map((_, i) => i) : params.map((_, i) => params.length - 1 - i);
  let parentFromChild: string | undefined;
  for (const i of order) {
    const param = params[i]!;
    if (values[param.name] !== undefined) continue;
    if (!ownUser && parentFromChild !== undefined) {
      values[param.name] = parentFromChild;
      parentFromChild = undefined;
      continue;
    }
    const keys = keysForParam(op.template, param.name);
    const parent = ownUser ? values[params[i - 1]?.name ?? ""] : undefined;
    const chosen = world.pools.choose(keys, rng, parent);
    if (chosen) {
      values[param.name] = chosen.entry.value;
      used.push({ key: chosen.key, value: chosen.entry.value });
      parentFromChild = chosen.entry.parent;
    } else {
      values[param.name] = String(
        sampleOf(param.schema, sampleContext(world, op, rng, []), param.name),
      );
      parentFromChild = undefined;
    }
  }
  let owner: string | undefined;
  for (const param of params) {
    const value = values[param.name];
    const found = world.pools
      .entries(keysForParam(op.template, param.name).flat())
      .find((c) => c.entry.value === value && c.entry.owner);
    if (found) {
      owner = found.entry.owner;
      break;
    }
  }
  return { values, used, owner };
}

function sampleContext(
  world: TWorld,
  op: TOperation,
  rng: TRandom,
  owners: string[],
): TSampleContext {
  return {
    rng,
    id(name) {
      const keys = keysForField(name);
      const chosen = keys.length > 0 ? world.pools.choose(keys, rng) : undefined;
      if (chosen) {
        if (chosen.entry.owner) owners.push(chosen.entry.owner);
        return chosen.entry.value;
      }
      const any = world.pools.anyIds();
      return any.length > 0 && rng.chance(0.5) ? rng.pick(any) : rng.uuid();
    },
    seen: (name) => world.pools.seen(name, rng),
    email: () =>
      rng.pick([
        "member@example.com",
        "owner@example.com",
        "target@example.com",
        `fuzz${rng.int(1000)}@example.com`,
      ]),
    uri: () => `${world.sinkUrl}/${rng.pick(["calendar.ics", "hook", "push/device"])}`,
    day: (offset) => addDays(world.today, offset),
    patchOperation() {
      const shape = world.pools.shapeOf(op.template);
      const keys = shape ? Object.keys(shape).filter((k) => k !== "id") : world.pools.fieldNames();
      if (keys.length === 0) return { op: "replace", path: "/name", value: "Fuzz" };
      const key = rng.pick(keys);
      const value = shape && key in shape ? shape[key] : world.pools.seen(key, rng);
      const kind = rng.pick(["replace", "replace", "replace", "add", "remove", "test"]);
      return kind === "remove"
        ? { op: kind, path: `/${key}` }
        : { op: kind, path: `/${key}`, value };
    },
  };
}

function validQuery(op: TOperation, ctx: TSampleContext, rng: TRandom): TQuery {
  const query: TQuery = {};
  for (const param of op.query) {
    if (param.name === "api-version") {
      query[param.name] = V.split("=")[1]!;
      continue;
    }
    if (!param.required && !rng.chance(0.5)) continue;
    const value = sampleOf(param.schema, ctx, param.name);
    if (value === null || value === undefined) continue;
    query[param.name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

async function send(world: TWorld, op: TOperation, url: string, prepared: TPrepared) {
  const headers: Record<string, string> = {};
  if (prepared.person) {
    const token = world.tokens[prepared.person];
    if (token) headers.authorization = `Bearer ${token.access_token}`;
  }
  if (prepared.contentType) headers["content-type"] = prepared.contentType;
  const call = world.app.inject({
    method: op.method,
    url,
    headers,
    ...(prepared.payload === undefined ? {} : { payload: prepared.payload }),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A 2xx teaches the pools: rows and values in the reply, and that the ids used answer here. */
function learn(
  world: TWorld,
  op: TOperation,
  prepared: TPrepared,
  res: { headers: Record<string, unknown>; body: string },
  status: number,
) {
  if (prepared.raw.size > 0) return;
  for (const { key, value } of prepared.used) world.pools.confirm(key, value);
  const type = String(res.headers["content-type"] ?? "");
  if (!type.includes("json") || res.body.length > 2_000_000) return;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return;
  }
  world.pools.harvest(op.template, prepared.values, body, prepared.person, status === 201);
}

function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

function stackOf(line: string): string {
  try {
    const parsed = JSON.parse(line) as { err?: { stack?: string; message?: string } };
    return parsed.err?.stack ?? parsed.err?.message ?? line.slice(0, 2000);
  } catch {
    return line.slice(0, 2000);
  }
}

function bodyText(payload: string | Buffer | undefined): string {
  if (payload === undefined) return "";
  const text = Buffer.isBuffer(payload) ? `(${payload.length} bytes of multipart)` : payload;
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
}

async function maintenanceOff(world: TWorld) {
  await world.app.inject({
    method: "PUT",
    url: `/api/admin/status?${V}&maintenanceMode=false`,
    headers: { authorization: `Bearer ${world.tokens.admin!.access_token}` },
  });
}

/** Waits for the domain events the operation raised (bounded: a stuck handler is not the fuzz's to wait out). */
async function settle(world: TWorld) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    world.app.events.settled().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** People who got 401 (a call ended their sessions) sign in again, if they still can. */
async function recover(world: TWorld, unauthorized: Set<string>, lost: Set<string>) {
  for (const person of unauthorized) {
    if (lost.has(person)) continue;
    const me = await world.app.inject({
      url: `/user-mgmt/api/users/my?${V}`,
      headers: { authorization: `Bearer ${world.tokens[person]!.access_token}` },
    });
    if (me.statusCode !== 401) continue;
    if (!(await world.signInAgain(person))) lost.add(person);
  }
}

/** The summary line: operations covered / calls / 2xx / 4xx / 5xx, and the time. */
export function summaryOf(result: TRunResult, database: string): string {
  const c = result.counts;
  return (
    `fuzz on ${database}: ${result.covered}/${result.operations} operations, ${result.calls} calls, ` +
    `2xx ${c["2xx"]}, 3xx ${c["3xx"]}, 4xx ${c["4xx"]}, 5xx ${c["5xx"]} ` +
    `(${result.gateway.length} by design: an outside fake refused), other ${c.other}; ` +
    `${result.backgroundErrors.length} errors logged outside a reply; ` +
    `${result.seconds} s (${result.cpuSeconds} s CPU)`
  );
}

/** Every 5xx that is ours, with what was sent and the stack, for the test's failure message. */
export function failuresText(failures: readonly TFailure[]): string {
  return failures
    .map(
      (f, i) =>
        `#${i + 1} ${f.status} ${f.operation} as ${f.caller}, input: ${f.input}\n` +
        `  ${f.method} ${f.url}\n  body: ${f.body}\n  response: ${f.response}\n` +
        f.stack.map((s) => `  ${s.split("\n").slice(0, 8).join("\n  ")}`).join("\n"),
    )
    .join("\n\n");
}
