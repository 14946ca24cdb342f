import type { TRequirement } from "@hostfield/domain/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { DATES_LEGEND } from "./date-options-field";
import { DESCRIPTION_LABEL } from "./describe-step";
import {
  addEvent,
  buildBid,
  buildEvent,
  buildRequirement,
  buildRfpDraft,
  buildRfpReply,
  counts,
  createsEvent,
  draftsRequirement,
  EVENT_ID,
  EVENTS,
  NEW_EVENT_ID,
  publishes,
  readsDescriptions,
  serveRequests,
  T0,
  type TRequestsWorld,
  uuid,
} from "./testing";

// Today, for the checks of past dates: Sunday, January 10th, 2027.
const NOW = "2027-01-10T15:00:00.000Z";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const SLOW = { timeout: 60_000 };

function step() {
  return within(screen.getByRole("form"));
}

async function next(user: UserEvent) {
  await user.click(step().getByRole("button", { name: "Next" }));
}

function value(element: HTMLElement) {
  return (element as HTMLInputElement).value;
}

function datesChoice() {
  return within(step().getByRole("radiogroup", { name: DATES_LEGEND }));
}

function summary() {
  return step().getByRole("status", { name: "Dates summary" }).textContent ?? "";
}

/** The event's request: drafted, then published with one lead. */
function requestServer(world: TRequestsWorld, eventId: string) {
  const draft = buildRequirement({
    id: uuid(1001),
    eventId,
    status: "draft",
    publishedDate: null,
    leadCounts: counts(),
  });
  server.use(
    draftsRequirement(world, draft),
    publishes(world, { ...draft, status: "published", publishedDate: T0 }, [
      buildBid(1, { eventId, requirementId: draft.id }),
    ]),
  );
  return `${EVENTS}/${eventId}/requirements`;
}

/** The request body's date options, as the wizard sent it. */
function sentDateOptions(requirements: string) {
  const bodies = sent.bodies(requirements, "POST") as { data: Partial<TRequirement> }[];
  expect(bodies).toHaveLength(1);
  return bodies[0]!.data.dateOptions;
}

/**
 * The request wizard of the Spring Classic (Sat-Sun, Mar 13th-14th, 2027), up to the step with
 * the dates, the urgency chosen.
 */
async function toDatesStep(width?: number) {
  const world = serveRequests();
  addEvent(
    world,
    buildEvent({ sports: ["Basketball"], startDate: "2027-03-13", endDate: "2027-03-14" }),
  );
  const requirements = requestServer(world, EVENT_ID);
  const rendered = await renderApp({
    path: `/events/${EVENT_ID}/request`,
    auth: buildSignedInAuth(),
    width,
  });
  const { user } = rendered;
  await screen.findByRole("heading", { name: "What the venue needs" });
  await next(user);
  await next(user);
  expect(screen.getByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
  await user.click(step().getByRole("radio", { name: /Urgent Need/ }));
  return { user, requirements };
}

/** From the dates step on: the terms, the review (its "Dates"), and publishing. */
async function reviewAndPublish(user: UserEvent) {
  await next(user);
  expect(
    await screen.findByRole("heading", { name: "Budget, decision and what to price" }),
  ).toBeTruthy();
  await next(user);
  expect(await screen.findByRole("heading", { name: "Review and send" })).toBeTruthy();
  const dates = step().getByText("Dates", { selector: "dt" }).nextElementSibling?.textContent;
  const eventDates = step().getByText("Event's dates", { selector: "dt" }).nextElementSibling;
  expect(eventDates?.textContent).toBe("Sat, Mar 13th - Sun, Mar 14th, 2027");
  await user.click(step().getByRole("button", { name: "Publish request" }));
  expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
  return dates;
}

describe("the request wizard's dates", SLOW, () => {
  it("alternative date sets: the event's dates first, more added and removed, sent as sets", async () => {
    const { user, requirements } = await toDatesStep();
    // The event's dates unless told otherwise; the choice is made with the keyboard.
    const eventDates = datesChoice().getByRole("radio", { name: /^The event's dates/ });
    expect((eventDates as HTMLInputElement).checked).toBe(true);
    expect(datesChoice().getByText("Sat, Mar 13th - Sun, Mar 14th, 2027")).toBeTruthy();
    // (jsdom has no CSS.escape, which user-event's arrow keys between radios need: Space.)
    const alternative = datesChoice().getByRole("radio", { name: /^Alternative dates/ });
    alternative.focus();
    await user.keyboard(" ");
    expect((alternative as HTMLInputElement).checked).toBe(true);

    const set = (n: number) => within(step().getByRole("group", { name: `Date set ${n}` }));
    expect(value(set(1).getByLabelText(/^First day/))).toBe("2027-03-13");
    expect(value(set(1).getByLabelText(/^Last day/))).toBe("2027-03-14");
    // The only set cannot be removed.
    expect(set(1).queryByRole("button", { name: /^Remove/ })).toBeNull();
    await user.click(step().getByRole("button", { name: "Add a date set" }));
    await user.click(step().getByRole("button", { name: "Add a date set" }));
    expect(step().getAllByRole("group", { name: /^Date set \d$/ })).toHaveLength(3);
    await user.click(step().getByRole("button", { name: "Remove date set 3" }));
    expect(step().queryByRole("group", { name: "Date set 3" })).toBeNull();

    // A first day moves an empty last day with it.
    fireEvent.change(set(2).getByLabelText(/^First day/), { target: { value: "2027-03-20" } });
    expect(value(set(2).getByLabelText(/^Last day/))).toBe("2027-03-20");
    fireEvent.change(set(2).getByLabelText(/^Last day/), { target: { value: "2027-03-21" } });
    expect(summary()).toBe(
      "Dates: Sat, Mar 13th - Sun, Mar 14th, 2027 or Sat, Mar 20th - Sun, Mar 21st, 2027" +
        "2 date sets.",
    );

    const reviewed = await reviewAndPublish(user);
    expect(reviewed).toBe(
      "Sat, Mar 13th - Sun, Mar 14th, 2027 or Sat, Mar 20th - Sun, Mar 21st, 2027 (2 date sets)",
    );
    expect(sentDateOptions(requirements)).toEqual({
      kind: "sets",
      sets: [
        { startDate: "2027-03-13", endDate: "2027-03-14" },
        { startDate: "2027-03-20", endDate: "2027-03-21" },
      ],
    });
  });

  it("a window: its days, a quick pick of weekdays, the sets it holds, sent as a window", async () => {
    const { user, requirements } = await toDatesStep();
    await user.click(datesChoice().getByRole("radio", { name: /^A window/ }));
    // It starts over the event's two days.
    expect(value(step().getByLabelText(/^First day of the window/))).toBe("2027-03-13");
    expect(value(step().getByLabelText(/^Last day of the window/))).toBe("2027-03-14");
    expect(value(step().getByRole("spinbutton", { name: "Days in a row" }))).toBe("2");

    fireEvent.change(step().getByLabelText(/^First day of the window/), {
      target: { value: "2027-03-01" },
    });
    fireEvent.change(step().getByLabelText(/^Last day of the window/), {
      target: { value: "2027-04-30" },
    });
    const friToSun = step().getByRole("button", { name: "Fri-Sun" });
    expect(friToSun.getAttribute("aria-pressed")).toBe("false");
    await user.click(friToSun);
    expect(friToSun.getAttribute("aria-pressed")).toBe("true");
    for (const day of ["Friday", "Saturday", "Sunday"]) {
      expect((step().getByRole("checkbox", { name: day }) as HTMLInputElement).checked).toBe(true);
    }
    expect((step().getByRole("checkbox", { name: "Monday" }) as HTMLInputElement).checked).toBe(
      false,
    );
    // Mar 1st (a Monday) to Apr 30th (a Friday): 8 whole Fri-Sun weekends of 2 two-day sets each.
    expect(summary()).toBe(
      "Dates: 2 days in a row, Fri-Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027" +
        "16 date sets fit in this window.",
    );

    const reviewed = await reviewAndPublish(user);
    expect(reviewed).toBe(
      "2 days in a row, Fri-Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027 (16 date sets)",
    );
    expect(sentDateOptions(requirements)).toEqual({
      kind: "window",
      from: "2027-03-01",
      to: "2027-04-30",
      days: 2,
      weekdays: [5, 6, 0],
    });
  });

  it("a window no date set fits is refused with the server's words, and the step waits (on a phone)", async () => {
    const { user, requirements } = await toDatesStep(390);
    expect(screen.getByText("Step 3 of 5: Urgency and size")).toBeTruthy();
    await user.click(datesChoice().getByRole("radio", { name: /^A window/ }));
    fireEvent.change(step().getByLabelText(/^First day of the window/), {
      target: { value: "2027-03-01" },
    });
    fireEvent.change(step().getByLabelText(/^Last day of the window/), {
      target: { value: "2027-04-30" },
    });
    await user.click(step().getByRole("checkbox", { name: "Saturday" }));
    await user.click(step().getByRole("checkbox", { name: "Sunday" }));
    expect(
      step().getByRole("button", { name: "Weekend (Sat-Sun)" }).getAttribute("aria-pressed"),
    ).toBe("true");
    const days = step().getByRole("spinbutton", { name: "Days in a row" });
    await user.clear(days);
    await user.type(days, "3");
    expect(summary()).toContain("No date set fits in this window.");

    await next(user);
    expect(screen.getByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
    const problem = step().getByText("No 3 days in a row on Sat, Sun fit in the window.");
    const from = step().getByLabelText(/^First day of the window/);
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(days.getAttribute("aria-invalid")).toBe("true");
    // Focus goes to the first input to fix, which the problem describes.
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(from.getAttribute("aria-describedby")).toBe(problem.id);

    // Fixed, the message goes and the step goes on.
    await user.clear(days);
    await user.type(days, "2");
    expect(step().queryByText("No 3 days in a row on Sat, Sun fit in the window.")).toBeNull();
    await next(user);
    expect(
      await screen.findByRole("heading", { name: "Budget, decision and what to price" }),
    ).toBeTruthy();
    expect(sent.to(requirements, "POST")).toHaveLength(0);
  });

  it("a date set in the past is refused beside it", async () => {
    const { user } = await toDatesStep();
    await user.click(datesChoice().getByRole("radio", { name: /^Alternative dates/ }));
    await user.click(step().getByRole("button", { name: "Add a date set" }));
    const second = within(step().getByRole("group", { name: "Date set 2" }));
    fireEvent.change(second.getByLabelText(/^First day/), { target: { value: "2027-01-09" } });
    await next(user);
    expect(second.getByText("A date set cannot start in the past.")).toBeTruthy();
    expect(second.getByLabelText(/^First day/).getAttribute("aria-invalid")).toBe("true");
    // The first set, of the event's dates, is fine.
    const first = within(step().getByRole("group", { name: "Date set 1" }));
    expect(first.getByLabelText(/^First day/).getAttribute("aria-invalid")).toBe("false");
    expect(screen.getByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
  });

  it("a refusal of the server about the dates comes back to the dates step", async () => {
    const { user, requirements } = await toDatesStep();
    server.use(
      http.post(
        requirements,
        () => errorReply(400, "REQUEST_DATES_INVALID", "The window cannot start in the past."),
        { once: true },
      ),
    );
    await user.click(datesChoice().getByRole("radio", { name: /^A window/ }));
    await next(user);
    await screen.findByRole("heading", { name: "Budget, decision and what to price" });
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect(await screen.findByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
    expect(step().getByText("The window cannot start in the past.")).toBeTruthy();
  });
});

describe("the assistant's flexible dates", SLOW, () => {
  it("a draft with a window fills the dates step", async () => {
    const world = serveRequests();
    const draft = buildRfpDraft({
      name: "Spring Hoops",
      type: "Tournament",
      sportsList: ["Basketball"],
      // The window's first and last day, flexible, as the assistant gives them too.
      startDate: "2027-03-01",
      endDate: "2027-04-30",
      hasFlexibleDates: true,
      urgency: 1,
      dateOptions: {
        kind: "window",
        from: "2027-03-01",
        to: "2027-04-30",
        days: 2,
        weekdays: [6, 0],
      },
    });
    server.use(
      readsDescriptions(world.assistant, buildRfpReply(draft)),
      createsEvent(
        world,
        buildEvent({
          id: NEW_EVENT_ID,
          name: "Spring Hoops",
          status: "pending",
          startDate: "2027-03-01",
          endDate: "2027-04-30",
          hasFlexibleDates: true,
        }),
      ),
    );
    const requirements = requestServer(world, NEW_EVENT_ID);
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    await user.click(await step().findByRole("textbox", { name: DESCRIPTION_LABEL }));
    await user.paste("Basketball, a weekend in March or April");
    await user.click(step().getByRole("button", { name: "Read my description" }));
    const understood = await screen.findByRole("region", { name: "What we understood" });
    const dates = within(understood).getByText("Dates", { selector: "dt" });
    expect(dates.nextElementSibling?.textContent).toBe(
      "2 days in a row, Sat, Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027",
    );
    await user.click(step().getByRole("button", { name: "Use these details" }));

    await screen.findByRole("heading", { name: "Which event is it for?" });
    await next(user);
    await screen.findByRole("heading", { name: "What the venue needs" });
    await next(user);
    await next(user);
    expect(await screen.findByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
    expect(
      (datesChoice().getByRole("radio", { name: /^A window/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(value(step().getByLabelText(/^First day of the window/))).toBe("2027-03-01");
    expect(value(step().getByLabelText(/^Last day of the window/))).toBe("2027-04-30");
    expect(value(step().getByRole("spinbutton", { name: "Days in a row" }))).toBe("2");
    // Mar 6-7 … Apr 24-25: the 8 weekends of the window.
    expect(summary()).toContain("8 date sets fit in this window.");
    await next(user);
    await screen.findByRole("heading", { name: "Budget, decision and what to price" });
    await next(user);
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
    expect(sentDateOptions(requirements)).toEqual({
      kind: "window",
      from: "2027-03-01",
      to: "2027-04-30",
      days: 2,
      weekdays: [6, 0],
    });
  });
});
