// The product's vocabulary found in text: sports, space types, surfaces, indoor/outdoor, facility types, event types, age groups and genders, from the domain's reference lists plus the common names people use.
import {
  EVENT_TYPES,
  FACILITY_TYPES,
  SPACE_TYPES,
  SPORT_NAMES,
  SURFACES,
  type TAgeGroup,
  type TEventType,
  type TFacilityType,
  type TGender,
  type TLocationFilter,
  type TSpaceTypeName,
  type TSportName,
  type TSurface,
} from "@hostfield/domain/reference";
import { matchesOf, pickLongest, plainText, spanOf, type TSpan } from "./spans";

/** One thing a stretch of words means. A stretch may mean several ("stadium": a space and a facility type). */
export type TMeaning =
  | { readonly kind: "sport"; readonly value: TSportName }
  | { readonly kind: "spaceType"; readonly value: TSpaceTypeName }
  | { readonly kind: "surface"; readonly value: TSurface }
  | { readonly kind: "location"; readonly value: TLocationFilter }
  | { readonly kind: "facilityType"; readonly value: TFacilityType }
  | { readonly kind: "eventType"; readonly value: TEventType }
  /** `label` is how the age reads in an event's name ("12U", "High School"). */
  | { readonly kind: "ageGroup"; readonly value: TAgeGroup; readonly label: string }
  /** `label` is how the gender reads in an event's name ("Girls", "Men's"). */
  | { readonly kind: "gender"; readonly value: TGender; readonly label: string };

export type TMeaningKind = TMeaning["kind"];

/**
 * Words of the text and what they mean. Each word belongs to at most one term: the longest
 * phrase wins, so "ice" in "ice hockey" is part of the sport and is not a surface. A term with no
 * meanings holds words that look like vocabulary but are not ("air hockey", "a 50m pool"'s "50m").
 */
export type TTerm = { readonly span: TSpan; readonly meanings: readonly TMeaning[] };

type TEntry = {
  readonly pattern: RegExp;
  readonly meanings: (match: RegExpExecArray) => readonly TMeaning[];
};

// ---- building patterns -------------------------------------------------------------------------

function escapeWord(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "'?");
}

function pluralOf(word: string): string {
  if (/(?:s|x|ch|sh)$/.test(word)) return `${word}(?:es)?`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}(?:y|ies)`;
  return `${word}s?`;
}

/**
 * A phrase as a pattern: words apart, hyphenated or run together ("t-ball", "t ball", "tball"),
 * "&" as "and" too, apostrophes optional; with `plural`, its last word may take a plural ending.
 */
function phrase(text: string, plural = false): string {
  const words = text.toLowerCase().split(/[\s-]+/);
  const parts = words.map((w, i) => {
    if (w === "&") return "(?:&|and|n'?)";
    const escaped = escapeWord(w);
    return plural && i === words.length - 1 ? pluralOf(escaped) : escaped;
  });
  return parts.join("[\\s-]*");
}

function bounded(source: string): RegExp {
  return new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`, "gi");
}

function entry(
  phrases: readonly string[],
  meanings: readonly TMeaning[],
  options: { plural?: boolean; after?: string; notAfter?: string; notBefore?: string } = {},
): TEntry {
  // Longest first: an alternation takes the first that matches ("7v7 football" before "7v7").
  const longestFirst = [...phrases].sort((a, b) => b.length - a.length);
  let source = `(?:${longestFirst.map((p) => phrase(p, options.plural)).join("|")})`;
  // Context the words need around them, outside the span they consume.
  if (options.after) source = `${source}(?=[\\s-]+(?:${options.after})(?![a-z]))`;
  if (options.notAfter) source = `${source}(?![\\s-]+(?:${options.notAfter})(?![a-z]))`;
  if (options.notBefore) source = `(?<!(?:${options.notBefore})\\s+)${source}`;
  return { pattern: bounded(source), meanings: () => meanings };
}

const sport = (value: TSportName): TMeaning => ({ kind: "sport", value });
const space = (value: TSpaceTypeName): TMeaning => ({ kind: "spaceType", value });
const surface = (value: TSurface): TMeaning => ({ kind: "surface", value });
const location = (value: TLocationFilter): TMeaning => ({ kind: "location", value });
const facility = (value: TFacilityType): TMeaning => ({ kind: "facilityType", value });
const eventType = (value: TEventType): TMeaning => ({ kind: "eventType", value });
const age = (value: TAgeGroup, label: string): TMeaning => ({ kind: "ageGroup", value, label });
const gender = (value: TGender, label: string): TMeaning => ({ kind: "gender", value, label });

// ---- sports --------------------------------------------------------------------------------------

// Names too common as plain words to stand alone: "running a tournament", "the ultimate venue".
const SPORT_NEEDS_CONTEXT: ReadonlySet<string> = new Set([
  "Running",
  "Ultimate",
  "Other Sport or Activity",
]);
const EVENT_WORDS =
  "race|races|event|events|festival|club|clubs|series|meet|meets|camp|camps|clinic|clinics|tournament|tournaments|league|leagues|team|teams|championships?";

/** Common names, nicknames and spellings, by the reference list's name. */
const SPORT_ALIASES: ReadonlyArray<readonly [TSportName, readonly string[]]> = [
  ["Basketball", ["hoops", "hoop", "b-ball", "bball", "basket ball"]],
  ["Ice Hockey", ["hockey"]],
  ["Ball Hockey", ["street hockey", "dek hockey", "deck hockey"]],
  ["Roller Hockey", ["inline hockey", "in line hockey"]],
  ["Floorball", ["floor hockey"]],
  ["Sled Hockey", ["sledge hockey"]],
  ["Contact Football", ["football", "tackle football", "american football", "gridiron"]],
  [
    "Non-Contact Football",
    [
      "flag football",
      "7v7",
      "7 v 7",
      "7 on 7",
      "7v7 football",
      "touch football",
      "non contact football",
    ],
  ],
  ["Beach Volleyball", ["sand volleyball", "beach volley ball", "sand volley ball"]],
  ["Volleyball", ["volley ball", "vball"]],
  ["Cheerleading", ["cheer", "cheerleaders", "cheer leading", "all star cheer"]],
  ["Track & Field", ["track and field", "track n field", "t&f"]],
  ["Swimming", ["swim", "swimmers", "swimming"]],
  ["Lacrosse", ["lax"]],
  ["Tee Ball", ["t ball", "tee ball", "teeball"]],
  ["Softball", ["fastpitch", "fast pitch", "slowpitch", "slow pitch"]],
  ["Cross Country", ["xc"]],
  ["Cross Country Skiing", ["nordic skiing"]],
  ["Table Tennis", ["ping pong"]],
  ["Mixed Martial Arts", ["mma"]],
  ["Jiu-Jitsu", ["bjj", "jujitsu", "ju jitsu", "brazilian jiu jitsu"]],
  ["Taekwondo", ["tae kwon do"]],
  ["Functional Fitness", ["crossfit"]],
  ["Weightlifting", ["weight lifting", "olympic lifting"]],
  ["Powerlifting", ["power lifting"]],
  ["Esports", ["e sports", "esport"]],
  ["Ultimate", ["ultimate frisbee", "frisbee"]],
  ["Disc Golf", ["frisbee golf", "frolf"]],
  ["FootGolf", ["foot golf"]],
  ["Quadball", ["quidditch"]],
  ["Roundnet", ["spikeball"]],
  ["Running", ["fun run", "5k run"]],
  ["Trail Running", ["trail run"]],
  ["Obstacle Course Racing", ["mud run"]],
  ["Mountain Biking", ["mountain bike", "mtb"]],
  ["Karting", ["go kart", "go karts", "go karting", "kart racing"]],
  ["Motorsports", ["auto racing", "motorsport"]],
  ["Equestrian", ["horse show", "dressage", "show jumping"]],
  ["Adaptive Sports", ["adaptive sport", "para sports"]],
  ["Canoeing & Kayaking", ["canoeing", "kayaking", "canoe", "kayak"]],
  ["Trampoline & Tumbling", ["trampoline", "tumbling"]],
  ["Artistic Swimming", ["synchronized swimming", "synchro swimming"]],
  ["Australian Rules Football", ["aussie rules", "australian football"]],
  ["Gaelic Football", ["gaelic"]],
  ["Color Guard", ["colorguard", "winter guard"]],
  ["Baton Twirling", ["twirling"]],
  ["Climbing", ["rock climbing", "bouldering"]],
  ["Paddleboarding", ["paddle boarding", "stand up paddle"]],
  ["Water Skiing", ["waterskiing", "water ski"]],
  ["Dragon Boat Racing", ["dragon boat", "dragon boats", "dragon boating"]],
  [
    "Shooting Sports",
    ["trap shooting", "skeet", "skeet shooting", "sporting clays", "clay shooting"],
  ],
  ["Bocce", ["bocce ball"]],
  ["Skateboarding", ["skate boarding"]],
  ["Gymnastics", ["gymnasts"]],
  ["Wrestling", ["wrestlers"]],
];

function sportEntries(): TEntry[] {
  const entries: TEntry[] = [];
  for (const name of SPORT_NAMES) {
    if (name === "Other Sport or Activity") continue;
    const options = SPORT_NEEDS_CONTEXT.has(name) ? { after: EVENT_WORDS } : {};
    entries.push(entry([name], [sport(name)], options));
  }
  for (const [name, aliases] of SPORT_ALIASES) entries.push(entry(aliases, [sport(name)]));
  // Races that name their sport: the words say both.
  entries.push(
    entry(
      ["marathon", "half marathon", "road race", "ultramarathon"],
      [sport("Running"), eventType("Race")],
      {
        plural: true,
      },
    ),
    entry(["trail race"], [sport("Trail Running"), eventType("Race")], { plural: true }),
    entry(
      ["obstacle race", "obstacle course race"],
      [sport("Obstacle Course Racing"), eventType("Race")],
      {
        plural: true,
      },
    ),
    // "A dive meet", not "dive into the details".
    entry(["dive"], [sport("Diving")], { after: EVENT_WORDS }),
    // Games that are not the sport their last word names.
    entry(["air hockey", "table hockey", "fantasy football"], []),
    // Everyday phrases made of sport words.
    entry(["keep track", "keeping track", "on track", "fast track", "track record"], []),
  );
  return entries;
}

// ---- spaces, surfaces, locations ------------------------------------------------------------------

/** Other names of space types, by the reference list's name. */
const SPACE_ALIASES: ReadonlyArray<readonly [TSpaceTypeName, readonly string[]]> = [
  ["Gymnasium", ["gym", "gymnasia"]],
  ["Field", ["pitch"]],
  ["Diamond", ["ball field", "ballfield", "ball diamond"]],
  ["Pool", ["swimming pool"]],
  ["Mat Room", ["mat"]],
  ["Fitness Center", ["weight room", "fitness room"]],
  ["Exhibit Hall", ["exhibition hall", "expo hall"]],
  ["Meeting Room", ["conference room", "breakout room"]],
  ["Skate Park", ["skatepark"]],
  ["Ski Slope", ["slope"]],
  ["Equestrian Arena", ["riding arena", "horse arena"]],
  ["Climbing Wall", ["bouldering wall"]],
  ["Lanes", ["lane", "bowling lane"]],
];

function spaceEntries(): TEntry[] {
  const entries: TEntry[] = [];
  // Names that mean more than a space, or need context, have their own entries below.
  const special: ReadonlySet<string> = new Set([
    "Track",
    "Stadium",
    "Golf Course",
    "Natatorium",
    "Range",
    "Lanes",
  ]);
  for (const { name } of SPACE_TYPES) {
    if (!special.has(name)) entries.push(entry([name], [space(name)], { plural: true }));
  }
  for (const [name, aliases] of SPACE_ALIASES)
    entries.push(entry(aliases, [space(name)], { plural: true }));
  entries.push(
    entry(["stadium"], [space("Stadium"), facility("Stadium")], { plural: true }),
    entry(["stadia"], [space("Stadium"), facility("Stadium")]),
    entry(["golf course"], [space("Golf Course"), facility("Golf Course")], { plural: true }),
    entry(["natatorium"], [space("Natatorium"), facility("Aquatic Center")], { plural: true }),
    entry(["natatoria"], [space("Natatorium"), facility("Aquatic Center")]),
    // A bare "track" is both the sport and the space; a meet is the sport's event.
    entry(["track"], [sport("Track & Field"), space("Track")], { plural: true }),
    entry(
      ["track meet", "track & field meet"],
      [sport("Track & Field"), eventType("Competition")],
      {
        plural: true,
      },
    ),
    entry(["race track", "racetrack", "raceway", "speedway"], [space("Raceway")], { plural: true }),
    // "Range" alone is an age or price range.
    entry(
      ["shooting range", "gun range", "rifle range", "target range"],
      [space("Range"), sport("Shooting Sports")],
      {
        plural: true,
      },
    ),
    entry(["archery range"], [space("Range"), sport("Archery")], { plural: true }),
    entry(["driving range"], [space("Range")], { plural: true }),
    // Tournament words made of space words: "pool play", "a field of 40 teams", "the food court".
    entry(["pool play", "pool games", "pool round", "pool rounds", "food court"], []),
    {
      pattern: bounded(
        String.raw`pools\s+of(?=\s+\d)|field\s+of(?=\s+(?:\d|about|around|up to|over|some|roughly|[a-z-]+\s+teams))`,
      ),
      meanings: () => [],
    },
    // Sizes of a space are not counts of it: "a 50m pool", "an 8-lane pool", "a 400m track".
    {
      pattern: bounded(
        String.raw`\d+(?:\.\d+)?[\s-]*(?:m|meters?|metres?|yards?|yds?|y|lanes?|ft|feet|foot|x\d+)(?=[\s-]+(?:[a-z-]+[\s-]+)?(?:pools?|tracks?|courses?|lanes?|rinks?|fields?|courts?))`,
      ),
      meanings: () => [],
    },
  );
  return entries;
}

function surfaceEntries(): TEntry[] {
  const aliases: ReadonlyArray<readonly [TSurface, readonly string[]]> = [
    [
      "Hardwood",
      [
        "hardwood",
        "hard wood",
        "wood",
        "wooden",
        "wood floor",
        "wood floors",
        "wooden floors",
        "maple",
      ],
    ],
    [
      "Turf",
      [
        "turf",
        "artificial turf",
        "synthetic turf",
        "field turf",
        "fieldturf",
        "astroturf",
        "artificial grass",
        "synthetic grass",
      ],
    ],
    ["Grass", ["grass", "natural grass", "real grass"]],
    ["Sand", ["sand"]],
    ["Ice", ["ice"]],
    ["Concrete", ["concrete"]],
    ["Asphalt", ["asphalt", "blacktop"]],
    ["Synthetic", ["synthetic", "rubberized"]],
    ["Multi-purpose", ["multi purpose", "multipurpose", "multi use"]],
  ];
  // Every surface of the reference list is covered by its own name too (the list may grow).
  const listed = new Set(aliases.map(([s]) => s));
  const extra = SURFACES.filter((s) => s !== "N/A" && s !== "Water" && !listed.has(s));
  return [
    ...aliases.map(([value, words]) => entry(words, [surface(value)])),
    ...extra.map((value) => entry([value], [surface(value)])),
  ];
}

function locationEntries(): TEntry[] {
  return [
    entry(["indoor", "indoors", "inside", "in door"], [location("Indoor")]),
    entry(["outdoor", "outdoors", "outside", "open air"], [location("Outdoor")]),
    {
      pattern: bounded(String.raw`(?:indoors?|inside)\s*(?:/|&|and|or|-)\s*(?:outdoors?|outside)`),
      meanings: () => [location("Both")],
    },
    {
      pattern: bounded(String.raw`(?:outdoors?|outside)\s*(?:/|&|and|or|-)\s*(?:indoors?|inside)`),
      meanings: () => [location("Both")],
    },
  ];
}

// ---- facility and event types --------------------------------------------------------------------

const FACILITY_ALIASES: ReadonlyArray<readonly [TFacilityType, readonly string[]]> = [
  ["Arena", ["arena"]],
  [
    "Convention Center",
    ["convention center", "convention centre", "conference center", "conference centre"],
  ],
  ["Olympic Facility", ["olympic facility", "olympic training center"]],
  [
    "Sports Complex",
    [
      "sports complex",
      "sportsplex",
      "athletic complex",
      "sports park",
      "sports center",
      "sports centre",
    ],
  ],
  ["College/University", ["university", "campus"]],
  ["Parks & Rec", ["parks & rec", "parks & recreation", "park", "city park"]],
  [
    "Aquatic Center",
    ["aquatic center", "aquatics center", "aquatic centre", "aquatics centre", "aquatic facility"],
  ],
  ["Fieldhouse", ["fieldhouse", "field house"]],
  [
    "Recreation Center",
    ["recreation center", "rec center", "rec centre", "community center", "recreation centre"],
  ],
  ["Racquet Club", ["racquet club", "tennis club"]],
  ["Fairgrounds", ["fairgrounds", "fairground"]],
  ["Equestrian Center", ["equestrian center", "horse park", "equestrian park"]],
  ["Motorsports Park", ["motorsports park", "motorsport park"]],
  ["Ski Resort", ["ski resort", "ski area"]],
  ["Hotel & Resort", ["resort"]],
  ["Private Club", ["private club", "country club"]],
];

// Nouns after which "high school" or "college" says where, not who.
const VENUE_NOUNS =
  "gyms?|gymnasiums?|fields?|stadiums?|facilit(?:y|ies)|venues?|campus(?:es)?|courts?|pools?|tracks?|arenas?|fieldhouses?";

function facilityEntries(): TEntry[] {
  const entries: TEntry[] = FACILITY_ALIASES.map(([value, words]) =>
    entry(words, [facility(value)], { plural: true }),
  );
  const named = new Set(FACILITY_ALIASES.map(([v]) => v));
  for (const value of FACILITY_TYPES) {
    // "Stadium", "Golf Course" and "High School" are read with their other meanings.
    if (named.has(value) || ["Stadium", "Golf Course", "High School", "Other"].includes(value))
      continue;
    entries.push(entry([value.replace("/", " ")], [facility(value)], { plural: true }));
  }
  entries.push(
    entry(
      ["ice arena", "ice center", "ice centre", "ice complex", "ice house"],
      [facility("Ice Complex"), surface("Ice")],
      {
        plural: true,
      },
    ),
    entry(["high school"], [facility("High School")], { plural: true, after: VENUE_NOUNS }),
    entry(["college"], [facility("College/University")], { plural: true, after: VENUE_NOUNS }),
  );
  return entries;
}

const EVENT_ALIASES: ReadonlyArray<readonly [TEventType, readonly string[]]> = [
  ["Tournament", ["tournament", "tourney", "invitational"]],
  ["Championship", ["championship", "nationals"]],
  ["Tryout", ["tryout", "try out"]],
  ["Expo", ["expo", "exposition"]],
  ["Trade Show", ["trade show", "tradeshow"]],
  ["Virtual Events", ["virtual event"]],
  ["Networking", ["networking event", "networking"]],
];

function eventEntries(): TEntry[] {
  const entries: TEntry[] = EVENT_ALIASES.map(([value, words]) =>
    entry(words, [eventType(value)], { plural: true }),
  );
  const named = new Set(EVENT_ALIASES.map(([v]) => v));
  for (const value of EVENT_TYPES) {
    if (named.has(value) || value === "Other") continue;
    entries.push(entry([value], [eventType(value)], { plural: true }));
  }
  // A meet is a competition ("swim meet"); not the verb ("to meet our needs").
  entries.push(
    entry(["meet"], [eventType("Competition")], {
      plural: true,
      notAfter:
        "the|our|your|my|their|with|up|us|all|any|these|those|every|needs?|requirements?|expectations|deadlines?",
      notBefore: "to|will|can|must|should|could|would|and|or|please|we|i|they|you",
    }),
  );
  return entries;
}

// ---- age groups and genders ---------------------------------------------------------------------

/** The age group of an "under N" division or an N-year-old: 13 and under youth, 14-18 high school. */
export function ageGroupOfAge(years: number): TAgeGroup | null {
  if (years < 3 || years > 99) return null;
  if (years <= 13) return "Youth";
  if (years <= 18) return "High School";
  if (years <= 23) return "College";
  return "Adult";
}

/** The group spanning two ages: the same group, or youth and high school together. */
function ageGroupOfRange(low: number, high: number): TAgeGroup | null {
  const a = ageGroupOfAge(Math.min(low, high));
  const b = ageGroupOfAge(Math.max(low, high));
  if (a === null || b === null) return a ?? b;
  if (a === b) return a;
  if (a === "Youth" && b === "High School") return "Youth & High School";
  return a;
}

const ageMeaning = (group: TAgeGroup | null, label: string): readonly TMeaning[] =>
  group ? [age(group, label)] : [];

function ageEntries(): TEntry[] {
  const U_AFTER = String.raw`(\d{1,2})\s?u(?:s|'s)?`;
  const U_BEFORE = String.raw`u-?(\d{1,2})(?:s|'s)?`;
  const YEARS_OLD = String.raw`[\s-]*(?:(?:years?|yrs?)[\s-]*olds?|y/?o)`;
  const words: ReadonlyArray<readonly [TAgeGroup, string, readonly string[]]> = [
    ["Youth", "Youth", ["youth", "kids", "children", "junior high", "grade school", "elementary"]],
    ["Youth", "Middle School", ["middle school", "middle schoolers", "middle school students"]],
    [
      "High School",
      "High School",
      ["high school", "high schoolers", "high school students", "varsity", "jv", "junior varsity"],
    ],
    ["College", "College", ["college", "collegiate", "ncaa", "naia", "njcaa", "college students"]],
    ["Adult", "Adult", ["adult", "adults", "masters"]],
    ["All Ages", "All Ages", ["all ages", "all age"]],
    [
      "Youth & High School",
      "Youth & High School",
      ["youth & high school", "youth and high school"],
    ],
  ];
  const entries: TEntry[] = words.map(([value, label, list]) =>
    entry(list, [age(value, label)], { plural: false }),
  );
  entries.push(
    // "12U-14U", "U10-U14", "10U to 14U"
    {
      pattern: bounded(`${U_AFTER}\\s*(?:-|to|through|&|and)\\s*${U_AFTER}`),
      meanings: (m) => ageMeaning(ageGroupOfRange(Number(m[1]), Number(m[2])), `${m[1]}U-${m[2]}U`),
    },
    {
      pattern: bounded(`${U_BEFORE}\\s*(?:-|to|through|&|and)\\s*${U_BEFORE}`),
      meanings: (m) => ageMeaning(ageGroupOfRange(Number(m[1]), Number(m[2])), `U${m[1]}-U${m[2]}`),
    },
    {
      pattern: bounded(U_AFTER),
      meanings: (m) => ageMeaning(ageGroupOfAge(Number(m[1])), `${m[1]}U`),
    },
    {
      pattern: bounded(U_BEFORE),
      meanings: (m) => ageMeaning(ageGroupOfAge(Number(m[1])), `U${m[1]}`),
    },
    {
      pattern: bounded(String.raw`(\d{1,2})\s*(?:and|&)\s*under`),
      meanings: (m) => ageMeaning(ageGroupOfAge(Number(m[1])), `${m[1]}U`),
    },
    // "12-year-olds", "ages 8-12", "8 to 12 year olds"
    {
      pattern: bounded(`(?:ages?\\s+)?(\\d{1,2})\\s*(?:-|to)\\s*(\\d{1,2})${YEARS_OLD}`),
      meanings: (m) =>
        ageMeaning(ageGroupOfRange(Number(m[1]), Number(m[2])), `Ages ${m[1]}-${m[2]}`),
    },
    {
      pattern: bounded(String.raw`ages?\s+(\d{1,2})\s*(?:-|to|through)\s*(\d{1,2})`),
      meanings: (m) =>
        ageMeaning(ageGroupOfRange(Number(m[1]), Number(m[2])), `Ages ${m[1]}-${m[2]}`),
    },
    {
      pattern: bounded(`(\\d{1,2})${YEARS_OLD}`),
      meanings: (m) => ageMeaning(ageGroupOfAge(Number(m[1])), `${m[1]}U`),
    },
    {
      pattern: bounded(String.raw`(\d{1,2})\s*(?:and|&)\s*(?:over|older)`),
      meanings: (m) => (Number(m[1]) >= 18 ? [age("Adult", "Adult")] : []),
    },
    // "5th grade", "9th graders"
    {
      pattern: bounded(String.raw`(\d{1,2})(?:st|nd|rd|th)[\s-]*grade(?:rs?)?`),
      meanings: (m) => {
        const grade = Number(m[1]);
        if (grade < 1 || grade > 12) return [];
        return grade <= 8
          ? [age("Youth", `${m[1]}th Grade`)]
          : [age("High School", `${m[1]}th Grade`)];
      },
    },
  );
  return entries;
}

function genderEntries(): TEntry[] {
  return [
    entry(["boys & girls", "girls & boys"], [gender("Male & Female", "Boys & Girls")]),
    entry(
      ["men's & women's", "women's & men's", "men & women"],
      [gender("Male & Female", "Men's & Women's")],
    ),
    entry(["girls", "girl's", "girl"], [gender("Female", "Girls")]),
    entry(["boys", "boy's", "boy"], [gender("Male", "Boys")]),
    entry(["women's", "womens", "women", "ladies"], [gender("Female", "Women's")]),
    entry(["men's", "mens", "men"], [gender("Male", "Men's")]),
    entry(["coed", "co ed", "mixed"], [gender("Co-Ed", "Coed")]),
  ];
}

// ---- finding -------------------------------------------------------------------------------------

let compiled: readonly TEntry[] | undefined;

function entries(): readonly TEntry[] {
  compiled ??= [
    ...sportEntries(),
    ...spaceEntries(),
    ...surfaceEntries(),
    ...locationEntries(),
    ...facilityEntries(),
    ...eventEntries(),
    ...ageEntries(),
    ...genderEntries(),
  ];
  return compiled;
}

/**
 * Every term of the vocabulary in the text, in order, longest phrases first where they overlap
 * ("ice hockey" over "ice", "beach volleyball" over "volleyball"); words in `taken` (already read
 * as a date or a place) are skipped.
 */
export function findTerms(text: string, taken: readonly TSpan[] = []): TTerm[] {
  // Typographic dashes and apostrophes as plain ones ("t–ball", "men’s"), one character for one.
  const plain = plainText(text);
  const candidates: TTerm[] = [];
  for (const e of entries()) {
    for (const { span, match } of matchesOf(plain, e.pattern)) {
      candidates.push({ span: spanOf(text, span.start, span.end), meanings: e.meanings(match) });
    }
  }
  return pickLongest(candidates, taken);
}

export type TMeaningOf<K extends TMeaningKind> = Extract<TMeaning, { kind: K }> & {
  readonly span: TSpan;
};

/** The meanings of one kind among the terms, in text order, each with the words it came from. */
export function meaningsOf<K extends TMeaningKind>(
  terms: readonly TTerm[],
  kind: K,
): TMeaningOf<K>[] {
  const out: TMeaningOf<K>[] = [];
  for (const term of terms) {
    for (const m of term.meanings) {
      if (m.kind === kind) out.push({ ...(m as Extract<TMeaning, { kind: K }>), span: term.span });
    }
  }
  return out;
}

export type TMeaningValue<K extends TMeaningKind> = Extract<TMeaning, { kind: K }>["value"];

/** The distinct values of one kind, in order of first mention. */
export function valuesOf<K extends TMeaningKind>(
  terms: readonly TTerm[],
  kind: K,
): TMeaningValue<K>[] {
  const values: TMeaningValue<K>[] = [];
  for (const m of meaningsOf(terms, kind)) {
    // TypeScript does not narrow a generic Extract's field; meaningsOf kept only this kind.
    const value = m.value as TMeaningValue<K>;
    if (!values.includes(value)) values.push(value);
  }
  return values;
}

/** The sports named in the text, in order of first mention, as the reference list names them. */
export function findSports(text: string, taken: readonly TSpan[] = []): TSportName[] {
  return valuesOf(findTerms(text, taken), "sport");
}
