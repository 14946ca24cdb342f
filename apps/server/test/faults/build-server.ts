// The fault suite's global setup: bundles the server once (apps/server/build.mjs, under a second),
// so every start and restart runs dist/main.js as production does, not the TypeScript through tsx.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export default function buildServer(): void {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  execFileSync(process.execPath, ["build.mjs"], { cwd: serverDir, stdio: "inherit" });
}
