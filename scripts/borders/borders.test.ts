// The borders of the house, checked like the route table: a file that imports another module's
// insides, a listing machinery that imports a module, a web feature that reaches into another, or
// an import cycle fails `npm test` with the file, the line and the rule.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildGraph, findCycles, importsOf, ROOT, type TGraph } from "./graph";
import { EXCEPTIONS, violations } from "./rules";

const graph = buildGraph();
const readable = (list: { from: string; line: number; to: string; rule: string }[]) =>
  list.map((v) => `${v.from}:${v.line} imports ${v.to}\n    ${v.rule}`).join("\n");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const featureOf = (file: string) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1] ?? null;

describe("the borders of the house", () => {
  it("reads the whole source", () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get("apps/server/src/app.ts")?.length).toBeGreaterThan(5);
  });

  it("are not crossed by any import", () => {
    expect(readable(violations(graph))).toBe("");
  });

  it("keep no exception that nothing needs any more", () => {
    const used = (e: (typeof EXCEPTIONS)[number]) =>
      [...graph].some(
        ([from, imports]) =>
          from.startsWith(e.from) &&
          imports.some(
            (i) => i.to.startsWith(e.to) && violations(new Map([[from, [i]]]), []).length > 0,
          ),
      );
    expect(EXCEPTIONS.filter((e) => !used(e)).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("leave no import cycle between files", () => {
    const cycles = findCycles(graph, (f) => (isTest(f) ? null : f));
    expect(cycles.map((c) => c.join(" <-> "))).toEqual([]);
  });

  it("leave no import cycle between web features", () => {
    const cycles = findCycles(graph, (f) => (isTest(f) ? null : featureOf(f)));
    expect(cycles.map((c) => c.join(" <-> "))).toEqual([]);
  });
});

describe("the server's routes", () => {
  const serverFiles = [...graph.keys()].filter(
    (f) => f.startsWith("apps/server/src/") && !isTest(f),
  );
  const lines = (pattern: RegExp) =>
    serverFiles.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((text, i) => (pattern.test(text) ? [`${file}:${i + 1}`] : [])),
    );

  it("read their params, query and body as their schemas typed them, never by a cast", () => {
    expect(lines(/request\.(params|query|body) as\b/)).toEqual([]);
  });

  it("are declared one way (addRoute), not through Fastify's type provider", () => {
    expect(lines(/withTypeProvider/)).toEqual([]);
  });
});

describe("the checker", () => {
  const file = (from: string, ...to: string[]): TGraph =>
    new Map([[from, to.map((t, line) => ({ to: t, typeOnly: false, dynamic: false, line }))]]);
  const rulesBroken = (g: TGraph) => violations(g).map((v) => v.rule);

  it("refuses a module that reads another module's repository or tables", () => {
    expect(
      rulesBroken(
        file(
          "apps/server/src/modules/groups/service.ts",
          "apps/server/src/modules/rfps/repository.ts",
          "apps/server/src/modules/rfps/schema.ts",
          "apps/server/src/modules/rfps/index.ts",
        ),
      ),
    ).toEqual([
      "a module imports another module's index.ts only, not modules/rfps/repository.ts",
      "a module imports another module's index.ts only, not modules/rfps/schema.ts",
    ]);
  });

  it("refuses the listing machinery or the platform importing a module", () => {
    expect(
      rulesBroken(
        file("apps/server/src/profiles/service.ts", "apps/server/src/modules/facilities/index.ts"),
      ),
    ).toHaveLength(1);
    expect(
      rulesBroken(
        file("apps/server/src/platform/http/errors.ts", "apps/server/src/profiles/index.ts"),
      ),
    ).toHaveLength(1);
  });

  it("refuses a module reaching past profiles/index.ts", () => {
    expect(
      rulesBroken(
        file("apps/server/src/modules/events/service.ts", "apps/server/src/profiles/repository.ts"),
      ),
    ).toEqual(["a module reaches the listing machinery through profiles/index.ts only"]);
  });

  it("refuses a web feature reaching into another, or into the shell", () => {
    expect(
      rulesBroken(
        file(
          "apps/web/src/features/requests/proposals-page.tsx",
          "apps/web/src/features/leads/lead-rules.ts",
          "apps/web/src/features/leads/index.ts",
          "apps/web/src/app/routes.tsx",
        ),
      ),
    ).toEqual([
      "a feature imports another feature through its index.ts only, not features/leads/lead-rules.ts",
      "a feature does not import the app shell (app/)",
    ]);
  });

  it("lets a feature load another's section on demand from its own file", () => {
    const lazy: TGraph = new Map([
      [
        "apps/web/src/features/profiles/profile-page.tsx",
        [
          {
            to: "apps/web/src/features/promotions/event-deals-section.tsx",
            typeOnly: false,
            dynamic: true,
            line: 1,
          },
        ],
      ],
    ]);
    expect(rulesBroken(lazy)).toEqual([]);
  });

  it("refuses the domain package importing the apps", () => {
    expect(
      rulesBroken(file("packages/domain/src/rules/leads.ts", "apps/server/src/app.ts")),
    ).toEqual(["packages/domain imports nothing from the apps"]);
  });

  it("finds a cycle, type-only imports included, and not through a lazy page", () => {
    const g: TGraph = new Map([
      ["a.ts", [{ to: "b.ts", typeOnly: true, dynamic: false, line: 1 }]],
      ["b.ts", [{ to: "a.ts", typeOnly: false, dynamic: false, line: 1 }]],
      ["c.ts", [{ to: "d.ts", typeOnly: false, dynamic: true, line: 1 }]],
      ["d.ts", [{ to: "c.ts", typeOnly: false, dynamic: false, line: 1 }]],
    ]);
    expect(findCycles(g)).toEqual([["a.ts", "b.ts"]]);
  });

  it("reads type-only, side-effect and dynamic imports", () => {
    const found = importsOf(
      "apps/server/src/app.ts",
      [
        'import type { TConfig } from "./platform/config";',
        'import { type TDb, openDatabase } from "./platform/db/database";',
        'import "./modules";',
        'const lazy = () => import("./main");',
      ].join("\n"),
    );
    expect(found.map((i) => [i.to, i.typeOnly, i.dynamic])).toEqual([
      ["apps/server/src/platform/config.ts", true, false],
      ["apps/server/src/platform/db/database.ts", false, false],
      ["apps/server/src/modules.ts", false, false],
      ["apps/server/src/main.ts", false, true],
    ]);
  });
});
