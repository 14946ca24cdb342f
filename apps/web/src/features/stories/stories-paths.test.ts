import { describe, expect, it } from "vitest";
import { storiesManageLinks } from "./stories-paths";

const listing = { id: "6f1c1f2e-4a53-4e8b-9d3f-2f0d3d7c9a11", name: "Visit Indy & Friends" };

describe("the manage menu's 'Write a story'", () => {
  it.each(["destination", "facility", "organization"])(
    "is offered to the managers of a %s, opening the editor about it",
    (kind) => {
      expect(storiesManageLinks(kind, listing, true)).toEqual([
        {
          label: "Write a story",
          to: "/stories/new?listing=6f1c1f2e-4a53-4e8b-9d3f-2f0d3d7c9a11&name=Visit+Indy+%26+Friends",
        },
      ]);
    },
  );

  it("is not offered for other kinds, nor to those who do not manage the listing", () => {
    expect(storiesManageLinks("hotel", listing, true)).toEqual([]);
    expect(storiesManageLinks("business", listing, true)).toEqual([]);
    expect(storiesManageLinks("destination", listing, false)).toEqual([]);
  });
});
