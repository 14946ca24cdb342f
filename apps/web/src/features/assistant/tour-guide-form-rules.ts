// The tour-guide settings form's rules: its values from the guide as loaded, the problems the
// domain's contract finds in them (in words for each field), the server's problems placed beside
// the same fields, and the JSON Patch of what changed.
import {
  TOUR_GUIDE_TONES,
  type TTourGuide,
  type TTourGuideInput,
  type TTourGuideTone,
  ZTourGuideInput,
  ZValidationDetails,
} from "@hostfield/domain/contracts";
import { ApiError } from "../../lib/api";
import type { TGuidePatchOperation } from "./assistant-api";

/** Problems by field: `name`, `suggestedQuestions` (the list), `suggestedQuestions.2` (one). */
export type TGuideFieldErrors = Partial<Record<string, string>>;

export const TONE_LABELS: Record<TTourGuideTone, string> = {
  friendly: "Friendly",
  professional: "Professional",
  enthusiastic: "Enthusiastic",
  concise: "Concise",
};
export const TONES = TOUR_GUIDE_TONES;

export const MAX_QUESTIONS = 8;
export const MAX_TOPICS = 10;
export const MAX_HANDOFF = 10;

/** The form's values: the guide as loaded (a manager's view, with `manage`). */
export function inputOf(guide: TTourGuide): TTourGuideInput {
  return {
    name: guide.name,
    greeting: guide.greeting,
    tone: guide.tone,
    suggestedQuestions: [...guide.suggestedQuestions],
    stressTopics: [...(guide.manage?.stressTopics ?? [])],
    avoidTopics: [...(guide.manage?.avoidTopics ?? [])],
    handoffUserIds: [...(guide.manage?.handoffUserIds ?? [])],
    isEnabled: guide.isEnabled,
  };
}

/** What each field asks for, said when it breaks its rule. */
const RULES: Record<keyof TTourGuideInput, { field: string; item?: string }> = {
  name: { field: "Give the guide a name (at most 60 characters)." },
  greeting: { field: "Write a greeting (at most 500 characters)." },
  tone: { field: "Choose a tone." },
  suggestedQuestions: {
    field: `Offer at most ${MAX_QUESTIONS} questions.`,
    item: "A question takes 3 to 200 characters.",
  },
  stressTopics: {
    field: `At most ${MAX_TOPICS} topics.`,
    item: "A topic takes 2 to 80 characters.",
  },
  avoidTopics: {
    field: `At most ${MAX_TOPICS} topics.`,
    item: "A topic takes 2 to 80 characters.",
  },
  handoffUserIds: { field: `Choose at most ${MAX_HANDOFF} people.` },
  isEnabled: { field: "Say whether the guide is on." },
};

const isField = (name: string): name is keyof TTourGuideInput => Object.hasOwn(RULES, name);

/**
 * Where a problem at `path` shows: a question's own row, a topic list as a whole (its chips have
 * no field of their own), or the field.
 */
function placeOf(path: readonly (string | number)[]): { key: string; item: boolean } | null {
  const [top, index] = path;
  if (typeof top !== "string" || !isField(top)) return null;
  if (index === undefined) return { key: top, item: false };
  return top === "suggestedQuestions"
    ? { key: `${top}.${String(index)}`, item: true }
    : { key: top, item: true };
}

function wordsFor(path: readonly (string | number)[]): string | null {
  const top = path[0];
  if (typeof top !== "string" || !isField(top)) return null;
  const rule = RULES[top];
  return path.length > 1 ? (rule.item ?? rule.field) : rule.field;
}

/** The contract's problems with `values`, one per place; nothing when they pass. */
export function validateGuide(values: TTourGuideInput): {
  data: TTourGuideInput | null;
  errors: TGuideFieldErrors;
} {
  const result = ZTourGuideInput.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: TGuideFieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    const place = placeOf(path);
    if (!place || errors[place.key]) continue;
    errors[place.key] = wordsFor(path) ?? issue.message;
  }
  return { data: null, errors };
}

/** The server's VALIDATION_FAILED issues beside their fields (`data.name`, `suggestedQuestions.1`). */
export function serverGuideErrors(error: unknown): TGuideFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const details = ZValidationDetails.safeParse(error.details);
  const errors: TGuideFieldErrors = {};
  for (const { path, message } of details.success ? details.data.issues : []) {
    const parts = (path ?? "")
      .replace(/^\/?data[./]/, "")
      .split(/[./]/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const place = placeOf(parts);
    if (place && !errors[place.key]) errors[place.key] = message;
  }
  return errors;
}

/** One `replace` per field that changed (lists replaced whole: their order is the manager's). */
export function guidePatch(
  before: TTourGuideInput,
  after: TTourGuideInput,
): TGuidePatchOperation[] {
  return (Object.keys(after) as (keyof TTourGuideInput)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ op: "replace", path: `/${key}`, value: after[key] }));
}
