// notistack's provider, brought in by app/toasts.tsx with the first toast: it shows the toasts, and
// takes over the calls the app's useSnackbar made while it loaded. The one module (with
// build/lazy-toasts.ts's exceptions) that imports the real notistack.
import { SnackbarProvider, useSnackbar } from "notistack";
import { useLayoutEffect } from "react";
import { attachToastHost, TOAST_DEFAULTS } from "./toasts";

function HandOver() {
  const real = useSnackbar();
  useLayoutEffect(() => {
    attachToastHost(real);
    return () => attachToastHost(null);
  }, [real]);
  return null;
}

export function ToastHost() {
  return (
    <SnackbarProvider
      maxSnack={TOAST_DEFAULTS.maxSnack}
      autoHideDuration={TOAST_DEFAULTS.autoHideDuration}
      anchorOrigin={TOAST_DEFAULTS.anchorOrigin}
      transitionDuration={TOAST_DEFAULTS.transitionDuration}
    >
      <HandOver />
    </SnackbarProvider>
  );
}
