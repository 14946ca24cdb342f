import { ZLeadBulk } from "@hostfield/domain/contracts";
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import {
  EMPTY_REQUEST,
  errorsOf,
  eventStepErrors,
  eventValuesFromCopy,
  eventValuesFromDraft,
  locationOptions,
  newEventBody,
  parseRequirement,
  requestErrors,
  requestValuesFromDraft,
  requestValuesFromEvent,
  requirementBody,
  serverFieldErrors,
  surfaceOptions,
  type TRequestValues,
  targetsError,
  termsErrors,
  venueTargets,
  withSpaceType,
} from "./request-form";
import { buildEvent, buildRfpDraft, FACILITY_ID, ORGANIZATION_ID, uuid } from "./testing";
import { MAX_CHOSEN_VENUES } from "./venue-picker";

const valid: TRequestValues = {
  ...EMPTY_REQUEST,
  sportsList: ["Basketball"],
  needsSpecificSpaceType: true,
  spaceType: "Court",
  spaceSurface: "Hardwood",
  spaceTypeCount: "4",
  spaceLocation: "Indoor",
  where: "near",
  address: "Indianapolis, IN",
  dist: "50",
  urgency: "0",
  attendance: "600",
};

describe("the request's inputs against ZRequirementInput", () => {
  it("a complete request parses into the contract's shape", () => {
    expect(parseRequirement(valid)).toEqual({
      ...FOUR_INDOOR_COURTS,
      spaceDescription: null,
      ...NEAR_INDIANAPOLIS,
      urgency: 0,
      attendance: 600,
      roomNights: null,
      budget: null,
      decisionDate: null,
      pricing: { spaces: true, rooms: false, extras: [] },
      // The contract's default: the event's own dates (the dates editor gives others).
      dateOptions: null,
    });
  });

  it("says what each step misses, in words a person can act on", () => {
    const errors = requestErrors({
      ...EMPTY_REQUEST,
      needsSpecificFacilityType: true,
      needsSpecificSpaceType: true,
      where: "near",
      address: "",
      dist: "600",
    });
    expect(errorsOf(errors, ["needs"])).toEqual({
      sportsList: "Choose at least one sport.",
      facilityTypes: "Choose at least one facility type.",
      spaceType: "Choose the space type.",
    });
    expect(errorsOf(errors, ["where"])).toEqual({
      address: "Enter a city and state, or a ZIP code.",
      dist: "Enter a number from 1 to 500.",
    });
    expect(errorsOf(errors, ["urgency"])).toEqual({
      urgency: "Choose how soon you need a venue.",
    });
  });

  it("looking nationally sends no address and no radius, whatever the inputs hold", () => {
    const body = requirementBody({ ...valid, where: "nationally", address: "Boise", dist: "20" });
    expect(body.address).toBeNull();
    expect(body.dist).toBeNull();
    expect(errorsOf(requestErrors({ ...valid, where: "nationally" }), ["where"])).toEqual({});
  });

  it("space inputs count only when a specific space is needed", () => {
    const body = requirementBody({ ...valid, needsSpecificSpaceType: false });
    expect(body).toMatchObject({
      spaceType: null,
      spaceSurface: null,
      spaceTypeCount: null,
      spaceLocation: null,
    });
  });

  it("a whole number of attendees, never less than one", () => {
    expect(errorsOf(requestErrors({ ...valid, attendance: "2.5" }), ["urgency"])).toEqual({
      attendance: "Enter a whole number.",
    });
    expect(errorsOf(requestErrors({ ...valid, attendance: "0" }), ["urgency"])).toEqual({
      attendance: "Enter a number from 1 to 1000000.",
    });
  });
});

describe("the request's terms: budget, decision date, what to price", () => {
  const TODAY = "2026-11-27";
  const terms = (over: Partial<TRequestValues>) => ({ ...valid, ...over });

  it("sends no budget when both figures are empty, else a range counted per the basis chosen", () => {
    expect(requirementBody(valid)).toMatchObject({
      budget: null,
      decisionDate: null,
      pricing: { spaces: true, rooms: false, extras: [] },
    });
    expect(
      requirementBody(
        terms({
          budgetMax: "40",
          budgetPer: "per participant",
          budgetCurrency: "CAD",
          decisionDate: "2027-01-15",
          priceRooms: true,
          priceExtras: " Parking \n\nScoreboard operator\n",
        }),
      ),
    ).toMatchObject({
      budget: { min: null, max: 40, per: "participant", currency: "CAD" },
      decisionDate: "2027-01-15",
      pricing: { spaces: true, rooms: true, extras: ["Parking", "Scoreboard operator"] },
    });
  });

  it("places each problem beside its input", () => {
    expect(termsErrors(terms({ budgetMin: "900", budgetMax: "500" }), TODAY)).toEqual({
      budgetMax: "The budget's lowest figure is above its highest",
    });
    expect(termsErrors(terms({ budgetMin: "-5" }), TODAY)).toHaveProperty("budgetMin");
    expect(termsErrors(terms({ decisionDate: "2026-11-26" }), TODAY)).toEqual({
      decisionDate: "This date has passed; choose today or later.",
    });
    expect(termsErrors(terms({ decisionDate: TODAY }), TODAY)).toEqual({});
    const many = Array.from({ length: 21 }, (_, i) => `Extra ${i}`).join("\n");
    expect(termsErrors(terms({ priceExtras: many }), TODAY)).toEqual({
      priceExtras: "Name 20 extras at most.",
    });
    expect(termsErrors(terms({ priceExtras: "x".repeat(101) }), TODAY)).toEqual({
      priceExtras: "Each extra is 100 characters at most.",
    });
    // The whole request's check includes them, and errorsOf finds them on their step.
    expect(
      errorsOf(requestErrors(terms({ budgetMin: "9", budgetMax: "1" }), TODAY), ["terms"]),
    ).toEqual({ budgetMax: "The budget's lowest figure is above its highest" });
  });

  it("puts the server's verdict on the terms beside their inputs", () => {
    expect(
      serverFieldErrors(new ApiError("DECISION_DATE_PAST", "The decision date has passed.", 400)),
    ).toEqual({ decisionDate: "The decision date has passed." });
    expect(
      serverFieldErrors(
        new ApiError("VALIDATION_FAILED", "Invalid", 400, {
          issues: [{ in: "body", path: "data.budget.max", message: "Too low" }],
        }),
      ),
    ).toEqual({ budgetMax: "Too low" });
  });
});

describe("space types offer only their own surfaces and locations", () => {
  it("a court: its surfaces, and both locations or either", () => {
    expect(surfaceOptions("Court")).toEqual([
      "Hardwood",
      "Concrete",
      "Multi-purpose",
      "Synthetic",
      "Sand",
    ]);
    expect(locationOptions("Court")).toEqual(["Indoor", "Outdoor", "Both"]);
  });

  it("a pool has no surface choice; a golf course is outdoors", () => {
    expect(surfaceOptions("Pool")).toEqual([]);
    expect(locationOptions("Golf Course")).toEqual(["Outdoor"]);
  });

  it("changing the space drops a surface it does not have and takes its only location", () => {
    const next = withSpaceType({ ...valid, spaceSurface: "Hardwood" }, "Golf Course");
    expect(next.spaceSurface).toBe("");
    expect(next.spaceLocation).toBe("Outdoor");
  });
});

describe("a request from an event", () => {
  it("takes its sports, facility types, space and city", () => {
    const values = requestValuesFromEvent(
      buildEvent({
        sports: ["Volleyball", "Basketball"],
        facilityTypes: ["Sports Complex"],
        spaceName: "Court",
        surface: "Hardwood",
        location: "Indoor",
        address: {
          street: null,
          city: "Louisville",
          state: "Kentucky",
          postalCode: null,
          country: "US",
        },
      }),
    );
    expect(values).toMatchObject({
      sportsList: ["Volleyball", "Basketball"],
      needsSpecificFacilityType: true,
      facilityTypes: ["Sports Complex"],
      needsSpecificSpaceType: true,
      spaceType: "Court",
      spaceSurface: "Hardwood",
      spaceLocation: "Indoor",
      where: "near",
      address: "Louisville, KY",
    });
  });

  it("spec §3: a copy drops the id, organization, logo, header image, featured video and audit fields", () => {
    const original = buildEvent({
      organizationId: ORGANIZATION_ID,
      logo: "/media/logo.png",
      headerImage: "/media/header.png",
      featuredVideo: "https://video.example/x",
      ageGroup: "Youth",
      teamCost: 300,
      sports: ["Basketball"],
      description: "Three days of hoops.",
    });
    // The age group is an input of the event step, filled from the copy (eventValuesFromCopy).
    expect(eventValuesFromCopy(original).ageGroup).toBe("Youth");
    const body = newEventBody(
      {
        name: "Spring Classic 2027",
        type: "Tournament",
        ageGroup: "Youth",
        startDate: "2027-03-06",
        endDate: "2027-03-08",
        hasFlexibleDates: false,
        sports: ["Basketball"],
      },
      original,
    );
    expect(body).toEqual({
      name: "Spring Classic 2027",
      description: "Three days of hoops.",
      type: "Tournament",
      startDate: "2027-03-06",
      endDate: "2027-03-08",
      hasFlexibleDates: false,
      ageGroup: "Youth",
      teamCost: 300,
      isClosed: false,
      sports: ["Basketball"],
    });
  });

  it("what the event step empties stays empty in the copy (no sports any more)", () => {
    const body = newEventBody(
      {
        name: "Open Gym",
        type: "Practice",
        startDate: "2027-01-05",
        endDate: "2027-01-05",
        hasFlexibleDates: true,
        sports: [],
      },
      buildEvent({ sports: ["Basketball"] }),
    );
    expect(body).not.toHaveProperty("sports");
    expect(body.hasFlexibleDates).toBe(true);
  });

  it("the event step needs a name, a type and dates, and no end before the start", () => {
    expect(
      eventStepErrors({ name: "", type: "", startDate: "", endDate: "", sports: [] }),
    ).toMatchObject({
      name: "Enter the event name.",
      type: "Choose the event type.",
      startDate: "Enter the start date.",
      endDate: "Enter the end date.",
    });
    expect(
      eventStepErrors({
        name: "Cup",
        type: "Tournament",
        startDate: "2026-05-02",
        endDate: "2026-05-01",
      }),
    ).toEqual({ endDate: "An event cannot end before it starts." });
  });
});

describe("a direct send's venues against ZLeadBulk", () => {
  const venue = (n: number) => ({ ownerType: "Facility" as const, id: uuid(n) });

  it("names each venue by its type and id", () => {
    expect(venueTargets([{ ownerType: "Destination", id: FACILITY_ID }])).toEqual([
      { ownerType: "Destination", ownerId: FACILITY_ID },
    ]);
  });

  it("needs one venue at least, and no more than the contract takes", () => {
    expect(targetsError([])).toBe("Add at least one venue, or let us match venues for you.");
    expect(targetsError([venue(1)])).toBeNull();
    const many = Array.from({ length: MAX_CHOSEN_VENUES + 1 }, (_, i) => venue(i + 1));
    expect(targetsError(many.slice(0, MAX_CHOSEN_VENUES))).toBeNull();
    expect(targetsError(many)).toBe(`Choose at most ${MAX_CHOSEN_VENUES} venues.`);
  });

  it("MAX_CHOSEN_VENUES is ZLeadBulk's limit on a direct send", () => {
    const targets = (n: number) =>
      Array.from({ length: n }, () => ({
        ownerType: "Facility" as const,
        ownerId: "00000000-0000-4000-8000-000000000001",
      }));
    expect(ZLeadBulk.shape.targets.safeParse(targets(MAX_CHOSEN_VENUES)).success).toBe(true);
    expect(ZLeadBulk.shape.targets.safeParse(targets(MAX_CHOSEN_VENUES + 1)).success).toBe(false);
  });
});

describe("what the server refused, beside its input", () => {
  it("an address it could not place", () => {
    const error = new ApiError("UNKNOWN_PLACE", 'We could not find "Atlantis".', 400);
    expect(serverFieldErrors(error)).toEqual({ address: 'We could not find "Atlantis".' });
  });

  it("the fields a validation error names", () => {
    const error = new ApiError("VALIDATION_FAILED", "Invalid body data.dist", 400, {
      issues: [
        { in: "body", path: "data.dist", message: "Too big" },
        { in: "body", path: "data.sportsList.0", message: "Unknown sport" },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ dist: "Too big", sportsList: "Unknown sport" });
  });

  it("nothing for other failures", () => {
    expect(serverFieldErrors(new Error("offline"))).toEqual({});
  });
});

describe("a described event: the RFP assistant's draft in the wizard's inputs", () => {
  /** The event step's inputs as a new event starts them. */
  const NEW_EVENT = {
    name: "",
    type: "",
    ageGroup: "",
    startDate: "",
    endDate: "",
    hasFlexibleDates: false,
    sports: [],
  };
  const everything = buildRfpDraft({
    sportsList: ["Basketball"],
    startDate: "2027-03-13",
    endDate: "2027-03-14",
    spaceType: "Court",
    spaceSurface: "Hardwood",
    spaceTypeCount: 6,
    spaceLocation: "Indoor",
    address: "Indianapolis, IN",
    dist: 40,
    urgency: 0,
    attendance: 600,
    roomNights: 300,
    hasFlexibleDates: false,
    type: "Tournament",
    ageGroup: "Youth",
    teamCount: 40,
    name: "12U Girls Basketball Tournament",
  });

  it("puts every field understood in its input, and the request then passes its contract", () => {
    expect(eventValuesFromDraft(everything, NEW_EVENT)).toEqual({
      name: "12U Girls Basketball Tournament",
      type: "Tournament",
      ageGroup: "Youth",
      startDate: "2027-03-13",
      endDate: "2027-03-14",
      hasFlexibleDates: false,
      sports: ["Basketball"],
    });
    const request = requestValuesFromDraft(everything, EMPTY_REQUEST);
    expect(request).toEqual({
      ...EMPTY_REQUEST,
      sportsList: ["Basketball"],
      needsSpecificSpaceType: true,
      spaceType: "Court",
      spaceSurface: "Hardwood",
      spaceTypeCount: "6",
      spaceLocation: "Indoor",
      where: "near",
      address: "Indianapolis, IN",
      dist: "40",
      urgency: "0",
      attendance: "600",
      roomNights: "300",
    });
    expect(requestErrors(request)).toEqual({});
  });

  it("leaves every input alone that the draft did not understand (null)", () => {
    const nothing = buildRfpDraft();
    expect(eventValuesFromDraft(nothing, NEW_EVENT)).toEqual(NEW_EVENT);
    expect(requestValuesFromDraft(nothing, EMPTY_REQUEST)).toEqual(EMPTY_REQUEST);
    // Nor what the organizer already put in.
    const typed = { ...NEW_EVENT, name: "Cup", hasFlexibleDates: true, sports: ["Soccer"] };
    expect(eventValuesFromDraft(nothing, typed)).toEqual(typed);
    expect(requestValuesFromDraft(nothing, valid)).toEqual(valid);
  });

  it.each<[string, Parameters<typeof buildRfpDraft>[0], Record<string, unknown>]>([
    ["the name", { name: "Summer Slam" }, { name: "Summer Slam" }],
    ["the type", { type: "Camp" }, { type: "Camp" }],
    ["the age group", { ageGroup: "High School" }, { ageGroup: "High School" }],
    ["the start alone", { startDate: "2027-06-01" }, { startDate: "2027-06-01" }],
    ["the end alone", { endDate: "2027-06-30" }, { endDate: "2027-06-30" }],
    ["flexible dates", { hasFlexibleDates: true }, { hasFlexibleDates: true }],
    ["the sports", { sportsList: ["Volleyball", "Soccer"] }, { sports: ["Volleyball", "Soccer"] }],
    ["no event field for the teams", { teamCount: 40 }, {}],
  ])("the event step takes %s, and nothing else", (_, fields, changed) => {
    expect(eventValuesFromDraft(buildRfpDraft(fields), NEW_EVENT)).toEqual({
      ...NEW_EVENT,
      ...changed,
    });
  });

  it.each<[string, Parameters<typeof buildRfpDraft>[0], Partial<TRequestValues>]>([
    ["the sports", { sportsList: ["Volleyball"] }, { sportsList: ["Volleyball"] }],
    [
      "a space type, which asks for a specific space",
      { spaceType: "Field" },
      { needsSpecificSpaceType: true, spaceType: "Field" },
    ],
    ["the count", { spaceTypeCount: 12 }, { spaceTypeCount: "12" }],
    ["indoor or outdoor", { spaceLocation: "Outdoor" }, { spaceLocation: "Outdoor" }],
    [
      "a place, looked near",
      { address: "Louisville, KY" },
      { where: "near", address: "Louisville, KY" },
    ],
    ["the radius", { dist: 25 }, { dist: "25" }],
    ["the urgency", { urgency: 2 }, { urgency: "2" }],
    ["the attendance", { attendance: 5000 }, { attendance: "5000" }],
    ["no room nights", { roomNights: 0 }, { roomNights: "0" }],
    ["nothing for event-only fields", { name: "Cup", type: "Camp", ageGroup: "Adult" }, {}],
  ])("the request takes %s, and nothing else", (_, fields, changed) => {
    expect(requestValuesFromDraft(buildRfpDraft(fields), EMPTY_REQUEST)).toEqual({
      ...EMPTY_REQUEST,
      ...changed,
    });
  });

  it("never fills a surface the space type does not allow, nor one without a space type", () => {
    // A draft the contract would refuse, as a model might make it: a pool has no surface.
    const pool = requestValuesFromDraft(
      buildRfpDraft({ spaceType: "Pool", spaceSurface: "Hardwood" }),
      EMPTY_REQUEST,
    );
    expect(pool).toMatchObject({ spaceType: "Pool", spaceSurface: "" });
    const typeless = requestValuesFromDraft(
      buildRfpDraft({ spaceSurface: "Hardwood" }),
      EMPTY_REQUEST,
    );
    expect(typeless).toEqual(EMPTY_REQUEST);
    // A court has no turf, whether the court is the draft's or already chosen.
    const court = { ...valid, spaceSurface: "" };
    expect(
      requestValuesFromDraft(buildRfpDraft({ spaceSurface: "Turf" }), court).spaceSurface,
    ).toBe("");
    expect(
      requestValuesFromDraft(buildRfpDraft({ spaceSurface: "Sand" }), court).spaceSurface,
    ).toBe("Sand");
  });

  it("a new space type drops what it does not allow, and takes its only location", () => {
    const golf = requestValuesFromDraft(
      buildRfpDraft({ spaceType: "Golf Course", spaceLocation: "Indoor" }),
      valid,
    );
    expect(golf).toMatchObject({
      spaceType: "Golf Course",
      spaceSurface: "",
      spaceLocation: "Outdoor",
    });
    expect(requestValuesFromDraft(buildRfpDraft({ spaceType: "Pool" }), valid).spaceSurface).toBe(
      "",
    );
  });
});
