// `npm run eval [-- names...] [-- --verbose]`: the evaluations (for now, `assistant`), run on the
// project's Node through tsx; each prints its figures and writes JSON to eval/results/.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SUITES = { assistant: "eval/assistant/run.ts" };

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith("--"));
const flags = args.filter((a) => a.startsWith("--"));
const chosen = names.length > 0 ? names : Object.keys(SUITES);
const unknown = chosen.filter((n) => !(n in SUITES));
if (unknown.length > 0) {
  console.error(
    `unknown evaluation: ${unknown.join(", ")} (known: ${Object.keys(SUITES).join(", ")})`,
  );
  process.exit(64);
}
for (const name of chosen) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), SUITES[name], ...flags],
    { cwd: root, stdio: "inherit" },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
