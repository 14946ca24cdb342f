// Each kind's detail schema, built from its field descriptions (kinds/fields.ts): the API shape of
// the kind's own fields, which the server validates and the web's forms check before sending.
import { z } from "zod";
import { MAX_TAGS, type TField, type TFields, type TValueOf } from "../kinds/fields";
import { KINDS, type TProfileKind } from "../kinds/index";
import { ZEmail, ZHttpUrl, ZId, ZIsoDate } from "./common";

const asEnum = (options: readonly string[]) => options as unknown as readonly [string, ...string[]];

function schemaOf(f: TField): z.ZodType {
  const base = ((): z.ZodType => {
    switch (f.type) {
      case "text": {
        let s = f.trim ? z.string().trim() : z.string();
        if (f.min !== undefined) s = s.min(f.min);
        return s.max(f.max);
      }
      case "url":
        return ZHttpUrl;
      case "email":
        return ZEmail;
      case "number": {
        let s = (f.integer ? z.number().int() : z.number()).min(f.min).max(f.max);
        if (f.multipleOf !== undefined) s = s.multipleOf(f.multipleOf);
        return s;
      }
      case "date":
        return ZIsoDate;
      case "boolean":
        return z.boolean();
      case "choice":
        return z.enum(asEnum(f.options));
      case "tags":
        return z.array(z.enum(asEnum(f.options))).max(MAX_TAGS);
      case "profile":
        return ZId;
      case "list":
        return z.array(detailSchemaOf(f.of)).max(f.max);
    }
  })();
  // Tags are empty rather than null, and yes-or-no is never null.
  return f.required || f.type === "tags" || f.type === "boolean" ? base : base.nullable();
}

/** The zod object of a set of fields, typed by what the fields hold. */
export type TDetailSchema<F extends TFields> = z.ZodObject<{
  -readonly [K in keyof F]: z.ZodType<TValueOf<F[K]>>;
}>;

/** The object of a set of fields, each as its description says. */
export function detailSchemaOf<F extends TFields>(fields: F): TDetailSchema<F> {
  return z.object(
    Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, schemaOf(f)])),
  ) as unknown as TDetailSchema<F>;
}

type TKinds = typeof KINDS;

/** A kind's detail schema, without its fields' types: for code over every kind. */
export const detailSchemaOfKind = (kind: TProfileKind): z.ZodObject => PROFILE_DETAILS[kind];

/** The detail schema of every kind, by kind: the one table the machinery and the forms read. */
export const PROFILE_DETAILS = Object.fromEntries(
  Object.entries(KINDS).map(([kind, d]) => [kind, detailSchemaOf(d.fields)]),
) as { [K in TProfileKind]: TDetailSchema<TKinds[K]["fields"]> };
