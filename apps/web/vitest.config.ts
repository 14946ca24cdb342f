import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import {
  defineProject,
  type TestProjectInlineConfiguration,
  type UserWorkspaceConfig,
} from "vitest/config";
import { lazyToasts } from "./build/lazy-toasts";

const root = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;
/** `vi.mock` replaces a module for its file alone only when the file has its own module graph. */
const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/;

/**
 * The test files that replace a module (`vi.mock`), relative to this folder. They run in a project
 * of their own, each file in a fresh module graph ("web-isolated"); the rest share their worker's
 * modules ("web": isolate false), so React, MUI and the route table load once per worker, not once
 * per file.
 */
const MODULE_REPLACING_TESTS: string[] = fs
  .readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
  .filter((file) => TEST_FILE.test(file))
  .map((file) => path.join("src", file))
  .filter((file) => REPLACES_A_MODULE.test(fs.readFileSync(path.join(root, file), "utf8")))
  .map((file) => file.split(path.sep).join("/"));

const jsdom: NonNullable<UserWorkspaceConfig["test"]> = {
  environment: "jsdom",
  setupFiles: ["./src/test/setup.ts"],
  css: false,
  // jsdom renders of whole pages take seconds on a loaded two-core machine, and 20 s ran out for a
  // dialog's whole journey on a slow one; no test measures time, this only stops a hung one.
  testTimeout: 60_000,
};

export default defineProject({
  plugins: [lazyToasts(), react()],
  test: {
    ...jsdom,
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", ...MODULE_REPLACING_TESTS],
    isolate: false,
  },
});

/** The module-replacing files' project, for the root's list. */
export const webIsolated: TestProjectInlineConfiguration = {
  root,
  plugins: [lazyToasts(), react()],
  test: { ...jsdom, name: "web-isolated", include: MODULE_REPLACING_TESTS, isolate: true },
};
