// A tier's test count and its 20 slowest files, from the JSON report its runner wrote, so growth
// shows in every CI log: node .ci/slowest.mjs <report.json>. Reads Vitest's JSON reporter (files
// with their tests) and Playwright's (suites by file, each test's results).
import fs from "node:fs";
import path from "node:path";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log(`no report at ${file}: the tier stopped before writing it`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const root = process.cwd();
/** [file, seconds, tests] per file. */
const files = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

if (Array.isArray(report.testResults)) {
  for (const result of report.testResults) {
    const tests = result.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === "passed") counts.passed++;
      else if (test.status === "failed") counts.failed++;
      else counts.skipped++;
    }
    files.push([
      path.relative(root, result.name),
      (result.endTime - result.startTime) / 1000,
      tests.length,
    ]);
  }
} else {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, r) => sum + r.duration / 1000, 0);
        const entry = byFile.get(spec.file) ?? [spec.file, 0, 0];
        entry[1] += seconds;
        entry[2] += 1;
        byFile.set(spec.file, entry);
        if (test.status === "expected" || test.status === "flaky") counts.passed++;
        else if (test.status === "skipped") counts.skipped++;
        else counts.failed++;
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  files.push(...byFile.values());
}

const total = files.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(
  `${files.length} files, ${counts.passed} tests passed, ${counts.failed} failed, ${counts.skipped} skipped; files' own times add up to ${total.toFixed(0)} s`,
);
console.log("slowest files (seconds, tests):");
for (const [name, seconds, tests] of files.sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${seconds.toFixed(1).padStart(6)}  ${String(tests).padStart(4)}  ${name}`);
