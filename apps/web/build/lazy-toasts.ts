// A Vite (and Vitest) step: the app's `import … from "notistack"` resolves to src/app/toasts.tsx,
// whose useSnackbar loads notistack with the first toast (see there). Only the module that mounts
// the real provider (src/app/toast-host.tsx) gets the library itself. Done by resolving rather
// than by changing the imports, so a new `import { useSnackbar } from "notistack"` anywhere in the
// app stays light, and a toast it asks for still reaches the one provider.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");
const TOASTS = path.join(SRC, "app", "toasts.tsx");
const HOST = path.join(SRC, "app", "toast-host.tsx");

export function lazyToasts(): Plugin {
  return {
    name: "hostfield-lazy-toasts",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "notistack" || !importer) return null;
      const from = importer.split("?")[0] ?? importer;
      // The host imports the real library; the app's own module imports only its types.
      if (from === HOST || from === TOASTS || !from.startsWith(SRC)) return null;
      return TOASTS;
    },
  };
}
