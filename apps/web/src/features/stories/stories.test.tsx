import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { uuid } from "../profiles/testing";
import { buildStory, storyHandlers } from "./testing";

const recap = buildStory({
  id: uuid(701),
  title: "How Indy hosted 600 teams",
  summary: "Three days, twelve courts.",
  categories: ["Event recaps"],
  tags: ["volleyball"],
  bodyHtml: "<h2>Twelve courts</h2><p>All <strong>hardwood</strong>.</p>",
  listings: [
    {
      id: uuid(702),
      kind: "destination",
      name: "Visit Indy",
      logo: null,
      headerImage: null,
      address: { city: "Indianapolis", state: "Indiana" },
    },
  ],
});
const guide = buildStory({
  id: uuid(703),
  title: "Five hardwood complexes",
  categories: ["Venue guides"],
  tags: ["hardwood"],
});

describe("the stories page", () => {
  it("lists the published stories, and filters them by category in the address", async () => {
    server.use(...storyHandlers([recap, guide]));
    const { user, router } = await renderApp({ path: "/stories", auth: buildSignedOutAuth() });
    expect(await screen.findByRole("link", { name: recap.title })).toBeTruthy();
    expect(screen.getByRole("link", { name: guide.title }).getAttribute("href")).toBe(
      "/stories/five-hardwood-complexes",
    );
    const filters = within(screen.getByRole("navigation", { name: "Story filters" }));
    await user.click(filters.getByRole("button", { name: "Venue guides" }));
    expect(router.state.location.search).toBe("?categories=Venue+guides");
    expect(await screen.findByText("1 story")).toBeTruthy();
    expect(screen.queryByRole("link", { name: recap.title })).toBeNull();
    expect(filters.getByRole("button", { name: "Venue guides" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("says when no story matches, and offers every story", async () => {
    server.use(...storyHandlers([recap]));
    await renderApp({ path: "/stories?tags=curling", auth: buildSignedOutAuth() });
    expect(await screen.findByText("No stories match these filters yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show every story" })).toBeTruthy();
  });

  it("says when the stories could not be loaded, with Retry", async () => {
    server.use(...storyHandlers([], { failList: true }));
    await renderApp({ path: "/stories", auth: buildSignedOutAuth() });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("The stories could not be loaded")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});

describe("a story's page", () => {
  it("shows the story, its body as the server made it, and its listings as cards", async () => {
    server.use(...storyHandlers([recap]));
    await renderApp({ path: `/stories/${recap.slug}`, auth: buildSignedOutAuth() });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(recap.title);
    expect(screen.getByRole("heading", { name: "Twelve courts" })).toBeTruthy();
    const about = within(screen.getByRole("region", { name: "In this story" }));
    expect(about.getByRole("link", { name: /Visit Indy/ }).getAttribute("href")).toBe(
      `/destinations/${uuid(702)}`,
    );
    expect(screen.getByRole("link", { name: "#volleyball" }).getAttribute("href")).toBe(
      "/stories?tags=volleyball",
    );
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
  });

  it("offers an admin what they may do: edit, and read the published story's report", async () => {
    server.use(...storyHandlers([recap]));
    await renderApp({ path: `/stories/${recap.slug}`, auth: buildSignedInAuth({ isAdmin: true }) });
    const status = within(await screen.findByRole("alert"));
    expect(status.getByText("Published")).toBeTruthy();
    expect(status.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/stories/${recap.id}/edit`,
    );
    expect(status.getByRole("link", { name: "Report" }).getAttribute("href")).toBe(
      `/reports/story/${recap.id}`,
    );
    expect(status.queryByRole("button", { name: "Approve" })).toBeNull();
  });

  it("says there is no story at an address that has none", async () => {
    server.use(...storyHandlers([]));
    await renderApp({ path: "/stories/nothing-here", auth: buildSignedOutAuth() });
    expect(
      await screen.findByRole("heading", { name: "We have no story at this address" }),
    ).toBeTruthy();
  });
});
