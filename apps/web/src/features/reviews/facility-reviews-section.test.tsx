import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  FACILITY_ID,
  OWNER_ABILITIES,
  serveProfiles,
  VISITOR_ABILITIES,
} from "../profiles/testing";
import { RATING_REQUIRED } from "./review-form";
import { buildReview, reviewsHandlers, type TReviewsWorld } from "./testing";

const REVIEWS = `/facility-mgmt/api/facilities/${FACILITY_ID}/reviews`;

function facilityServer(reviews: TReviewsWorld, abilities: string[]) {
  const world = serveProfiles();
  addListing(world, buildListing("facility", { id: FACILITY_ID, name: "Riverside Courts" }));
  world.abilities.set(FACILITY_ID, abilities);
  server.use(...reviewsHandlers(reviews));
}

/**
 * Picks a star as a pointer does: MUI's Rating takes a click at (0, 0), which user-event's is,
 * for the keyboard's "clear", so the click carries a position.
 */
const chooseStars = (form: ReturnType<typeof within>, stars: number) =>
  fireEvent.click(form.getByRole("radio", { name: `${stars} Stars` }), { clientX: 1, clientY: 1 });

const reviewsRegion = async () => within(await screen.findByRole("region", { name: "Reviews" }));

describe("a facility's reviews", () => {
  it("shows the average and count, and the reviews newest first with author and date, five a page", async () => {
    const reviews = Array.from({ length: 7 }, (_, i) =>
      buildReview(i, { rating: i < 4 ? 5 : 3, author: `Coach ${i + 1}`, body: `Note ${i + 1}` }),
    );
    facilityServer({ reviews, mine: null }, ["profile.read"]);
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedOutAuth(),
    });
    const section = await reviewsRegion();
    // (4 × 5 + 3 × 3) / 7 = 4.14…
    expect(await section.findByText("4.1")).toBeTruthy();
    expect(section.getByText(/from 7 reviews/)).toBeTruthy();
    // The header says it too, under the facility's name.
    const header = screen.getByRole("heading", { level: 1 }).parentElement!;
    expect(within(header).getByText(/from 7 reviews/).textContent).toBe(
      "4.1 out of 5 from 7 reviews",
    );
    expect(section.getByText(/Coach 1 · May 1/)).toBeTruthy();
    expect(section.queryByText("Note 6")).toBeNull();
    await user.click(section.getByRole("button", { name: "More reviews" }));
    expect(await section.findByText("Note 7")).toBeTruthy();
    expect(section.getByText("Log in to review Riverside Courts.")).toBeTruthy();
  });

  it("lets a member write a review: stars are required, the server's refusal is shown", async () => {
    facilityServer({ reviews: [], mine: null }, [...VISITOR_ABILITIES, "reviews.write"]);
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    const section = await reviewsRegion();
    expect(
      await section.findByText("No reviews yet", { selector: "h2, h3, p, span, div" }),
    ).toBeTruthy();
    const form = within(await section.findByRole("form", { name: "Your review" }));
    await user.type(form.getByLabelText("Your review"), "Great floors, tight parking.");
    await user.click(form.getByRole("button", { name: "Post review" }));
    expect(form.getByText(RATING_REQUIRED)).toBeTruthy();
    expect(sent.to(REVIEWS, "POST")).toHaveLength(0);

    server.use(
      http.post(REVIEWS, () =>
        errorReply(
          409,
          "ALREADY_REVIEWED",
          "You have reviewed this facility already; edit your review.",
        ),
      ),
    );
    chooseStars(form, 4);
    await user.click(form.getByRole("button", { name: "Post review" }));
    expect(
      await form.findByText("You have reviewed this facility already; edit your review."),
    ).toBeTruthy();
    expect(sent.to(REVIEWS, "POST").at(-1)?.body).toEqual({
      data: { rating: 4, title: null, body: "Great floors, tight parking." },
    });
  });

  it("lets the author edit and delete their own review", async () => {
    const mine = buildReview(1, { rating: 2, body: "Cold gym", author: "Me" });
    facilityServer({ reviews: [mine], mine }, [...VISITOR_ABILITIES, "reviews.write"]);
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    const section = await reviewsRegion();
    await user.click(await section.findByRole("button", { name: "Edit" }));
    const form = within(section.getByRole("form", { name: "Your review" }));
    chooseStars(form, 5);
    await user.click(form.getByRole("button", { name: "Save review" }));
    await waitFor(() =>
      expect(sent.all().map((r) => `${r.method} ${r.path}`)).toContain(
        `PATCH ${REVIEWS}/${mine.id}`,
      ),
    );
    expect(sent.to(`${REVIEWS}/${mine.id}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/rating", value: 5 },
      { op: "replace", path: "/title", value: null },
      { op: "replace", path: "/body", value: "Cold gym" },
    ]);
    await user.click(await section.findByRole("button", { name: "Delete" }));
    await user.click(await screen.findByRole("button", { name: "Remove" }));
    await waitFor(() => expect(sent.to(`${REVIEWS}/${mine.id}`, "DELETE")).toHaveLength(1));
  });

  it("tells the facility's managers they cannot review it, and offers them no form", async () => {
    facilityServer({ reviews: [], mine: null }, OWNER_ABILITIES);
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });
    const section = await reviewsRegion();
    expect(
      await section.findByText("You manage Riverside Courts, so you cannot review it."),
    ).toBeTruthy();
    expect(section.queryByRole("form", { name: "Your review" })).toBeNull();
    expect(sent.to(`${REVIEWS}/my`)).toHaveLength(0);
  });
});
