// notistack's provider, brought in by app/toasts.tsx with the first toast: it shows the toasts, and
// takes over the calls the app's useSnackbar made while it loaded. The one module (with
// build/lazy-toasts.ts's exceptions) that imports the real notistack.
import { styled } from "@mui/material/styles";
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from "notistack";
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

/**
 * notistack's own colours (white on #43a047, #ff9800, #2196f3) fall short of 4.5:1; the toasts
 * take the theme's, whose contrast theme.test.ts checks.
 */
const ThemedContent = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-success": {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  "&.notistack-MuiContent-error": {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  "&.notistack-MuiContent-warning": {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  "&.notistack-MuiContent-info": {
    backgroundColor: theme.palette.info.main,
    color: theme.palette.info.contrastText,
  },
}));

const THEMED = {
  default: ThemedContent,
  success: ThemedContent,
  error: ThemedContent,
  warning: ThemedContent,
  info: ThemedContent,
};

export function ToastHost() {
  return (
    <SnackbarProvider
      maxSnack={TOAST_DEFAULTS.maxSnack}
      autoHideDuration={TOAST_DEFAULTS.autoHideDuration}
      anchorOrigin={TOAST_DEFAULTS.anchorOrigin}
      transitionDuration={TOAST_DEFAULTS.transitionDuration}
      Components={THEMED}
    >
      <HandOver />
    </SnackbarProvider>
  );
}
