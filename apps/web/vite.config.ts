import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { SERVER_PATHS } from "../../packages/domain/src/reference/server-paths";
import { lazyToasts } from "./build/lazy-toasts";
import { precompress } from "./build/precompress";
import { pwa } from "./build/pwa";

/** React Router's production build (its package does not export the folder by name). */
const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

// Every path the Node server answers; the dev server forwards them so the SPA talks to one origin.
const API_TARGET = "http://localhost:3000";
const PROXIED_PATHS = SERVER_PATHS;

/**
 * Everything the entry imports at once goes in the entry chunk. Rolldown would otherwise cut it
 * into some forty files by which lazy pages share each module (Button, useQuery, jsx-runtime…),
 * all of which every page loads anyway: each a request of its own, compressed on its own, with
 * its imports and exports spelled out.
 */
const CODE_SPLITTING = { groups: [{ name: "index", tags: ["$initial" as const] }] };

export default defineConfig(({ isSsrBuild }) => ({
  // The server's first-view renderer (src/first-view.tsx) is one self-contained file: the server
  // loads it at run time and brings none of the web app's packages itself.
  ssr: { noExternal: true },
  // Its packages (React, MUI, emotion) in their production builds, as in the browser: the server's
  // NODE_ENV is not ours to rely on, and a development build would label every style
  // ("css-1ihnjhv-MuiLink-root") so that the browser would find none of the page's styles in place
  // and insert all of them again while hydrating, besides rendering several times slower.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  resolve: {
    // React Router's package resolves to its development build (extra checks and warnings) unless
    // told otherwise; its own Vite plugin would do this, we do not use that plugin.
    alias: [
      { find: /^react-router$/, replacement: `${ROUTER_PRODUCTION}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${ROUTER_PRODUCTION}/dom-export.mjs` },
    ],
  },
  plugins: isSsrBuild ? [react()] : [lazyToasts(), react(), pwa(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // No data: URIs (small font subsets would otherwise be inlined): the server's CSP may not
    // allow them, and separate files cache better anyway.
    assetsInlineLimit: 0,
    modulePreload: false,
    // The browser's build only: the server's renderer is one file read from disk.
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: CODE_SPLITTING } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [
        path,
        // The session hub under /user-mgmt is a websocket (Socket.IO).
        { target: API_TARGET, changeOrigin: false, ws: path === "/user-mgmt" },
      ]),
    ),
  },
}));
