// The sign-up page: name, e-mail, password and account type (spec §6 account types).
import { BRAND } from "@hostfield/domain/reference";
import { cardLinks, pageHeading } from "./content";
import { html } from "./escape";
import {
  actions,
  button,
  errorSummary,
  postForm,
  selectField,
  type TFieldError,
  textField,
} from "./forms";
import { renderPage } from "./layout";

export type TSignUpField = "name" | "email" | "password" | "accountType";

export type TSignUpPage = {
  action: string;
  signInUrl: string;
  accountTypes: readonly string[];
  values?: { name?: string; email?: string; accountType?: string };
  errors?: Partial<Record<TSignUpField | "form", string>>;
  /** Shown under the password label, e.g. "Use at least 12 characters." */
  passwordRule: string;
};

// Form order: the summary lists errors, and autofocus picks the first, in the order a user reads.
const FIELD_ORDER: readonly TSignUpField[] = ["name", "email", "password", "accountType"];

export function renderSignUp({
  action,
  signInUrl,
  accountTypes,
  values = {},
  errors = {},
  passwordRule,
}: TSignUpPage): string {
  const fieldErrors: TFieldError[] = FIELD_ORDER.flatMap((name) => {
    const message = errors[name];
    return message ? [{ name, message }] : [];
  });
  const firstInvalid = fieldErrors[0]?.name;
  const summary =
    errors.form || fieldErrors.length > 0
      ? errorSummary({ message: errors.form || "Check these details:", fieldErrors })
      : undefined;

  const body = html`${pageHeading(`Create your ${BRAND} account`)}
${summary}
${postForm({
  action,
  content: html`${textField({
    type: "text",
    name: "name",
    label: "Name",
    autocomplete: "name",
    value: values.name,
    error: errors.name,
    autofocus: firstInvalid === "name",
  })}
${textField({
  type: "email",
  name: "email",
  label: "E-mail",
  autocomplete: "email",
  value: values.email,
  error: errors.email,
  autofocus: firstInvalid === "email",
})}
${textField({
  type: "password",
  name: "password",
  label: "Password",
  autocomplete: "new-password",
  hint: passwordRule,
  error: errors.password,
  autofocus: firstInvalid === "password",
})}
${selectField({
  name: "accountType",
  label: "Account type",
  placeholder: "Choose one",
  options: accountTypes,
  value: values.accountType,
  error: errors.accountType,
  autofocus: firstInvalid === "accountType",
})}
${actions(button({ label: "Sign up" }))}`,
})}
${cardLinks({ lead: "Already have an account?", href: signInUrl, label: "Log in" })}`;
  return renderPage({ title: "Sign up", body });
}
