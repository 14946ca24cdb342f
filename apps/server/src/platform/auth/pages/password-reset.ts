// The forgotten-password flow: ask for a link, choose a new password, done.
import { BRAND } from "@hostfield/domain/reference";
import { cardLinks, mutedText, pageHeading, textBlock } from "./content";
import { html } from "./escape";
import {
  actions,
  button,
  errorSummary,
  FORM_ERROR_ID,
  hiddenInput,
  linkButton,
  noticeBox,
  postForm,
  textField,
  usernameHint,
} from "./forms";
import { renderPage } from "./layout";

export type TForgotPasswordPage = {
  action: string;
  email?: string;
  /** After a request: the same neutral text whether or not the account exists. */
  sent?: boolean;
  error?: string;
  signInUrl?: string;
};

export function renderForgotPassword({
  action,
  email,
  sent = false,
  error,
  signInUrl,
}: TForgotPasswordPage): string {
  const errorRef = error ? FORM_ERROR_ID : undefined;
  // Never reveal whether an account exists: the text is identical for known and unknown addresses.
  const sentText = `If an account exists for ${email || "that e-mail"}, we sent a link to reset its password.`;
  const body = html`${pageHeading(
    "Reset your password",
    sent
      ? undefined
      : `Enter the e-mail you use for ${BRAND} and we'll send you a link to choose a new password.`,
  )}
${sent && noticeBox(sentText)}
${sent && mutedText("Nothing yet? Check your spam folder, or send the link again.")}
${error && errorSummary({ message: error })}
${postForm({
  action,
  content: html`${textField({
    type: "email",
    name: "email",
    label: "E-mail",
    autocomplete: "email",
    value: email,
    errorRef,
    autofocus: Boolean(error),
  })}
${actions(
  sent
    ? button({ label: "Send the link again", variant: "secondary" })
    : button({ label: "Send reset link" }),
)}`,
})}
${signInUrl && cardLinks({ lead: "Remembered it?", href: signInUrl, label: "Log in" })}`;
  return renderPage({ title: "Reset your password", body });
}

export type TResetPasswordPage = {
  action: string;
  token: string;
  error?: string;
  passwordRule: string;
  /** The account's e-mail: shown, and offered to password managers so they update the right entry. */
  email?: string;
};

export function renderResetPassword({
  action,
  token,
  error,
  passwordRule,
  email,
}: TResetPasswordPage): string {
  const body = html`${pageHeading(
    "Choose a new password",
    email && html`For your account <strong>${email}</strong>.`,
  )}
${error && errorSummary({ message: error })}
${postForm({
  action,
  content: html`${hiddenInput("token", token)}
${email && usernameHint(email)}
${textField({
  type: "password",
  name: "password",
  label: "New password",
  autocomplete: "new-password",
  hint: passwordRule,
  errorRef: error ? FORM_ERROR_ID : undefined,
  autofocus: Boolean(error),
})}
${actions(button({ label: "Save password" }))}`,
})}`;
  return renderPage({ title: "Choose a new password", body });
}

export type TResetDonePage = { signInUrl: string };

export function renderResetDone({ signInUrl }: TResetDonePage): string {
  const body = html`${pageHeading("Your password is changed")}
${textBlock("Log in with your new password to continue.")}
${actions(linkButton({ href: signInUrl, label: "Log in" }))}`;
  return renderPage({ title: "Password changed", body });
}
