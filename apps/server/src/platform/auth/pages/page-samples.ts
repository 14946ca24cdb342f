// Sample renders of every page, shared by the tests and by anyone previewing the pages in a browser.
import { ACCOUNT_TYPES } from "@hostfield/domain/reference";
import { renderLoggedOut, renderLogoutConfirm } from "./logout";
import { renderError, renderLinkInvalid } from "./messages";
import { renderForgotPassword, renderResetDone, renderResetPassword } from "./password-reset";
import { renderSelectAccount } from "./select-account";
import { renderSignIn } from "./sign-in";
import { renderSignUp } from "./sign-up";
import { renderUnsubscribeConfirm, renderUnsubscribed } from "./unsubscribe";
import { renderEmailVerified, renderVerifyEmailSent } from "./verify-email";

const PASSWORD_RULE = "Use at least 12 characters.";

/** One realistic render of each page and of its notable states, keyed by a file-name-safe slug. */
export function renderSamplePages(): Record<string, string> {
  return {
    "sign-in": renderSignIn({
      action: "/interaction/abc123/login",
      signUpUrl: "/interaction/abc123/sign-up",
      forgotUrl: "/password/forgot",
    }),
    "sign-in-error": renderSignIn({
      action: "/interaction/abc123/login",
      signUpUrl: "/interaction/abc123/sign-up",
      forgotUrl: "/password/forgot",
      email: "maria@example.com",
      error: "That e-mail and password don't match an account.",
    }),
    "sign-in-notice": renderSignIn({
      action: "/interaction/abc123/login",
      signUpUrl: "/interaction/abc123/sign-up",
      forgotUrl: "/password/forgot",
      notice: "Your e-mail is verified. Log in to continue.",
    }),
    "sign-up": renderSignUp({
      action: "/interaction/abc123/sign-up",
      signInUrl: "/interaction/abc123",
      accountTypes: ACCOUNT_TYPES,
      passwordRule: PASSWORD_RULE,
    }),
    "sign-up-errors": renderSignUp({
      action: "/interaction/abc123/sign-up",
      signInUrl: "/interaction/abc123",
      accountTypes: ACCOUNT_TYPES,
      values: { name: "Maria Lopez", email: "maria@example", accountType: "Coach" },
      errors: {
        email: "Enter an e-mail address like name@example.com.",
        password: "That password is too short.",
      },
      passwordRule: PASSWORD_RULE,
    }),
    "select-account": renderSelectAccount({
      action: "/interaction/abc123/select-account",
      account: { name: "Maria Lopez", email: "maria.lopez@tournaments-of-the-great-lakes.example" },
    }),
    "verify-email-sent": renderVerifyEmailSent({
      email: "maria@example.com",
      signInUrl: "/interaction/abc123",
    }),
    "email-verified": renderEmailVerified({ signInUrl: "/interaction/abc123" }),
    "forgot-password": renderForgotPassword({ action: "/password/forgot", signInUrl: "/" }),
    "forgot-password-sent": renderForgotPassword({
      action: "/password/forgot",
      email: "maria@example.com",
      sent: true,
      signInUrl: "/",
    }),
    "reset-password": renderResetPassword({
      action: "/password/reset",
      token: "tok_123",
      passwordRule: PASSWORD_RULE,
      email: "maria@example.com",
      error: "That password is too short.",
    }),
    "reset-done": renderResetDone({ signInUrl: "/" }),
    "link-invalid": renderLinkInvalid({
      title: "This link has expired",
      message: "Reset links work for one hour and only once. Ask for a new one.",
      actionUrl: "/password/forgot",
      actionLabel: "Send a new link",
    }),
    error: renderError({
      title: "Something went wrong",
      message: "We couldn't finish signing you in. Try again in a moment.",
    }),
    "logout-confirm": renderLogoutConfirm({ action: "/session/end/confirm", xsrf: "xsrf_123" }),
    "logged-out": renderLoggedOut({ homeUrl: "/" }),
    unsubscribe: renderUnsubscribeConfirm({
      action: "/email/unsubscribe?u=1&c=leads&s=x",
      what: "new requests for proposals to your listings",
      settingsUrl: "/account#email",
    }),
    unsubscribed: renderUnsubscribed({
      what: "new requests for proposals to your listings",
      settingsUrl: "/account#email",
    }),
  };
}

/**
 * Every page with `value` in every field the caller controls, optional ones included, so one
 * hostile string exercises each interpolation.
 */
export function renderEveryPageWith(value: string): Record<string, string> {
  const errors = { name: value, email: value, password: value, accountType: value, form: value };
  return {
    renderSignIn: renderSignIn({
      action: value,
      signUpUrl: value,
      forgotUrl: value,
      email: value,
      error: value,
      notice: value,
    }),
    renderSignUp: renderSignUp({
      action: value,
      signInUrl: value,
      accountTypes: [value, "Coach"],
      values: { name: value, email: value, accountType: value },
      errors,
      passwordRule: value,
    }),
    renderSelectAccount: renderSelectAccount({
      action: value,
      account: { name: value, email: value },
    }),
    renderVerifyEmailSent: renderVerifyEmailSent({ email: value, signInUrl: value }),
    renderEmailVerified: renderEmailVerified({ signInUrl: value }),
    renderForgotPassword: renderForgotPassword({
      action: value,
      email: value,
      sent: true,
      error: value,
      signInUrl: value,
    }),
    renderResetPassword: renderResetPassword({
      action: value,
      token: value,
      error: value,
      passwordRule: value,
      email: value,
    }),
    renderResetDone: renderResetDone({ signInUrl: value }),
    renderLinkInvalid: renderLinkInvalid({
      title: value,
      message: value,
      actionUrl: value,
      actionLabel: value,
    }),
    renderError: renderError({ title: value, message: value, homeUrl: value }),
    renderLogoutConfirm: renderLogoutConfirm({ action: value, xsrf: value }),
    renderLoggedOut: renderLoggedOut({ homeUrl: value }),
    renderUnsubscribeConfirm: renderUnsubscribeConfirm({
      action: value,
      what: value,
      settingsUrl: value,
    }),
    renderUnsubscribed: renderUnsubscribed({ what: value, settingsUrl: value }),
  };
}
