import { describe, expect, it } from "vitest";
import {
  cardFacts,
  distanceLabel,
  fullAddress,
  placeLabel,
  profilePath,
  sportsSummary,
} from "./card-display";
import { buildSearchProfile } from "./testing";

describe("card display", () => {
  it("summarises sports: 'Multi Sport' for several, nothing for Other", () => {
    expect(sportsSummary(["Soccer", "Lacrosse"])).toBe("Multi Sport");
    expect(sportsSummary(["Soccer"])).toBe("Soccer");
    expect(sportsSummary(["Other Sport or Activity"])).toBe("");
    expect(sportsSummary([])).toBe("");
  });

  it("places a profile by city and state code", () => {
    const address = {
      street: "1 Main St",
      city: "Toronto",
      state: "Ontario",
      postalCode: "M5V",
      country: "CA",
    };
    expect(placeLabel(address)).toBe("Toronto, ON");
    expect(placeLabel({ ...address, state: "Bavaria" })).toBe("Toronto, Bavaria");
    expect(placeLabel(null)).toBeNull();
    expect(fullAddress(address)).toBe("1 Main St, Toronto, ON M5V");
    expect(fullAddress({ ...address, street: null, postalCode: null })).toBe("Toronto, ON");
  });

  it("rounds distances: one decimal below 10 miles", () => {
    expect(distanceLabel(0.44)).toBe("0.4 mi away");
    expect(distanceLabel(8.66)).toBe("8.7 mi away");
    expect(distanceLabel(1234.4)).toBe("1,234 mi away");
    expect(distanceLabel(null)).toBeNull();
    expect(distanceLabel(undefined)).toBeNull();
  });

  it("lists the key facts of each kind", () => {
    expect(
      cardFacts(
        buildSearchProfile({
          facilityTypes: ["Arena"],
          capacity: 12000,
          availability: "Available to host",
        }),
      ),
    ).toEqual(["Arena", "Capacity 12,000", "Available to host"]);
    expect(
      cardFacts(
        buildSearchProfile({
          kind: "event",
          type: "Camp",
          ageGroup: null,
          startDate: "2027-06-01",
          endDate: "2027-06-30",
          hasFlexibleDates: true,
          individualCost: null,
          teamCost: 450.5,
        }),
      ),
    ).toEqual(["Flexible b/w Tue, Jun 1st, 2027 - Wed, Jun 30th, 2027", "Camp", "$450.50 / Team"]);
    expect(
      cardFacts(
        buildSearchProfile({
          kind: "destination",
          destinationType: "Sports Commission",
          services: [],
        }),
      ),
    ).toEqual(["Sports Commission"]);
    expect(
      cardFacts(
        buildSearchProfile({
          kind: "business",
          businessCategory: "Food & Beverage",
          placeAttributes: ["Good for Groups", "Good For Kids"],
        }),
      ),
    ).toEqual(["Food & Beverage", "Good for Groups, Good For Kids"]);
  });

  it("links a card to its kind's profile page", () => {
    expect(profilePath({ kind: "facility", id: "abc" })).toBe("/facilities/abc");
    expect(profilePath({ kind: "organization", id: "abc" })).toBe("/organizations/abc");
    expect(profilePath({ kind: "event", id: "abc" })).toBe("/events/abc");
  });
});
