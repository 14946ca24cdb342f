import { isMediaVariant } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { mediaImage, mediaUrl } from "../../lib/media-url";
import {
  cardFacts,
  distanceLabel,
  fullAddress,
  placeLabel,
  profilePath,
  sportsSummary,
} from "./card-display";
import { INFO_WINDOW_IMAGE } from "./map/info-window";
import { CARD_IMAGE, CARD_LOGO } from "./result-card";
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

describe("media addresses", () => {
  it("resize stored images and leave other addresses alone", () => {
    expect(mediaUrl("/media/a/b.jpg", { width: 384, height: 216, fit: "cover" })).toBe(
      "/media/a/b.jpg?w=384&h=216&fit=cover",
    );
    expect(mediaUrl("/media/a/b.jpg?w=10", { width: 100, height: 50, fit: "scale-down" })).toBe(
      "/media/a/b.jpg?w=100&h=50",
    );
    expect(mediaUrl("/media/a/b.jpg?grant=abc", { width: 112, height: 112, fit: "contain" })).toBe(
      "/media/a/b.jpg?w=112&h=112&fit=contain&grant=abc",
    );
    expect(mediaUrl("https://cdn.example/x.jpg", { width: 10, height: 10 })).toBe(
      "https://cdn.example/x.jpg",
    );
    expect(mediaUrl(null, { width: 10, height: 10 })).toBeNull();
    expect(mediaImage("/media/a.jpg", { width: 384, height: 216, fit: "cover" })?.srcSet).toBe(
      "/media/a.jpg?w=384&h=216&fit=cover 1x, /media/a.jpg?w=768&h=432&fit=cover 2x",
    );
  });
});

/** The sizes of the /media addresses in a srcSet, as the server reads them. */
const srcSetVariants = (srcSet: string) =>
  srcSet.split(", ").map((entry) => {
    const params = new URL(entry.split(" ")[0]!, "http://x").searchParams;
    return { w: Number(params.get("w")), h: Number(params.get("h")), fit: params.get("fit") ?? "" };
  });

describe("the marketplace's image sizes", () => {
  it.each([
    ["card", CARD_IMAGE],
    ["logo", CARD_LOGO],
    [
      "info window",
      { ...INFO_WINDOW_IMAGE, height: INFO_WINDOW_IMAGE.desktopHeight, fit: "cover" as const },
    ],
    [
      "info window on phones",
      { ...INFO_WINDOW_IMAGE, height: INFO_WINDOW_IMAGE.mobileHeight, fit: "cover" as const },
    ],
  ])("are sizes /media makes: the %s at 1x and 2x", (_name, size) => {
    const image = mediaImage("/media/a/b.jpg", size);
    const variants = srcSetVariants(image?.srcSet ?? "");
    expect(variants).toHaveLength(2);
    for (const variant of variants)
      expect(isMediaVariant(variant), JSON.stringify(variant)).toBe(true);
  });
});
