// The request wizard's model: which inputs each step has, the API objects they make (a new event,
// a ZRequirementInput), their check against the shared zod contracts, server errors placed back
// beside the inputs they are about, and the inputs a described event fills (the RFP assistant's
// draft).
import {
  BUDGET_BASES,
  BUDGET_BASIS_LABELS,
  PRICE_EXTRAS_MAX,
  PROPOSAL_CURRENCIES,
  type TBudgetBasis,
  type TLeadBulk,
  type TRequirementInput,
  type TRfpDraft,
  ZEventDetail,
  ZLeadBulk,
  ZRequirementInput,
  ZValidationDetails,
  zProfileCreate,
} from "@hostfield/domain/contracts";
import type { TOwnerType } from "@hostfield/domain/reference";
import {
  AGE_GROUPS,
  EVENT_TYPES,
  FACILITY_TYPES,
  findSpaceType,
  findState,
  LOCATION_FILTERS,
  SPACE_TYPE_NAMES,
  SPORT_NAMES,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import { copyEventForRequest } from "@hostfield/domain/rules";
import { ApiError } from "../../lib/api";
import { requestTermFacts } from "../../lib/request-terms";
import {
  createBodyOf,
  createErrors,
  fieldErrorsOf,
  kindConfig,
  SPORTS_FIELD,
  type TFieldErrors,
  type TFieldSpec,
  type TFormValues,
} from "../profiles";
import type { TEventListing } from "./requests-api";

export type { TFieldErrors, TFormValues };

// ---- the event step (new requests only) ----

export const EVENT_STEP_SPECS: readonly TFieldSpec[] = [
  { name: "name", label: "Event name", type: "text" },
  { name: "type", label: "Event type", type: "select", options: EVENT_TYPES },
  { name: "ageGroup", label: "Age group", type: "select", options: AGE_GROUPS },
  { name: "startDate", label: "Start date", type: "date" },
  { name: "endDate", label: "End date", type: "date" },
  {
    name: "hasFlexibleDates",
    label: "The dates are flexible",
    type: "boolean",
    helper: "Venues may offer any dates between the start and the end.",
  },
  { ...SPORTS_FIELD, label: "Sports" },
];
export const EVENT_STEP_REQUIRED = ["name", "type", "startDate", "endDate"];

/** What the copy of an existing event may carry into the new one (the create contract's fields). */
const EVENT_CREATE_KEYS = Object.keys(zProfileCreate(ZEventDetail).shape).filter(
  // The organization is one of the fields a copy drops (spec §3); the API names it organizationId.
  // A new listing is active by default.
  (key) => key !== "organizationId" && key !== "isActive",
);

/** The event step's inputs, prefilled from an event copied into a new request (spec §3). */
export function eventValuesFromCopy(event: TEventListing): TFormValues {
  return {
    name: event.name,
    type: event.type,
    ageGroup: event.ageGroup ?? "",
    startDate: event.startDate,
    endDate: event.endDate,
    hasFlexibleDates: event.hasFlexibleDates,
    sports: event.sports.filter((s) => (SPORT_NAMES as readonly string[]).includes(s)),
  };
}

/**
 * The body of `POST /events`: what the copied event had (minus the fields a copy drops, spec §3),
 * then what the event step says.
 */
export function newEventBody(values: TFormValues, copiedFrom: TEventListing | null) {
  const copied: Record<string, unknown> = {};
  if (copiedFrom) {
    const copy = copyEventForRequest(copiedFrom) as Record<string, unknown>;
    for (const key of EVENT_CREATE_KEYS) {
      const value = copy[key];
      if (value === null || value === undefined) continue;
      if (Array.isArray(value) && value.length === 0) continue;
      copied[key] = value;
    }
  }
  // The step's inputs decide their own fields, even when emptied (no sports any more, say).
  for (const spec of EVENT_STEP_SPECS) delete copied[spec.name];
  return { ...copied, ...createBodyOf(EVENT_STEP_SPECS, values) };
}

/** Field errors of the event step, from the event create contract (and "not before it starts"). */
export function eventStepErrors(values: TFormValues): TFieldErrors {
  const body = createBodyOf(EVENT_STEP_SPECS, values);
  return createErrors(kindConfig("event"), body, EVENT_STEP_SPECS);
}

// ---- the request steps ----

export type TWhere = "nationally" | "near";

/** Inputs of the request: strings and lists as the inputs hold them. */
export type TRequestValues = {
  sportsList: string[];
  needsSpecificFacilityType: boolean;
  facilityTypes: string[];
  needsSpecificSpaceType: boolean;
  spaceType: string;
  spaceSurface: string;
  spaceTypeCount: string;
  spaceLocation: string;
  spaceDescription: string;
  where: TWhere;
  address: string;
  dist: string;
  urgency: string;
  attendance: string;
  roomNights: string;
  budgetMin: string;
  budgetMax: string;
  /** A BUDGET_BASIS_LABELS label, as the select shows it. */
  budgetPer: string;
  budgetCurrency: string;
  decisionDate: string;
  priceSpaces: boolean;
  priceRooms: boolean;
  /** One extra a line. */
  priceExtras: string;
};

export const DEFAULT_RADIUS_MILES = "50";

export const EMPTY_REQUEST: TRequestValues = {
  sportsList: [],
  needsSpecificFacilityType: false,
  facilityTypes: [],
  needsSpecificSpaceType: false,
  spaceType: "",
  spaceSurface: "",
  spaceTypeCount: "1",
  spaceLocation: "",
  spaceDescription: "",
  where: "nationally",
  address: "",
  dist: DEFAULT_RADIUS_MILES,
  urgency: "",
  attendance: "",
  roomNights: "",
  budgetMin: "",
  budgetMax: "",
  budgetPer: BUDGET_BASIS_LABELS.event,
  budgetCurrency: "USD",
  decisionDate: "",
  priceSpaces: true,
  priceRooms: false,
  priceExtras: "",
};

/** A request prefilled from the event it is for: its sports, space and facility needs, its city. */
export function requestValuesFromEvent(
  event: Pick<
    TEventListing,
    "sports" | "facilityTypes" | "spaceName" | "surface" | "location" | "address"
  >,
): TRequestValues {
  const city = placeOf(event.address);
  return {
    ...EMPTY_REQUEST,
    sportsList: event.sports.filter((s) => (SPORT_NAMES as readonly string[]).includes(s)),
    needsSpecificFacilityType: event.facilityTypes.length > 0,
    facilityTypes: [...event.facilityTypes],
    needsSpecificSpaceType: event.spaceName !== null,
    spaceType: event.spaceName ?? "",
    spaceSurface: event.surface ?? "",
    spaceLocation: event.location ?? "",
    where: city ? "near" : "nationally",
    address: city,
  };
}

/** Surfaces the chosen space type offers (none: the space has no surface choice). */
export function surfaceOptions(spaceType: string): readonly string[] {
  return findSpaceType(spaceType)?.surfaces ?? [];
}

/** Indoor, Outdoor (as the space type allows) and Both when it allows either. */
export function locationOptions(spaceType: string): readonly string[] {
  const type = findSpaceType(spaceType);
  if (!type) return LOCATION_FILTERS;
  return type.locations.length > 1 ? [...type.locations, "Both"] : type.locations;
}

/** A new space type keeps the surface and location only when it allows them. */
export function withSpaceType(values: TRequestValues, spaceType: string): TRequestValues {
  const surfaces = surfaceOptions(spaceType);
  const locations = locationOptions(spaceType);
  return {
    ...values,
    spaceType,
    spaceSurface: surfaces.includes(values.spaceSurface) ? values.spaceSurface : "",
    spaceLocation: locations.includes(values.spaceLocation)
      ? values.spaceLocation
      : locations.length === 1
        ? (locations[0] ?? "")
        : "",
  };
}

const URGENCY_OPTIONS = URGENCY_LEVELS.map((level) => String(level.priority));

/** The "venue needs" inputs; the space inputs show only when a specific space is needed. */
export function needsSpecs(values: TRequestValues): TFieldSpec[] {
  const specs: TFieldSpec[] = [
    {
      name: "sportsList",
      label: "Sports",
      type: "tags",
      options: SPORT_NAMES,
      helper: "The sports the venue must host.",
    },
    { name: "needsSpecificFacilityType", label: "Needs a specific facility type", type: "boolean" },
  ];
  if (values.needsSpecificFacilityType) {
    specs.push({
      name: "facilityTypes",
      label: "Facility types",
      type: "tags",
      options: FACILITY_TYPES,
    });
  }
  specs.push({
    name: "needsSpecificSpaceType",
    label: "Needs a specific space",
    type: "boolean",
  });
  if (values.needsSpecificSpaceType) {
    specs.push({
      name: "spaceType",
      label: "Space type",
      type: "select",
      options: SPACE_TYPE_NAMES,
    });
    const surfaces = surfaceOptions(values.spaceType);
    if (surfaces.length > 0) {
      specs.push({ name: "spaceSurface", label: "Surface", type: "select", options: surfaces });
    }
    specs.push(
      {
        name: "spaceTypeCount",
        label: "How many",
        type: "number",
        integer: true,
        min: 1,
        max: 1000,
      },
      {
        name: "spaceLocation",
        label: "Indoor or outdoor",
        type: "select",
        options: locationOptions(values.spaceType),
      },
    );
  }
  specs.push({
    name: "spaceDescription",
    label: "Anything else the venue should know",
    type: "multiline",
    helper: "Seating, locker rooms, scoreboards, set-up days…; up to 2,000 characters.",
  });
  return specs;
}

export const ADDRESS_SPEC: TFieldSpec = {
  name: "address",
  label: "City, state or ZIP code",
  type: "text",
  helper: 'For example "Indianapolis, IN" or 46204.',
};
export const DIST_SPEC: TFieldSpec = {
  name: "dist",
  label: "Radius (miles)",
  type: "number",
  integer: true,
  min: 1,
  max: 500,
};

export const SIZE_SPECS: readonly TFieldSpec[] = [
  {
    name: "attendance",
    label: "Expected attendance",
    type: "number",
    integer: true,
    min: 1,
    max: 1_000_000,
    helper: "Participants and spectators, roughly.",
  },
  {
    name: "roomNights",
    label: "Hotel room nights",
    type: "number",
    integer: true,
    min: 0,
    max: 1_000_000,
    helper: "Rooms times nights, roughly; leave empty if none.",
  },
];

const BUDGET_PER_OPTIONS = BUDGET_BASES.map((basis) => BUDGET_BASIS_LABELS[basis]);

/** The budget, the decision date and what to price (spec: a request's terms). */
export const TERMS_SPECS: readonly TFieldSpec[] = [
  {
    name: "budgetMin",
    label: "Budget from",
    type: "number",
    min: 0,
    step: 1,
    helper: "Leave empty for no lower figure.",
  },
  {
    name: "budgetMax",
    label: "Budget up to",
    type: "number",
    min: 0,
    step: 1,
    helper: "Leave both empty to give no budget.",
  },
  { name: "budgetPer", label: "Budget counts", type: "select", options: BUDGET_PER_OPTIONS },
  { name: "budgetCurrency", label: "Currency", type: "select", options: PROPOSAL_CURRENCIES },
  {
    name: "decisionDate",
    label: "Decision by",
    type: "date",
    helper: "When you mean to choose a venue; venues see it.",
  },
  { name: "priceSpaces", label: "Price the spaces for each day", type: "boolean" },
  {
    name: "priceRooms",
    label: "Price hotel rooms",
    type: "boolean",
    helper: "For the room nights on the previous step.",
  },
  {
    name: "priceExtras",
    label: "Extras to price",
    type: "multiline",
    helper: `One a line, e.g. "Scoreboard operator" or "Parking"; up to ${PRICE_EXTRAS_MAX}.`,
  },
];

const URGENCY_SPEC: TFieldSpec = {
  name: "urgency",
  label: "Urgency",
  type: "select",
  options: URGENCY_OPTIONS,
};

/** Every input of the request, for placing the contract's verdict (every possible one). */
const ALL_REQUEST_SPECS: readonly TFieldSpec[] = [
  ...needsSpecs({
    ...EMPTY_REQUEST,
    needsSpecificFacilityType: true,
    needsSpecificSpaceType: true,
  }),
  { name: "spaceSurface", label: "Surface", type: "select", options: [] },
  ADDRESS_SPEC,
  DIST_SPEC,
  URGENCY_SPEC,
  ...SIZE_SPECS,
];

/** Which step each request field is on. */
export const REQUEST_STEP_FIELDS = {
  needs: [
    "sportsList",
    "needsSpecificFacilityType",
    "facilityTypes",
    "needsSpecificSpaceType",
    "spaceType",
    "spaceSurface",
    "spaceTypeCount",
    "spaceLocation",
    "spaceDescription",
  ],
  where: ["address", "dist"],
  // The date options' inputs are the dates editor's (date-options-rules.ts); a refusal of the
  // server about them ("dateOptions") comes back to this step.
  urgency: ["urgency", "attendance", "roomNights", "dateOptions"],
  terms: [
    "budgetMin",
    "budgetMax",
    "budgetPer",
    "budgetCurrency",
    "decisionDate",
    "priceSpaces",
    "priceRooms",
    "priceExtras",
  ],
} as const;
export type TRequestStep = keyof typeof REQUEST_STEP_FIELDS;

const text = (value: string) => value.trim();
const orNull = (value: string) => (text(value) === "" ? null : text(value));
/** NaN stays, so the contract says what is wrong beside the input. */
const numberOrNull = (value: string) => (text(value) === "" ? null : Number(text(value)));

/** The API object the inputs make (possibly invalid; `requestErrors` says why). */
export function requirementBody(values: TRequestValues): Record<string, unknown> {
  const space = values.needsSpecificSpaceType;
  const near = values.where === "near";
  return {
    sportsList: values.sportsList,
    needsSpecificFacilityType: values.needsSpecificFacilityType,
    facilityTypes: values.needsSpecificFacilityType ? values.facilityTypes : [],
    needsSpecificSpaceType: space,
    spaceType: space ? orNull(values.spaceType) : null,
    spaceSurface: space ? orNull(values.spaceSurface) : null,
    spaceTypeCount: space ? numberOrNull(values.spaceTypeCount) : null,
    spaceLocation: space ? orNull(values.spaceLocation) : null,
    spaceDescription: orNull(values.spaceDescription),
    // Looking near a place needs the place: an empty one is an error, not "nationally".
    address: near ? text(values.address) : null,
    dist: near ? numberOrNull(values.dist) : null,
    urgency: values.urgency === "" ? null : Number(values.urgency),
    attendance: numberOrNull(values.attendance),
    roomNights: numberOrNull(values.roomNights),
    ...termsBody(values),
  };
}

const basisOf = (label: string): TBudgetBasis =>
  BUDGET_BASES.find((basis) => BUDGET_BASIS_LABELS[basis] === label) ?? "event";

/** The budget (none when both figures are empty), the decision date and what to price. */
function termsBody(values: TRequestValues) {
  const min = numberOrNull(values.budgetMin);
  const max = numberOrNull(values.budgetMax);
  return {
    budget:
      min === null && max === null
        ? null
        : { min, max, per: basisOf(values.budgetPer), currency: values.budgetCurrency },
    decisionDate: orNull(values.decisionDate),
    pricing: {
      spaces: values.priceSpaces,
      rooms: values.priceRooms,
      extras: values.priceExtras
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    },
  };
}

/** The inputs a nested field of the terms is written in ("budget.max" → budgetMax). */
const TERMS_INPUTS: Record<string, string> = {
  "budget.min": "budgetMin",
  "budget.max": "budgetMax",
  "budget.per": "budgetPer",
  "budget.currency": "budgetCurrency",
  budget: "budgetMin",
  decisionDate: "decisionDate",
  "pricing.extras": "priceExtras",
  pricing: "priceExtras",
};
const termsInputOf = (path: readonly PropertyKey[]) =>
  TERMS_INPUTS[path.slice(0, 2).map(String).join(".")] ?? TERMS_INPUTS[String(path[0])];

/**
 * Errors of the terms step, by input: the contract's checks of the budget and the extras, and a
 * decision date before `today` (YYYY-MM-DD), which the server refuses too.
 */
export function termsErrors(values: TRequestValues, today: string): TFieldErrors {
  const body = termsBody(values);
  const errors: TFieldErrors = {};
  const parsed = ZRequirementInput.safeParse({ ...VALID_REQUEST, ...body });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const input = termsInputOf(issue.path);
    if (!input || errors[input]) continue;
    errors[input] =
      input === "priceExtras" && issue.path.length > 2
        ? "Each extra is 100 characters at most."
        : input === "priceExtras"
          ? `Name ${PRICE_EXTRAS_MAX} extras at most.`
          : input === "decisionDate"
            ? "Enter a date."
            : issue.message;
  }
  if (!errors.decisionDate && body.decisionDate !== null && body.decisionDate < today) {
    errors.decisionDate = "This date has passed; choose today or later.";
  }
  return errors;
}

/** Wording for the contract's checks that the generic messages put badly. */
function clearer(errors: TFieldErrors, body: Record<string, unknown>): TFieldErrors {
  const out = { ...errors };
  if (out.sportsList && Array.isArray(body.sportsList) && body.sportsList.length === 0) {
    out.sportsList = "Choose at least one sport.";
  }
  if (out.facilityTypes) out.facilityTypes = "Choose at least one facility type.";
  if (out.address) out.address = "Enter a city and state, or a ZIP code.";
  if (out.urgency) out.urgency = "Choose how soon you need a venue.";
  return out;
}

/** A request that passes the contract, to stand in for fields that fail their own check. */
const VALID_REQUEST = requirementBody({
  ...EMPTY_REQUEST,
  sportsList: ["Basketball"],
  urgency: "2",
});

/**
 * Field errors of the request from ZRequirementInput, keyed by input name. Zod checks the rules
 * across fields (a space type when one is needed, a radius with an address) only once every field
 * passes its own check; so those rules are asked again with the failing fields stood in for, and
 * a step shows all its problems at once, not one after the other.
 */
export function requestErrors(values: TRequestValues, today = localToday()): TFieldErrors {
  const body = { ...requirementBody(values), ...termsBody(EMPTY_REQUEST) };
  const terms = termsErrors(values, today);
  const first = ZRequirementInput.safeParse(body);
  if (first.success) return terms;
  const own = fieldErrorsOf(first, ALL_REQUEST_SPECS, body);
  const repaired: Record<string, unknown> = { ...body };
  for (const name of Object.keys(own)) repaired[name] = VALID_REQUEST[name];
  const across = fieldErrorsOf(ZRequirementInput.safeParse(repaired), ALL_REQUEST_SPECS, repaired);
  return { ...clearer({ ...across, ...own }, body), ...terms };
}

/** Today where the organizer is, as YYYY-MM-DD. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Only the errors of the given steps. */
export function errorsOf(errors: TFieldErrors, steps: readonly TRequestStep[]): TFieldErrors {
  const names = new Set<string>(steps.flatMap((step) => REQUEST_STEP_FIELDS[step]));
  return Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
}

/** The terms the review lists (none while the request does not pass its contract). */
export function reviewTermFacts(values: TRequestValues): [string, string][] {
  const parsed = ZRequirementInput.safeParse(requirementBody(values));
  return parsed.success ? requestTermFacts(parsed.data) : [];
}

/** The checked request, ready to send. */
export function parseRequirement(values: TRequestValues): TRequirementInput {
  return ZRequirementInput.parse(requirementBody(values));
}

// ---- a described event (the RFP assistant's draft) ----

const knownSports = (sports: readonly string[] | null) =>
  (sports ?? []).filter((s) => (SPORT_NAMES as readonly string[]).includes(s));

/**
 * The event step's inputs with what the assistant understood of a description put in: name, type,
 * age group, dates, flexible dates and sports. A field the draft leaves null (not understood)
 * keeps the input's value.
 */
export function eventValuesFromDraft(draft: TRfpDraft, values: TFormValues): TFormValues {
  const out: TFormValues = { ...values };
  if (draft.name !== null) out.name = draft.name;
  if (draft.type !== null) out.type = draft.type;
  if (draft.ageGroup !== null) out.ageGroup = draft.ageGroup;
  if (draft.startDate !== null) out.startDate = draft.startDate;
  if (draft.endDate !== null) out.endDate = draft.endDate;
  if (draft.hasFlexibleDates !== null) out.hasFlexibleDates = draft.hasFlexibleDates;
  const sports = knownSports(draft.sportsList);
  if (sports.length > 0) out.sports = sports;
  return out;
}

/**
 * The request's inputs with what the assistant understood put in: the sports, the space (a space
 * type turns "Needs a specific space" on), where, the urgency and the size. A field the draft
 * leaves null keeps the input's value; a surface or location the space type does not offer is
 * never put in (nor a surface without a space type).
 */
export function requestValuesFromDraft(draft: TRfpDraft, values: TRequestValues): TRequestValues {
  let out: TRequestValues = { ...values };
  const sports = knownSports(draft.sportsList);
  if (sports.length > 0) out.sportsList = sports;
  if (draft.spaceType !== null && findSpaceType(draft.spaceType)) {
    out = withSpaceType({ ...out, needsSpecificSpaceType: true }, draft.spaceType);
  }
  if (
    draft.spaceSurface !== null &&
    out.spaceType !== "" &&
    surfaceOptions(out.spaceType).includes(draft.spaceSurface)
  ) {
    out.spaceSurface = draft.spaceSurface;
  }
  if (
    draft.spaceLocation !== null &&
    locationOptions(out.spaceType).includes(draft.spaceLocation)
  ) {
    out.spaceLocation = draft.spaceLocation;
  }
  if (draft.spaceTypeCount !== null) out.spaceTypeCount = String(draft.spaceTypeCount);
  if (draft.address !== null) {
    out.where = "near";
    out.address = draft.address;
  }
  if (draft.dist !== null) out.dist = String(draft.dist);
  if (draft.urgency !== null) out.urgency = String(draft.urgency);
  if (draft.attendance !== null) out.attendance = String(draft.attendance);
  if (draft.roomNights !== null) out.roomNights = String(draft.roomNights);
  return out;
}

// ---- who a direct send goes to ----

/** The direct send's targets (`POST /events/{id}/leads/bulk`): the venues chosen. */
export function venueTargets(
  chosen: readonly { ownerType: TOwnerType; id: string }[],
): TLeadBulk["targets"] {
  return chosen.map((venue) => ({ ownerType: venue.ownerType, ownerId: venue.id }));
}

/** Why the chosen venues cannot be sent to, by ZLeadBulk's targets (one at least, 200 at most). */
export function targetsError(chosen: readonly { ownerType: TOwnerType; id: string }[]) {
  const parsed = ZLeadBulk.shape.targets.safeParse(venueTargets(chosen));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === "too_small") return "Add at least one venue, or let us match venues for you.";
  if (issue?.code === "too_big") return `Choose at most ${String(issue.maximum)} venues.`;
  return "Some of these venues cannot get the request; remove them and add them again.";
}

/**
 * What the server said about particular inputs: an address it could not place, or the fields a
 * validation error names (`data.dist`).
 */
export function serverFieldErrors(error: unknown): TFieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.code === "UNKNOWN_PLACE") return { address: error.message };
  if (error.code === "DECISION_DATE_PAST") return { decisionDate: error.message };
  if (error.code === "REQUEST_DATES_INVALID") return { dateOptions: error.message };
  const errors: TFieldErrors = {};
  const details = ZValidationDetails.safeParse(error.details);
  for (const { path, message } of details.success ? details.data.issues : []) {
    const parts = path?.replace(/^data\./, "").split(".") ?? [];
    const field = termsInputOf(parts) ?? parts[0] ?? "";
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** "Indianapolis, IN" from a listing's address, for the venue lists. */
export function placeOf(address: { city: string; state: string } | null): string {
  if (!address) return "";
  return `${address.city}, ${findState(address.state)?.code ?? address.state}`;
}
