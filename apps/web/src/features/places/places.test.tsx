import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, DESTINATION_ID, serveProfiles, uuid } from "../profiles/testing";
import { aroundHandlers, stateHandlers, type TStateLandingReply } from "./testing";

const region = async (name: RegExp | string) => within(await screen.findByRole("region", { name }));

function destinationServer(around: Map<string, unknown[]>) {
  const world = serveProfiles();
  addListing(world, buildListing("destination", { id: DESTINATION_ID, name: "Visit Indy" }));
  // Before the profiles' defaults, which answer nothing around any destination.
  server.use(...aroundHandlers(around));
}

const facilities = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    buildListing("facility", { id: uuid(800 + i), name: `Court ${i + 1}` }),
  );

describe("a destination's page lists what is around it", () => {
  it("shows its facilities with their count, six at a time, each a link to its page", async () => {
    destinationServer(new Map([[`${DESTINATION_ID}/facilities`, facilities(8)]]));
    const { user } = await renderApp({
      path: `/destinations/${DESTINATION_ID}`,
      auth: buildSignedOutAuth(),
    });
    const list = await region("Facilities (8)");
    expect(list.getAllByRole("link")).toHaveLength(6);
    expect(list.getByRole("link", { name: /Court 1/ }).getAttribute("href")).toBe(
      `/facilities/${uuid(800)}`,
    );
    await user.click(list.getByRole("button", { name: "Show more facilities" }));
    expect(await list.findByRole("link", { name: /Court 8/ })).toBeTruthy();
    expect(list.queryByRole("button", { name: "Show more facilities" })).toBeNull();
  });

  it("says when there are no hotels or upcoming events, and shows an event's days", async () => {
    destinationServer(
      new Map([
        [
          `${DESTINATION_ID}/events`,
          [
            buildListing("event", {
              id: uuid(900),
              name: "Hoosier Cup",
              startDate: "2027-03-05",
              endDate: "2027-03-07",
            }),
          ],
        ],
      ]),
    );
    await renderApp({ path: `/destinations/${DESTINATION_ID}`, auth: buildSignedOutAuth() });
    expect((await region("Hotels nearby (0)")).getByText("No hotels yet")).toBeTruthy();
    const events = await region("Upcoming events (1)");
    expect(events.getByRole("link", { name: /Hoosier Cup/ }).textContent).toMatch(/Mar.*2027/);
  });
});

const INDIANA: TStateLandingReply = {
  state: {
    name: "Indiana",
    slug: "indiana",
    region: "Midwest",
    featured: true,
    headerImage: "/states/indiana-header.jpg",
    featuredVideo: "https://videos.example/indiana.mp4",
  },
  destinations: {
    items: [buildListing("destination", { id: DESTINATION_ID, name: "Visit Indy" })],
    count: 9,
  },
  facilities: { items: [], count: 0 },
  events: { items: [], count: 0 },
};

describe("a state's page", () => {
  it("shows the state, its top destinations and empty parts, and loads its video only when asked", async () => {
    serveProfiles();
    server.use(...stateHandlers({ indiana: INDIANA }));
    const { user } = await renderApp({ path: "/states/indiana", auth: buildSignedOutAuth() });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Indiana");
    expect(document.title).toBe("Indiana | Hostfield");
    expect(screen.getByText("Midwest")).toBeTruthy();
    const top = await region("Top destinations (9)");
    expect(top.getByRole("link", { name: /Visit Indy/ }).getAttribute("href")).toBe(
      `/destinations/${DESTINATION_ID}`,
    );
    expect(
      top.getByRole("link", { name: "All destinations in Indiana" }).getAttribute("href"),
    ).toBe("/destinations/marketplace?states=Indiana");
    expect(
      (await region("Facilities (0)")).getByText("No facilities in Indiana are listed yet."),
    ).toBeTruthy();
    expect(document.querySelector("video, iframe")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Play the Indiana video" }));
    const video = document.querySelector("video");
    expect(video?.getAttribute("src")).toBe("https://videos.example/indiana.mp4");
    expect(sent.all().some((r) => r.url.host === "videos.example")).toBe(false);
  });

  it("answers a state without a page, or one the server does not know, with a not-found page", async () => {
    serveProfiles();
    server.use(...stateHandlers({}));
    await renderApp({ path: "/states/illinois", auth: buildSignedOutAuth() });
    expect(await screen.findByText("We have no page for this state")).toBeTruthy();
    await renderApp({ path: "/states/arizona", auth: buildSignedOutAuth() });
    expect(await screen.findByText("We have no page for this state")).toBeTruthy();
  });
});
