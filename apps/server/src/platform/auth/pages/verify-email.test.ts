import { describe, expect, it } from "vitest";
import { documentTitle, links, tags } from "./test-helpers";
import { renderEmailVerified, renderVerifyEmailSent } from "./verify-email";

describe("renderVerifyEmailSent", () => {
  it("says where the link went, with the words clients look for (spec §8: 'Look for an email')", () => {
    const page = renderVerifyEmailSent({ email: "ana@example.com" });
    expect(documentTitle(page)).toBe("Check your e-mail | Hostfield");
    expect(page).toContain("<h1>Check your e-mail</h1>");
    const text = page.replace(/<[^>]*>/g, "");
    expect(text).toContain(
      "We sent a verification link to ana@example.com. Look for an email from Hostfield and open the link to finish.",
    );
    expect(page).toContain("<strong>ana@example.com</strong>");
  });

  it("links to log in only when given a URL", () => {
    const withLink = renderVerifyEmailSent({ email: "a@b.c", signInUrl: "/interaction/abc" });
    expect(links(withLink).find((link) => link.label === "Log in")?.attrs.href).toBe(
      "/interaction/abc",
    );
    const without = renderVerifyEmailSent({ email: "a@b.c" });
    expect(links(without).map((link) => link.label)).toEqual(["Hostfield"]);
  });
});

describe("renderEmailVerified", () => {
  it("confirms and offers a 'Log in' button when given a URL", () => {
    const page = renderEmailVerified({ signInUrl: "/interaction/abc" });
    expect(documentTitle(page)).toBe("E-mail verified | Hostfield");
    expect(page).toContain("<h1>Your e-mail is verified</h1>");
    const login = links(page).find((link) => link.label === "Log in");
    expect(login?.attrs).toMatchObject({
      href: "/interaction/abc",
      class: "button button-primary",
    });
  });

  it("needs no argument and then offers no button", () => {
    const page = renderEmailVerified();
    expect(page).toContain("<h1>Your e-mail is verified</h1>");
    expect(tags(page, "a").filter((link) => link.attrs.class?.includes("button"))).toEqual([]);
  });
});
