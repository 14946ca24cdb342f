import { describe, expect, it } from "vitest";
import { renderError, renderLinkInvalid } from "./messages";
import { documentTitle, links } from "./test-helpers";

describe("renderLinkInvalid", () => {
  it("shows the title and message, and the action when given", () => {
    const page = renderLinkInvalid({
      title: "This link has expired",
      message: "Reset links work for one hour.",
      actionUrl: "/password/forgot",
      actionLabel: "Send a new link",
    });
    expect(documentTitle(page)).toBe("This link has expired | Hostfield");
    expect(page).toContain("<h1>This link has expired</h1>");
    expect(page).toContain("<p>Reset links work for one hour.</p>");
    expect(links(page).at(-1)).toMatchObject({
      label: "Send a new link",
      attrs: { href: "/password/forgot" },
    });
  });

  it("labels the action 'Try again' by default and omits it without a URL", () => {
    const withUrl = renderLinkInvalid({ title: "Used", message: "m", actionUrl: "/x" });
    expect(links(withUrl).at(-1)?.label).toBe("Try again");
    const without = renderLinkInvalid({ title: "Used", message: "m" });
    expect(links(without).map((link) => link.label)).toEqual(["Hostfield"]);
  });
});

describe("renderError", () => {
  it("shows the title and message and links home, to / by default", () => {
    const page = renderError({ title: "Something went wrong", message: "Try again later." });
    expect(documentTitle(page)).toBe("Something went wrong | Hostfield");
    expect(page).toContain("<h1>Something went wrong</h1>");
    expect(page).toContain("<p>Try again later.</p>");
    expect(links(page).at(-1)).toMatchObject({
      label: "Go to the home page",
      attrs: { href: "/" },
    });
    const custom = renderError({ title: "t", message: "m", homeUrl: "/home" });
    expect(links(custom).at(-1)?.attrs.href).toBe("/home");
  });
});
