// What sign-in says in toasts (spec §8): a failure, "Look for an email", sign-in being
// unavailable, the session that ended (with Log in), the profile that did not load (with Retry) and
// the popup a browser blocked (with Continue in this window).
import { NAVBAR } from "@hostfield/domain/reference";
import Button from "@mui/material/Button";
import { type SnackbarKey, useSnackbar } from "notistack";
import { useMemo } from "react";
import type { TAuthError } from "./auth-errors";

export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable right now";
export const SESSION_EXPIRED = "Your session has ended. Log in again to continue.";
export const PROFILE_UNAVAILABLE = "We could not load your profile.";
export const POPUP_BLOCKED =
  "Your browser blocked the sign-in window. Allow pop-ups for this site and try again, or continue in this window.";

/** The state's error while sign-in cannot be set up (no configuration, or no library). */
export const UNAVAILABLE_ERROR: TAuthError = {
  code: "unavailable",
  message: SIGN_IN_UNAVAILABLE,
  verifyEmail: false,
};

/** Spec §8 'Look for an email': a warning that stays, top right, until dismissed. */
const VERIFY_EMAIL_TOAST = {
  variant: "warning",
  persist: true,
  anchorOrigin: { vertical: "top", horizontal: "right" },
  // Below the top bar, not over its Log in button (someone who reads it may try again at once).
  style: { marginTop: NAVBAR.height },
} as const;

export type TAuthNotices = {
  /** A sign-in or token failure; the user closing the popup is none. */
  failure(error: TAuthError): void;
  signInUnavailable(): void;
  sessionExpired(logIn: () => void): void;
  profileUnavailable(retry: () => void): void;
  /** Spec §8: the popup could not open; the same sign-in is offered in this window. */
  popupBlocked(continueHere: () => void): void;
};

export function useAuthNotices(): TAuthNotices {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(() => {
    /** A toast's one button: closes the toast, then does what it says. */
    const button = (label: string, run?: () => void) => (key: SnackbarKey) => (
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          closeSnackbar(key);
          run?.();
        }}
      >
        {label}
      </Button>
    );
    return {
      failure(error) {
        if (error.code === "cancelled") return; // the user closed the popup on purpose
        if (error.verifyEmail) {
          enqueueSnackbar(error.message, {
            ...VERIFY_EMAIL_TOAST,
            preventDuplicate: true,
            action: button("Dismiss"),
          });
          return;
        }
        enqueueSnackbar(error.message, { variant: "error", preventDuplicate: true });
      },
      signInUnavailable() {
        enqueueSnackbar(SIGN_IN_UNAVAILABLE, { variant: "error", preventDuplicate: true });
      },
      sessionExpired(logIn) {
        enqueueSnackbar(SESSION_EXPIRED, {
          variant: "warning",
          preventDuplicate: true,
          action: button("Log in", logIn),
        });
      },
      profileUnavailable(retry) {
        enqueueSnackbar(PROFILE_UNAVAILABLE, {
          variant: "error",
          preventDuplicate: true,
          action: button("Retry", retry),
        });
      },
      popupBlocked(continueHere) {
        enqueueSnackbar(POPUP_BLOCKED, {
          variant: "warning",
          persist: true,
          preventDuplicate: true,
          action: (key) => (
            <>
              {button("Continue in this window", continueHere)(key)}
              {button("Dismiss")(key)}
            </>
          ),
        });
      },
    };
  }, [enqueueSnackbar, closeSnackbar]);
}
