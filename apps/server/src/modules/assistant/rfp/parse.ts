// The built-in RFP assistant's reading of an event description into a draft request, by the conventions of docs/assistant.md ("The RFP assistant's reading of a description"), and a correction merged into an earlier draft.
import {
  MAX_REQUEST_RADIUS_MILES,
  RFP_DRAFT_FIELDS,
  type TRfpDraft,
  type TRfpDraftField,
  ZRequestDates,
  ZRfpDraft,
} from "@hostfield/domain/contracts";
import { findSpaceType, type TEventType, type TSportName } from "@hostfield/domain/reference";
import {
  emptyRfpDraft,
  RFP_DEFAULT_RADIUS_MILES,
  requestDatesProblem,
} from "@hostfield/domain/rules";
import { findDateOptions, type TDateOptionsReading } from "../language/date-options";
import { findDates, saysFlexible } from "../language/dates";
import { findTerms, meaningsOf, type TTerm, valuesOf } from "../language/lexicon";
import { findPlace, findRadii, type TGeocodeFn } from "../language/places";
import { countAfter, countBefore, findQuantities, type TQuantity } from "../language/quantities";
import { insideAny, matchesOf, pickLongest, plainText, type TSpan } from "../language/spans";
import { findEventName } from "./event-name";

export type { TGeocodeFn } from "../language/places";

export type TRfpParseOptions = {
  /** YYYY-MM-DD: dates without a year are the next occurrence on or after it. */
  today: string;
  geocode: TGeocodeFn;
};

/**
 * The words an event's suggested name is made of ("12U", "Girls", ["Basketball"], "Tournament"),
 * or the name the description gives it (`given`), which is the name whatever the others say.
 */
export type TRfpNameParts = {
  given: string | null;
  age: string | null;
  gender: string | null;
  sports: readonly string[];
  type: string | null;
};

/** A description read: the draft, which fields the text itself stated, and the words behind each. */
export type TRfpReading = {
  draft: TRfpDraft;
  /**
   * Fields the words stated. `dist` only when a radius was said (a place alone gets the default
   * radius without stating one); a correction replaces exactly these.
   */
  stated: readonly TRfpDraftField[];
  /** A radius said, with or without a place ("make it within 20 miles"). */
  radiusMiles: number | null;
  nameParts: TRfpNameParts;
  /** The words each stated field was read from, for the debugging view. */
  understood: Partial<Record<TRfpDraftField, string>>;
};

/** A draft with nothing understood (the domain's, re-exported for the parser's callers). */
export { emptyRfpDraft };

// ---- urgency -----------------------------------------------------------------------------------------

type TUrgency = NonNullable<TRfpDraft["urgency"]>;

const URGENCY_PHRASES: ReadonlyArray<readonly [TUrgency | null, string]> = [
  // Said not to be urgent: read as nothing rather than as "urgent".
  [
    null,
    String.raw`(?:not|isn't|is not|nothing)\s+(?:too\s+|very\s+|that\s+|super\s+)?urgent|no\s+urgency|not\s+in\s+a\s+(?:hurry|rush)|no\s+(?:rush|hurry)`,
  ],
  [
    0,
    String.raw`urgent(?:ly)?|urgency|a\.?s\.?a\.?p\.?|as\s+soon\s+as\s+possible|last[\s-]+minute|immediately|right\s+away|immediate\s+need|emergency`,
  ],
  [
    1,
    String.raw`soon|near\s+future|(?:in\s+)?the\s+(?:coming|next\s+few)\s+(?:weeks|months)|coming\s+weeks|shortly|before\s+long`,
  ],
  [
    2,
    String.raw`exploring(?:\s+(?:our\s+|some\s+)?options)?|just\s+(?:looking|browsing|exploring)|considering\s+(?:our\s+|some\s+|different\s+|all\s+)?options|early\s+(?:planning|stages?)|planning\s+ahead|researching`,
  ],
];

/**
 * How urgently the text says a venue is needed, by its first phrase that says so ("not urgent,
 * just exploring" is exploring); `spans` are every phrase read, the denials included.
 */
export function findUrgency(
  text: string,
  taken: readonly TSpan[] = [],
): { urgency: TUrgency | null; span: TSpan | null; spans: TSpan[] } {
  const candidates = URGENCY_PHRASES.flatMap(([urgency, source]) =>
    matchesOf(text, new RegExp(`(?<![a-z])(?:${source})(?![a-z])`, "gi")).map(({ span }) => ({
      urgency,
      span,
    })),
  );
  const read = pickLongest(candidates, taken);
  const first = read.find((r) => r.urgency !== null);
  return {
    urgency: first?.urgency ?? null,
    span: first?.span ?? null,
    spans: read.map((r) => r.span),
  };
}

// ---- reading -----------------------------------------------------------------------------------------

// Words that make the date after them a deadline ("respond by April 1", "deadline: 3/1").
const DEADLINE_BEFORE =
  /(?<![a-z])(?:by|before|due(?:\s+(?:on|by))?|deadline(?:\s+(?:is|of))?|no\s+later\s+than|until|till)\s*:?\s*$/i;

// Event types that also name parts of an event ("game courts", "practice fields"): used only when
// nothing more specific is said.
const WEAK_EVENT_TYPES: ReadonlySet<TEventType> = new Set(["Game", "Practice"]);

/**
 * An event word that names the event, not one describing the next word: "conference" in
 * "conference tournament" or "competition" in "competition pool" is not the event's type.
 */
function isHeadNoun(text: string, terms: readonly TTerm[], span: TSpan): boolean {
  const next = terms.find((t) => t.span.start >= span.end);
  if (!next || !/^[\s-]*$/.test(text.slice(span.end, next.span.start))) return true;
  return !next.meanings.some((m) => m.kind === "eventType" || m.kind === "spaceType");
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} & ${names.at(-1)}`;
}

/**
 * The name given ("Midwest Spring Classic"), else "12U Girls Basketball Tournament": the age,
 * gender, sports and type said; null without a sport or type.
 */
export function composeEventName(parts: TRfpNameParts): string | null {
  if (parts.given) return parts.given.length > 200 ? parts.given.slice(0, 200).trim() : parts.given;
  if (parts.sports.length === 0 && parts.type === null) return null;
  const name = [parts.age, parts.gender, joinNames(parts.sports), parts.type]
    .filter(Boolean)
    .join(" ");
  return name.length > 200 ? name.slice(0, 200).trim() : name;
}

function clampInt(value: number | null, min: number, max: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const n = Math.round(value);
  return n < min || n > max ? null : n;
}

/** The space type's allowed surface and location only: others are dropped, not kept invalid. */
function fitSpace(draft: TRfpDraft): TRfpDraft {
  if (draft.spaceType === null) return draft;
  const type = findSpaceType(draft.spaceType);
  if (!type) return { ...draft, spaceType: null };
  const surfaces: readonly string[] = type.surfaces;
  const locations: readonly string[] = type.locations;
  const spaceSurface =
    draft.spaceSurface !== null && surfaces.includes(draft.spaceSurface)
      ? draft.spaceSurface
      : null;
  const spaceLocation =
    draft.spaceLocation === null ||
    draft.spaceLocation === "Both" ||
    locations.includes(draft.spaceLocation)
      ? draft.spaceLocation
      : null;
  return { ...draft, spaceSurface, spaceLocation };
}

/** The draft as the contract takes it: any field the contract still refuses is dropped. */
function valid(draft: TRfpDraft): TRfpDraft {
  let current = fitSpace(draft);
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = ZRfpDraft.safeParse(current);
    if (parsed.success) return parsed.data;
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const next = { ...current } as Record<string, unknown>;
    for (const field of fields) if (field in next) next[field] = null;
    current = next as TRfpDraft;
  }
  return emptyRfpDraft();
}

/** Counts of people: a total said wins; else those taking part, watching and working, added up. */
function attendanceOf(quantities: readonly TQuantity[]): TQuantity[] {
  const people = quantities.filter((q) => q.kind === "people" && !q.perTeam);
  const total = people.find((q) => q.role === "total");
  if (total) return [total];
  const byRole: TQuantity[] = [];
  for (const q of people) if (!byRole.some((b) => b.role === q.role)) byRole.push(q);
  return byRole;
}

/**
 * Date options a request can keep on `today` (the contract's shape, rules/request-dates.ts's
 * limits); others are read as nothing, and the ordinary date reading stands.
 */
function keptOptions(reading: TDateOptionsReading | null, today: string) {
  if (!reading?.options) return reading;
  const parsed = ZRequestDates.safeParse(reading.options);
  if (!parsed.success || requestDatesProblem(parsed.data, today)) return null;
  return { ...reading, options: parsed.data };
}

/**
 * Reads a description: every field null unless the words state it (docs/assistant.md). The result
 * always passes `ZRfpDraft`.
 */
export function readRfpDescription(description: string, options: TRfpParseOptions): TRfpReading {
  // Plain dashes and quotes, one character for one: spans still point into the description.
  const text = plainText(description);
  const understood: Partial<Record<TRfpDraftField, string>> = {};
  const taken: TSpan[] = [];

  const dates = findDates(text, options.today);
  taken.push(...dates.map((d) => d.span));
  // "Proposals by April 1" is a deadline, not the event's dates.
  const eventDates = dates.filter((d) => !DEADLINE_BEFORE.test(text.slice(0, d.span.start)));
  const date = eventDates[0] ?? null;
  // Alternatives, a window, or a run of months ("a weekend in March or April").
  const flexibleDates = keptOptions(
    findDateOptions(text, options.today, eventDates, taken),
    options.today,
  );
  if (flexibleDates) taken.push(...flexibleDates.spans.filter((s) => !insideAny(s, taken)));

  const place = findPlace(text, options.geocode, taken);
  if (place) taken.push(place.span);
  const radii = findRadii(text, taken);
  taken.push(...radii.map((r) => r.span));
  const radius = place?.radius ?? radii[0] ?? null;

  const urgency = findUrgency(text, taken);
  taken.push(...urgency.spans);
  const flexible = saysFlexible(text);
  if (flexible && !insideAny(flexible.span, taken)) taken.push(flexible.span);

  const terms: TTerm[] = findTerms(text, taken);
  const termSpans = terms.map((t) => t.span);
  const quantities = findQuantities(text, { taken, modifiers: termSpans });

  const draft = emptyRfpDraft();

  const sports = valuesOf(terms, "sport");
  if (sports.length > 0) {
    draft.sportsList = sports.slice(0, 50);
    understood.sportsList = meaningsOf(terms, "sport")
      .map((m) => m.span.text)
      .join(", ");
  }

  if (flexibleDates) {
    // The options' first and last day, flexible: what clients that read only those understand.
    const words = flexibleDates.spans.map((s) => s.text).join(" … ");
    draft.startDate = flexibleDates.start;
    draft.endDate = flexibleDates.end;
    draft.hasFlexibleDates = true;
    draft.dateOptions = flexibleDates.options;
    understood.startDate = words;
    understood.endDate = words;
    if (flexibleDates.options) understood.dateOptions = words;
  } else if (date) {
    draft.startDate = date.start;
    draft.endDate = date.end;
    draft.hasFlexibleDates = date.flexible;
    understood.startDate = date.span.text;
    understood.endDate = date.span.text;
  }
  if (flexible) draft.hasFlexibleDates = flexible.flexible;

  // The space: the first named with a count, else the first named.
  const spaces = meaningsOf(terms, "spaceType").map((m) => {
    const modifiers = termSpans.filter((s) => s !== m.span);
    const count =
      countBefore(text, m.span, { taken, modifiers }) ?? countAfter(text, m.span, taken);
    return { ...m, count };
  });
  // A number said beats an article ("a gym with 6 courts" asks for courts).
  const said = (s: (typeof spaces)[number]) =>
    s.count !== null && !/^(?:a|an|single)$/i.test(s.count.span.text);
  const chosen = spaces.find(said) ?? spaces.find((s) => s.count !== null) ?? spaces[0] ?? null;
  if (chosen) {
    draft.spaceType = chosen.value;
    understood.spaceType = chosen.span.text;
    const count = chosen.count ? clampInt(chosen.count.value, 1, 1000) : null;
    if (count !== null && chosen.count) {
      draft.spaceTypeCount = count;
      understood.spaceTypeCount = chosen.count.span.text;
    }
  }
  const allowedSurfaces: readonly string[] | null = chosen
    ? (findSpaceType(chosen.value)?.surfaces ?? [])
    : null;
  const surface = meaningsOf(terms, "surface").find(
    (m) => allowedSurfaces === null || allowedSurfaces.includes(m.value),
  );
  if (surface) {
    draft.spaceSurface = surface.value;
    understood.spaceSurface = surface.span.text;
  }
  const locations = meaningsOf(terms, "location");
  if (locations.length > 0) {
    const values = new Set(locations.map((l) => l.value));
    draft.spaceLocation =
      values.has("Both") || (values.has("Indoor") && values.has("Outdoor"))
        ? "Both"
        : locations[0]!.value;
    understood.spaceLocation = locations.map((l) => l.span.text).join(", ");
  }

  if (place) {
    draft.address = place.place.label;
    understood.address = place.span.text;
    draft.dist = clampInt(
      Math.min(radius?.miles ?? RFP_DEFAULT_RADIUS_MILES, MAX_REQUEST_RADIUS_MILES),
      1,
      MAX_REQUEST_RADIUS_MILES,
    );
    if (radius) understood.dist = radius.span.text;
  }

  if (urgency.urgency !== null && urgency.span) {
    draft.urgency = urgency.urgency;
    understood.urgency = urgency.span.text;
  }

  const attendance = attendanceOf(quantities);
  if (attendance.length > 0) {
    draft.attendance = clampInt(
      attendance.reduce((sum, q) => sum + q.value, 0),
      1,
      1_000_000,
    );
    understood.attendance = attendance.map((q) => q.span.text).join(" + ");
  }

  const roomNights = quantities.find((q) => q.kind === "roomNights");
  const rooms = quantities.find((q) => q.kind === "rooms");
  const nights = quantities.find((q) => q.kind === "nights");
  if (roomNights) {
    draft.roomNights = clampInt(roomNights.value, 0, 1_000_000);
    understood.roomNights = roomNights.span.text;
  } else if (rooms && nights) {
    // "150 rooms a night for 2 nights": rooms without nights say nothing of room nights.
    draft.roomNights = clampInt(rooms.value * nights.value, 0, 1_000_000);
    understood.roomNights = `${rooms.span.text}, ${nights.span.text}`;
  }

  const teams = quantities.find((q) => q.kind === "teams" && !q.perTeam);
  if (teams) draft.teamCount = clampInt(teams.value, 1, 10_000);

  const age = meaningsOf(terms, "ageGroup")[0] ?? null;
  if (age) draft.ageGroup = age.value;
  const eventTypes = meaningsOf(terms, "eventType").filter((e) => isHeadNoun(text, terms, e.span));
  const eventType = eventTypes.find((e) => !WEAK_EVENT_TYPES.has(e.value)) ?? eventTypes[0] ?? null;
  if (eventType) draft.type = eventType.value;
  const gender = meaningsOf(terms, "gender")[0] ?? null;

  const nameParts: TRfpNameParts = {
    given: findEventName(text, (words) => options.geocode(words) !== null),
    age: age?.label ?? null,
    gender: gender?.label ?? null,
    sports: draft.sportsList ?? [],
    // A meet is named a meet, though its type is a competition.
    type: eventType ? (/^meets?$/i.test(eventType.span.text) ? "Meet" : eventType.value) : null,
  };
  draft.name = composeEventName(nameParts);

  const checked = valid(draft);
  const stated = RFP_DRAFT_FIELDS_AND_EXTRAS.filter((field) => {
    if (field === "dist") return radius !== null && checked.address !== null;
    return checked[field] !== null;
  });
  return { draft: checked, stated, radiusMiles: radius?.miles ?? null, nameParts, understood };
}

const RFP_DRAFT_FIELDS_AND_EXTRAS: readonly TRfpDraftField[] = [
  ...RFP_DRAFT_FIELDS,
  "hasFlexibleDates",
  "type",
  "ageGroup",
  "teamCount",
  "name",
];

/** The draft a description states (docs/assistant.md's conventions); always passes `ZRfpDraft`. */
export function parseRfpDescription(text: string, options: TRfpParseOptions): TRfpDraft {
  return readRfpDescription(text, options).draft;
}

// ---- corrections ---------------------------------------------------------------------------------------

const GENDER_LABELS = [
  "Boys & Girls",
  "Men's & Women's",
  "Girls",
  "Boys",
  "Women's",
  "Men's",
  "Coed",
];

/** The parts of a name this module composed, recovered from the draft that holds it. */
function partsOfName(draft: TRfpDraft): TRfpNameParts | null {
  if (draft.name === null) return null;
  const composed = composedPartsOf(draft);
  // A name not made of the draft's parts was given: it stays the name.
  return composed && composeEventName(composed) === draft.name
    ? composed
    : { given: draft.name, age: null, gender: null, sports: draft.sportsList ?? [], type: null };
}

function composedPartsOf(draft: TRfpDraft): TRfpNameParts | null {
  if (draft.name === null) return null;
  let rest = draft.name;
  const sports = draft.sportsList ?? [];
  const sportsText = joinNames(sports);
  let type: string | null = null;
  if (sports.length > 0) {
    const at = rest.indexOf(sportsText);
    if (at < 0) return null;
    type = rest.slice(at + sportsText.length).trim() || null;
    rest = rest.slice(0, at).trim();
  } else if (draft.type !== null) {
    const words = rest.split(" ");
    type = words.pop() ?? null;
    rest = words.join(" ");
  }
  const gender = GENDER_LABELS.find((g) => rest.endsWith(g)) ?? null;
  const age = (gender ? rest.slice(0, -gender.length) : rest).trim() || null;
  return { given: null, age, gender, sports, type };
}

function isReading(value: TRfpDraft | TRfpReading): value is TRfpReading {
  return "draft" in value && "stated" in value;
}

/**
 * A correction in the same exchange: what the new message states replaces what was there, and
 * the fields it does not state stay. Dates move together (start, end, flexibility); a new place
 * keeps the radius there was unless it says one; a radius alone changes the radius. A plain
 * draft as `next` states its non-null fields.
 */
export function mergeDrafts(previous: TRfpDraft | null, next: TRfpDraft | TRfpReading): TRfpDraft {
  const reading: TRfpReading = isReading(next)
    ? next
    : {
        draft: next,
        stated: (Object.keys(next) as TRfpDraftField[]).filter((f) => next[f] !== null),
        radiusMiles: next.dist,
        nameParts: partsOfName(next) ?? NO_NAME_PARTS,
        understood: {},
      };
  if (previous === null) return valid(reading.draft);
  const stated = new Set(reading.stated);
  const merged: TRfpDraft = { ...previous };
  const take = <K extends TRfpDraftField>(field: K) => {
    if (stated.has(field)) merged[field] = reading.draft[field];
  };
  for (const field of RFP_DRAFT_FIELDS_AND_EXTRAS) {
    if (field === "startDate" || field === "endDate" || field === "address" || field === "dist")
      continue;
    if (field === "name") continue;
    take(field);
  }
  if (stated.has("startDate")) {
    merged.startDate = reading.draft.startDate;
    merged.endDate = reading.draft.endDate;
    merged.hasFlexibleDates = reading.draft.hasFlexibleDates;
    // New dates replace the options too (fixed dates leave none).
    merged.dateOptions = reading.draft.dateOptions ?? null;
    // "Dates are flexible" said with the new dates still counts.
    if (stated.has("hasFlexibleDates")) merged.hasFlexibleDates = reading.draft.hasFlexibleDates;
  }
  if (stated.has("address")) {
    merged.address = reading.draft.address;
    merged.dist =
      reading.radiusMiles !== null ? reading.draft.dist : (previous.dist ?? reading.draft.dist);
  } else if (reading.radiusMiles !== null && merged.address !== null) {
    merged.dist = clampInt(
      Math.min(reading.radiusMiles, MAX_REQUEST_RADIUS_MILES),
      1,
      MAX_REQUEST_RADIUS_MILES,
    );
  }
  merged.name = mergedName(previous, reading, merged);
  return valid(merged);
}

const NO_NAME_PARTS: TRfpNameParts = {
  given: null,
  age: null,
  gender: null,
  sports: [],
  type: null,
};

function mergedName(previous: TRfpDraft, reading: TRfpReading, merged: TRfpDraft): string | null {
  const said = reading.nameParts;
  if (said.given) return composeEventName(said);
  const before = partsOfName(previous) ?? NO_NAME_PARTS;
  // A name given earlier stays, whatever the correction says of the sport or age.
  if (before.given) return before.given;
  const changed =
    said.age !== null ||
    said.gender !== null ||
    said.type !== null ||
    reading.stated.includes("sportsList");
  if (!changed) return previous.name;
  return composeEventName({
    given: null,
    age: said.age ?? before.age,
    gender: said.gender ?? before.gender,
    sports: merged.sportsList ?? ([] as TSportName[]),
    type: said.type ?? before.type,
  });
}
