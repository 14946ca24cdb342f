// Finds the built web app (apps/web/dist) from the server's own location, in source and bundle alike.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function defaultWebDistDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "apps", "web", "dist");
    if (fs.existsSync(path.join(dir, "apps", "web", "package.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
