// Form pieces the sign-in pages are built from, so labels, errors and buttons behave the same everywhere.
import { type HtmlValue, html, type SafeHtml, safeUrl } from "./escape";

/** The form-level alert; fields implicated by a form-level error point at it. */
export const FORM_ERROR_ID = "form-error";

export function fieldId(name: string): string {
  return `field-${name}`;
}

type TFieldBase = {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Defaults to true: every field on these pages is needed. */
  required?: boolean;
  /** Id of an error shown elsewhere (the form-level alert) that applies to this field too. */
  errorRef?: string;
  autofocus?: boolean;
};

export type TTextFieldOptions = TFieldBase & { autocomplete: string } & (
    | { type: "text" | "email"; value?: string }
    // Passwords are never written back into a page, so the type has no room for a value.
    | { type: "password"; value?: never }
  );

export type TSelectFieldOptions = TFieldBase & {
  options: readonly string[];
  placeholder: string;
  value?: string;
};

function fieldParts(field: TFieldBase): {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
  messages: SafeHtml;
} {
  const id = fieldId(field.name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [
    field.hint ? hintId : undefined,
    field.error ? errorId : undefined,
    field.errorRef,
  ].filter((part): part is string => Boolean(part));
  return {
    id,
    invalid: Boolean(field.error || field.errorRef),
    describedBy: describedBy.length > 0 ? describedBy.join(" ") : undefined,
    // Hint and error sit between label and control, where a screen reader user meets them first.
    messages: html`${field.hint && html`<p class="hint" id="${hintId}">${field.hint}</p>`}${
      field.error &&
      html`<p class="field-error" id="${errorId}"><span class="visually-hidden">Error: </span>${field.error}</p>`
    }`,
  };
}

function commonAttributes(
  field: TFieldBase,
  parts: { id: string; invalid: boolean; describedBy: string | undefined },
): SafeHtml {
  return html`id="${parts.id}" name="${field.name}"${field.required === false ? "" : html` required`}${
    parts.invalid && html` aria-invalid="true"`
  }${parts.describedBy && html` aria-describedby="${parts.describedBy}"`}${field.autofocus && html` autofocus`}`;
}

export function textField(field: TTextFieldOptions): SafeHtml {
  const parts = fieldParts(field);
  const value = field.type === "password" ? undefined : field.value;
  // Addresses and passwords are not words: no capitalising or spell-checking them.
  const literal = field.type !== "text" ? html` autocapitalize="none" spellcheck="false"` : "";
  return html`<div class="field">
<label for="${parts.id}">${field.label}</label>
${parts.messages}<input class="input" type="${field.type}" ${commonAttributes(field, parts)} autocomplete="${field.autocomplete}"${
    value !== undefined && html` value="${value}"`
  }${literal}>
</div>`;
}

export function selectField(field: TSelectFieldOptions): SafeHtml {
  const parts = fieldParts(field);
  const chosen = field.value !== undefined && field.options.includes(field.value);
  // The empty first option is the "placeholder label option": `required` rejects it natively.
  return html`<div class="field">
<label for="${parts.id}">${field.label}</label>
${parts.messages}<select class="input" ${commonAttributes(field, parts)}>
<option value=""${!chosen && html` selected`}>${field.placeholder}</option>
${field.options.map(
  (
    option,
  ) => html`<option value="${option}"${option === field.value && html` selected`}>${option}</option>
`,
)}</select>
</div>`;
}

export type TFieldError = { name: string; message: string };

/**
 * The alert at the top of a form. Field errors are listed as links to their fields, so a keyboard
 * user can jump straight to what needs fixing.
 */
export function errorSummary({
  message,
  fieldErrors = [],
}: {
  message: string;
  fieldErrors?: readonly TFieldError[];
}): SafeHtml {
  return html`<div class="alert" id="${FORM_ERROR_ID}" role="alert" tabindex="-1">
<p>${message}</p>
${
  fieldErrors.length > 0 &&
  html`<ul>${fieldErrors.map(
    (error) => html`<li><a href="#${fieldId(error.name)}">${error.message}</a></li>`,
  )}</ul>
`
}</div>`;
}

export function noticeBox(message: HtmlValue): SafeHtml {
  return html`<div class="notice" role="status"><p>${message}</p></div>`;
}

export type TButtonVariant = "primary" | "secondary";

export function button({
  label,
  variant = "primary",
  name,
  value,
}: {
  label: string;
  variant?: TButtonVariant;
  name?: string;
  value?: string;
}): SafeHtml {
  return html`<button class="button button-${variant}" type="submit"${name !== undefined && html` name="${name}"`}${
    value !== undefined && html` value="${value}"`
  }>${label}</button>`;
}

/** A link that looks like a button, for pages whose next step is a plain navigation. */
export function linkButton({
  href,
  label,
  variant = "primary",
}: {
  href: string;
  label: string;
  variant?: TButtonVariant;
}): SafeHtml {
  return html`<a class="button button-${variant}" href="${safeUrl(href)}">${label}</a>`;
}

/** One or more buttons stacked full width. */
export function actions(...items: readonly SafeHtml[]): SafeHtml {
  return html`<div class="actions">${items}</div>`;
}

export function hiddenInput(name: string, value: string): SafeHtml {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

/**
 * An unnamed, hidden username field: not posted, but it tells password managers which account a
 * new password belongs to (Chromium warns about password forms without one).
 */
export function usernameHint(username: string): SafeHtml {
  return html`<input type="email" autocomplete="username" value="${username}" hidden readonly>`;
}

export function postForm({ action, content }: { action: string; content: HtmlValue }): SafeHtml {
  return html`<form method="post" action="${safeUrl(action)}">
${content}
</form>`;
}
