import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, EVENT_ID, serveProfiles } from "../profiles/testing";
import { EVENT_DEALS_TITLE } from "./event-deals-section";
import {
  buildPromotion,
  buildPromotionHit,
  DINER_ID,
  PROMOTIONS_SEARCH_URL,
  promotionsHandlers,
  promotionsWorld,
  promotionUuid,
} from "./testing";

/** The section loads with its own code, only on event pages. */
const LAZY = { timeout: 10_000 };

function eventWith(hits: ReturnType<typeof buildPromotionHit>[]) {
  const profiles = serveProfiles();
  addListing(
    profiles,
    buildListing("event", {
      id: EVENT_ID,
      name: "Spring Hoops Classic",
      startDate: "2026-12-04",
      endDate: "2026-12-06",
    }),
  );
  server.use(...promotionsHandlers(promotionsWorld({ byEvent: { [EVENT_ID]: hits } })));
}

const dealsSection = async () =>
  within(await screen.findByRole("region", { name: EVENT_DEALS_TITLE }, LAZY));

describe("the event page's deals nearby", () => {
  it("lists deals of nearby businesses, each linking to its business, asked for the event", async () => {
    eventWith([
      buildPromotionHit(buildPromotion({ id: promotionUuid(1), title: "10% off for teams" })),
      buildPromotionHit(
        buildPromotion({
          id: promotionUuid(2),
          profileId: promotionUuid(50),
          title: "Two-for-one bowling",
          offer: { type: "amount", value: 8 },
        }),
        { name: "Lucky Lanes", businessCategory: "Entertainment", distanceMiles: 4.5 },
      ),
    ]);
    renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const section = await dealsSection();
    const items = await section.findAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("aria-label"))).toEqual([
      "10% off for teams",
      "Two-for-one bowling",
    ]);
    const bowling = within(section.getByRole("listitem", { name: "Two-for-one bowling" }));
    expect(bowling.getByRole("link", { name: "Lucky Lanes" }).getAttribute("href")).toBe(
      `/businesses/${promotionUuid(50)}`,
    );
    expect(bowling.getByText("$8 off")).toBeTruthy();
    expect(bowling.getByText(/Entertainment · 4.5 mi/)).toBeTruthy();
    const diner = within(section.getByRole("listitem", { name: "10% off for teams" }));
    expect(diner.getByRole("link", { name: "Canal Diner" }).getAttribute("href")).toBe(
      `/businesses/${DINER_ID}`,
    );
    expect(sent.bodies(PROMOTIONS_SEARCH_URL, "POST")).toEqual([
      { data: { eventId: EVENT_ID, radius: 25, take: 12 } },
    ]);
  });

  it("says so when no business nearby has a deal for the event's dates", async () => {
    eventWith([]);
    renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const section = await dealsSection();
    expect(
      await section.findByText("No deals within 25 miles for the event's dates yet."),
    ).toBeTruthy();
    await waitFor(() => expect(sent.to(PROMOTIONS_SEARCH_URL, "POST")).toHaveLength(1));
  });
});
