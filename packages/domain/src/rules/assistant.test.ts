// The assistant's shared rules: the default guide, the space families a question's space type
// answers with, and a draft's partly known space.
import { describe, expect, it } from "vitest";
import { ZRfpDraft, ZTourGuideInput } from "../contracts/assistant";
import { defaultTourGuide, spaceFamilyOf } from "./assistant";
import { isPartialSpaceCombinationAllowed } from "./space-types";

describe("defaultTourGuide", () => {
  it("names the guide after the destination's city, on, with nothing configured, and passes the contract", () => {
    const guide = defaultTourGuide({ name: "Visit Indy", city: "Indianapolis" });
    expect(guide).toMatchObject({
      name: "the Indianapolis guide",
      isEnabled: true,
      suggestedQuestions: [],
      handoffUserIds: [],
    });
    expect(guide.greeting).toContain("Visit Indy");
    expect(ZTourGuideInput.safeParse(guide).success).toBe(true);
  });

  it("falls back to the destination's name without a city", () => {
    expect(defaultTourGuide({ name: "Lake Country CVB", city: null }).name).toBe(
      "the Lake Country CVB guide",
    );
  });
});

describe("spaceFamilyOf", () => {
  it("answers courts with gymnasiums and arena floors, its own type first", () => {
    expect(spaceFamilyOf("Court")).toEqual(["Court", "Gymnasium", "Arena Floor"]);
    expect(spaceFamilyOf("Stadium")).toEqual(["Stadium", "Field"]);
  });

  it("gives an arena floor both of its families, and a type of no family itself alone", () => {
    expect(spaceFamilyOf("Arena Floor")).toEqual([
      "Arena Floor",
      "Court",
      "Gymnasium",
      "Rink",
      "Sheet",
    ]);
    expect(spaceFamilyOf("Velodrome")).toEqual(["Velodrome"]);
  });
});

describe("a draft's space, partly known", () => {
  it("allows any part left out, and holds each given part to the space type", () => {
    expect(isPartialSpaceCombinationAllowed({ name: "Court" })).toBe(true);
    expect(isPartialSpaceCombinationAllowed({ name: "Court", location: "Both" })).toBe(true);
    expect(isPartialSpaceCombinationAllowed({ name: "Court", surface: "Grass" })).toBe(false);
    expect(isPartialSpaceCombinationAllowed({ name: "Natatorium", location: "Outdoor" })).toBe(
      false,
    );
    expect(isPartialSpaceCombinationAllowed({ name: "Pool", surface: "N/A" })).toBe(true);
    expect(isPartialSpaceCombinationAllowed({ name: "Pool", surface: "Water" })).toBe(false);
  });

  it("is what the RFP draft contract checks", () => {
    const draft = {
      sportsList: ["Volleyball"],
      startDate: "2027-03-13",
      endDate: "2027-03-14",
      spaceType: "Court",
      spaceSurface: "Grass",
      spaceTypeCount: 6,
      spaceLocation: "Indoor",
      address: "Indianapolis, IN",
      dist: 50,
      urgency: 0,
      attendance: null,
      roomNights: 300,
      hasFlexibleDates: false,
      type: "Tournament",
      ageGroup: "Youth",
      teamCount: 40,
      name: null,
    };
    expect(ZRfpDraft.safeParse(draft).success).toBe(false);
    expect(ZRfpDraft.safeParse({ ...draft, spaceSurface: "Hardwood" }).success).toBe(true);
    expect(ZRfpDraft.safeParse({ ...draft, endDate: "2027-03-12" }).success).toBe(false);
  });
});
