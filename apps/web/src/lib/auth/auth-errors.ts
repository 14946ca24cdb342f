// Sign-in and token failures as values with codes, and the texts spec §8 gives them. oidc-client-ts
// is loaded lazily, so its errors are recognised by shape (`name`, `error`) rather than by class.

export const AUTH_ERROR_MESSAGES = {
  invalidState: "Invalid state",
  popupClosed: "Popup closed",
  popupBlocked: "Unable to open a popup for loginWithPopup - window.open returned null",
  loginFailed: "Login failed",
  tokenFailed: "Get access token failed",
  timeout: "Timeout",
} as const;

/** The words by which an unverified e-mail address is recognised (spec §8). */
export const VERIFY_EMAIL_MARKER = "Look for an email";

export type TAuthErrorCode =
  | "state_mismatch"
  | "missing_transaction"
  | "cancelled"
  | "popup_blocked"
  | "timeout"
  | "login_failed"
  | "token_failed"
  /** Any `error` code the provider sent back (access_denied, login_required, ...). */
  | (string & {});

export type TAuthError = {
  code: TAuthErrorCode;
  message: string;
  /** True when the message asks the user to verify their e-mail first. */
  verifyEmail: boolean;
};

type TErrorResponseLike = {
  name: "ErrorResponse";
  error: string;
  error_description?: string | null;
};

function isErrorResponse(error: unknown): error is TErrorResponseLike {
  if (!(error instanceof Error) || error.name !== "ErrorResponse") return false;
  return typeof (error as { error?: unknown }).error === "string";
}

/** Replies of a silent request meaning "nobody is signed in there": not a failure (spec §8). */
const SESSION_GONE_CODES: readonly string[] = [
  "login_required",
  "interaction_required",
  "consent_required",
  "account_selection_required",
  // A refresh token that expired, was revoked or was already rotated.
  "invalid_grant",
];

export function isSessionGone(error: unknown): boolean {
  return isErrorResponse(error) && SESSION_GONE_CODES.includes(error.error);
}

/** The name of the error a renewal throws when the sign-in client could not be set up. */
export const SIGN_IN_UNREACHABLE = "SignInUnreachable";

export function signInUnreachable(): Error {
  const error = new Error("The sign-in provider could not be reached.");
  error.name = SIGN_IN_UNREACHABLE;
  return error;
}

/** The provider's own words for "not now": its token endpoint could not serve (issue 48). */
const PROVIDER_BUSY_CODES: readonly string[] = ["temporarily_unavailable", "server_error"];

/**
 * What oidc-client-ts throws when the provider gave no usable answer: a 5xx without the OAuth
 * error shape ("Service Unavailable (503): …"), or a proxy's HTML page in its place.
 */
const UNANSWERED_MESSAGES: readonly RegExp[] = [/\(5\d\d\)/, /^Invalid response Content-Type/];

/**
 * Whether a token renewal failed only because the provider could not answer now: its
 * temporarily_unavailable or server_error, a 5xx, a timeout, no network (fetch's TypeError), or
 * no sign-in client to renew with (SIGN_IN_UNREACHABLE). Such a failure keeps the session and its
 * tokens and is tried again (token-renewal.ts).
 */
export function isProviderUnavailable(error: unknown): boolean {
  if (isErrorResponse(error)) return PROVIDER_BUSY_CODES.includes(error.error);
  if (!(error instanceof Error)) return false;
  if (error.name === "ErrorTimeout" || error.name === SIGN_IN_UNREACHABLE) return true;
  if (error instanceof TypeError) return true;
  return UNANSWERED_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * oidc-client-ts 3.x does not report a blocked popup itself: `window.open` returning null leaves
 * it without a window, and the first navigation fails with this message. A contract test against
 * the real library (oidc-contract.test.ts) keeps the match honest across upgrades.
 */
const POPUP_BLOCKED_MESSAGES: readonly string[] = [
  "Attempted to navigate on a disposed window",
  "Popup blocked by user",
];

export function isPopupBlocked(error: unknown): boolean {
  return error instanceof Error && POPUP_BLOCKED_MESSAGES.includes(error.message);
}

const POPUP_CLOSED_MESSAGES: readonly string[] = ["Popup closed by user", "Popup closed"];

const LIBRARY_CODES: Readonly<Record<string, TAuthErrorCode>> = {
  "No matching state found in storage": "missing_transaction",
  "No state in response": "state_mismatch",
  "Invalid response from window": "state_mismatch",
};

function build(code: TAuthErrorCode, message: string): TAuthError {
  return { code, message, verifyEmail: message.includes(VERIFY_EMAIL_MARKER) };
}

/** Maps whatever a sign-in (`login`) or token (`token`) step threw to a spec §8 error. */
export function toAuthError(error: unknown, during: "login" | "token"): TAuthError {
  const fallback =
    during === "login"
      ? build("login_failed", AUTH_ERROR_MESSAGES.loginFailed)
      : build("token_failed", AUTH_ERROR_MESSAGES.tokenFailed);
  if (isErrorResponse(error)) {
    return build(error.error, error.error_description || error.error || fallback.message);
  }
  if (!(error instanceof Error)) return fallback;
  if (error.name === "ErrorTimeout") return build("timeout", AUTH_ERROR_MESSAGES.timeout);
  if (isPopupBlocked(error)) return build("popup_blocked", AUTH_ERROR_MESSAGES.popupBlocked);
  if (POPUP_CLOSED_MESSAGES.includes(error.message)) {
    return build("cancelled", AUTH_ERROR_MESSAGES.popupClosed);
  }
  const code = LIBRARY_CODES[error.message];
  if (code) return build(code, AUTH_ERROR_MESSAGES.invalidState);
  return fallback;
}
