// The built-in guide on a small made-up area: a question naming several topics ("indoor basketball
// facilities and hotels") is answered on each, the citations shared among them; a place named for
// another topic, or a second word for the same topic, asks nothing more.
import type { TTourGuideInput } from "@hostfield/domain/contracts";
import { GUIDE_MAX_CITATIONS } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import type { TAssistantContext } from "../context";
import { answerFromRecords } from "./answer";
import type { TGuideArea, TGuideDestination, TGuideListing } from "./area";

const CENTRE = { lat: 39.7684, lng: -86.1581 };

function listing(
  kind: TGuideListing["kind"],
  name: string,
  facts: Partial<TGuideListing> = {},
): TGuideListing {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    kind,
    id: `${kind}-${slug}`,
    name,
    slug,
    url: `/${kind}/${slug}`,
    city: "Indianapolis",
    state: "IN",
    point: { lat: CENTRE.lat + 0.01, lng: CENTRE.lng + 0.01 },
    distanceMiles: 1,
    description: null,
    sports: [],
    spaces: [],
    amenities: [],
    contact: { website: null, phone: null, email: null },
    facility: kind === "facility" ? { types: ["Sports Complex"], capacity: null } : null,
    business: null,
    hotel: kind === "hotel" ? { starRating: 3, rooms: 100 } : null,
    event: null,
    ...facts,
  };
}

const court = (count: number, location: "Indoor" | "Outdoor") => ({
  name: "Court",
  surface: "Hardwood",
  count,
  location,
});
const basketballHall = (name: string, courts: number) =>
  listing("facility", name, { sports: ["Basketball"], spaces: [court(courts, "Indoor")] });

const destination: TGuideDestination = {
  ...listing("destination", "Indy Sports Bureau"),
  point: CENTRE,
  destinationType: "Sports Commission",
  services: ["Grant Programs"],
};

const eatery = (name: string) =>
  listing("business", name, {
    business: {
      category: "Restaurant",
      attributes: ["Good for Groups"],
      placeCategories: ["Food & Drink"],
    },
  });

function areaOf(lists: {
  facilities?: TGuideListing[];
  hotels?: TGuideListing[];
  businesses?: TGuideListing[];
  events?: TGuideListing[];
}): TGuideArea {
  const all = [
    ...(lists.facilities ?? []),
    ...(lists.hotels ?? []),
    ...(lists.businesses ?? []),
    ...(lists.events ?? []),
  ];
  return {
    destination,
    names: async () =>
      all.map((l) => ({ id: l.id, kind: l.kind, name: l.name, lat: null, lng: null })),
    facilities: async () => lists.facilities ?? [],
    hotels: async () => lists.hotels ?? [],
    businesses: async () => lists.businesses ?? [],
    events: async () => lists.events ?? [],
    among: async (ids) => all.filter((l) => ids.includes(l.id)),
    all: async () => all,
  };
}

const guide: TTourGuideInput = {
  name: "the Indianapolis guide",
  greeting: "Hi",
  tone: "friendly",
  suggestedQuestions: [],
  stressTopics: [],
  avoidTopics: [],
  handoffUserIds: [],
  isEnabled: true,
};

// No hotel has rates and no text search is asked: the records are the area's fields alone.
const ctx = {
  stays: { roomRates: async () => new Map(), stayPrices: async () => new Map() },
  profiles: { textMatches: async () => [] },
} as unknown as TAssistantContext;

const ask = (area: TGuideArea, question: string) =>
  answerFromRecords(ctx, { guide, area, question, history: [], stay: null, today: "2026-12-01" });

const citedNames = (answer: { citations: { name: string }[] }) =>
  answer.citations.map((c) => c.name);

const indy = areaOf({
  facilities: [
    basketballHall("Northside Fieldhouse", 6),
    listing("facility", "Lakeside Soccer Park", {
      sports: ["Soccer"],
      spaces: [{ name: "Field", surface: "Grass", count: 8, location: "Outdoor" }],
    }),
    listing("facility", "Eastside Outdoor Courts", {
      sports: ["Basketball"],
      spaces: [court(4, "Outdoor")],
    }),
  ],
  hotels: [listing("hotel", "Canal Inn"), listing("hotel", "Monument Suites")],
  businesses: [eatery("Slice Pizza")],
});

describe("a question naming several topics", () => {
  it("answers 'indoor basketball facilities and hotels' on both, each by its own facts", async () => {
    const answer = await ask(indy, "indoor basketball facilities and hotels");
    expect(citedNames(answer)).toEqual(["Northside Fieldhouse", "Canal Inn", "Monument Suites"]);
    expect(answer.answered).toBe(true);
    expect(answer.content).toContain("- Northside Fieldhouse [1]");
    expect(answer.content).toContain("- Canal Inn [2]");
    expect(answer.content).toContain("- Monument Suites [3]");
    expect(answer.citations.map((c) => c.ref)).toEqual([1, 2, 3]);
  });

  it.each([
    ["Where can we play basketball indoors, and where can the team eat?"],
    ["Need indoor basketball courts. Also, any restaurants for the team?"],
    ["indoor basketball gyms plus somewhere to eat"],
    ["We need at least 4 indoor basketball courts, and where do we eat?"],
  ])("answers venues and food in %j", async (question) => {
    const answer = await ask(indy, question);
    expect(citedNames(answer)).toEqual(["Northside Fieldhouse", "Slice Pizza"]);
  });

  it("shares the citations among the topics when each has more than its share", async () => {
    const many = areaOf({
      facilities: Array.from({ length: 8 }, (_, i) => basketballHall(`Hall ${i + 1}`, 20 - i)),
      hotels: Array.from({ length: 8 }, (_, i) => listing("hotel", `Hotel ${i + 1}`)),
      businesses: Array.from({ length: 8 }, (_, i) => eatery(`Diner ${i + 1}`)),
    });
    const two = await ask(many, "basketball courts and hotels?");
    expect(two.citations).toHaveLength(GUIDE_MAX_CITATIONS);
    expect(two.citations.filter((c) => c.kind === "facility")).toHaveLength(3);
    expect(two.citations.filter((c) => c.kind === "hotel")).toHaveLength(3);
    expect(two.content).toContain("5 more match in our records");
    const three = await ask(many, "basketball courts, hotels and places to eat");
    expect(three.citations.map((c) => c.kind)).toEqual([
      "facility",
      "facility",
      "hotel",
      "hotel",
      "business",
      "business",
    ]);
  });

  it("gives a topic with few listings' turns to the others", async () => {
    const answer = await ask(
      areaOf({
        facilities: [basketballHall("Northside Fieldhouse", 6)],
        hotels: Array.from({ length: 8 }, (_, i) => listing("hotel", `Hotel ${i + 1}`)),
      }),
      "indoor basketball facilities and hotels",
    );
    expect(answer.citations.filter((c) => c.kind === "hotel")).toHaveLength(5);
  });

  it("says which topic our records don't answer, and answers the others", async () => {
    const answer = await ask(indy, "indoor volleyball courts and hotels");
    expect(citedNames(answer)).toEqual(["Canal Inn", "Monument Suites"]);
    expect(answer.answered).toBe(true);
    expect(answer.handoff).toBe(true);
    expect(answer.content).toContain("Our records don't show a venue of Indy Sports Bureau");
  });
});

describe("a question of one topic", () => {
  it.each([
    // The hotel and the courts are where to eat near, not what is asked.
    ["Where can we eat near our hotel and the courts?", ["Slice Pizza"]],
    // Where the visitor will be is not a venue asked for.
    [
      "We're at the fieldhouse all weekend, any hotels near there?",
      ["Canal Inn", "Monument Suites"],
    ],
    // "Or" offers another word for the same thing.
    ["Any hotels or motels?", ["Canal Inn", "Monument Suites"]],
    // A venue word without a venue asked for ("our team plays there").
    [
      "Which hotels are close to downtown? Our basketball team plays there.",
      ["Canal Inn", "Monument Suites"],
    ],
  ])("%j is answered on its topic alone", async (question, cited) => {
    expect(citedNames(await ask(indy, question))).toEqual(cited);
  });
});
