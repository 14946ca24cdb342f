// Bundles the server (and the workspace's domain package) into dist/; npm dependencies stay external.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !name.startsWith("@hostfield/"))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    main: "src/main.ts",
    "cli/migrate": "src/cli/migrate.ts",
    "cli/admin": "src/cli/admin.ts",
    // The child process SEED_ON_START seeds in (main.ts starts it).
    "cli/seed-on-start": "src/cli/seed-on-start.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  sourcemap: true,
  external,
  // Bundled CommonJS (dayjs in the domain package) may call require().
  banner: {
    js: "import { createRequire as __hfRequire } from 'node:module'; const require = __hfRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.log("server built to apps/server/dist");
