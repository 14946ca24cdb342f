import type { TRequirement } from "@hostfield/domain/contracts";
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildRow,
  buildShortlist,
  serveShortlists,
  uuid as shortlistUuid,
} from "../shortlists/testing";
import { REQUEST_TITLE } from "./new-request-page";
import {
  addEvent,
  buildBid,
  buildEvent,
  buildFoundVenue,
  buildRequirement,
  counts,
  createsEvent,
  createsOrganization,
  draftsRequirement,
  EVENT_ID,
  EVENTS,
  FACILITY_ID,
  NEW_EVENT_ID,
  ORGANIZATION_ID,
  ORGANIZATIONS,
  OTHER_EVENT_ID,
  publishes,
  sendsToVenues,
  serveRequests,
  T0,
  type TRequestsWorld,
  uuid,
  VISITOR_ABILITIES,
} from "./testing";

const NEW_ORGANIZATION_ID = uuid(1500);

/** The draft the server makes of the request for `eventId`. */
const draftFor = (eventId: string, overrides: Partial<TRequirement> = {}) =>
  buildRequirement({
    id: uuid(1001),
    eventId,
    status: "draft",
    publishedDate: null,
    leadCounts: counts(),
    ...overrides,
  });

/**
 * What the server makes of a new event's request: the event (`created`), its draft, and the
 * publication that matched three venues.
 */
function newEventServer(world: TRequestsWorld, created: Parameters<typeof buildEvent>[0]) {
  const draft = draftFor(NEW_EVENT_ID);
  server.use(
    createsEvent(world, buildEvent({ id: NEW_EVENT_ID, status: "pending", ...created })),
    draftsRequirement(world, draft),
    publishes(
      world,
      { ...draft, status: "published", publishedDate: T0, leadCounts: counts({ Open: 3 }) },
      [1, 2, 3].map((n) => buildBid(n, { eventId: NEW_EVENT_ID, requirementId: draft.id })),
    ),
  );
}

function step() {
  return within(screen.getByRole("form"));
}

async function next(user: UserEvent) {
  await user.click(step().getByRole("button", { name: "Next" }));
}

/** A new event's wizard starts with the optional description; these tests fill the form. */
async function skipDescription(user: UserEvent) {
  expect(await screen.findByRole("heading", { name: "Describe your event" })).toBeTruthy();
  await user.click(step().getByRole("button", { name: "Skip" }));
}

async function chooseSport(user: UserEvent, name: string) {
  await user.type(step().getByRole("combobox", { name: "Sports" }), name.slice(0, 5));
  await user.click(await screen.findByRole("option", { name }));
}

// Whole wizards typed key by key take a while on a busy two-core machine; nothing here measures time.
const SLOW = { timeout: 60_000 };

describe("/requests/new: requesting proposals for a new event", SLOW, () => {
  it("asks signed-out visitors to sign in", async () => {
    serveRequests();
    await renderApp({ path: "/requests/new", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(REQUEST_TITLE);
    expect(screen.getByRole("heading", { name: "Sign in to see the request form" })).toBeTruthy();
  });

  it("checks each step, then creates the event, drafts the request and publishes it", async () => {
    const world = serveRequests();
    server.use(createsOrganization(world, NEW_ORGANIZATION_ID));
    newEventServer(world, {
      name: "Hoosier Hoops Classic",
      slug: "hoosier-hoops-classic",
      startDate: "2026-06-12",
      endDate: "2026-06-14",
      sports: ["Basketball"],
    });
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });

    await skipDescription(user);
    expect(screen.getByRole("heading", { name: "Which event is it for?" })).toBeTruthy();
    await next(user);
    expect(step().getByText("Enter the event name.")).toBeTruthy();
    expect(step().getByText("Choose the event type.")).toBeTruthy();
    expect(step().getByText("Enter the start date.")).toBeTruthy();
    // Focus goes to the first input to fix.
    await waitFor(() =>
      expect(document.activeElement).toBe(step().getByRole("textbox", { name: "Event name" })),
    );
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Hoosier Hoops Classic");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Tournament");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2026-06-12" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-06-10" } });
    await next(user);
    expect(step().getByText("An event cannot end before it starts.")).toBeTruthy();
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-06-14" } });
    await chooseSport(user, "Basketball");
    // A new organization, made with the request: it needs a name.
    await user.selectOptions(
      step().getByRole("combobox", { name: "Organization" }),
      "A new organization…",
    );
    await next(user);
    expect(step().getByText("Give the new organization a name.")).toBeTruthy();
    await user.type(
      step().getByRole("textbox", { name: "Name of the new organization" }),
      "Hoosier Hoops Inc",
    );
    await next(user);

    // Venue needs: the event's sports are asked for; a specific space needs its type.
    expect(screen.getByRole("heading", { name: "What the venue needs" })).toBeTruthy();
    expect(step().getByRole("button", { name: "Basketball" })).toBeTruthy();
    await user.click(step().getByLabelText("Needs a specific space"));
    await next(user);
    expect(step().getByText("Choose the space type.")).toBeTruthy();
    await user.selectOptions(step().getByRole("combobox", { name: "Space type" }), "Court");
    await user.selectOptions(step().getByRole("combobox", { name: "Surface" }), "Hardwood");
    const count = step().getByRole("spinbutton", { name: "How many" });
    await user.clear(count);
    await user.type(count, "4");
    await user.selectOptions(step().getByRole("combobox", { name: "Indoor or outdoor" }), "Indoor");
    await next(user);

    // Where: near a place needs the place, and a radius within the contract's 500 miles.
    expect(screen.getByRole("heading", { name: "Where the event should be" })).toBeTruthy();
    expect(step().getByText("Looking Nationally")).toBeTruthy();
    await user.click(step().getByRole("radio", { name: /Near a place/ }));
    const radius = step().getByRole("spinbutton", { name: "Radius (miles)" });
    await user.clear(radius);
    await user.type(radius, "600");
    await next(user);
    expect(step().getByText("Enter a city and state, or a ZIP code.")).toBeTruthy();
    expect(step().getByText("Enter a number from 1 to 500.")).toBeTruthy();
    await user.type(
      step().getByRole("textbox", { name: "City, state or ZIP code" }),
      "Indianapolis, IN",
    );
    await user.clear(radius);
    await user.type(radius, "50");
    expect(step().getByText("Looking within 50 mi of Indianapolis, IN")).toBeTruthy();
    await next(user);

    // Urgency (the reference list with its tags) and size.
    expect(screen.getByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
    await next(user);
    expect(step().getByText("Choose how soon you need a venue.")).toBeTruthy();
    await user.click(step().getByRole("radio", { name: /Urgent Need/ }));
    expect(step().getByText("In urgent need of a venue")).toBeTruthy();
    await user.type(step().getByRole("spinbutton", { name: "Expected attendance" }), "600");
    await user.type(step().getByRole("spinbutton", { name: "Hotel room nights" }), "240");
    await next(user);

    // Budget, decision and what to price: a budget upside down and a passed date are refused.
    expect(
      screen.getByRole("heading", { name: "Budget, decision and what to price" }),
    ).toBeTruthy();
    await user.type(step().getByRole("spinbutton", { name: "Budget from" }), "12000");
    await user.type(step().getByRole("spinbutton", { name: "Budget up to" }), "8000");
    fireEvent.change(step().getByLabelText(/^Decision by/), { target: { value: "2020-01-01" } });
    await next(user);
    expect(step().getByText("The budget's lowest figure is above its highest")).toBeTruthy();
    expect(step().getByText("This date has passed; choose today or later.")).toBeTruthy();
    const budgetFrom = step().getByRole("spinbutton", { name: "Budget from" });
    await user.clear(budgetFrom);
    await user.type(budgetFrom, "6000");
    fireEvent.change(step().getByLabelText(/^Decision by/), { target: { value: "2031-05-01" } });
    await user.click(step().getByLabelText("Price hotel rooms"));
    await user.type(
      step().getByRole("textbox", { name: "Extras to price" }),
      "Scoreboard operator{Enter}Parking",
    );
    await next(user);

    // Review, in the spec's display formats.
    expect(screen.getByRole("heading", { name: "Review and send" })).toBeTruthy();
    const review = step();
    expect(review.getByText("Hoosier Hoops Classic")).toBeTruthy();
    expect(review.getByText("Fri, Jun 12th - Sun, Jun 14th, 2026")).toBeTruthy();
    expect(review.getByText("Court × 4 · Indoor · Hardwood")).toBeTruthy();
    expect(review.getByText("Looking within 50 mi of Indianapolis, IN")).toBeTruthy();
    expect(review.getByText("Urgent Need — In urgent need of a venue")).toBeTruthy();
    expect(review.getByText("Hoosier Hoops Inc (new)")).toBeTruthy();
    expect(review.getByText("$6,000 – $8,000 for the event")).toBeTruthy();
    expect(review.getByText("Thu, May 1st, 2031")).toBeTruthy();
    expect(
      review.getByText("Spaces for each day; 240 hotel room nights; Scoreboard operator, Parking"),
    ).toBeTruthy();
    await user.click(review.getByRole("button", { name: "Publish request" }));

    expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
    expect(screen.getByText(/^3 leads created/)).toBeTruthy();
    expect(sent.bodies(ORGANIZATIONS, "POST")).toEqual([{ data: { name: "Hoosier Hoops Inc" } }]);
    expect(sent.bodies(EVENTS, "POST")).toEqual([
      {
        data: {
          name: "Hoosier Hoops Classic",
          type: "Tournament",
          startDate: "2026-06-12",
          endDate: "2026-06-14",
          hasFlexibleDates: false,
          sports: ["Basketball"],
          organizationId: NEW_ORGANIZATION_ID,
        },
      },
    ]);
    const requirements = `${EVENTS}/${NEW_EVENT_ID}/requirements`;
    expect(sent.bodies(requirements, "POST")).toEqual([
      {
        data: {
          ...FOUR_INDOOR_COURTS,
          spaceDescription: null,
          ...NEAR_INDIANAPOLIS,
          urgency: 0,
          attendance: 600,
          roomNights: 240,
          budget: { min: 6000, max: 8000, per: "event", currency: "USD" },
          decisionDate: "2031-05-01",
          pricing: { spaces: true, rooms: true, extras: ["Scoreboard operator", "Parking"] },
          // The dates left as they start: the event's own.
          dateOptions: null,
        },
      },
    ]);
    const draft = world.requirements.get(NEW_EVENT_ID)![0]!;
    expect(sent.to(`${requirements}/${draft.id}/publish`, "PUT")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Compare proposals" }).getAttribute("href")).toBe(
      `/events/${NEW_EVENT_ID}/proposals`,
    );
  });

  it("an address the server cannot place comes back beside the input; a retry keeps the event", async () => {
    const world = serveRequests();
    newEventServer(world, {
      name: "Atlantis Open",
      slug: "atlantis-open",
      type: "Camp",
      startDate: "2026-07-01",
      endDate: "2026-07-03",
    });
    // The server cannot place Atlantis (once: the retry is somewhere it knows).
    server.use(
      http.post(
        `${EVENTS}/${NEW_EVENT_ID}/requirements`,
        () =>
          errorReply(
            400,
            "UNKNOWN_PLACE",
            'We could not find "Atlantis". Give a city and state or a ZIP code.',
          ),
        { once: true },
      ),
    );
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    await skipDescription(user);
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Atlantis Open");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Camp");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2026-07-01" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-07-03" } });
    await next(user);
    await chooseSport(user, "Volleyball");
    await next(user);
    await user.click(step().getByRole("radio", { name: /Near a place/ }));
    await user.type(step().getByRole("textbox", { name: "City, state or ZIP code" }), "Atlantis");
    await next(user);
    await user.click(step().getByRole("radio", { name: /Exploring/ }));
    await next(user);
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));

    expect(await screen.findByRole("heading", { name: "Where the event should be" })).toBeTruthy();
    expect(
      step().getByText('We could not find "Atlantis". Give a city and state or a ZIP code.'),
    ).toBeTruthy();
    const address = step().getByRole("textbox", { name: "City, state or ZIP code" });
    await user.clear(address);
    await user.type(address, "Louisville, KY");
    await next(user);
    await next(user);
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
    // The event was made once; only the request was sent again.
    expect(sent.to(EVENTS, "POST")).toHaveLength(1);
    expect(sent.to(`${EVENTS}/${NEW_EVENT_ID}/requirements`, "POST")).toHaveLength(2);
  });

  it("starts from a copy of one of my events, which drops what spec §3 says a copy drops", async () => {
    const world = serveRequests();
    newEventServer(world, {
      name: "Fall Shootout",
      slug: "fall-shootout",
      startDate: "2026-10-09",
      endDate: "2026-10-11",
    });
    addEvent(
      world,
      buildEvent({
        id: OTHER_EVENT_ID,
        name: "Fall Shootout",
        startDate: "2025-10-10",
        endDate: "2025-10-12",
        organizationId: ORGANIZATION_ID,
        logo: "/media/logo.png",
        sports: ["Basketball"],
        spaceName: "Court",
        surface: "Hardwood",
        location: "Indoor",
        ageGroup: "Youth",
      }),
    );
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    await skipDescription(user);
    await user.click(step().getByRole("radio", { name: /A copy of one of my events/ }));
    await user.selectOptions(
      await step().findByRole("combobox", { name: "Your event to copy" }),
      "Fall Shootout (Fri, Oct 10th - Sun, Oct 12th, 2025)",
    );
    expect((step().getByRole("textbox", { name: "Event name" }) as HTMLInputElement).value).toBe(
      "Fall Shootout",
    );
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2026-10-09" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-10-11" } });
    await next(user);
    // The copied space needs are already filled in.
    expect((step().getByRole("combobox", { name: "Space type" }) as HTMLSelectElement).value).toBe(
      "Court",
    );
    await next(user);
    await next(user);
    await user.click(step().getByRole("radio", { name: /Near Future/ }));
    await next(user);
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));
    await screen.findByRole("heading", { name: "Your request is published" });
    const body = (sent.bodies(EVENTS, "POST")[0] as { data: Record<string, unknown> }).data;
    expect(body).toMatchObject({
      name: "Fall Shootout",
      startDate: "2026-10-09",
      endDate: "2026-10-11",
      ageGroup: "Youth",
      spaceName: "Court",
    });
    for (const dropped of ["id", "organizationId", "logo", "createdDate", "createdBy"]) {
      expect(body).not.toHaveProperty(dropped);
    }
  });

  it("on a phone the steps read 'Step n of 7', and finished steps can be revisited", async () => {
    serveRequests();
    const { user } = await renderApp({
      path: "/requests/new",
      auth: buildSignedInAuth(),
      width: 375,
    });
    expect(screen.getByText("Step 1 of 7: Describe")).toBeTruthy();
    await skipDescription(user);
    expect(screen.getByText("Step 2 of 7: Event")).toBeTruthy();
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Cup");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Game");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2031-05-01" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2031-05-01" } });
    await next(user);
    expect(screen.getByText("Step 3 of 7: Venue needs")).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Which event is it for?" })).toBeTruthy();
    expect((step().getByRole("textbox", { name: "Event name" }) as HTMLInputElement).value).toBe(
      "Cup",
    );
  });
});

describe("/requests/new?facility={id}: from a venue's page", SLOW, () => {
  it("names the venue and, at the end, sends the request straight to it", async () => {
    const world = serveRequests();
    const draft = draftFor(NEW_EVENT_ID);
    server.use(
      http.get(`/facility-mgmt/api/facilities/${FACILITY_ID}`, () =>
        HttpResponse.json({
          data: buildFoundVenue("facility", FACILITY_ID, "Riverside Fields", {
            city: "Louisville",
            state: "Kentucky",
          }),
        }),
      ),
      createsEvent(world, buildEvent({ id: NEW_EVENT_ID, status: "pending", name: "Derby Cup" })),
      draftsRequirement(world, draft),
      sendsToVenues(world, NEW_EVENT_ID, [
        buildBid(1, { eventId: NEW_EVENT_ID, requirementId: draft.id, source: "direct" }),
      ]),
    );
    const { user } = await renderApp({
      path: `/requests/new?facility=${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    expect((await screen.findByText(/This request goes straight to/)).textContent).toContain(
      "Riverside Fields",
    );
    await skipDescription(user);
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Derby Cup");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Tournament");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2026-06-12" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-06-14" } });
    await chooseSport(user, "Soccer");
    await next(user);
    await next(user);
    await next(user);
    await user.click(step().getByRole("radio", { name: /Exploring/ }));
    await next(user);
    await next(user);

    expect(screen.getByRole("heading", { name: "Review and send" })).toBeTruthy();
    expect(
      (step().getByRole("radio", { name: /Send it to venues I choose/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const chosen = within(step().getByRole("list", { name: "Chosen venues (1)" }));
    expect(chosen.getByText("Riverside Fields")).toBeTruthy();
    expect(chosen.getByText("Facility · Louisville, KY")).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Send to 1 venue" }));

    expect(await screen.findByRole("heading", { name: "Your request is sent" })).toBeTruthy();
    expect(sent.bodies(`${EVENTS}/${NEW_EVENT_ID}/leads/bulk`, "POST")).toEqual([
      {
        data: {
          requirementId: draft.id,
          targets: [{ ownerType: "Facility", ownerId: FACILITY_ID }],
        },
      },
    ]);
  });
});

describe("/requests/new?shortlist={id}: from a shortlist", SLOW, () => {
  it("sends one request straight to every listed venue on the shortlist", async () => {
    const world = serveRequests();
    const draft = draftFor(NEW_EVENT_ID);
    const venues = [
      buildRow(1, { name: "Carmel Courts", city: "Carmel", state: "IN" }),
      buildRow(2, { kind: "destination", name: "Visit Indy" }),
      buildRow(3, { name: "Fishers Fieldhouse", city: "Fishers", state: "IN" }),
    ];
    const unlisted = buildRow(4, {
      name: null,
      listed: false,
      city: null,
      state: null,
      sports: [],
      spaceCount: 0,
      capacity: null,
    });
    serveShortlists([buildShortlist(1, [...venues, unlisted], { name: "Summer hoops" })]);
    server.use(
      createsEvent(world, buildEvent({ id: NEW_EVENT_ID, status: "pending", name: "Hoops" })),
      draftsRequirement(world, draft),
      sendsToVenues(
        world,
        NEW_EVENT_ID,
        [1, 2, 3].map((n) =>
          buildBid(n, { eventId: NEW_EVENT_ID, requirementId: draft.id, source: "direct" }),
        ),
      ),
    );
    const { user } = await renderApp({
      path: `/requests/new?shortlist=${shortlistUuid(1)}`,
      auth: buildSignedInAuth(),
    });
    expect(
      (await screen.findByText(/This request goes straight to the 3 venues/)).textContent,
    ).toContain("Summer hoops");
    await skipDescription(user);
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Hoops");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Tournament");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2026-06-12" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2026-06-14" } });
    await chooseSport(user, "Basketball");
    await next(user);
    await next(user);
    await next(user);
    await user.click(step().getByRole("radio", { name: /Exploring/ }));
    await next(user);
    await next(user);

    const chosen = within(step().getByRole("list", { name: "Chosen venues (3)" }));
    expect(chosen.getByText("Carmel Courts")).toBeTruthy();
    expect(chosen.getByText("Visit Indy")).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Send to 3 venues" }));

    expect(await screen.findByRole("heading", { name: "Your request is sent" })).toBeTruthy();
    expect(sent.bodies(`${EVENTS}/${NEW_EVENT_ID}/leads/bulk`, "POST")).toEqual([
      {
        data: {
          requirementId: draft.id,
          targets: [
            { ownerType: "Facility", ownerId: venues[0]!.id },
            { ownerType: "Destination", ownerId: venues[1]!.id },
            { ownerType: "Facility", ownerId: venues[2]!.id },
          ],
        },
      },
    ]);
  });
});

describe("/events/{id}/request: requesting proposals for an event I organize", SLOW, () => {
  it("prefills from the event and sends it straight to chosen venues", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent({ sports: ["Soccer"], spaceName: "Field", location: "Outdoor" }));
    world.facilities.push(
      buildFoundVenue("facility", FACILITY_ID, "Riverside Fields", {
        city: "Louisville",
        state: "Kentucky",
      }),
      buildFoundVenue("facility", OTHER_EVENT_ID, "Hilltop Park"),
    );
    const draft = draftFor(EVENT_ID);
    server.use(
      draftsRequirement(world, draft),
      sendsToVenues(world, EVENT_ID, [
        buildBid(1, {
          requirementId: draft.id,
          source: "direct",
          score: null,
          reasons: ["Sent directly by the organizer"],
          owner: { ...buildBid(1).owner, ownerType: "Facility", ownerId: FACILITY_ID },
        }),
      ]),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/request`,
      auth: buildSignedInAuth(),
    });
    expect(await screen.findByRole("heading", { name: "What the venue needs" })).toBeTruthy();
    expect(screen.getByText(/Spring Classic/)).toBeTruthy();
    expect(step().getByRole("button", { name: "Soccer" })).toBeTruthy();
    await next(user);
    await next(user);
    await user.click(step().getByRole("radio", { name: /Exploring/ }));
    await next(user);
    await next(user);

    await user.click(step().getByRole("radio", { name: /Send it to venues I choose/ }));
    await user.click(step().getByRole("button", { name: "Send to 0 venues" }));
    expect(
      step().getByText("Add at least one venue, or let us match venues for you."),
    ).toBeTruthy();
    await user.type(step().getByRole("searchbox", { name: "Venue name" }), "River");
    const results = within(await step().findByRole("list", { name: "Search results" }));
    expect(results.getByText("Facility · Louisville, KY")).toBeTruthy();
    await user.click(results.getByRole("button", { name: "Add Riverside Fields" }));
    expect(results.getByRole("button", { name: "Riverside Fields is added" })).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Send to 1 venue" }));

    expect(await screen.findByRole("heading", { name: "Your request is sent" })).toBeTruthy();
    expect(screen.getByText("Sent to 1 venue.")).toBeTruthy();
    expect(sent.bodies(`${EVENTS}/${EVENT_ID}/leads/bulk`, "POST")).toEqual([
      {
        data: {
          requirementId: draft.id,
          targets: [{ ownerType: "Facility", ownerId: FACILITY_ID }],
        },
      },
    ]);
    expect(sent.to(`${EVENTS}/${EVENT_ID}/requirements/${draft.id}/publish`)).toHaveLength(0);
    expect(sent.to(EVENTS, "POST")).toHaveLength(0);
  });

  it("tells a visitor who does not organize the event, and offers no form", async () => {
    addEvent(serveRequests(), buildEvent(), VISITOR_ABILITIES, false);
    await renderApp({ path: `/events/${EVENT_ID}/request`, auth: buildSignedInAuth() });
    expect(
      await screen.findByRole("heading", {
        name: "Only the event's organizers can request proposals",
      }),
    ).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("a server failure while publishing shows its message, and retrying publishes the same draft", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent({ sports: ["Basketball"] }));
    const requirements = `${EVENTS}/${EVENT_ID}/requirements`;
    const draft = draftFor(EVENT_ID);
    const publish = `${requirements}/${draft.id}/publish`;
    server.use(
      draftsRequirement(world, draft),
      publishes(world, { ...draft, status: "published", publishedDate: T0 }),
    );
    // The first publication fails.
    server.use(
      http.put(publish, () => errorReply(409, "EVENT_CLOSED", "The event is closed."), {
        once: true,
      }),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/request`,
      auth: buildSignedInAuth(),
    });
    await screen.findByRole("heading", { name: "What the venue needs" });
    await next(user);
    await next(user);
    await user.click(step().getByRole("radio", { name: /Urgent Need/ }));
    await next(user);
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect((await step().findByRole("alert")).textContent).toContain("The event is closed.");
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
    expect(sent.to(requirements, "POST")).toHaveLength(1);
    expect(sent.to(publish, "PUT")).toHaveLength(2);
  });
});
