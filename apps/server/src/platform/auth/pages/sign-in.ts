// The log-in page of the identity provider's login interaction.
import { BRAND } from "@hostfield/domain/reference";
import { cardLinks, fieldAside, pageHeading } from "./content";
import { html } from "./escape";
import {
  actions,
  button,
  errorSummary,
  FORM_ERROR_ID,
  noticeBox,
  postForm,
  textField,
} from "./forms";
import { renderPage } from "./layout";

export type TSignInPage = {
  action: string;
  signUpUrl: string;
  forgotUrl: string;
  email?: string;
  /** Shown in the alert; keep it generic ("That e-mail and password don't match an account."). */
  error?: string;
  /** Shown in a status box, e.g. after the e-mail was verified. */
  notice?: string;
};

export function renderSignIn({
  action,
  signUpUrl,
  forgotUrl,
  email,
  error,
  notice,
}: TSignInPage): string {
  // A failed log-in cannot say which field was wrong, so both point at the one alert.
  const errorRef = error ? FORM_ERROR_ID : undefined;
  const body = html`${pageHeading(`Log in to ${BRAND}`)}
${notice && noticeBox(notice)}
${error && errorSummary({ message: error })}
${postForm({
  action,
  content: html`${textField({
    type: "email",
    name: "email",
    label: "E-mail",
    // "username" pairs this field with current-password for password managers.
    autocomplete: "username",
    value: email,
    errorRef,
    autofocus: Boolean(error),
  })}
${textField({ type: "password", name: "password", label: "Password", autocomplete: "current-password", errorRef })}
${fieldAside({ href: forgotUrl, label: "Forgot password?" })}
${actions(button({ label: "Log in" }))}`,
})}
${cardLinks({ lead: `New to ${BRAND}?`, href: signUpUrl, label: "Sign up" })}`;
  return renderPage({ title: "Log in", body });
}
