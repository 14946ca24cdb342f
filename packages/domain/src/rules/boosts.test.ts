import { describe, expect, it } from "vitest";
import { BOOST_MAX_DAYS, boostProblem } from "./boosts";
import { addDays } from "./dates";

const TODAY = "2027-05-10";
const span = (days: number, start = TODAY) => ({ startDate: start, endDate: addDays(start, days) });

describe("boostProblem", () => {
  it(`takes up to ${BOOST_MAX_DAYS} days from first day to last, and refuses one more`, () => {
    expect(boostProblem(span(BOOST_MAX_DAYS), TODAY)).toBeNull();
    expect(boostProblem(span(BOOST_MAX_DAYS + 1), TODAY)?.field).toBe("endDate");
  });

  it("takes a start of yesterday (time zones), not earlier", () => {
    expect(boostProblem(span(3, addDays(TODAY, -1)), TODAY)).toBeNull();
    expect(boostProblem(span(3, addDays(TODAY, -2)), TODAY)?.field).toBe("startDate");
  });

  it("does not judge a running boost's kept start again, only its length", () => {
    const running = span(30, addDays(TODAY, -20));
    expect(boostProblem({ ...running, endDate: addDays(TODAY, 5) }, TODAY, running)).toBeNull();
    expect(boostProblem({ ...running, endDate: addDays(TODAY, 80) }, TODAY, running)?.field).toBe(
      "endDate",
    );
  });
});
