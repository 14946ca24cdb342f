// Places and radii in descriptions, resolved by the real gazetteer.
import { describe, expect, it } from "vitest";
import { createGazetteer } from "../../../platform/geo/gazetteer";
import { findDates } from "./dates";
import { findPlace, findRadii } from "./places";

const gazetteer = createGazetteer();
const geocode = (address: string) => gazetteer.resolve(address);

function place(text: string) {
  // Dates are read first, as the parser does, so "in March" is never a place.
  const taken = findDates(text, "2026-05-20").map((d) => d.span);
  const found = findPlace(text, geocode, taken);
  return (
    found && {
      label: found.place.label,
      words: found.span.text,
      radius: found.radius?.miles ?? null,
    }
  );
}

describe("findPlace", () => {
  it.each([
    [
      "12U basketball near Indianapolis, second weekend of March",
      "Indianapolis, IN",
      "near Indianapolis",
    ],
    ["a tournament in the Dallas area", "Dallas, TX", "in the Dallas area"],
    ["around Orlando", "Orlando, FL", "around Orlando"],
    ["just outside Chicago", "Chicago, IL", "just outside Chicago"],
    ["close to Louisville", "Louisville, KY", "close to Louisville"],
    ["in Springfield, IL", "Springfield, IL", "in Springfield, IL"],
    ["near Portland, Maine in June", "Portland, ME", "near Portland, Maine"],
    ["near Columbus Ohio", "Columbus, OH", "near Columbus Ohio"],
    ["in Washington, DC", "Washington, DC", "in Washington, DC"],
    ["in Kansas City", "Kansas City, MO", "in Kansas City"],
    ["near St. Louis", "St. Louis, MO", "near St. Louis"],
    ["in Salt Lake City area", "Salt Lake City, UT", "in Salt Lake City area"],
    ["close to downtown Indianapolis", "Indianapolis, IN", "close to downtown Indianapolis"],
    ["in the Dallas-Fort Worth area", "Dallas, TX", "in the Dallas-Fort Worth area"],
    ["near 46204", "Indianapolis, IN", "near 46204"],
    ["softball near indianapolis in march", "Indianapolis, IN", "near indianapolis"],
  ])("%j is %s", (text, label, words) => {
    expect(place(text)).toEqual({ label, words, radius: null });
  });

  it("reads the radius said with the place", () => {
    expect(place("within 30 miles of Columbus, Ohio")).toEqual({
      label: "Columbus, OH",
      words: "within 30 miles of Columbus, Ohio",
      radius: 30,
    });
    expect(place("a 40 mile radius around Nashville TN")?.radius).toBe(40);
    expect(place("within fifty miles of Louisville")?.radius).toBe(50);
  });

  it("reads a place named by the area after it, or by its state, without a trigger word", () => {
    expect(place("Lacrosse, Baltimore area, 40 teams")).toEqual({
      label: "Baltimore, MD",
      words: "Baltimore area",
      radius: null,
    });
    expect(place("Softball, 16 diamonds, Orlando FL, 80 teams")).toEqual({
      label: "Orlando, FL",
      words: "Orlando FL",
      radius: null,
    });
    expect(place("parking area and a seating area")).toBeNull();
    expect(place("Basketball Indiana")).toBeNull();
  });

  it("takes the most populous place of a bare name", () => {
    expect(place("near Portland")?.label).toBe("Portland, OR");
  });

  it.each(["in Texas", "somewhere in Florida", "near New York", "in Washington"])(
    "does not take a state alone for a place: %j",
    (text) => {
      expect(place(text)).toBeNull();
    },
  );

  it.each([
    "we are in need of 6 courts",
    "in the coming weeks",
    "play in college gyms",
    "teams in spring",
    "in person, in total",
    "Basketball in March",
  ])("finds no place in %j", (text) => {
    expect(place(text)).toBeNull();
  });
});

describe("findRadii", () => {
  it.each([
    ["within 30 miles", 30],
    ["a 30-mile radius", 30],
    ["30 mile radius", 30],
    ["radius of 25 miles", 25],
    ["within thirty miles", 30],
    ["within 80 km", 50],
  ])("%j is %d miles", (text, miles) => {
    expect(findRadii(text).map((r) => r.miles)).toEqual([miles]);
  });

  it("finds none without a distance", () => {
    expect(findRadii("near Indianapolis with 6 courts")).toEqual([]);
  });
});
