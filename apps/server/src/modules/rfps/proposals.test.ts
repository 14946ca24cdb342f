import { describe, expect, it } from "vitest";
import { proposalMessage } from "./proposals";

describe("proposalMessage", () => {
  it("writes the offered dates as people read them, not as ISO dates", () => {
    const text = proposalMessage(
      {
        message: "Courts 1-4 are yours.",
        dates: ["2030-06-12", "2030-06-13"],
        price: 1800,
        priceUnit: "Per Team",
      },
      false,
    );
    expect(text).toBe(
      "Courts 1-4 are yours.\nDates: Wed, Jun 12th, 2030; Thu, Jun 13th, 2030\nPrice: $1,800 Per Team",
    );
  });

  it("says an update is one, and leaves out what was not offered", () => {
    expect(
      proposalMessage({ message: "Lower price.", dates: [], price: null, priceUnit: null }, true),
    ).toBe("Updated proposal: Lower price.");
  });
});
