// The import graph of the repository's source: every file of the domain package, the server and
// the web app, with what each imports (resolved to files) and whether the import is type-only.
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where each workspace's source lives, and the package name others import it by. */
const SOURCES = ["packages/domain/src", "apps/server/src", "apps/web/src"] as const;
const PACKAGES: Record<string, string> = { "@hostfield/domain": "packages/domain/src" };
const DOMAIN_ENTRIES: Record<string, string> = {
  "": "index.ts",
  "/reference": "reference/index.ts",
  "/rules": "rules/index.ts",
  "/contracts": "contracts/index.ts",
  "/kinds": "kinds/index.ts",
};

export type TImport = {
  /** Repository-relative path of the imported file. */
  to: string;
  /** `import type …` / `export type …`, or every specifier marked `type`: erased at build. */
  typeOnly: boolean;
  /** `import("…")`: loaded on demand (a lazy route page). */
  dynamic: boolean;
  line: number;
};
export type TGraph = Map<string, TImport[]>;

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveFile(base: string): string | null {
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(path.join(ROOT, base))) return base;
  const js = base.replace(/\.(m?js|jsx)$/, "");
  for (const ext of EXTENSIONS) {
    if (fs.existsSync(path.join(ROOT, js + ext))) return js + ext;
  }
  return null;
}

/** The repository file an import specifier names, or null for a package outside the repository. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    return resolveFile(path.posix.join(path.posix.dirname(from), specifier));
  }
  for (const [name, dir] of Object.entries(PACKAGES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      const entry = DOMAIN_ENTRIES[specifier.slice(name.length)];
      return entry ? path.posix.join(dir, entry) : null;
    }
  }
  return null;
}

const STATIC = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*["']([^"']+)["'];?/gm;
const SIDE_EFFECT = /^\s*import\s+["']([^"']+)["'];?/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Every import of one file's text. A clause whose every specifier says `type` is type-only. */
export function importsOf(file: string, text: string): TImport[] {
  const found: TImport[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean, index: number) => {
    const to = resolveImport(file, specifier);
    if (to) found.push({ to, typeOnly, dynamic, line: lineOf(text, index) });
  };
  for (const m of text.matchAll(STATIC)) {
    const clause = m[3] ?? "";
    const names = clause.match(/^\{([\s\S]*)\}$/)?.[1];
    const allTypes = names
      ?.split(",")
      .map((n) => n.trim())
      .filter(Boolean)
      .every((n) => n.startsWith("type "));
    add(m[4]!, Boolean(m[2]) || allTypes === true, false, m.index);
  }
  for (const m of text.matchAll(SIDE_EFFECT)) add(m[1]!, false, false, m.index);
  for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false, true, m.index);
  return found;
}

function walk(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
}

/** The graph of every source file (tests included; the rules decide what they apply to). */
export function buildGraph(): TGraph {
  const files: string[] = [];
  for (const dir of SOURCES) walk(dir, files);
  const graph: TGraph = new Map();
  for (const file of files) {
    graph.set(file, importsOf(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
  }
  return graph;
}

/**
 * Import cycles (type-only imports included, as a reader follows them; on-demand route pages
 * excluded): each cycle once, as the nodes around it. `nodeOf` groups files into the nodes compared
 * (a file, or a feature folder); null leaves a file out. Tarjan's strongly connected components.
 */
export function findCycles(
  graph: TGraph,
  nodeOf: (file: string) => string | null = (file) => file,
): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = nodeOf(file);
    if (from === null) continue;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const i of imports) {
      const to = i.dynamic ? null : nodeOf(i.to);
      if (to !== null && (to !== from || file !== i.to)) targets.add(to);
    }
    // A node that only points at itself (two files of one folder) is no cycle between nodes.
    if (nodeOf(file) !== file) targets.delete(from);
  }
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);
  return cycles;
}
