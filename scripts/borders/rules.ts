// The borders of the house, as rules over the import graph (ARCHITECTURE §2, docs/architecture.md):
// who may import whom, and the few exceptions, each with its reason.
import type { TGraph, TImport } from "./graph";

export type TViolation = { from: string; to: string; line: number; rule: string };

/** A justified exception: imports from `from` to `to` (path prefixes) are allowed, because… */
export type TException = { from: string; to: string; reason: string };

/** Repositories that show people beside their own rows (members, authors), by name. */
const PEOPLE_JOINS = [
  "apps/server/src/profiles/repository/",
  "apps/server/src/modules/groups/repository/",
  "apps/server/src/modules/facilities/repository.ts",
];

export const EXCEPTIONS: readonly TException[] = [
  ...PEOPLE_JOINS.map((from) => ({
    from,
    to: "apps/server/src/modules/users/schema.ts",
    reason:
      "member and review lists show each person's name and picture and are searched and sorted by name in the same SQL statement, so they join the users table (read only, for those columns)",
  })),
  {
    from: "apps/server/src/cli/",
    to: "apps/server/src/",
    reason:
      "the command-line tools (seed, admin, migrate) run outside the app and write demo data and accounts in bulk through the modules' own tables and services",
  },
  {
    from: "apps/server/src/modules/rfps/repository/",
    to: "apps/server/src/",
    reason:
      "matching reads listings: the prefilter pages candidates by sports, spaces, facility types and a destination's listed facilities in one SQL statement over rows it cannot name beforehand",
  },
  {
    from: "apps/server/src/modules/home/activity/repository.ts",
    to: "apps/server/src/",
    reason:
      "the activity feed is one union, paged in SQL, over what happened across the kinds (likes, follows, listings under a destination, events announced by an organization, proposals on an event's requests), its repeats grouped in the same statement",
  },
];

const SERVER = "apps/server/src/";
const WEB = "apps/web/src/";
const DOMAIN = "packages/domain/src/";

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.startsWith("apps/server/test/") ||
  file.startsWith(`${WEB}test/`) ||
  file.includes("/testing/");

/** `modules/groups/x.ts` → "groups"; null outside modules/. */
const moduleOf = (rel: string) => rel.match(/^modules\/([^/]+)\//)?.[1] ?? null;
const featureOf = (rel: string) => rel.match(/^features\/([^/]+)\//)?.[1] ?? null;
/** A table file: `schema.ts`, or a product's own `<name>-schema.ts` re-exported from it. */
const isSchema = (rel: string) => /(^|\/|-)schema\.ts$/.test(rel);
const isEntry = (rel: string) => /\/index\.tsx?$/.test(rel);

function serverRule(from: string, to: string): string | null {
  const f = from.slice(SERVER.length);
  const t = to.slice(SERVER.length);
  const top = (p: string) => p.split("/")[0];
  // Foreign keys: a table may reference another module's table (the database checks that border).
  if (isSchema(f) && isSchema(t)) return null;
  if (!f.includes("/")) return null; // the composition root: app.ts, modules.ts, main.ts
  if (top(f) === "cli") {
    const entry = t === "profiles/index.ts" || /^modules\/[^/]+\/index\.ts$/.test(t);
    return ["platform", "cli"].includes(top(t)!) || !t.includes("/") || entry
      ? null
      : "the tools reach modules through their index.ts";
  }
  if (top(f) === "platform") {
    return top(t) === "platform" ? null : "platform/ imports no listing machinery and no module";
  }
  if (top(f) === "profiles") {
    if (top(t) === "platform" || top(t) === "profiles") return null;
    return "profiles/ imports no module: kinds reach it through the registry modules.ts builds";
  }
  const mine = moduleOf(f);
  if (mine) {
    if (top(t) === "platform") return null;
    if (top(t) === "profiles") {
      if (t === "profiles/index.ts") return null;
      // A kind's detail row is half of a listing: its own queries join the other half.
      if (t === "profiles/schema.ts" && isSchema(f) === false) return null;
      return "a module reaches the listing machinery through profiles/index.ts only";
    }
    const theirs = moduleOf(t);
    if (theirs === mine) return null;
    if (theirs && isEntry(t) && t === `modules/${theirs}/index.ts`) return null;
    if (theirs) return `a module imports another module's index.ts only, not ${t}`;
    return "a module imports no composition file";
  }
  return null;
}

function webRule(from: string, to: string, imp: TImport): string | null {
  const f = from.slice(WEB.length);
  const t = to.slice(WEB.length);
  const top = (p: string) => p.split("/")[0];
  if (top(f) === "ui") {
    return ["ui", "lib"].includes(top(t)!)
      ? null
      : "ui/ is feature-free: it imports only ui/ and lib/";
  }
  if (top(f) === "lib") {
    return top(t) === "lib" ? null : "lib/ imports only lib/";
  }
  const mine = featureOf(f);
  if (mine) {
    if (top(t) === "app") return "a feature does not import the app shell (app/)";
    const theirs = featureOf(t);
    if (!theirs || theirs === mine) return null;
    if (isEntry(t) && t.startsWith(`features/${theirs}/index.`)) return null;
    // A section another feature draws on a page loads on demand from its own file, in a chunk of
    // its own, as app/ loads route pages: through the index it would bring the whole feature (an
    // event page loaded the business's deal editor with its deals).
    return imp.dynamic
      ? null
      : `a feature imports another feature through its index.ts only, not ${t}`;
  }
  if (top(f) === "app") {
    const theirs = featureOf(t);
    if (!theirs || isEntry(t)) return null;
    // Route pages load on demand, each in a chunk of its own.
    return imp.dynamic ? null : `app/ imports a feature through its index.ts only, not ${t}`;
  }
  return null;
}

export function ruleFor(from: string, imp: TImport): string | null {
  const to = imp.to;
  if (from.startsWith(DOMAIN)) {
    return to.startsWith(DOMAIN) ? null : "packages/domain imports nothing from the apps";
  }
  if (isTest(from)) return null;
  if (from.startsWith(WEB) && to.startsWith(SERVER)) return "the web never imports server code";
  if (from.startsWith(SERVER) && to.startsWith(WEB)) return "the server imports no web code";
  if (from.startsWith(SERVER) && to.startsWith(SERVER)) return serverRule(from, to);
  if (from.startsWith(WEB) && to.startsWith(WEB)) return webRule(from, to, imp);
  return null;
}

const excepted = (from: string, to: string, exceptions: readonly TException[]) =>
  exceptions.some((e) => from.startsWith(e.from) && to.startsWith(e.to));

/** Every import that crosses a border it may not, except the justified ones. */
export function violations(
  graph: TGraph,
  exceptions: readonly TException[] = EXCEPTIONS,
): TViolation[] {
  const out: TViolation[] = [];
  for (const [from, imports] of graph) {
    for (const imp of imports) {
      const rule = ruleFor(from, imp);
      if (rule && !excepted(from, imp.to, exceptions)) {
        out.push({ from, to: imp.to, line: imp.line, rule });
      }
    }
  }
  return out;
}
