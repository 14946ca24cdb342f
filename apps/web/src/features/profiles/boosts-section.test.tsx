// The boosts form says the limit an owner books under, shows the server's refusal as it is, and
// waits for the listing's approval before it offers to boost at all.
import { addDays, BOOST_MAX_DAYS, todayUtc } from "@hostfield/domain/rules";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  FACILITY_ID,
  keepProfileChanges,
  OWNER_ABILITIES,
  profilesHandlers,
  profilesWorld,
} from "./testing";

const API = `/facility-mgmt/api/facilities/${FACILITY_ID}`;
// The editors load on demand: their first import in a run can take longer than a second.
const LAZY = { timeout: 10_000 };
const LONG_BOOST = `A boost runs at most ${BOOST_MAX_DAYS} days from its first day to its last; book a longer one in parts.`;

function myFacility(status: "approved" | "pending") {
  const world = profilesWorld();
  addListing(world, buildListing("facility", { id: FACILITY_ID, status }), OWNER_ABILITIES);
  server.use(...keepProfileChanges(world), ...profilesHandlers(world));
}

const openFacility = () =>
  renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });

describe("the boosts of my listing", { timeout: 60_000 }, () => {
  it(`says the ${BOOST_MAX_DAYS}-day limit and shows the server's refusal of a longer boost`, async () => {
    myFacility("approved");
    server.use(http.post(`${API}/boosts`, () => errorReply(400, "VALIDATION_FAILED", LONG_BOOST)));
    const { user } = await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    expect(section.getByText(new RegExp(`up to ${BOOST_MAX_DAYS} days at a time`))).toBeTruthy();
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    const today = todayUtc();
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: today } });
    fireEvent.change(form.getByLabelText(/^Last day/), {
      target: { value: addDays(today, BOOST_MAX_DAYS + 1) },
    });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    await waitFor(() => expect(sent.to(`${API}/boosts`, "POST")).toHaveLength(1));
    expect(await form.findByText(LONG_BOOST)).toBeTruthy();
  });

  it("offers no boost form while the listing waits for approval, and says why", async () => {
    myFacility("pending");
    await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    expect(section.getByText("Boosts open once an admin approves this listing.")).toBeTruthy();
    expect(section.queryByRole("form", { name: "Add a boost" })).toBeNull();
    expect(sent.to(`${API}/boosts`, "POST")).toHaveLength(0);
  });
});
