// The seven listing kinds as the web shows them: each kind's definition (packages/domain/src/kinds)
// read into what the pages, hooks and forms use (its calls, its fields as inputs, its facts), with
// its icon (ui/kind-icons.tsx). The page, the hooks and the forms are written against this table only.
import {
  KINDS,
  kindApiBase,
  kindPagePath,
  PROFILE_KINDS,
  requiredFields,
  type TChildName,
  type TFact,
  type TField,
  type TKindDefinition,
  type TProfileKind,
  type TRelatedSource,
} from "@hostfield/domain/kinds";
import type SvgIcon from "@mui/material/SvgIcon";
import { KIND_ICONS } from "../../ui/kind-icons";
import type { TFieldSpec } from "./profile-fields";

/** The shared child collections a page can show, by their API path segment. */
export type TChildSegment = TChildName;
export type { TFact, TRelatedSource };

/** A listing as the facts read it (the API shape, loosely). */
type TFactsOf = Record<string, unknown>;

export type TKindConfig = {
  kind: TProfileKind;
  /** "Facility": headings, buttons and messages. */
  label: string;
  plural: string;
  /** The web pages: `/facilities/{id}`. */
  pagePath: string;
  /** The API collection: `/facility-mgmt/api/facilities`. */
  apiBase: string;
  reaction: "likes" | "followers";
  memberWord: "members" | "managers";
  children: readonly TChildSegment[];
  related: readonly TRelatedSource[];
  /** Fields of the kind a new listing must have (they have no server default). */
  required: readonly string[];
  /** The kind's own inputs, in form order. */
  fields: readonly TFieldSpec[];
  /** Rules across fields (the server's descriptor has the same): field and message. */
  check?: (values: Record<string, unknown>) => { field: string; message: string } | null;
  facts: (profile: TFactsOf) => TFact[];
  Icon: typeof SvgIcon;
  /** One line on the kind-choice step of the create flow. */
  pitch: string;
};

/** A field of the definition as the form's input: a choice is a select, a listing is picked by name. */
function inputOf(name: string, f: TField): TFieldSpec | null {
  const base = { name, label: f.label, ...(f.helper ? { helper: f.helper } : {}) };
  switch (f.type) {
    case "text":
    case "url":
    case "email":
    case "date":
    case "boolean":
      return { ...base, type: f.type };
    case "number":
      return {
        ...base,
        type: "number",
        min: f.min,
        max: f.max,
        ...(f.integer ? { integer: true } : {}),
        ...((f.multipleOf ?? f.step) ? { step: f.multipleOf ?? f.step } : {}),
      };
    case "choice":
      return { ...base, type: "select", options: f.options };
    case "tags":
      return { ...base, type: "tags", options: f.options };
    case "profile":
      return f.kinds[0] ? { ...base, type: "profile", kind: f.kinds[0] as TProfileKind } : null;
    case "list":
      return null;
  }
}

/** One kind's entry, read from its definition and its view. */
function configOf(kind: TProfileKind): TKindConfig {
  const d: TKindDefinition = KINDS[kind];
  const fields = Object.entries(d.fields).flatMap(([name, f]) => {
    const spec = f.hidden ? null : inputOf(name, f);
    return spec ? [spec] : [];
  });
  return {
    kind,
    label: d.label,
    plural: d.plural,
    pagePath: kindPagePath(kind),
    apiBase: kindApiBase(kind),
    reaction: d.api.reaction,
    memberWord: d.api.memberWord,
    children: d.children,
    related: d.related ?? [],
    required: requiredFields(d),
    fields,
    ...(d.check ? { check: d.check } : {}),
    facts: d.facts.page,
    Icon: KIND_ICONS[kind],
    pitch: d.pitch,
  };
}

export const KIND_CONFIGS = Object.fromEntries(
  PROFILE_KINDS.map((kind) => [kind, configOf(kind)]),
) as Record<TProfileKind, TKindConfig>;

/** The kinds in the order the create flow offers them. */
export const KIND_ORDER = Object.keys(KIND_ICONS) as readonly TProfileKind[];

export function kindConfig(kind: TProfileKind): TKindConfig {
  return KIND_CONFIGS[kind];
}

export { isProfileKind } from "@hostfield/domain/kinds";

/** "a facility", "an event". */
export function withArticle(config: TKindConfig): string {
  const word = config.label.toLowerCase();
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

export const reactionWords = (config: TKindConfig) =>
  config.reaction === "likes"
    ? { verb: "Like", done: "Liked", undo: "Unlike", count: "likes", one: "like" }
    : {
        verb: "Follow",
        done: "Following",
        undo: "Unfollow",
        count: "followers",
        one: "follower",
      };
