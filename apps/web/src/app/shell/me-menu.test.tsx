// The Me menu's role pages (issue 50): only the pages the member's roles use, as the server answers
// them (`GET /users/my/roles`), asked once the menu opens; a page the tier locks wears a lock and
// the tier it needs, in its name too, and still links to its page (which explains the upgrade).
import { type TMemberRoles, ZMemberRoles } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { noSearchResults } from "../../features/marketplace/testing";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { MEMBER_ROLES_PATH } from "./nav-items";

function serveRoles(roles: TMemberRoles) {
  server.use(http.get(MEMBER_ROLES_PATH, () => dataReply(ZMemberRoles, roles)));
}

async function openMeMenu() {
  const { user } = await renderApp({ auth: buildSignedInAuth() });
  const bar = within(await screen.findByRole("navigation", { name: "Main" }));
  await user.click(await bar.findByRole("button", { name: "Open menu" }));
  return within(await screen.findByRole("menu"));
}

beforeEach(() => {
  server.use(noSearchResults());
});

describe("the Me menu's role pages", () => {
  it("gives an organizer no Pipeline, RFP marketplace or Reports", async () => {
    serveRoles({ roles: ["organizer"], features: [] });
    const menu = await openMeMenu();
    expect(await menu.findByRole("menuitem", { name: "My requests" })).toBeTruthy();
    await waitFor(() => expect(sent.to(MEMBER_ROLES_PATH)).toHaveLength(1));
    expect(menu.queryByRole("menuitem", { name: /Pipeline/ })).toBeNull();
    expect(menu.queryByRole("menuitem", { name: /RFP marketplace/ })).toBeNull();
    expect(menu.queryByRole("menuitem", { name: /Reports/ })).toBeNull();
  });

  it("gives a venue manager its pages, the locked marketplace marked with the tier it needs", async () => {
    serveRoles({
      roles: ["venue"],
      features: [
        { feature: "pipeline", locked: false, needs: null },
        { feature: "rfpMarketplace", locked: true, needs: "Bronze" },
        { feature: "reports", locked: false, needs: null },
      ],
    });
    const menu = await openMeMenu();
    const pipeline = await menu.findByRole("menuitem", { name: "Pipeline" });
    expect(pipeline.getAttribute("href")).toBe("/pipeline");
    const marketplace = menu.getByRole("menuitem", {
      name: "RFP marketplace, locked: Needs Bronze",
    });
    // Its page explains the lock and offers the plans, rather than a bare refusal.
    expect(marketplace.getAttribute("href")).toBe("/rfps");
    expect(within(marketplace).getByText("Needs Bronze")).toBeTruthy();
    expect(within(marketplace).getByTitle(/Needs Bronze to use RFP marketplace/)).toBeTruthy();
    expect(menu.getByRole("menuitem", { name: "Reports" }).getAttribute("href")).toBe("/reports");
  });

  it("shows an open marketplace without a lock", async () => {
    serveRoles({
      roles: ["venue"],
      features: [{ feature: "rfpMarketplace", locked: false, needs: null }],
    });
    const menu = await openMeMenu();
    const marketplace = await menu.findByRole("menuitem", { name: "RFP marketplace" });
    expect(within(marketplace).queryByText(/Needs/)).toBeNull();
  });
});

describe("the Me menu's structure", () => {
  it("holds menu items, its heading rows presentational, and its avatar's initials drawn, not text", async () => {
    serveRoles({ roles: ["organizer"], features: [] });
    const menu = await openMeMenu();
    await menu.findByRole("menuitem", { name: "My requests" });
    // A menu's rows are menu items, separators or presentation (axe: aria-required-children):
    // "Signed in as" and "How it works" were list items inside it.
    const list = screen.getByRole("menu");
    const rows = [...list.children].filter(
      (row) => row.tagName === "LI" && !row.getAttribute("role"),
    );
    expect(rows.map((row) => row.textContent)).toEqual([]);
    // The button is named "Open menu"; initials as text made its visible words differ from its
    // name (axe: label-content-name-mismatch). (The open menu hides the page from the tree.)
    const button = screen.getByRole("button", { name: "Open menu", hidden: true });
    expect(button.textContent).toBe("");
  });
});
