// `npm start`: builds what is missing or stale, then runs the server (which migrates and serves).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const domain = newestMtime(path.join(root, "packages/domain/src"));
const targets = [
  {
    name: "@hostfield/web",
    output: path.join(root, "apps/web/dist/index.html"),
    sources: Math.max(domain, newestMtime(path.join(root, "apps/web"))),
  },
  {
    name: "@hostfield/server",
    output: path.join(root, "apps/server/dist/main.js"),
    sources: Math.max(domain, newestMtime(path.join(root, "apps/server/src"))),
  },
];
for (const target of targets) {
  if (mtime(target.output) < target.sources) {
    console.log(`Building ${target.name}...`);
    execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: "inherit" });
  }
}

// `npm start` seeds an empty database with the demo network; SEED_ON_START=false turns it off.
process.env.SEED_ON_START ??= "true";
await import(path.join(root, "apps/server/dist/main.js"));
