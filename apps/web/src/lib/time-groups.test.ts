import { describe, expect, it } from "vitest";
import { groupByTimeAgo, relativeTime } from "./time-groups";

const NOW = "2025-03-12T15:00:00.000Z"; // a Wednesday

describe("groupByTimeAgo", () => {
  it("sorts newest first and puts each item under its spec §9 label, in the labels' order", () => {
    const items = [
      { id: "past", createdDate: "2020-06-01T10:00:00.000Z" },
      { id: "today-early", createdDate: "2025-03-12T08:00:00.000Z" },
      { id: "last-week", createdDate: "2025-03-05T10:00:00.000Z" },
      { id: "yesterday", createdDate: "2025-03-11T23:00:00.000Z" },
      { id: "today-late", createdDate: "2025-03-12T14:00:00.000Z" },
      { id: "this-week", createdDate: "2025-03-10T09:00:00.000Z" },
      { id: "last-month", createdDate: "2025-02-02T09:00:00.000Z" },
      { id: "months-ago", createdDate: "2024-12-24T09:00:00.000Z" },
      { id: "last-year", createdDate: "2024-01-24T09:00:00.000Z" },
    ];
    const groups = groupByTimeAgo(items, NOW);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["today-late", "today-early"]],
      ["Yesterday", ["yesterday"]],
      ["This week", ["this-week"]],
      ["Last week", ["last-week"]],
      ["Last month", ["last-month"]],
      ["2 to 6 months ago", ["months-ago"]],
      ["Last year", ["last-year"]],
      ["Past", ["past"]],
    ]);
  });

  it("leaves out empty labels and returns nothing for nothing", () => {
    expect(groupByTimeAgo([], NOW)).toEqual([]);
    expect(
      groupByTimeAgo([{ createdDate: "2025-03-03T10:00:00.000Z" }], NOW).map((g) => g.label),
    ).toEqual(["Last week"]);
  });

  it("uses This month and This year when they fit", () => {
    const groups = groupByTimeAgo(
      [{ createdDate: "2025-11-02T10:00:00.000Z" }, { createdDate: "2025-01-02T10:00:00.000Z" }],
      "2025-11-28T10:00:00.000Z",
    );
    expect(groups.map((g) => g.label)).toEqual(["This month", "This year"]);
  });
});

describe("relativeTime", () => {
  it("reads like speech, from just now to years", () => {
    expect(relativeTime("2025-03-12T14:59:40.000Z", NOW)).toBe("just now");
    expect(relativeTime("2025-03-12T15:00:30.000Z", NOW)).toBe("just now");
    expect(relativeTime("2025-03-12T14:55:00.000Z", NOW)).toBe("5 minutes ago");
    expect(relativeTime("2025-03-12T12:00:00.000Z", NOW)).toBe("3 hours ago");
    expect(relativeTime("2025-03-11T14:00:00.000Z", NOW)).toBe("yesterday");
    expect(relativeTime("2025-03-08T15:00:00.000Z", NOW)).toBe("4 days ago");
    expect(relativeTime("2025-02-26T15:00:00.000Z", NOW)).toBe("2 weeks ago");
    expect(relativeTime("2024-12-01T15:00:00.000Z", NOW)).toBe("3 months ago");
    expect(relativeTime("2023-01-01T15:00:00.000Z", NOW)).toBe("2 years ago");
  });
});

describe("groupByTimeAgo with a date accessor", () => {
  it("groups by the date the accessor names", () => {
    const items = [
      { id: "old", at: "2025-03-11T10:00:00.000Z" },
      { id: "new", at: "2025-03-12T10:00:00.000Z" },
    ];
    const groups = groupByTimeAgo(items, NOW, (item) => item.at);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["new"]],
      ["Yesterday", ["old"]],
    ]);
  });
});
