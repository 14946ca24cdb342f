import { describe, expect, it } from "vitest";
import { formErrors, inputOf } from "./mark-days-dialog";

const form = {
  kind: "booked" as const,
  startDate: "2031-03-02",
  endDate: "2031-03-03",
  discount: "",
  note: "",
  weekly: false,
  weekdays: [] as number[],
  until: "",
};

describe("the form to mark days", () => {
  it("a weekly rule needs its weekdays and its end, and sends one day with the rule", () => {
    expect(formErrors({ ...form, weekly: true })).toEqual({
      weekdays: "Choose at least one weekday.",
      until: "Enter the day the rule stops.",
    });
    const weekly = { ...form, weekly: true, weekdays: [0, 6], until: "2031-06-30" };
    expect(formErrors(weekly)).toEqual({});
    expect(inputOf(weekly)).toMatchObject({
      startDate: "2031-03-02",
      endDate: "2031-03-02",
      repeat: { weekdays: [0, 6], until: "2031-06-30" },
    });
  });

  it("refuses a reversed range and a discount out of bounds; sends a discount only with need dates", () => {
    expect(formErrors({ ...form, endDate: "2031-03-01" })).toEqual({
      endDate: "A range cannot end before it starts",
    });
    expect(formErrors({ ...form, kind: "need", discount: "95" })).toEqual({
      discount: "A discount is a whole percent from 1 to 90.",
    });
    expect(inputOf({ ...form, discount: "20" }).discountPercent).toBeNull();
    expect(inputOf({ ...form, kind: "need", discount: "20", note: "  Spring  " })).toMatchObject({
      discountPercent: 20,
      note: "Spring",
    });
  });
});

describe("marking some of a facility's spaces", () => {
  const courts = {
    id: "00000000-0000-4000-8000-0000000000c1",
    name: "Court",
    count: 4,
    surface: "Hardwood",
    location: "Indoor",
  };

  it("sends the whole venue unless a space type is chosen, and all its spaces unless fewer", () => {
    expect(inputOf(form)).toMatchObject({ spaceTypeId: null, spaces: null });
    const chosen = { ...form, spaceTypeId: courts.id, spaces: "4" };
    expect(inputOf(chosen, courts)).toMatchObject({ spaceTypeId: courts.id, spaces: null });
    expect(inputOf({ ...chosen, spaces: "" }, courts)).toMatchObject({ spaces: null });
    expect(inputOf({ ...chosen, spaces: "2" }, courts)).toMatchObject({
      spaceTypeId: courts.id,
      spaces: 2,
    });
    expect(formErrors({ ...chosen, spaces: "2" }, courts)).toEqual({});
  });

  it("takes 1 to the number of spaces the type has", () => {
    const chosen = { ...form, spaceTypeId: courts.id };
    for (const spaces of ["0", "5", "1.5", "two"]) {
      expect(formErrors({ ...chosen, spaces }, courts)).toEqual({
        spaces: "Enter a whole number from 1 to 4.",
      });
    }
  });
});
