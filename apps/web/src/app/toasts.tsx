// Toast defaults of spec §2 (the domain's TOAST: how many at once, lifetime, position, in/out).
// notistack pauses on hover or window blur and resumes for half the duration, as the spec asks.
//
// notistack (about 7 kB gzipped) loads with the first toast, not with every page: the app's
// `import { useSnackbar } from "notistack"` comes here (build/lazy-toasts.ts), and this
// useSnackbar keeps what is asked of it until the real provider (toast-host.tsx) is up, then hands
// everything to it. A page nobody is told anything on carries none of it.
import { TOAST } from "@hostfield/domain/reference";
import type { OptionsObject, ProviderContext, SnackbarKey, SnackbarOrigin } from "notistack";
import { isValidElement, lazy, type ReactNode, Suspense, useEffect, useState } from "react";

/** notistack's anchor for each toast position the domain can name. */
const ANCHORS = {
  "bottom-left": { vertical: "bottom", horizontal: "left" },
} as const satisfies Record<typeof TOAST.position, SnackbarOrigin>;

export const TOAST_DEFAULTS = {
  maxSnack: TOAST.max,
  autoHideDuration: TOAST.lifetime,
  anchorOrigin: ANCHORS[TOAST.position],
  transitionDuration: { enter: TOAST.enter, exit: TOAST.exit },
} as const;

const ToastHost = lazy(async () => ({ default: (await import("./toast-host")).ToastHost }));

/** The real provider's own calls, once it is up. */
let host: ProviderContext | null = null;
/** What was asked before it was, in order. */
let pending: { key: SnackbarKey | null; run: (real: ProviderContext) => void }[] = [];
/** Asks the mounted ToastProvider to bring the real provider in. */
let bringHost: (() => void) | null = null;

/** notistack's own test for its two call forms: `(message, options)` or `(options)`. */
function isOptions(value: unknown): value is OptionsObject & { message?: ReactNode } {
  return typeof value === "object" && value !== null && !isValidElement(value);
}

const enqueueSnackbar = ((messageOrOptions: unknown, maybeOptions?: OptionsObject) => {
  if (host) return host.enqueueSnackbar(messageOrOptions as never, maybeOptions);
  const options = isOptions(messageOrOptions) ? messageOrOptions : (maybeOptions ?? {});
  // The caller gets its key now, as notistack makes one: the toast will carry it.
  const key = options.key ?? Date.now() + Math.random();
  pending.push({
    key,
    run: (real) =>
      isOptions(messageOrOptions)
        ? real.enqueueSnackbar({ ...messageOrOptions, key })
        : real.enqueueSnackbar(messageOrOptions as ReactNode, { ...maybeOptions, key }),
  });
  bringHost?.();
  return key;
}) as ProviderContext["enqueueSnackbar"];

function closeSnackbar(key?: SnackbarKey): void {
  if (host) {
    host.closeSnackbar(key);
    return;
  }
  // Not shown yet: it never will be.
  pending = key === undefined ? [] : pending.filter((call) => call.key !== key);
}

const toasts: ProviderContext = { enqueueSnackbar, closeSnackbar };

/** notistack's hook, for the whole app: stable, usable before the provider has loaded. */
export function useSnackbar(): ProviderContext {
  return toasts;
}

/** For toast-host.tsx: the real provider is up (or, with null, gone). */
export function attachToastHost(real: ProviderContext | null): void {
  host = real;
  if (!real) return;
  const calls = pending;
  pending = [];
  for (const call of calls) call.run(real);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const bring = () => setWanted(true);
    bringHost = bring;
    // Asked before this provider was mounted (a toast in a first render's effect).
    if (pending.length > 0) bring();
    return () => {
      if (bringHost === bring) bringHost = null;
    };
  }, []);
  return (
    <>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </>
  );
}
