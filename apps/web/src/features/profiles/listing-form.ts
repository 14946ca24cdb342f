// What the edit and create forms share: which inputs a kind has, the API object they make, and
// the check of that object against the shared zod contracts (and the kind's cross-field rule).
import { PROFILE_DETAILS, ZProfileWritable, zProfileCreate } from "@hostfield/domain/contracts";
import { SPORT_NAMES } from "@hostfield/domain/reference";
import type { z } from "zod";
import {
  ADDRESS_FIELDS,
  addressFromForm,
  apiValuesOf,
  BASICS_FIELDS,
  CONTACT_FIELDS,
  fieldErrorsOf,
  type TFieldErrors,
  type TFieldSpec,
  type TFormValues,
} from "./profile-fields";
import type { TKindConfig } from "./profile-kinds";
import type { TProfile } from "./profiles-api";

export const SPORTS_FIELD: TFieldSpec = {
  name: "sports",
  label: "Sports",
  type: "tags",
  options: SPORT_NAMES,
};

/** Every input the edit form shows for a kind, in order. */
export function editSpecs(config: TKindConfig): TFieldSpec[] {
  return [...BASICS_FIELDS, ...config.fields, ...ADDRESS_FIELDS, ...CONTACT_FIELDS];
}

const SHARED_NAMES = [...BASICS_FIELDS, ...CONTACT_FIELDS].map((spec) => spec.name);

/** The part of a listing the edit form changes, in the API's shape (the "before" of a patch). */
export function editableOf(config: TKindConfig, profile: TProfile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of [...SHARED_NAMES, ...config.fields.map((spec) => spec.name)]) {
    out[name] = profile[name] ?? null;
  }
  out.address = profile.address ?? null;
  return out;
}

/** The API object the inputs make: empty inputs are null, the address one object (or null). */
export function apiObjectOf(specs: readonly TFieldSpec[], values: TFormValues) {
  const out = apiValuesOf(specs, values);
  if (specs.some((spec) => spec.name.startsWith("address."))) out.address = addressFromForm(values);
  return out;
}

/** The kind's own fields (the shared contract), as one schema type for all kinds. */
const detailOf = (config: TKindConfig): z.ZodObject => PROFILE_DETAILS[config.kind];

const mask = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, true])) as Record<string, true>;

const sharedEditSchema = ZProfileWritable.pick({
  name: true,
  description: true,
  address: true,
  website: true,
  email: true,
  phone: true,
  featuredVideo: true,
});

function withKindRule(
  config: TKindConfig,
  errors: TFieldErrors,
  body: Record<string, unknown>,
): TFieldErrors {
  const broken = config.check?.(body);
  if (broken && !errors[broken.field]) return { ...errors, [broken.field]: broken.message };
  return errors;
}

/** Field errors of an edited listing: the shared contract and the kind's detail contract. */
export function editErrors(
  config: TKindConfig,
  body: Record<string, unknown>,
  specs: readonly TFieldSpec[],
): TFieldErrors {
  const schema = sharedEditSchema.extend(
    detailOf(config).pick(mask(config.fields.map((spec) => spec.name))).shape,
  );
  return withKindRule(config, fieldErrorsOf(schema.safeParse(body), specs, body), body);
}

/** The body of a new listing: what was filled in; the server gives the rest its defaults. */
export function createBodyOf(
  specs: readonly TFieldSpec[],
  values: TFormValues,
): Record<string, unknown> {
  const body = apiObjectOf(specs, values);
  return Object.fromEntries(
    Object.entries(body).filter(
      ([, value]) => value !== null && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

const createSchemas = new Map<string, z.ZodType>();

/** `zProfileCreate` of the kind, with the fields that have no default made required. */
function createSchema(config: TKindConfig): z.ZodType {
  let schema = createSchemas.get(config.kind);
  if (!schema) {
    const detail = detailOf(config);
    schema = zProfileCreate(detail).extend(detail.pick(mask(config.required)).shape);
    createSchemas.set(config.kind, schema);
  }
  return schema;
}

export function createErrors(
  config: TKindConfig,
  body: Record<string, unknown>,
  specs: readonly TFieldSpec[],
): TFieldErrors {
  return withKindRule(
    config,
    fieldErrorsOf(createSchema(config).safeParse(body), specs, body),
    body,
  );
}
