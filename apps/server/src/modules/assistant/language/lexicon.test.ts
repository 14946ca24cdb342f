// The vocabulary against the domain's reference lists and the common names docs/assistant.md lists.
import {
  EVENT_TYPES,
  FACILITY_TYPES,
  SPACE_TYPES,
  SPORT_NAMES,
  SURFACES,
} from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { ageGroupOfAge, findSports, findTerms, meaningsOf, valuesOf } from "./lexicon";

const values = <K extends Parameters<typeof valuesOf>[1]>(text: string, kind: K) =>
  valuesOf(findTerms(text), kind);

describe("sports", () => {
  const named = SPORT_NAMES.filter((s) => s !== "Other Sport or Activity");

  it.each(named)("finds %s by its own name", (name) => {
    expect(findSports(`${name} tournament`)).toEqual([name]);
    expect(findSports(`${name.toLowerCase()} tournament`)).toEqual([name]);
  });

  it.each([
    ["hoops", "Basketball"],
    ["hockey", "Ice Hockey"],
    ["ice hockey", "Ice Hockey"],
    ["field hockey", "Field Hockey"],
    ["roller hockey", "Roller Hockey"],
    ["ball hockey", "Ball Hockey"],
    ["sled hockey", "Sled Hockey"],
    ["football", "Contact Football"],
    ["tackle football", "Contact Football"],
    ["flag football", "Non-Contact Football"],
    ["7v7", "Non-Contact Football"],
    ["7v7 football", "Non-Contact Football"],
    ["7-on-7", "Non-Contact Football"],
    ["volleyball", "Volleyball"],
    ["beach volleyball", "Beach Volleyball"],
    ["sand volleyball", "Beach Volleyball"],
    ["cheer", "Cheerleading"],
    ["track and field", "Track & Field"],
    ["track", "Track & Field"],
    ["swim meet", "Swimming"],
    ["lax", "Lacrosse"],
    ["t-ball", "Tee Ball"],
    ["T ball", "Tee Ball"],
    ["tee ball", "Tee Ball"],
    ["ping pong", "Table Tennis"],
    ["ultimate frisbee", "Ultimate"],
  ])("reads the common name %j as %s", (words, sport) => {
    expect(findSports(`a ${words} event`)).toEqual([sport]);
  });

  it("lists every sport named, in order of first mention, once", () => {
    expect(findSports("Volleyball and basketball, then more volleyball and hoops")).toEqual([
      "Volleyball",
      "Basketball",
    ]);
  });

  it("does not read everyday uses of sport words", () => {
    expect(findSports("We are running a great event at the ultimate venue")).toEqual([]);
    expect(findSports("air hockey tables in the lobby")).toEqual([]);
    expect(findSports("we keep track of scores; let's dive into details")).toEqual([]);
    expect(findSports("a dive meet")).toEqual(["Diving"]);
  });

  it("says which words a sport came from, so 'ice' in 'ice hockey' is not a surface", () => {
    const terms = findTerms("Ice hockey on 4 ice rinks");
    expect(meaningsOf(terms, "sport").map((m) => m.span.text)).toEqual(["Ice hockey"]);
    const surfaces = meaningsOf(terms, "surface");
    expect(surfaces.map((m) => [m.value, m.span.start])).toEqual([["Ice", 16]]);
  });
});

describe("space types", () => {
  const plain = SPACE_TYPES.map((s) => s.name).filter((n) => n !== "Range");

  it.each(plain)("finds %s by its own name, singular and plural", (name) => {
    expect(values(`one ${name.toLowerCase()}`, "spaceType")).toEqual([name]);
    const plural = name.endsWith("s") ? name : `${name}s`;
    expect(values(`two ${plural.toLowerCase()}`, "spaceType")).toEqual([name]);
  });

  it("does not read tournament words made of space words as spaces", () => {
    expect(
      values(
        "pool play Saturday, pools of 4, a field of 40 teams, near the food court",
        "spaceType",
      ),
    ).toEqual([]);
  });

  it("finds a range only as a range for shooting", () => {
    expect(values("an archery range", "spaceType")).toEqual(["Range"]);
    expect(values("an age range of 8-12 and a price range", "spaceType")).toEqual([]);
  });

  it.each([
    ["courts", "Court"],
    ["gyms", "Gymnasium"],
    ["a gym", "Gymnasium"],
    ["fields", "Field"],
    ["pitches", "Field"],
    ["diamonds", "Diamond"],
    ["ball fields", "Diamond"],
    ["ballfields", "Diamond"],
    ["rinks", "Rink"],
    ["sheets", "Sheet"],
    ["pools", "Pool"],
    ["swimming pools", "Pool"],
  ])("reads %j as %s", (words, spaceType) => {
    expect(values(`we need ${words}`, "spaceType")).toEqual([spaceType]);
  });

  it("reads a stadium and a golf course as space types and facility types", () => {
    expect(values("a stadium", "spaceType")).toEqual(["Stadium"]);
    expect(values("a stadium", "facilityType")).toEqual(["Stadium"]);
    expect(values("golf courses", "spaceType")).toEqual(["Golf Course"]);
    expect(values("golf courses", "facilityType")).toEqual(["Golf Course"]);
  });

  it("does not read a size as a space ('a 50m pool', 'an 8-lane pool')", () => {
    const terms = findTerms("a 50m pool and an 8-lane pool");
    expect(valuesOf(terms, "spaceType")).toEqual(["Pool"]);
    expect(terms.filter((t) => t.meanings.length === 0).map((t) => t.span.text)).toEqual([
      "50m",
      "8-lane",
    ]);
  });
});

describe("surfaces and locations", () => {
  const listed = SURFACES.filter((s) => s !== "N/A" && s !== "Water");

  it.each(listed)("finds the surface %s by its name", (surface) => {
    expect(values(`${surface.toLowerCase()} courts`, "surface")).toEqual([surface]);
  });

  it.each([
    ["hardwood courts", "Hardwood"],
    ["wood floors", "Hardwood"],
    ["artificial turf fields", "Turf"],
    ["turf", "Turf"],
    ["natural grass", "Grass"],
    ["ice rinks", "Ice"],
  ])("reads %j as %s", (words, surface) => {
    expect(values(words, "surface")).toEqual([surface]);
  });

  it("reads no surface inside a sport's name", () => {
    expect(values("ice hockey", "surface")).toEqual([]);
    expect(values("sand volleyball", "surface")).toEqual([]);
    expect(values("field hockey on turf", "surface")).toEqual(["Turf"]);
  });

  it.each([
    ["indoor courts", "Indoor"],
    ["indoors", "Indoor"],
    ["inside", "Indoor"],
    ["outdoor fields", "Outdoor"],
    ["outdoors", "Outdoor"],
    ["outside", "Outdoor"],
    ["indoor/outdoor", "Both"],
    ["indoor or outdoor", "Both"],
  ])("reads %j as %s", (words, location) => {
    expect(values(words, "location")).toEqual([location]);
  });
});

describe("facility and event types", () => {
  it.each(FACILITY_TYPES.filter((f) => f !== "Other" && f !== "High School"))(
    "finds the facility type %s by its name",
    (facility) => {
      expect(values(`at the ${facility}`, "facilityType")).toContain(facility);
    },
  );

  it("reads high school and college as a place only before a venue", () => {
    expect(values("a high school gym", "facilityType")).toEqual(["High School"]);
    expect(values("a high school tournament", "facilityType")).toEqual([]);
    expect(values("a high school tournament", "ageGroup")).toEqual(["High School"]);
    expect(values("college fields", "facilityType")).toEqual(["College/University"]);
  });

  it.each(EVENT_TYPES.filter((t) => t !== "Other"))(
    "finds the event type %s by its name",
    (type) => {
      expect(values(`a ${type.toLowerCase()}`, "eventType")).toEqual([type]);
    },
  );

  it.each([
    ["tournament", "Tournament"],
    ["tourney", "Tournament"],
    ["camp", "Camp"],
    ["clinic", "Clinic"],
    ["showcase", "Showcase"],
    ["league", "League"],
    ["tryouts", "Tryout"],
    ["championship", "Championship"],
    ["swim meet", "Competition"],
    ["race", "Race"],
  ])("reads %j as %s", (words, type) => {
    expect(values(`our ${words}`, "eventType")).toEqual([type]);
  });

  it("does not read the verb meet as an event", () => {
    expect(values("venues that meet our needs; we can meet in person", "eventType")).toEqual([]);
  });
});

describe("age groups and genders", () => {
  it.each([
    ["12U", "Youth", "12U"],
    ["U12", "Youth", "U12"],
    ["u-12", "Youth", "U12"],
    ["12 and under", "Youth", "12U"],
    ["12-year-olds", "Youth", "12U"],
    ["middle school", "Youth", "Middle School"],
    ["youth", "Youth", "Youth"],
    ["14U", "High School", "14U"],
    ["18U", "High School", "18U"],
    ["14U-18U", "High School", "14U-18U"],
    ["high school", "High School", "High School"],
    ["college", "College", "College"],
    ["adult", "Adult", "Adult"],
    ["10U-14U", "Youth & High School", "10U-14U"],
    ["ages 8-12", "Youth", "Ages 8-12"],
    ["all ages", "All Ages", "All Ages"],
  ])("reads %j as %s (named %s)", (words, group, label) => {
    const [age] = meaningsOf(findTerms(`${words} basketball`), "ageGroup");
    expect(age).toMatchObject({ value: group, label });
  });

  it("places an age in its group: 13 and under youth, 14 to 18 high school", () => {
    expect([8, 13, 14, 18, 19, 30].map(ageGroupOfAge)).toEqual([
      "Youth",
      "Youth",
      "High School",
      "High School",
      "College",
      "Adult",
    ]);
  });

  it("does not read a span of years as an age", () => {
    expect(values("we have run it for 3 years", "ageGroup")).toEqual([]);
  });

  it.each([
    ["girls", "Female", "Girls"],
    ["boys", "Male", "Boys"],
    ["women's", "Female", "Women's"],
    ["men's", "Male", "Men's"],
    ["coed", "Co-Ed", "Coed"],
    ["boys and girls", "Male & Female", "Boys & Girls"],
  ])("reads %j as %s", (words, gender, label) => {
    const [found] = meaningsOf(findTerms(`${words} soccer`), "gender");
    expect(found).toMatchObject({ value: gender, label });
  });
});

describe("findTerms", () => {
  it("reads a whole description, each word once, in order", () => {
    const terms = findTerms("12U girls basketball tournament, 6 hardwood courts indoors");
    expect(terms.map((t) => [t.span.text, t.meanings.map((m) => `${m.kind}:${m.value}`)])).toEqual([
      ["12U", ["ageGroup:Youth"]],
      ["girls", ["gender:Female"]],
      ["basketball", ["sport:Basketball"]],
      ["tournament", ["eventType:Tournament"]],
      ["hardwood", ["surface:Hardwood"]],
      ["courts", ["spaceType:Court"]],
      ["indoors", ["location:Indoor"]],
    ]);
  });

  it("skips words already read as something else", () => {
    const text = "Basketball outside Chicago";
    const taken = [{ start: 11, end: 26, text: "outside Chicago" }];
    expect(findTerms(text, taken).map((t) => t.span.text)).toEqual(["Basketball"]);
  });
});
