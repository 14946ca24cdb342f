// Small helpers the kinds' facts are written with: read a value loosely, drop empty lines.
import { sportsSummary } from "../rules/display";
import type { TFact, TFactSource } from "./define";
import type { TField, TFields } from "./fields";

export const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;
export const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

export const fact = (label: string, value: string | readonly string[] | null): TFact | null =>
  value === null ? null : { label, value };

/** Drops facts without a value, so a sparse listing shows no empty lines. */
export function facts(...entries: (TFact | null)[]): TFact[] {
  return entries.filter(
    (f): f is TFact =>
      f !== null && (typeof f.value === "string" ? f.value !== "" : f.value.length > 0),
  );
}

/** Drops card facts without a value. */
export const cardLines = (...lines: (string | null | undefined)[]): string[] =>
  lines.filter((line): line is string => typeof line === "string" && line.length > 0);

/** "Soccer", "Multi Sport", or nothing. */
export const sportsFact = (p: TFactSource) => fact("Sports", sportsSummary(p.sports ?? []) || null);

/** A field's value under the field's label: tags as chips, a choice or a text as text. */
export function fieldFact(label: string, f: TField, value: unknown): TFact | null {
  if (f.type === "tags") return fact(label, strings(value));
  if (f.type === "choice" || f.type === "text") return fact(label, str(value));
  return null;
}

/**
 * Page facts that are fields shown as they are, in this order; "sports" is the listing's sports.
 * Fields that need their own wording (a unit, a date range) are written as facts directly.
 */
export function fieldFacts<F extends TFields>(fields: F, names: readonly (keyof F | "sports")[]) {
  return (p: TFactSource): TFact[] =>
    facts(
      ...names.map((name) => {
        if (name === "sports") return sportsFact(p);
        const f = fields[name as keyof F] as TField;
        return fieldFact(f.label, f, p[name as string]);
      }),
    );
}

/** "A, B +3": the first few of a list. */
export function few(values: unknown, max = 2): string | null {
  const list = strings(values).filter(Boolean);
  if (list.length === 0) return null;
  const shown = list.slice(0, max).join(", ");
  return list.length > max ? `${shown} +${list.length - max}` : shown;
}
