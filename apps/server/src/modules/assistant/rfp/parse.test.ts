// The RFP assistant's reading of a description, convention by convention (docs/assistant.md), with the real gazetteer; expected days are worked out from the calendar.
import { type TRfpDraft, ZRfpDraft } from "@hostfield/domain/contracts";
import { RFP_DEFAULT_RADIUS_MILES } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import { createGazetteer } from "../../../platform/geo/gazetteer";
import { emptyRfpDraft, mergeDrafts, parseRfpDescription, readRfpDescription } from "./parse";

const gazetteer = createGazetteer();
// 2026-05-20 is a Wednesday. 2027-03-01 is a Monday, so March 2027's Saturdays are 6, 13, 20, 27.
const options = { today: "2026-05-20", geocode: (address: string) => gazetteer.resolve(address) };
const parse = (text: string) => parseRfpDescription(text, options);

describe("the description in docs/assistant.md", () => {
  it("fills every field it states and leaves the rest null", () => {
    const draft = parse(
      "12U girls basketball, 40 teams, 6 hardwood courts indoors, near Indianapolis, second weekend of March, about 300 room nights, urgent",
    );
    expect(draft).toEqual({
      sportsList: ["Basketball"],
      startDate: "2027-03-13",
      endDate: "2027-03-14",
      spaceType: "Court",
      spaceSurface: "Hardwood",
      spaceTypeCount: 6,
      spaceLocation: "Indoor",
      address: "Indianapolis, IN",
      dist: RFP_DEFAULT_RADIUS_MILES,
      urgency: 0,
      attendance: null,
      roomNights: 300,
      hasFlexibleDates: false,
      dateOptions: null,
      type: null,
      ageGroup: "Youth",
      teamCount: 40,
      name: "12U Girls Basketball",
    } satisfies TRfpDraft);
  });

  it("names the event from its age, gender, sport and type", () => {
    expect(parse("12U girls basketball tournament").name).toBe("12U Girls Basketball Tournament");
  });
});

describe("sportsList", () => {
  it("lists every sport named, in order of first mention, as the reference list names it", () => {
    expect(parse("Volleyball and basketball, more volleyball").sportsList).toEqual([
      "Volleyball",
      "Basketball",
    ]);
  });

  it.each([
    ["hoops", ["Basketball"]],
    ["hockey", ["Ice Hockey"]],
    ["field hockey", ["Field Hockey"]],
    ["roller hockey", ["Roller Hockey"]],
    ["ball hockey", ["Ball Hockey"]],
    ["sled hockey", ["Sled Hockey"]],
    ["football", ["Contact Football"]],
    ["flag football", ["Non-Contact Football"]],
    ["7v7", ["Non-Contact Football"]],
    ["volleyball", ["Volleyball"]],
    ["beach volleyball", ["Beach Volleyball"]],
    ["sand volleyball", ["Beach Volleyball"]],
    ["cheer", ["Cheerleading"]],
    ["track", ["Track & Field"]],
    ["swim meet", ["Swimming"]],
    ["lax", ["Lacrosse"]],
    ["t-ball", ["Tee Ball"]],
  ])("maps %j", (words, sports) => {
    expect(parse(`A ${words} event in the summer`).sportsList).toEqual(sports);
  });

  it("is null when no sport is named", () => {
    expect(parse("A tournament for 40 teams").sportsList).toBeNull();
  });
});

describe("startDate and endDate", () => {
  it.each([
    // This year's March 13 has passed by May 20: next year's.
    ["March 13-15", "2027-03-13", "2027-03-15", false],
    ["3/13/2027", "2027-03-13", "2027-03-13", false],
    ["3/13-3/15/2027", "2027-03-13", "2027-03-15", false],
    ["April 17\u201319 2027", "2027-04-17", "2027-04-19", false],
    // March 14, 2027 is a Sunday: that week's Saturday is the 13th.
    ["the weekend of March 14", "2027-03-13", "2027-03-14", false],
    ["second weekend of March", "2027-03-13", "2027-03-14", false],
    // Memorial Day 2026 is May 25 (May 31 is a Sunday): Saturday the 23rd to Monday the 25th.
    ["Memorial Day weekend", "2026-05-23", "2026-05-25", false],
    // The next Saturday after Wednesday May 20 is the 23rd.
    ["next weekend", "2026-05-23", "2026-05-24", false],
    ["sometime in June", "2026-06-01", "2026-06-30", true],
    ["June 2027", "2027-06-01", "2027-06-30", true],
  ])("reads %j", (words, startDate, endDate, hasFlexibleDates) => {
    const draft = parse(`Volleyball tournament, ${words}, 24 teams`);
    expect({
      startDate: draft.startDate,
      endDate: draft.endDate,
      hasFlexibleDates: draft.hasFlexibleDates,
    }).toEqual({
      startDate,
      endDate,
      hasFlexibleDates,
    });
  });

  it("does not take a deadline for the event's dates", () => {
    const draft = parse("Proposals due by April 1. Soccer tournament June 12-14, 2027");
    expect([draft.startDate, draft.endDate]).toEqual(["2027-06-12", "2027-06-14"]);
  });

  it("takes this year's dates while they are ahead", () => {
    const draft = parseRfpDescription("Soccer, March 13-15", { ...options, today: "2026-02-01" });
    expect([draft.startDate, draft.endDate]).toEqual(["2026-03-13", "2026-03-15"]);
  });

  it("is null when no dates are stated, flexible when said so", () => {
    expect(parse("Soccer in Orlando").startDate).toBeNull();
    expect(parse("Soccer in Orlando").hasFlexibleDates).toBeNull();
    expect(parse("Soccer, dates are flexible").hasFlexibleDates).toBe(true);
    expect(parse("Soccer, March 13-15, flexible on dates").hasFlexibleDates).toBe(true);
  });
});

describe("the space: spaceType, spaceSurface, spaceTypeCount, spaceLocation", () => {
  it.each([
    ["courts", "Court"],
    ["gyms", "Gymnasium"],
    ["fields", "Field"],
    ["pitches", "Field"],
    ["diamonds", "Diamond"],
    ["ball fields", "Diamond"],
    ["rinks", "Rink"],
    ["sheets", "Sheet"],
    ["pools", "Pool"],
    ["natatoriums", "Natatorium"],
    ["batting cages", "Batting Cage"],
  ])("names %j %s", (words, spaceType) => {
    expect(parse(`We need 4 ${words}`).spaceType).toBe(spaceType);
  });

  it("is null unless named: a sport's usual space is not assumed", () => {
    expect(parse("Basketball tournament near Indianapolis").spaceType).toBeNull();
  });

  it.each([
    ["6 hardwood courts", "Hardwood"],
    ["6 courts with wood floors", "Hardwood"],
    ["8 turf fields", "Turf"],
    ["8 artificial turf fields", "Turf"],
    ["8 grass fields", "Grass"],
    ["4 sand courts", "Sand"],
    ["4 ice rinks", "Ice"],
    ["4 concrete courts", "Concrete"],
    ["2 asphalt tracks", "Asphalt"],
    ["2 synthetic tracks", "Synthetic"],
  ])("reads the surface of %j", (words, surface) => {
    expect(parse(words).spaceSurface).toBe(surface);
  });

  it("reads no surface inside a sport's name", () => {
    expect(parse("Ice hockey on 4 rinks").spaceSurface).toBeNull();
    expect(parse("Sand volleyball on 8 courts").spaceSurface).toBeNull();
  });

  it("drops a surface or location the space type does not allow", () => {
    // Fields take grass, turf, multi-purpose or synthetic; gymnasiums are indoors only.
    const fields = parse("6 hardwood fields");
    expect([fields.spaceType, fields.spaceSurface]).toEqual(["Field", null]);
    const gym = parse("an outdoor gym");
    expect([gym.spaceType, gym.spaceLocation]).toEqual(["Gymnasium", null]);
    expect(() => ZRfpDraft.parse(fields)).not.toThrow();
    expect(() => ZRfpDraft.parse(gym)).not.toThrow();
  });

  it("keeps the allowed surface when several are said", () => {
    expect(parse("ice or hardwood courts").spaceSurface).toBe("Hardwood");
  });

  it.each([
    ["6 hardwood courts", 6],
    ["six courts", 6],
    ["a dozen fields", 12],
    ["a pool", 1],
    ["eight full-size indoor basketball courts", 8],
    ["2 sheets of ice", 2],
  ])("counts %j as %d", (words, count) => {
    expect(parse(`Tournament with ${words}`).spaceTypeCount).toBe(count);
  });

  it("has no count without a number, and does not take the teams' number", () => {
    expect(parse("40 teams, courts needed").spaceTypeCount).toBeNull();
  });

  it("takes the space named with a count over one named without", () => {
    const draft = parse("a gym with 6 courts");
    expect([draft.spaceType, draft.spaceTypeCount]).toEqual(["Court", 6]);
  });

  it.each([
    ["indoor courts", "Indoor"],
    ["courts indoors", "Indoor"],
    ["courts inside", "Indoor"],
    ["outdoor courts", "Outdoor"],
    ["courts outdoors", "Outdoor"],
    ["courts outside", "Outdoor"],
    ["indoor and outdoor courts", "Both"],
    ["indoor courts, some outdoor", "Both"],
  ])("reads %j as %s", (words, location) => {
    expect(parse(words).spaceLocation).toBe(location);
  });
});

describe("address and dist", () => {
  it("labels the place as the gazetteer does, with the default radius", () => {
    const draft = parse("Soccer near Indianapolis");
    expect([draft.address, draft.dist]).toEqual(["Indianapolis, IN", RFP_DEFAULT_RADIUS_MILES]);
  });

  it.each([
    ["in Orlando", "Orlando, FL"],
    ["around Louisville, KY", "Louisville, KY"],
    ["outside Chicago", "Chicago, IL"],
    ["close to Columbus, Ohio", "Columbus, OH"],
    ["in the Dallas area", "Dallas, TX"],
  ])("reads the place after %j", (words, label) => {
    expect(parse(`Soccer ${words}`).address).toBe(label);
  });

  it.each([
    ["within 30 miles of Indianapolis", 30],
    ["near Indianapolis, within 30 miles", 30],
    ["near Indianapolis, 30-mile radius", 30],
  ])("reads the radius of %j", (words, dist) => {
    const draft = parse(`Soccer ${words}`);
    expect([draft.address, draft.dist]).toEqual(["Indianapolis, IN", dist]);
  });

  it("reads outside as a place, not as outdoors, when a place follows", () => {
    const draft = parse("Soccer outside Chicago");
    expect([draft.address, draft.spaceLocation]).toEqual(["Chicago, IL", null]);
  });

  it("has no address for a state alone, and no radius without an address", () => {
    expect(parse("Soccer in Texas")).toMatchObject({ address: null, dist: null });
    expect(parse("Soccer within 30 miles")).toMatchObject({ address: null, dist: null });
  });
});

describe("urgency", () => {
  it.each([
    ["urgent", 0],
    ["ASAP", 0],
    ["as soon as possible", 0],
    ["last-minute", 0],
    ["needed immediately", 0],
    ["right away", 0],
    ["soon", 1],
    ["in the near future", 1],
    ["in the coming weeks", 1],
    ["shortly", 1],
    ["exploring", 2],
    ["just looking", 2],
    ["considering options", 2],
    ["early planning", 2],
  ])("reads %j as %d", (words, urgency) => {
    expect(parse(`Basketball courts, ${words}`).urgency).toBe(urgency);
  });

  it("is null when nothing is said, or when it is said not to be urgent", () => {
    expect(parse("Basketball courts").urgency).toBeNull();
    expect(parse("Basketball courts, not urgent").urgency).toBeNull();
  });

  it("reads past a denial to what is said instead", () => {
    expect(parse("Basketball courts. Not urgent, just exploring options.").urgency).toBe(2);
  });
});

describe("attendance", () => {
  it.each([
    ["500 participants", 500],
    ["500 athletes", 500],
    ["500 players", 500],
    ["2,000 attendees", 2000],
    ["2,000 people", 2000],
    ["about 2,000 visitors", 2000],
    ["3,000 spectators", 3000],
  ])("reads %j", (words, attendance) => {
    expect(parse(`Basketball, ${words}`).attendance).toBe(attendance);
  });

  it("does not count teams, or a team's size, as people", () => {
    expect(parse("Basketball, 40 teams").attendance).toBeNull();
    expect(parse("Basketball, 40 teams, 12 players per team").attendance).toBeNull();
  });

  it("adds those taking part and those watching; a total said wins", () => {
    expect(parse("600 athletes and about 1,500 spectators").attendance).toBe(2100);
    expect(parse("2,500 people in all: 600 athletes and their families").attendance).toBe(2500);
  });
});

describe("roomNights", () => {
  it("reads room nights, and rooms a night times nights", () => {
    expect(parse("300 room nights").roomNights).toBe(300);
    expect(parse("150 rooms a night for 2 nights").roomNights).toBe(300);
    expect(parse("100 rooms per night, Friday and Saturday nights").roomNights).toBe(200);
  });

  it("is null for rooms without nights", () => {
    expect(parse("150 rooms").roomNights).toBeNull();
  });
});

describe("the extras: teamCount, ageGroup, type, name", () => {
  it("counts teams", () => {
    expect(parse("40 teams").teamCount).toBe(40);
    expect(parse("a 64-team bracket").teamCount).toBe(64);
  });

  it.each([
    ["12U", "Youth"],
    ["U12", "Youth"],
    ["middle school", "Youth"],
    ["youth", "Youth"],
    ["14U", "High School"],
    ["18U", "High School"],
    ["high school", "High School"],
    ["college", "College"],
    ["adult", "Adult"],
  ])("reads the age group of %j", (words, ageGroup) => {
    expect(parse(`${words} soccer`).ageGroup).toBe(ageGroup);
  });

  it.each([
    ["tournament", "Tournament"],
    ["camp", "Camp"],
    ["clinic", "Clinic"],
    ["showcase", "Showcase"],
    ["league", "League"],
    ["tryout", "Tryout"],
    ["championship", "Championship"],
    ["meet", "Competition"],
    ["race", "Race"],
  ])("reads the type of a %j", (words, type) => {
    expect(parse(`a ${words} for 20 teams`).type).toBe(type);
  });

  it("prefers the event's type to words like game courts", () => {
    expect(parse("6 game courts for our tournament").type).toBe("Tournament");
    expect(parse("6 competition courts for our tournament").type).toBe("Tournament");
  });

  it("takes the head noun of adjacent event words", () => {
    expect(parse("our conference tournament").type).toBe("Tournament");
  });

  it.each([
    ["12U girls basketball tournament", "12U Girls Basketball Tournament"],
    ["U14 boys soccer showcase", "U14 Boys Soccer Showcase"],
    ["high school swim meet", "High School Swimming Meet"],
    ["volleyball and beach volleyball league", "Volleyball & Beach Volleyball League"],
    ["a tournament", "Tournament"],
  ])("names %j", (words, name) => {
    expect(parse(words).name).toBe(name);
  });

  it("has no name without a sport or a type", () => {
    expect(parse("12U girls, 40 teams").name).toBeNull();
  });

  it.each([
    [
      "The Great Lakes Winter Shootout is a 24-team 16U girls basketball tournament near Detroit",
      "Great Lakes Winter Shootout",
    ],
    ['A 12U baseball tournament called "Summer Swing" near Omaha, 30 teams', "Summer Swing"],
    ["16U volleyball, named the Prairie Fire Invitational, 12 courts", "Prairie Fire Invitational"],
    [
      "Tournament name: Riverfront Pickleball Open\n20 courts near Louisville",
      "Riverfront Pickleball Open",
    ],
    ["Hosting the 'Frozen Four Classic' hockey tournament, 4 rinks", "Frozen Four Classic"],
    [
      "our lacrosse event, known as Battle at the Beach, needs 6 turf fields",
      "Battle at the Beach",
    ],
  ])("keeps the name %j gives the event", (words, name) => {
    const draft = parse(words);
    expect(draft.name).toBe(name);
    expect(draft.sportsList).not.toBeNull();
  });

  it("ends a name given before the place it is in", () => {
    expect(parse("a soccer showcase called Spring Kickoff in Columbus, Ohio").name).toBe(
      "Spring Kickoff",
    );
  });

  it.each([
    // What the event is, capitalized, is not a name of its own.
    ["Girls Basketball Tournament near Indianapolis", "Girls Basketball Tournament"],
    // An organization that asks is not the event.
    [
      "The Ohio Valley Soccer Association needs 10 fields for a U12 tournament",
      "U12 Soccer Tournament",
    ],
  ])("composes the name when %j gives none", (words, name) => {
    expect(parse(words).name).toBe(name);
  });
});

describe("readRfpDescription", () => {
  it("says which fields the words stated, the default radius not among them", () => {
    const reading = readRfpDescription("Soccer near Indianapolis, 300 room nights", options);
    expect(reading.stated).toEqual(["sportsList", "address", "roomNights", "name"]);
    expect(reading.draft.dist).toBe(RFP_DEFAULT_RADIUS_MILES);
    expect(reading.understood).toMatchObject({
      sportsList: "Soccer",
      address: "near Indianapolis",
      roomNights: "300 room nights",
    });
  });

  it("keeps a radius said without a place for a correction", () => {
    const reading = readRfpDescription("make it within 20 miles", options);
    expect(reading.radiusMiles).toBe(20);
    expect(reading.draft.dist).toBeNull();
  });
});

describe("every draft passes ZRfpDraft", () => {
  const fragments = [
    "12U girls basketball",
    "ice hockey",
    "40 teams",
    "6 hardwood courts",
    "outdoor gym",
    "ice courts",
    "turf pools",
    "indoor stadium",
    "outdoor natatorium",
    "near Indianapolis",
    "within 900 miles of Chicago",
    "within 0 miles of Dallas",
    "second weekend of March",
    "Dec 30 - Jan 2",
    "Feb 30",
    "0 room nights",
    "2,000,000 spectators",
    "50,000 teams",
    "5,000 courts",
    "a pool",
    "urgent",
    "exploring",
    "not urgent",
    "sometime in June",
    "in Texas",
    "U10-U14",
    "1,000,000 rooms a night for 30 nights",
    "",
    "¿¡ 🏀 !?",
  ];

  // A fixed sequence of pseudo-random combinations, the same every run.
  function* combinations(count: number) {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let i = 0; i < count; i++) {
      const n = 1 + (next() % 5);
      yield Array.from({ length: n }, () => fragments[next() % fragments.length]).join(", ");
    }
  }

  it.each([...combinations(120)])("%j", (text) => {
    const draft = parse(text);
    expect(ZRfpDraft.safeParse(draft).success).toBe(true);
  });

  it("reads an empty description as an empty draft", () => {
    expect(parse("")).toEqual(emptyRfpDraft());
  });
});

describe("dateOptions: alternatives and windows", () => {
  it("a window fills dateOptions, and startDate/endDate with its first and last day, flexible", () => {
    const reading = readRfpDescription(
      "12U girls basketball, 6 courts near Indianapolis, a weekend in March or April",
      options,
    );
    expect(reading.draft).toMatchObject({
      sportsList: ["Basketball"],
      spaceTypeCount: 6,
      address: "Indianapolis, IN",
      // March 2026 is over: March and April 2027.
      startDate: "2027-03-01",
      endDate: "2027-04-30",
      hasFlexibleDates: true,
      dateOptions: {
        kind: "window",
        from: "2027-03-01",
        to: "2027-04-30",
        days: 2,
        weekdays: [6, 0],
      },
    });
    expect(reading.stated).toContain("startDate");
    expect(reading.understood.dateOptions).toContain("a weekend");
  });

  it("alternatives fill sets; their first and last day are the dates", () => {
    expect(parse("Volleyball, 10 courts, March 14-15 or March 21-22")).toMatchObject({
      startDate: "2027-03-14",
      endDate: "2027-03-22",
      hasFlexibleDates: true,
      dateOptions: {
        kind: "sets",
        sets: [
          { startDate: "2027-03-14", endDate: "2027-03-15" },
          { startDate: "2027-03-21", endDate: "2027-03-22" },
        ],
      },
    });
  });

  it("'two days in a row' is the days; 'Friday to Sunday' the weekdays", () => {
    expect(parse("soccer, two days in a row between May 1 and June 15").dateOptions).toEqual({
      kind: "window",
      from: "2027-05-01",
      to: "2027-06-15",
      days: 2,
      weekdays: [],
    });
    expect(parse("any Friday to Sunday in June, 8 fields").dateOptions).toEqual({
      kind: "window",
      from: "2026-06-01",
      to: "2026-06-30",
      days: 3,
      weekdays: [5, 6, 0],
    });
  });

  it("a run of months without a unit is flexible dates, without options", () => {
    expect(parse("swim meet sometime in March or April")).toMatchObject({
      startDate: "2027-03-01",
      endDate: "2027-04-30",
      hasFlexibleDates: true,
      dateOptions: null,
    });
  });

  it("fixed dates, and a deadline, leave no options", () => {
    expect(parse("basketball March 13-15").dateOptions).toBeNull();
    const draft = parse("a weekend in June, proposals due by March 1");
    expect(draft).toMatchObject({ startDate: "2026-06-01", endDate: "2026-06-30" });
    expect(draft.dateOptions).toMatchObject({ kind: "window", days: 2 });
  });

  it("options that cannot be kept are dropped, and the dates read as before", () => {
    // A window of a year and a half is wider than a request may give.
    const draft = parse("any weekend between June 2026 and December 2027");
    expect(draft.dateOptions).toBeNull();
  });

  it("a correction with new dates replaces the options; fixed dates clear them", () => {
    const first = readRfpDescription("basketball, a weekend in March or April", options).draft;
    const fixed = mergeDrafts(first, readRfpDescription("Make it March 13-14", options));
    expect(fixed).toMatchObject({
      startDate: "2027-03-13",
      endDate: "2027-03-14",
      hasFlexibleDates: false,
      dateOptions: null,
    });
    const other = mergeDrafts(first, readRfpDescription("Actually any weekend in June", options));
    expect(other.dateOptions).toMatchObject({ kind: "window", from: "2026-06-01" });
    const kept = mergeDrafts(first, readRfpDescription("Make it 8 courts", options));
    expect(kept.dateOptions).toEqual(first.dateOptions);
  });
});

describe("mergeDrafts: a correction in the same exchange", () => {
  const first = readRfpDescription(
    "12U girls basketball tournament, 40 teams, 6 hardwood courts indoors, within 30 miles of Indianapolis, second weekend of March, urgent",
    options,
  ).draft;

  it("replaces what the new message states and keeps the rest", () => {
    const merged = mergeDrafts(first, readRfpDescription("Actually make it 8 courts", options));
    expect(merged).toEqual({ ...first, spaceTypeCount: 8 });
  });

  it("moves the dates together", () => {
    const merged = mergeDrafts(
      first,
      readRfpDescription("Change the dates to sometime in June", options),
    );
    expect(merged).toMatchObject({
      startDate: "2026-06-01",
      endDate: "2026-06-30",
      hasFlexibleDates: true,
    });
    expect(merged.sportsList).toEqual(["Basketball"]);
  });

  it("keeps the radius there was for a new place, and takes a radius said alone", () => {
    const moved = mergeDrafts(
      first,
      readRfpDescription("Let's do it near Louisville instead", options),
    );
    expect([moved.address, moved.dist]).toEqual(["Louisville, KY", 30]);
    const widened = mergeDrafts(first, readRfpDescription("Make it within 75 miles", options));
    expect([widened.address, widened.dist]).toEqual(["Indianapolis, IN", 75]);
  });

  it("drops a surface the new space type does not allow", () => {
    const merged = mergeDrafts(first, readRfpDescription("Sorry, we need fields", options));
    expect(merged).toMatchObject({
      spaceType: "Field",
      spaceSurface: null,
      spaceLocation: "Indoor",
    });
    expect(ZRfpDraft.safeParse(merged).success).toBe(true);
  });

  it("renames the event after a new sport", () => {
    const merged = mergeDrafts(first, readRfpDescription("Make it volleyball", options));
    expect(merged.sportsList).toEqual(["Volleyball"]);
    expect(merged.name).toBe("12U Girls Volleyball Tournament");
  });

  it("keeps a name given, whatever the correction says of the sport", () => {
    const named = readRfpDescription(
      "The Hoosier Hardwood Classic: 12U girls basketball, 6 courts near Indianapolis",
      options,
    ).draft;
    expect(named.name).toBe("Hoosier Hardwood Classic");
    const merged = mergeDrafts(named, readRfpDescription("Make it volleyball", options));
    expect(merged.name).toBe("Hoosier Hardwood Classic");
  });

  it("takes a name the correction gives", () => {
    const merged = mergeDrafts(
      first,
      readRfpDescription('We call it the "Circle City Classic"', options),
    );
    expect(merged.name).toBe("Circle City Classic");
  });

  it("takes a plain draft's non-null fields as stated", () => {
    const merged = mergeDrafts(first, { ...emptyRfpDraft(), urgency: 2 });
    expect(merged).toEqual({ ...first, urgency: 2 });
  });

  it("starts from the new draft when there is none before", () => {
    const reading = readRfpDescription("Soccer near Indianapolis", options);
    expect(mergeDrafts(null, reading)).toEqual(reading.draft);
  });
});
