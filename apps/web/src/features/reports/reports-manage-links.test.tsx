import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  OWNER_ABILITIES,
  serveProfiles,
  VISITOR_ABILITIES,
} from "../profiles/testing";
import { FACILITY_ID } from "./testing";

// The page's code loads cold in a busy run; loaded once here, a test's first render waits for the
// page rather than for the transform of its modules.
beforeAll(async () => {
  await import("../profiles/profile-page");
  await import("../profiles/manage-menu");
}, 60_000);

// The manage menu loads on demand for editors; its first import can outlast findBy's second.
const LAZY = { timeout: 10_000 };

function facilityWorld(abilities: string[]) {
  const world = serveProfiles();
  addListing(
    world,
    buildListing("facility", { id: FACILITY_ID, name: "Riverside Sports Complex", slug: "rsc" }),
    abilities,
  );
}

describe("Reports in a listing's manage menu", () => {
  it("a facility's manager finds its reports", async () => {
    facilityWorld(["profile.read", "profile.update"]);
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "More listing actions" }, LAZY));
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getByRole("menuitem", { name: "Reports" }).getAttribute("href")).toBe(
      `/reports/facility/${FACILITY_ID}`,
    );
  });

  it("an owner finds it above the listing's delete", async () => {
    facilityWorld(OWNER_ABILITIES);
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "More listing actions" }, LAZY));
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Reports",
      "Write a story",
      "Delete listing",
    ]);
  });

  it("a visitor gets no link to the listing's reports", async () => {
    facilityWorld(VISITOR_ABILITIES);
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });
    expect(await screen.findByRole("button", { name: "Like" }, LAZY)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More listing actions" })).toBeNull();
    expect(document.querySelector('a[href^="/reports/"]')).toBeNull();
  });
});
