import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { clientConfigHandler, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  CONTACT_TITLE,
  NO_SUPPORT_ADDRESS_TEXT,
  SUPPORT_ADDRESS_FAILED_TEXT,
} from "./contact-page";

/** The levels of the page's headings, in document order. */
function headingLevels(): number[] {
  return screen
    .getAllByRole("heading")
    .map((heading) => Number(heading.tagName.slice(1)))
    .filter((level) => level >= 1 && level <= 6);
}

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, "scrollIntoView");
});

describe("the pages about the product", () => {
  it.each([
    ["/help", "Help Center"],
    ["/how-it-works", "How it works"],
    ["/contact", "Contact us"],
  ])(
    "%s is public, titled, and its headings go down one level at a time on a phone",
    async (path, title) => {
      server.use(clientConfigHandler(null, { marketingUrl: null, supportEmail: null }));
      await renderApp({ path, auth: buildSignedOutAuth(), width: 375 });
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(document.title).toBe(`${title} | Hostfield`);
      // No sign-in asked for.
      expect(screen.queryByText(/Sign in to/)).toBeNull();
      const levels = headingLevels();
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
      });
    },
  );

  it("a visitor finds How it works from the landing page", async () => {
    const { user } = await renderApp({ path: "/", auth: buildSignedOutAuth() });
    const audiences = within(
      screen.getByRole("region", { name: "Built for both sides of the game" }),
    );
    await user.click(audiences.getByRole("link", { name: "See how it works" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "How it works" }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("Help answers each topic the spec names, and its index opens each section", async () => {
    await renderApp({ path: "/help", auth: buildSignedOutAuth() });
    const index = within(screen.getByRole("navigation", { name: "On this page" }));
    const topics = index.getAllByRole("link").map((link) => link.textContent);
    expect(topics).toEqual([
      "Finding hosts, events and partners",
      "Requests for proposals",
      "Proposals and awards",
      "Hotel rooms and blocks",
      "Messaging and notifications",
      "Accounts and plans",
    ]);
    for (const link of index.getAllByRole("link")) {
      const id = link.getAttribute("href")?.split("#")[1] ?? "";
      const region = screen.getByRole("region", { name: link.textContent ?? "" });
      expect(region.id).toBe(id);
      // Every topic has answers, not just a title.
      expect(within(region).getAllByRole("heading", { level: 3 }).length).toBeGreaterThan(0);
    }
    const searching = within(
      screen.getByRole("region", { name: "Finding hosts, events and partners" }),
    );
    expect(searching.getByRole("link", { name: "Facilities" }).getAttribute("href")).toBe(
      "/facilities/marketplace",
    );
  });

  it("How it works has a section for each audience and the phone, and opens at the one named", async () => {
    // jsdom lays nothing out and has no scrollIntoView: record whom it would bring into view.
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, "scrollIntoView", {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    const { router } = await renderApp({
      path: "/how-it-works#vendors",
      auth: buildSignedOutAuth(),
    });
    for (const [name, id] of [
      ["For event organizers", "event-organizers"],
      ["For destinations", "destinations"],
      ["For facilities", "facilities"],
      ["For hotels", "hotels"],
      ["For local businesses", "local-businesses"],
      ["For vendors and industry partners", "vendors"],
      ["On your phone", "mobile"],
    ]) {
      expect(screen.getByRole("region", { name }).id).toBe(id);
    }
    await waitFor(() => expect(scrolled).toEqual(["vendors"]));

    // A link inside the app to another section brings it into view too.
    await router.navigate("/how-it-works#mobile");
    await waitFor(() => expect(scrolled).toEqual(["vendors", "mobile"]));
  });

  it("Contact gives the support address the server is configured with", async () => {
    server.use(
      clientConfigHandler(null, { marketingUrl: null, supportEmail: "help@sportsvenues.example" }),
    );
    await renderApp({ path: "/contact", auth: buildSignedOutAuth() });
    const team = within(screen.getByRole("region", { name: "Write to the team" }));
    expect(
      (await team.findByRole("link", { name: "help@sportsvenues.example" })).getAttribute("href"),
    ).toBe("mailto:help@sportsvenues.example");
    expect(team.getByRole("link", { name: "Write an email" }).getAttribute("href")).toBe(
      "mailto:help@sportsvenues.example",
    );
  });

  it("Contact says when no support address is set, and points to the help center", async () => {
    server.use(clientConfigHandler(null, { marketingUrl: null, supportEmail: null }));
    await renderApp({ path: "/contact", auth: buildSignedOutAuth() });
    const team = within(screen.getByRole("region", { name: "Write to the team" }));
    expect(await team.findByText(NO_SUPPORT_ADDRESS_TEXT, { exact: false })).toBeTruthy();
    expect(team.getByRole("link", { name: "Visit the help center" }).getAttribute("href")).toBe(
      "/help",
    );
    expect(team.queryByRole("link", { name: /@/ })).toBeNull();
  });

  it("Contact offers Retry when the configuration does not load", async () => {
    server.use(http.get("/api/client-config", () => HttpResponse.json({}, { status: 500 })));
    const { user } = await renderApp({ path: "/contact", auth: buildSignedOutAuth() });
    expect(await screen.findByText(SUPPORT_ADDRESS_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(CONTACT_TITLE);

    server.use(
      clientConfigHandler(null, { marketingUrl: null, supportEmail: "help@sportsvenues.example" }),
    );
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "help@sportsvenues.example" })).toBeTruthy();
    expect(sent.to("/api/client-config").length).toBeGreaterThanOrEqual(2);
  });
});
