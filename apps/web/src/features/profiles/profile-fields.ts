// Form fields of a listing: what each input edits, how a value travels between the API shape and
// the form, and how zod's verdict (the shared contracts) becomes a message beside the input.
import type { TProfileKind } from "@hostfield/domain/reference";
import { findState, STATE_NAMES } from "@hostfield/domain/reference";
import type { z } from "zod";

export type TFieldSpec = { name: string; label: string; helper?: string } & (
  | { type: "text" | "url" | "email" | "tel" | "multiline" }
  | { type: "number"; integer?: boolean; step?: number; min?: number; max?: number }
  | { type: "date" }
  | { type: "boolean" }
  | { type: "select"; options: readonly string[] }
  | { type: "tags"; options: readonly string[] }
  /** The id of another listing, picked by name. */
  | { type: "profile"; kind: TProfileKind }
);

export type TFormValue = string | boolean | string[];
export type TFormValues = Record<string, TFormValue>;
export type TFieldErrors = Record<string, string>;

/** The address inputs; together they make the `address` object (or null when all are empty). */
export const ADDRESS_FIELDS: readonly TFieldSpec[] = [
  { name: "address.street", label: "Street", type: "text" },
  { name: "address.city", label: "City", type: "text" },
  { name: "address.state", label: "State or province", type: "select", options: STATE_NAMES },
  { name: "address.postalCode", label: "Postal code", type: "text" },
];

/** The shared fields every kind edits, in form order. */
export const BASICS_FIELDS: readonly TFieldSpec[] = [
  { name: "name", label: "Name", type: "text" },
  {
    name: "description",
    label: "Description",
    type: "multiline",
    helper: "What makes it worth a visit; up to 10,000 characters.",
  },
];

export const CONTACT_FIELDS: readonly TFieldSpec[] = [
  { name: "website", label: "Website", type: "url", helper: "Starts with https://" },
  { name: "email", label: "Contact e-mail", type: "email" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "featuredVideo", label: "Featured video link", type: "url" },
];

type TApiRecord = Record<string, unknown>;

function readPath(record: TApiRecord, name: string): unknown {
  return name.split(".").reduce<unknown>((value, key) => {
    if (value === null || typeof value !== "object") return undefined;
    return (value as TApiRecord)[key];
  }, record);
}

/** The form value of one field from the API value. */
export function toFormValue(spec: TFieldSpec, value: unknown): TFormValue {
  switch (spec.type) {
    case "boolean":
      return value === true;
    case "tags":
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    case "number":
      return typeof value === "number" ? String(value) : "";
    default:
      return typeof value === "string" ? value : "";
  }
}

/** The API value of one field from the form: empty inputs are null, numbers are numbers. */
export function fromFormValue(spec: TFieldSpec, value: TFormValue | undefined): unknown {
  switch (spec.type) {
    case "boolean":
      return value === true;
    case "tags":
      return Array.isArray(value) ? value : [];
    case "number": {
      const text = typeof value === "string" ? value.trim() : "";
      // NaN stays: the contract then says what is wrong, beside the input.
      return text === "" ? null : Number(text);
    }
    default: {
      const text = typeof value === "string" ? value.trim() : "";
      return text === "" ? null : text;
    }
  }
}

export function formValuesOf(specs: readonly TFieldSpec[], record: TApiRecord): TFormValues {
  return Object.fromEntries(
    specs.map((spec) => [spec.name, toFormValue(spec, readPath(record, spec.name))]),
  );
}

const text = (values: TFormValues, name: string) => {
  const value = values[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The `address` object of the form; null when no address input holds anything. */
export function addressFromForm(values: TFormValues): unknown {
  const street = text(values, "address.street");
  const city = text(values, "address.city");
  const state = text(values, "address.state");
  const postalCode = text(values, "address.postalCode");
  if (!street && !city && !state && !postalCode) return null;
  return {
    street: street || null,
    city,
    state,
    postalCode: postalCode || null,
    country: findState(state)?.country ?? "US",
  };
}

/**
 * The API fields of the form (no address): `name` stays a string, other empty inputs become null.
 * Only the given specs are read, so fields the form does not show are never touched.
 */
export function apiValuesOf(specs: readonly TFieldSpec[], values: TFormValues): TApiRecord {
  const out: TApiRecord = {};
  for (const spec of specs) {
    if (spec.name.startsWith("address.")) continue;
    out[spec.name] =
      spec.name === "name" ? text(values, "name") : fromFormValue(spec, values[spec.name]);
  }
  return out;
}

/** A message a person can act on, for one failed check of the contract. */
function messageFor(spec: TFieldSpec | undefined, issue: z.core.$ZodIssue, value: unknown): string {
  const label = spec?.label ?? "This field";
  if (spec && (value === null || value === undefined || value === "")) {
    return spec.type === "select" || spec.type === "profile"
      ? `Choose the ${label.toLowerCase()}.`
      : `Enter the ${label.toLowerCase()}.`;
  }
  if (spec?.type === "number" && issue.code === "invalid_type") {
    return spec.integer && Number.isFinite(value) ? "Enter a whole number." : "Enter a number.";
  }
  if (issue.code === "invalid_format") {
    if (spec?.type === "url") return "Enter a link that starts with http:// or https://.";
    if (spec?.type === "email") return "Enter an e-mail address like name@example.com.";
  }
  if (issue.code === "too_small" || issue.code === "too_big") {
    if (spec?.type === "number") {
      if (spec.min !== undefined && spec.max !== undefined) {
        return `Enter a number from ${spec.min} to ${spec.max}.`;
      }
      return issue.code === "too_small"
        ? `Enter ${String(issue.minimum)} or more.`
        : `Enter ${String(issue.maximum)} or less.`;
    }
    if (typeof value === "string" && issue.code === "too_small") return `Enter the ${label}.`;
    if (typeof value === "string" && issue.code === "too_big") {
      return `Use at most ${String(issue.maximum)} characters.`;
    }
  }
  if (issue.code === "not_multiple_of") return `Use steps of ${String(issue.divisor)}.`;
  return issue.message;
}

/**
 * Field errors from a zod result over an API object: the first problem of each field, keyed by
 * the form field (`address.city`), with wording from the field's label.
 */
export function fieldErrorsOf(
  result: { success: true } | { success: false; error: z.ZodError },
  specs: readonly TFieldSpec[],
  body: TApiRecord,
): TFieldErrors {
  if (result.success) return {};
  const errors: TFieldErrors = {};
  for (const issue of result.error.issues) {
    const top = String(issue.path[0] ?? "");
    const name =
      top === "address" && issue.path[1] !== undefined ? `address.${String(issue.path[1])}` : top;
    const key = specs.some((s) => s.name === name) ? name : top === "address" ? "address" : name;
    if (errors[key]) continue;
    const spec = specs.find((s) => s.name === key);
    errors[key] = messageFor(spec, issue, readPath(body, key));
  }
  return errors;
}
