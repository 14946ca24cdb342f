import { describe, expect, it } from "vitest";
import { siteConfigParser } from "./auth/client-config";
import { isOwnPage, siteLinks } from "./external-links";

describe("the help, contact and 'How it works' links", () => {
  it("go to the app's own pages when no site is named", () => {
    expect(siteLinks(null)).toEqual({
      helpCenter: "/help",
      contact: "/contact",
      destinations: "/how-it-works#destinations",
      facilities: "/how-it-works#facilities",
      eventOrganizers: "/how-it-works#event-organizers",
      vendors: "/how-it-works#vendors",
      mobile: "/how-it-works#mobile",
    });
  });

  it("go to the named site's pages, under its path", () => {
    expect(siteLinks("https://www.sportsvenues.example/hostfield")).toEqual({
      helpCenter: "https://www.sportsvenues.example/hostfield/help",
      contact: "https://www.sportsvenues.example/hostfield/contact",
      destinations: "https://www.sportsvenues.example/hostfield/destinations",
      facilities: "https://www.sportsvenues.example/hostfield/facilities",
      eventOrganizers: "https://www.sportsvenues.example/hostfield/event-organizers",
      vendors: "https://www.sportsvenues.example/hostfield/industry-partners",
      mobile: "https://www.sportsvenues.example/hostfield/mobile",
    });
  });

  it("tell the app's own pages from another site's", () => {
    expect(isOwnPage("/help")).toBe(true);
    expect(isOwnPage("/how-it-works#mobile")).toBe(true);
    expect(isOwnPage("//elsewhere.example/help")).toBe(false);
    expect(isOwnPage("https://www.sportsvenues.example/help")).toBe(false);
  });
});

describe("the site in the client configuration", () => {
  it("is read from data.site, its address without a trailing slash", () => {
    expect(
      siteConfigParser.parse({
        site: {
          marketingUrl: " https://www.sportsvenues.example/ ",
          supportEmail: "help@sportsvenues.example",
        },
      }),
    ).toEqual({
      marketingUrl: "https://www.sportsvenues.example",
      supportEmail: "help@sportsvenues.example",
    });
  });

  it.each([
    [{}],
    [{ site: null }],
    [{ site: { marketingUrl: "javascript:alert(1)", supportEmail: "not an address" } }],
    [{ site: { marketingUrl: "www.sportsvenues.example", supportEmail: 42 } }],
    [{ site: { marketingUrl: "", supportEmail: "" } }],
  ])("names no site when %j holds none an http(s) link may go to", (value) => {
    expect(siteConfigParser.parse(value)).toEqual({ marketingUrl: null, supportEmail: null });
  });
});
