// Toast defaults of spec §2 (the domain's TOAST: how many at once, lifetime, position, in/out).
// notistack pauses on hover or window blur and resumes for half the duration, as the spec asks.
import { TOAST } from "@hostfield/domain/reference";
import { type SnackbarOrigin, SnackbarProvider } from "notistack";
import type { ReactNode } from "react";

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

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_DEFAULTS.maxSnack}
      autoHideDuration={TOAST_DEFAULTS.autoHideDuration}
      anchorOrigin={TOAST_DEFAULTS.anchorOrigin}
      transitionDuration={TOAST_DEFAULTS.transitionDuration}
    >
      {children}
    </SnackbarProvider>
  );
}
