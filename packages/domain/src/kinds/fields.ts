// The fields a listing kind adds to the shared profile, described as data: their type, limits,
// label and form helper. From this one description come the kind's detail schema (contracts/
// kind-details.ts), the defaults of a new listing, the web form's inputs and the facts shown.

type TFieldCommon = {
  /** The input's label and the fact's label on a page. */
  label: string;
  /** A line under the input. */
  helper?: string;
  /** Must be given on create (no default) and is never null. */
  required?: boolean;
  /** Kept in the API shape but not offered by the listing form. */
  hidden?: boolean;
};

/** Free text: trimmed when `trim`, between `min` and `max` characters. */
export type TTextField = TFieldCommon & { type: "text"; max: number; min?: number; trim?: boolean };
/** An http(s) link. */
export type TUrlField = TFieldCommon & { type: "url" };
/** An e-mail address. */
export type TEmailField = TFieldCommon & { type: "email" };
/** A number; `multipleOf` is enforced, `step` only guides the input. */
export type TNumberField = TFieldCommon & {
  type: "number";
  min: number;
  max: number;
  integer?: boolean;
  multipleOf?: number;
  step?: number;
};
/** A calendar date, YYYY-MM-DD. */
export type TDateField = TFieldCommon & { type: "date" };
/** Yes or no; false unless said. */
export type TBooleanField = TFieldCommon & { type: "boolean" };
/** One of a reference list. */
export type TChoiceField<O extends readonly string[] = readonly string[]> = TFieldCommon & {
  type: "choice";
  options: O;
};
/** Any of a reference list (at most 60); none unless said. */
export type TTagsField<O extends readonly string[] = readonly string[]> = TFieldCommon & {
  type: "tags";
  options: O;
};
/**
 * The id of another listing of one of `kinds`, which must exist. `membersOnly`: only that
 * listing's people (any role) may name it, admins excepted (an event's organization).
 */
export type TProfileRefField = TFieldCommon & {
  type: "profile";
  kinds: readonly string[];
  /** How a message names it: "The organization". */
  what: string;
  membersOnly?: boolean;
};
/** A list of small records (a facility's staff), each described by its own fields. */
export type TListField = TFieldCommon & {
  type: "list";
  max: number;
  of: Readonly<Record<string, TScalarField>>;
};

export type TScalarField =
  | TTextField
  | TUrlField
  | TEmailField
  | TNumberField
  | TDateField
  | TBooleanField
  | TChoiceField
  | TTagsField
  | TProfileRefField;
export type TField = TScalarField | TListField;
export type TFields = Readonly<Record<string, TField>>;

/** The most a tags field holds. */
export const MAX_TAGS = 60;

type TOptions<F extends TField> = Omit<F, "type" | "label" | "options" | "kinds" | "of">;

// The builders keep their options' literal types (`required: true`, the reference list), so the
// detail type a kind's fields make (TDetailOf) is exact.
export const field = {
  text: <const R extends TOptions<TTextField>>(label: string, options: R) =>
    ({ type: "text", label, ...options }) as TTextField & R,
  url: <const R extends TOptions<TUrlField> = Record<never, never>>(label: string, options?: R) =>
    ({ type: "url", label, ...options }) as TUrlField & R,
  email: <const R extends TOptions<TEmailField> = Record<never, never>>(
    label: string,
    options?: R,
  ) => ({ type: "email", label, ...options }) as TEmailField & R,
  number: <const R extends TOptions<TNumberField>>(label: string, options: R) =>
    ({ type: "number", label, ...options }) as TNumberField & R,
  date: <const R extends TOptions<TDateField> = Record<never, never>>(label: string, options?: R) =>
    ({ type: "date", label, ...options }) as TDateField & R,
  boolean: <const R extends TOptions<TBooleanField> = Record<never, never>>(
    label: string,
    options?: R,
  ) => ({ type: "boolean", label, ...options }) as TBooleanField & R,
  choice: <
    const O extends readonly string[],
    const R extends TOptions<TChoiceField> = Record<never, never>,
  >(
    label: string,
    options: O,
    rest?: R,
  ) => ({ type: "choice", label, options, ...rest }) as TChoiceField<O> & R,
  tags: <
    const O extends readonly string[],
    const R extends TOptions<TTagsField> = Record<never, never>,
  >(
    label: string,
    options: O,
    rest?: R,
  ) => ({ type: "tags", label, options, ...rest }) as TTagsField<O> & R,
  profile: <const R extends TOptions<TProfileRefField>>(
    label: string,
    kinds: readonly string[],
    rest: R,
  ) => ({ type: "profile", label, kinds, ...rest }) as TProfileRefField & R,
  list: <
    const O extends Readonly<Record<string, TScalarField>>,
    const R extends TOptions<TListField>,
  >(
    label: string,
    of: O,
    rest: R,
  ) => ({ type: "list", label, of, ...rest }) as TListField & { of: O } & R,
};

/** The value a field holds in the API shape. */
export type TValueOf<F extends TField> =
  | TBareValueOf<F>
  | (F extends { required: true } ? never : F extends { type: "tags" | "boolean" } ? never : null);
type TBareValueOf<F extends TField> = F extends { type: "number" }
  ? number
  : F extends { type: "boolean" }
    ? boolean
    : F extends { type: "choice"; options: infer O extends readonly string[] }
      ? O[number]
      : F extends { type: "tags"; options: infer O extends readonly string[] }
        ? O[number][]
        : F extends { type: "list"; of: infer O extends TFields }
          ? TDetailOf<O>[]
          : string;

/** The detail object a kind's fields make, as the API shows it. */
export type TDetailOf<F extends TFields> = { -readonly [K in keyof F]: TValueOf<F[K]> };

/**
 * What a field holds when a new listing leaves it out: none for tags, false for yes-or-no, null
 * otherwise; required fields have no default.
 */
export function defaultOf(f: TField): unknown {
  if (f.required) return undefined;
  if (f.type === "tags") return [];
  if (f.type === "boolean") return false;
  return null;
}

/** The defaults of a kind's fields (required fields have none). */
export function defaultsOf(fields: TFields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => !f.required)
      .map(([name, f]) => [name, defaultOf(f)]),
  );
}
