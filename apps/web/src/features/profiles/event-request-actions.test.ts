// The calendar link of an event page: the same rooted address whether the server painted the page
// first (its renderer calls from an origin of its own) or the browser did.
import { describe, expect, it } from "vitest";
import { setServerTransport } from "../../lib/api";
import { icalUrl } from "./event-request-actions";

describe("icalUrl", () => {
  it("is rooted at this site in the browser", () => {
    expect(icalUrl("e 1")).toBe("/event-mgmt/api/events/e%201/ical?api-version=1.0");
  });

  it("does not carry the server renderer's origin on a page painted first", () => {
    setServerTransport({ origin: "http://first-view.invalid", fetch });
    expect(icalUrl("e1")).toBe("/event-mgmt/api/events/e1/ical?api-version=1.0");
  });
});
