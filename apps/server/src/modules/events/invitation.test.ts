import { describe, expect, it } from "vitest";
import { addressLine, buildInvitation, calendarDescription, type TEventFacts } from "./invitation";

const facts: TEventFacts = {
  name: "Spring Classic",
  type: "Tournament",
  startDate: "2027-03-05",
  endDate: "2027-03-07",
  hasFlexibleDates: false,
  sports: ["Basketball"],
  ageGroup: "Youth",
  eventLevel: "Amateur",
  individualCost: 25,
  teamCost: 400,
  description: "Three days of pool play and brackets.",
  address: {
    street: "1 Main St",
    city: "Louisville",
    state: "Kentucky",
    postalCode: "40202",
    country: "US",
  },
  hotelLink: "https://hotels.example.com/spring",
  isClosed: false,
  organizationName: "Bluegrass Hoops",
  url: "http://hostfield.test/events/abc",
};

describe("buildInvitation", () => {
  it("writes the dates as 'ddd, MMM Do, YYYY' with the range format (spec §2)", () => {
    const { subject, text } = buildInvitation(facts);
    expect(subject).toBe("You're invited: Spring Classic (Fri, Mar 5th - Sun, Mar 7th, 2027)");
    expect(text).toContain("When: Fri, Mar 5th - Sun, Mar 7th, 2027\n");
  });

  it("reads 'Flexible b/w {start} - {end}' for flexible-date events (spec §2)", () => {
    const { text } = buildInvitation({ ...facts, hasFlexibleDates: true });
    expect(text).toContain("When: Flexible b/w Fri, Mar 5th, 2027 - Sun, Mar 7th, 2027\n");
  });

  it("shows costs as '$N / Participant' and '$N / Team' (spec §5)", () => {
    expect(buildInvitation(facts).text).toContain("Cost: $25 / Participant or $400 / Team\n");
    expect(buildInvitation({ ...facts, individualCost: null }).text).toContain(
      "Cost: $400 / Team\n",
    );
    expect(buildInvitation({ ...facts, individualCost: null, teamCost: null }).text).not.toContain(
      "Cost:",
    );
  });

  it("shows several sports as 'Multi Sport' and 'Other Sport or Activity' as nothing (spec §5)", () => {
    expect(buildInvitation({ ...facts, sports: ["Basketball", "Volleyball"] }).text).toContain(
      "Sport: Multi Sport\n",
    );
    expect(buildInvitation({ ...facts, sports: ["Other Sport or Activity"] }).text).not.toContain(
      "Sport:",
    );
  });

  it("greets the audience, links the page and the hotel, and signs with the organization", () => {
    const { text } = buildInvitation(facts, "Coaches");
    expect(
      text.startsWith(
        "Hello Coaches,\n\nYou're invited to Spring Classic, hosted by Bluegrass Hoops.\n",
      ),
    ).toBe(true);
    expect(text).toContain("Where: 1 Main St, Louisville, Kentucky 40202\n");
    expect(text).toContain("Details and registration: http://hostfield.test/events/abc");
    expect(text).toContain("Book your hotel for the event: https://hotels.example.com/spring");
    expect(text.trimEnd().endsWith("See you there!\nBluegrass Hoops")).toBe(true);
  });

  it("says when registration is closed, and leaves out what the event does not have", () => {
    const { text } = buildInvitation({
      ...facts,
      isClosed: true,
      hotelLink: null,
      organizationName: null,
      address: null,
      ageGroup: null,
      eventLevel: null,
      description: null,
    });
    expect(text.startsWith("Hello,\n\nYou're invited to Spring Classic.\n")).toBe(true);
    expect(text).toContain(
      "Registration is closed. Event details: http://hostfield.test/events/abc",
    );
    for (const absent of ["Where:", "Age group:", "Level:", "Hosted by", "hotel"]) {
      expect(text).not.toContain(absent);
    }
    expect(text.trimEnd().endsWith("The organizers of Spring Classic")).toBe(true);
  });
});

describe("calendarDescription and addressLine", () => {
  it("lists the facts without the place (the calendar's LOCATION has it), then the text and link", () => {
    const description = calendarDescription(facts);
    expect(description).not.toContain("Where:");
    expect(description).toContain("Sport: Basketball");
    expect(
      description.endsWith(
        "Three days of pool play and brackets.\n\nhttp://hostfield.test/events/abc",
      ),
    ).toBe(true);
  });

  it("writes an address in postal order with the parts there are", () => {
    expect(addressLine(facts.address)).toBe("1 Main St, Louisville, Kentucky 40202");
    expect(
      addressLine({
        street: null,
        city: "Louisville",
        state: "Kentucky",
        postalCode: null,
        country: "US",
      }),
    ).toBe("Louisville, Kentucky");
    expect(addressLine(null)).toBeNull();
  });
});
