// The guide's retrieval functions (guide/retrieve.ts) as the language model's tools: their JSON
// schemas, made from the reference lists, and their results, which are the only way listing text
// reaches the model. Each record of a result carries a `ref`, numbered across the whole answer, that
// the answer cites; a bad argument comes back as a result saying what was wrong, never as a throw.
import { ZIsoDate } from "@hostfield/domain/contracts";
import {
  AMENITY_NAMES,
  FACILITY_TYPES,
  LOCATIONS,
  SPACE_TYPE_NAMES,
  SPORT_NAMES,
  SURFACES,
} from "@hostfield/domain/reference";
import { z } from "zod";
import type { TAssistantContext } from "../../context";
import type { TGuideDestination, TGuideListing } from "../../guide/area";
import {
  findEvents,
  findHotels,
  findPlaces,
  findVenues,
  PLACE_CATEGORIES,
  spaceWords,
  type TFound,
  type TFoundList,
} from "../../guide/retrieve";
import type { TGuideRequest } from "../provider";
import type { TToolCall, TToolSpec } from "./client";

/** Records one tool result shows at most (with how many more matched). */
export const TOOL_MAX_RECORDS = 8;
/** A description is cut to this many characters in a result. */
const DESCRIPTION_CHARS = 600;
/** Listings find_listing returns at most. */
const NAMED_MAX = 3;

// ---- arguments ---------------------------------------------------------------------------------

const ZDay = ZIsoDate.describe("YYYY-MM-DD");
const ZName = z.string().trim().min(2).max(200);

const ZVenueArgs = z.object({
  sports: z
    .array(z.enum(SPORT_NAMES))
    .max(5)
    .optional()
    .describe("Sports the venue must list (every one), named as in the list"),
  spaceTypes: z
    .array(z.enum(SPACE_TYPE_NAMES))
    .max(5)
    .optional()
    .describe("Kinds of playing space asked for (Court, Field, Rink, Pool…)"),
  surfaces: z.array(z.enum(SURFACES)).max(5).optional().describe("Surfaces of those spaces"),
  location: z.enum(LOCATIONS).optional().describe("Indoor or Outdoor spaces"),
  minCount: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('At least this many of those spaces together ("at least 6 courts")'),
  facilityTypes: z
    .array(z.enum(FACILITY_TYPES))
    .max(5)
    .optional()
    .describe("Types of facility asked for (Convention Center, Aquatic Center…)"),
  minCapacity: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe("Seats at least this many spectators"),
  amenities: z.array(z.enum(AMENITY_NAMES)).max(10).optional().describe("Amenities it must have"),
});

const ZHotelArgs = z
  .object({
    near: ZName.optional().describe(
      "A listing of the area to measure from (a venue's name); the destination when absent",
    ),
    radiusMiles: z
      .number()
      .min(0.1)
      .max(100)
      .optional()
      .describe("Within this many miles (5 when `near` is given without one)"),
    maxRate: z.number().min(1).optional().describe("Nightly rate ceiling in US dollars"),
    rateInclusive: z
      .boolean()
      .optional()
      .describe('True for "$150 or less"; false (default) for "under $150"'),
    checkIn: ZDay.optional().describe("Arrival day, to price the stay (YYYY-MM-DD)"),
    checkOut: ZDay.optional().describe("Departure day (YYYY-MM-DD)"),
    amenities: z.array(z.enum(AMENITY_NAMES)).max(10).optional(),
  })
  .refine((a) => (a.checkIn === undefined) === (a.checkOut === undefined), {
    message: "give both checkIn and checkOut, or neither",
    path: ["checkOut"],
  })
  .refine((a) => !a.checkIn || !a.checkOut || a.checkOut > a.checkIn, {
    message: "checkOut must be after checkIn",
    path: ["checkOut"],
  });

const ZPlaceArgs = z.object({
  category: z
    .enum(PLACE_CATEGORIES)
    .optional()
    .describe(
      "food (restaurants), activities (things to do), shopping, transport (shuttles), banquets (team receptions)",
    ),
  kids: z.boolean().optional().describe("Good for kids (a team of 12-year-olds, families)"),
  groups: z.boolean().optional().describe("Good for groups (a team)"),
  near: ZName.optional().describe("A listing of the area to measure from (a venue's name)"),
  radiusMiles: z.number().min(0.1).max(100).optional(),
  text: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .optional()
    .describe('Words to find in names and descriptions ("pizza", "bowling")'),
});

const ZEventArgs = z.object({
  sports: z.array(z.enum(SPORT_NAMES)).max(5).optional(),
  from: ZDay.optional().describe("Events still running on or after this day"),
  to: ZDay.optional().describe("Events starting on or before this day"),
});

const ZListingArgs = z.object({
  name: ZName.describe("The listing's name, or most of it"),
});

const ZNoArgs = z.object({});

// ---- results -----------------------------------------------------------------------------------

/** A listing an answer may cite: the ref its text uses, and the facts a tool gave for it. */
export type TRetrieved = { ref: number; listing: TGuideListing; detail: string | null };

type TRecordFacts = { detail: string | null; miles: number | null; rate: number | null };

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const clip = (text: string | null) =>
  text && text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS)}…` : text;

/** A record as the model reads it: its ref, what it is, its facts, and its own text as data. */
function recordOf(ref: number, listing: TGuideListing, facts: TRecordFacts) {
  return {
    ref,
    kind: listing.kind,
    name: listing.name,
    detail: facts.detail,
    distanceMiles: round1(facts.miles),
    city: listing.city,
    state: listing.state,
    ...(listing.kind === "facility"
      ? {
          sports: listing.sports,
          spaces: listing.spaces.map(spaceWords),
          facilityTypes: listing.facility?.types ?? [],
          capacity: listing.facility?.capacity ?? null,
          amenities: listing.amenities,
        }
      : {}),
    ...(listing.kind === "hotel"
      ? {
          nightlyRate: facts.rate,
          starRating: listing.hotel?.starRating ?? null,
          rooms: listing.hotel?.rooms ?? null,
          amenities: listing.amenities,
        }
      : {}),
    ...(listing.kind === "business"
      ? {
          category: listing.business?.category ?? null,
          placeCategories: listing.business?.placeCategories ?? [],
          attributes: listing.business?.attributes ?? [],
        }
      : {}),
    ...("services" in listing
      ? {
          destinationType: (listing as TGuideDestination).destinationType,
          services: (listing as TGuideDestination).services,
        }
      : {}),
    ...(listing.kind === "event" && listing.event
      ? {
          eventType: listing.event.type,
          startDate: listing.event.startDate,
          endDate: listing.event.endDate,
          ageGroup: listing.event.ageGroup,
          sports: listing.sports,
        }
      : {}),
    contact: listing.contact,
    description: clip(listing.description),
  };
}

// ---- finding a listing by name ------------------------------------------------------------------

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

/** Words that say what a listing is rather than which one it is. */
const GENERIC = new Set(["the", "a", "of", "and", "at", "in", "center", "centre", "hotel", "inn"]);

/** How well `asked` names a listing called `name`: 0 not at all; whole names beat shared words. */
function nameScore(asked: readonly string[], name: string): number {
  const distinct = asked.filter((w) => !GENERIC.has(w));
  if (distinct.length === 0) return 0;
  const words = wordsOf(name);
  const a = ` ${asked.join(" ")} `;
  const n = ` ${words.join(" ")} `;
  if (a === n) return 1000;
  if (n.includes(a) || a.includes(n)) return 500 + Math.min(a.length, n.length);
  const shared = distinct.filter((w) => words.includes(w)).length;
  return shared * 2 >= distinct.length ? shared : 0;
}

/** The area's listings (or the destination) best named by `name`, with their facts. */
async function listingsNamed(
  request: TGuideRequest,
  name: string,
  max: number,
): Promise<TGuideListing[]> {
  const { area } = request;
  const asked = wordsOf(name);
  if (asked.length === 0) return [];
  const candidates = [area.destination, ...(await area.names())];
  const best = candidates
    .map((c) => ({ id: c.id, name: c.name, score: nameScore(asked, c.name) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, max);
  const facts = new Map(
    (await area.among(best.map((b) => b.id).filter((id) => id !== area.destination.id))).map(
      (l) => [l.id, l],
    ),
  );
  return best.flatMap((b) => {
    const listing = b.id === area.destination.id ? area.destination : facts.get(b.id);
    return listing ? [listing] : [];
  });
}

// ---- the tools ---------------------------------------------------------------------------------

/** Null-valued arguments are left out (models send them for "not asked"). */
function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/**
 * A choice written in another case ("volleyball"), or one value where a list is wanted, is read as
 * the list's own spelling; anything else is left for validation to name.
 */
function spelledAsListed(args: unknown, lists: Record<string, readonly string[]>): unknown {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return args;
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const [key, list] of Object.entries(lists)) {
    const fix = (v: unknown) =>
      typeof v === "string"
        ? (list.find((l) => l.toLowerCase() === v.trim().toLowerCase()) ?? v)
        : v;
    const value = out[key];
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(fix) : fix(value);
  }
  return out;
}

type TToolDef<S extends z.ZodType> = {
  description: string;
  args: S;
  /** Arguments whose values are accepted in any case, and the lists they come from. */
  choices?: Record<string, readonly string[]>;
  /** Arguments that take a list (one value given alone is read as a list of one). */
  arrays?: readonly string[];
  run(args: z.infer<S>): Promise<TToolOutcome>;
};

/** A tool, its run typed by its own arguments. */
const tool = <S extends z.ZodType>(def: TToolDef<S>) => def as unknown as TToolDef<z.ZodType>;

type TToolOutcome =
  | { found: TFoundList }
  | { listings: TGuideListing[]; detail: (l: TGuideListing) => string | null }
  | { error: string };

/** A tool's JSON schema: the zod schema's, without the dialect marker. */
function parametersOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ");

export type TToolCallRecord = {
  name: string;
  arguments: unknown;
  /** Records returned, or the error the model was told. */
  total?: number;
  error?: string;
};

export type TToolSession = {
  specs: TToolSpec[];
  /** Runs one call; its result is the tool message's content (JSON). */
  run(call: TToolCall): Promise<string>;
  /** Every listing returned so far, by ref. */
  readonly retrieved: ReadonlyMap<number, TRetrieved>;
  readonly calls: readonly TToolCallRecord[];
};

/** The tools of one answer: refs are numbered across all its calls, a listing keeping its ref. */
export function toolSession(ctx: TAssistantContext, request: TGuideRequest): TToolSession {
  const { area } = request;
  const retrieved = new Map<number, TRetrieved>();
  const refOfId = new Map<string, number>();
  const calls: TToolCallRecord[] = [];

  const remember = (listing: TGuideListing, detail: string | null): number => {
    const known = refOfId.get(listing.id);
    if (known !== undefined) {
      // The later call's facts are kept when it gives some (a stay's rate after a plain search).
      if (detail) retrieved.set(known, { ref: known, listing, detail });
      return known;
    }
    const ref = retrieved.size + 1;
    retrieved.set(ref, { ref, listing, detail: detail || null });
    refOfId.set(listing.id, ref);
    return ref;
  };

  const near = async (name: string | undefined) => {
    if (!name) return { listing: null };
    const [listing] = await listingsNamed(request, name, 1);
    return listing
      ? { listing }
      : {
          error: `No listing named "${name}" in ${area.destination.name}'s area; call find_listing, or search without "near".`,
        };
  };

  const tools: Record<string, TToolDef<z.ZodType>> = {
    search_venues: tool({
      description: `Venues (the destination's facilities) that meet every fact given, most matching spaces first. A sport alone finds venues listing it; with a location, surface or count the sport's playing spaces must meet them.`,
      args: ZVenueArgs,
      choices: {
        sports: SPORT_NAMES,
        spaceTypes: SPACE_TYPE_NAMES,
        surfaces: SURFACES,
        location: LOCATIONS,
        facilityTypes: FACILITY_TYPES,
        amenities: AMENITY_NAMES,
      },
      arrays: ["sports", "spaceTypes", "surfaces", "facilityTypes", "amenities"],
      run: async (a: z.infer<typeof ZVenueArgs>) => ({
        found: findVenues(await area.facilities(), a, area.destination.point),
      }),
    }),
    search_hotels: tool({
      description:
        "Hotels within a radius of a listing (or of the destination), nearest first, with their nightly rate: for the dates when given, else the lowest listed. A price ceiling keeps those under it; a hotel without rates never meets one.",
      args: ZHotelArgs,
      choices: { amenities: AMENITY_NAMES },
      arrays: ["amenities"],
      run: async (a: z.infer<typeof ZHotelArgs>) => {
        const anchor = await near(a.near);
        if ("error" in anchor) return { error: anchor.error! };
        const stay =
          a.checkIn && a.checkOut ? { checkIn: a.checkIn, checkOut: a.checkOut } : request.stay;
        return {
          found: await findHotels(ctx, area, {
            near: anchor.listing,
            radiusMiles: a.radiusMiles ?? null,
            maxRate:
              a.maxRate === undefined ? null : { value: a.maxRate, inclusive: !!a.rateInclusive },
            stay,
            amenities: a.amenities ?? [],
          }),
        };
      },
    }),
    search_places: tool({
      description:
        "Businesses of the area: places to eat, things to do, shopping, transport and banquet halls, for kids or groups, near a listing, nearest first.",
      args: ZPlaceArgs,
      choices: { category: PLACE_CATEGORIES },
      run: async (a: z.infer<typeof ZPlaceArgs>) => {
        const anchor = await near(a.near);
        if ("error" in anchor) return { error: anchor.error! };
        return {
          found: await findPlaces(ctx, area, {
            category: a.category ?? null,
            kids: !!a.kids,
            groups: !!a.groups,
            near: anchor.listing,
            radiusMiles: a.radiusMiles ?? null,
            text: a.text ?? null,
          }),
        };
      },
    }),
    search_events: tool({
      description: "Listed events of the area that have not ended, soonest first.",
      args: ZEventArgs,
      choices: { sports: SPORT_NAMES },
      arrays: ["sports"],
      run: async (a: z.infer<typeof ZEventArgs>) => ({
        found: await findEvents(area, a, request.today),
      }),
    }),
    find_listing: tool({
      description:
        "A listing of the area by its name (a venue, hotel, business, event, or the destination), with all its facts.",
      args: ZListingArgs,
      run: async (a: z.infer<typeof ZListingArgs>) => {
        const listings = await listingsNamed(request, a.name, NAMED_MAX);
        if (listings.length === 0) {
          return { error: `No listing named "${a.name}" in ${area.destination.name}'s area.` };
        }
        return {
          listings,
          detail: (l) => [l.city, l.facility?.types[0]].filter(Boolean).join(" · ") || null,
        };
      },
    }),
    destination_info: tool({
      description:
        "The destination itself: what it is, its description, and the services it offers event organizers.",
      args: ZNoArgs,
      run: async () => ({
        listings: [area.destination],
        detail: () => area.destination.services.join(", ") || null,
      }),
    }),
  };

  const specs: TToolSpec[] = Object.entries(tools).map(([name, def]) => ({
    type: "function",
    function: { name, description: def.description, parameters: parametersOf(def.args) },
  }));

  async function run(call: TToolCall): Promise<string> {
    const name = call.function.name;
    const def = tools[name];
    const record: TToolCallRecord = { name, arguments: call.function.arguments };
    calls.push(record);
    const fail = (error: string) => {
      record.error = error;
      return JSON.stringify({ error });
    };
    if (!def) return fail(`There is no tool named "${name}".`);
    let raw: unknown;
    try {
      raw = JSON.parse(call.function.arguments || "{}");
    } catch {
      return fail("The arguments are not JSON.");
    }
    let args = withoutNulls(raw);
    if (def.choices) args = spelledAsListed(args, def.choices);
    if (def.arrays && args && typeof args === "object") {
      const o = args as Record<string, unknown>;
      for (const key of def.arrays) if (typeof o[key] === "string") o[key] = [o[key]];
    }
    const parsed = def.args.safeParse(args);
    record.arguments = args;
    if (!parsed.success) return fail(`Invalid arguments: ${issuesOf(parsed.error)}`);
    const outcome = await def.run(parsed.data);
    if ("error" in outcome) return fail(outcome.error);
    if ("found" in outcome) {
      const shown = outcome.found.found.slice(0, TOOL_MAX_RECORDS);
      record.total = outcome.found.total;
      const records = shown.map((f: TFound) =>
        recordOf(remember(f.listing, f.detail), f.listing, {
          detail: f.detail || null,
          miles: f.miles,
          rate: f.rate,
        }),
      );
      const more = outcome.found.total - shown.length;
      return JSON.stringify({
        total: outcome.found.total,
        records,
        ...(outcome.found.total === 0
          ? { note: "No listing in our records meets this." }
          : more > 0
            ? { note: `${more} more matched; narrow the search to see them.` }
            : {}),
      });
    }
    record.total = outcome.listings.length;
    const records = outcome.listings.map((listing) => {
      const detail = outcome.detail(listing);
      return recordOf(remember(listing, detail), listing, {
        detail,
        miles: listing.distanceMiles,
        rate: null,
      });
    });
    return JSON.stringify({ total: records.length, records });
  }

  return { specs, run, retrieved, calls };
}
