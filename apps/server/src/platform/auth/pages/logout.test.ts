import { describe, expect, it } from "vitest";
import { pageLeft, renderLoggedOut, renderLogoutConfirm, SIGN_OUT_SCRIPT_PATH } from "./logout";
import { buttons, documentTitle, forms, links, tags } from "./test-helpers";

describe("renderLogoutConfirm", () => {
  const page = renderLogoutConfirm({ action: "/oidc/session/end/confirm", xsrf: "x-123" });

  it("asks 'Sign out of Hostfield?' and posts the xsrf secret to the action", () => {
    expect(documentTitle(page)).toBe("Sign out | Hostfield");
    expect(page).toContain("<h1>Sign out of Hostfield?</h1>");
    expect(forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/oidc/session/end/confirm" },
    ]);
    expect(tags(page, "input").map((input) => input.attrs)).toEqual([
      { type: "hidden", name: "xsrf", value: "x-123" },
    ]);
  });

  it("signs out with logout=yes", () => {
    expect(buttons(page)[0]).toMatchObject({
      label: "Sign out",
      attrs: { type: "submit", name: "logout", value: "yes" },
    });
  });

  it("stays signed in by a link back to the site, not a submit (the form signs the app out whatever it posts)", () => {
    expect(buttons(page).map((b) => b.label)).toEqual(["Sign out"]);
    expect(links(page).at(-1)).toMatchObject({ label: "Stay signed in", attrs: { href: "/" } });
  });
});

describe("signing out from the app", () => {
  it("returns 'Stay signed in' to the page the member left", () => {
    const page = renderLogoutConfirm({ action: "/a", xsrf: "x", stayUrl: "/events/e1?tab=2" });
    expect(links(page).at(-1)).toMatchObject({
      label: "Stay signed in",
      attrs: { href: "/events/e1?tab=2" },
    });
  });

  it("signs out at once when the app asked (its Sign out was the choice), and asks without scripts", () => {
    const page = renderLogoutConfirm({ action: "/a", xsrf: "x", atOnce: true });
    expect(tags(page, "script").map((s) => s.attrs)).toEqual([
      { src: SIGN_OUT_SCRIPT_PATH, defer: "" },
    ]);
    expect(buttons(page)[0]?.label).toBe("Sign out");
    expect(tags(renderLogoutConfirm({ action: "/a", xsrf: "x" }), "script")).toEqual([]);
  });

  it("takes the page left from the Referer as a path on this site only", () => {
    const origin = "https://hostfield.example";
    expect(pageLeft(`${origin}/leads/1?x=1`)).toBe("/leads/1?x=1");
    expect(pageLeft("https://elsewhere.example/events/2")).toBe("/events/2");
    expect(pageLeft("https://elsewhere.example//evil.example/x")).toBe("/");
    expect(pageLeft(`${origin}/oidc/session/end`)).toBe("/");
    expect(pageLeft("not a url")).toBe("/");
    expect(pageLeft(undefined)).toBe("/");
  });
});

describe("renderLoggedOut", () => {
  it("confirms and links home", () => {
    const page = renderLoggedOut({ homeUrl: "/" });
    expect(documentTitle(page)).toBe("Signed out | Hostfield");
    expect(page).toContain("<h1>You&#39;re signed out</h1>");
    expect(links(page).at(-1)).toMatchObject({ label: "Go to Hostfield", attrs: { href: "/" } });
  });
});
