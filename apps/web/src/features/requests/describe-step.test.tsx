import { ZRfpReply } from "@hostfield/domain/contracts";
import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  CORRECTION_LABEL,
  DESCRIBE_EXAMPLE,
  DESCRIPTION_LABEL,
  NOT_UNDERSTOOD,
} from "./describe-step";
import {
  buildBid,
  buildEvent,
  buildRequirement,
  buildRfpDraft,
  buildRfpReply,
  counts,
  createsEvent,
  draftsRequirement,
  EVENTS,
  NEW_EVENT_ID,
  OPENING_QUESTIONS,
  publishes,
  RFP_ASSISTANT_PATH,
  RFP_EXCHANGE_ID,
  RFP_QUESTIONS_PATH,
  readsDescriptions,
  rfpRateLimited,
  serveRequests,
  T0,
  type TRequestsWorld,
  uuid,
} from "./testing";

/** What the assistant made of the example description: all but the attendance. */
const FIRST_DRAFT = buildRfpDraft({
  sportsList: ["Basketball"],
  startDate: "2027-03-13",
  endDate: "2027-03-14",
  spaceType: "Court",
  spaceSurface: "Hardwood",
  spaceTypeCount: 6,
  spaceLocation: "Indoor",
  address: "Indianapolis, IN",
  dist: 50,
  urgency: 0,
  roomNights: 300,
  hasFlexibleDates: false,
  type: "Tournament",
  ageGroup: "Youth",
  teamCount: 40,
  name: "12U Girls Basketball Tournament",
});
const CORRECTION = "Make it 8 courts within 30 miles, about 600 people";
/** The draft after the correction, as the server merged it. */
const MERGED_DRAFT = { ...FIRST_DRAFT, spaceTypeCount: 8, dist: 30, attendance: 600 };
const ATTENDANCE_QUESTION = { field: "attendance", question: "About how many people will come?" };

function step() {
  return within(screen.getByRole("form"));
}

/** The value a term of "What we understood" shows. */
function understood(term: string): string {
  const section = screen.getByRole("region", { name: "What we understood" });
  const dt = within(section).getByText(term, { selector: "dt" });
  return dt.nextElementSibling?.textContent ?? "";
}

async function describeEvent(user: UserEvent, text: string) {
  await user.click(await step().findByRole("textbox", { name: DESCRIPTION_LABEL }));
  await user.paste(text);
  await user.click(step().getByRole("button", { name: "Read my description" }));
}

function selectValue(name: string) {
  return (step().getByRole("combobox", { name }) as HTMLSelectElement).value;
}
function inputValue(role: "textbox" | "spinbutton", name: string) {
  return (step().getByRole(role, { name }) as HTMLInputElement).value;
}

/** The server makes the event, its draft request and publishes it. */
function newEventServer(world: TRequestsWorld) {
  const draft = buildRequirement({
    id: uuid(1001),
    eventId: NEW_EVENT_ID,
    status: "draft",
    publishedDate: null,
    leadCounts: counts(),
  });
  server.use(
    createsEvent(
      world,
      buildEvent({
        id: NEW_EVENT_ID,
        name: "12U Girls Basketball Tournament",
        slug: "12u-girls-basketball-tournament",
        status: "pending",
        startDate: "2027-03-13",
        endDate: "2027-03-14",
      }),
    ),
    draftsRequirement(world, draft),
    publishes(
      world,
      { ...draft, status: "published", publishedDate: T0, leadCounts: counts({ Open: 2 }) },
      [1, 2].map((n) => buildBid(n, { eventId: NEW_EVENT_ID, requirementId: draft.id })),
    ),
  );
}

const SLOW = { timeout: 60_000 };

describe("/requests/new: describing the event first", SLOW, () => {
  it("reads a description, merges a correction, fills the steps and publishes what they say", async () => {
    const world = serveRequests();
    newEventServer(world);
    server.use(
      readsDescriptions(
        world.assistant,
        buildRfpReply(FIRST_DRAFT, {
          reply: "Here's what I understood:\n• Sport: Basketball",
          questions: [ATTENDANCE_QUESTION],
        }),
        buildRfpReply(MERGED_DRAFT, { reply: "Noted: 8 courts.", messageId: uuid(902) }),
      ),
    );
    const { user } = await renderApp({
      path: "/requests/new",
      auth: buildSignedInAuth(),
      width: 1440,
    });

    // The first step, optional, with the questions to start with as hints.
    expect(await screen.findByRole("heading", { name: "Describe your event" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: /^Describe\s*Optional$/ })).toBeTruthy();
    const hints = await step().findByRole("list", { name: "What helps to say" });
    expect(within(hints).getByText(OPENING_QUESTIONS[0]!.question)).toBeTruthy();
    expect(step().queryByRole("button", { name: "Use these details" })).toBeNull();

    await describeEvent(user, DESCRIBE_EXAMPLE);
    expect(await step().findByRole("heading", { name: "What we understood" })).toBeTruthy();
    expect(sent.bodies(RFP_ASSISTANT_PATH, "POST")).toEqual([
      { data: { message: DESCRIBE_EXAMPLE } },
    ]);
    expect(understood("Sports")).toBe("Basketball");
    expect(understood("Dates")).toBe("Sat, Mar 13th - Sun, Mar 14th, 2027");
    expect(understood("Space")).toBe("Court · Hardwood");
    expect(understood("Indoor/outdoor")).toBe("Indoor");
    expect(understood("Count")).toBe("6");
    expect(understood("Where")).toBe("Indianapolis, IN");
    expect(understood("Radius")).toBe("50 mi");
    expect(understood("Urgency")).toBe("Urgent Need");
    expect(understood("Attendance")).toBe(NOT_UNDERSTOOD);
    expect(understood("Room nights")).toBe("300");
    expect(understood("Event type")).toBe("Tournament");
    expect(understood("Age group")).toBe("Youth");
    expect(understood("Teams")).toBe("40");
    expect(understood("Suggested name")).toBe("12U Girls Basketball Tournament");
    expect(step().getByText(/Here's what I understood:/)).toBeTruthy();
    const open = step().getByRole("list", { name: "Questions still open" });
    expect(within(open).getByText(ATTENDANCE_QUESTION.question)).toBeTruthy();
    expect(step().getByRole("status").textContent).toBe("13 of 14 details understood.");

    // A correction in the same exchange: the reply is the merged draft.
    await user.click(step().getByRole("textbox", { name: CORRECTION_LABEL }));
    await user.paste(CORRECTION);
    await user.click(step().getByRole("button", { name: "Send correction" }));
    await waitFor(() => expect(understood("Count")).toBe("8"));
    expect(sent.bodies(RFP_ASSISTANT_PATH, "POST")[1]).toEqual({
      data: { message: CORRECTION, exchangeId: RFP_EXCHANGE_ID },
    });
    expect(understood("Radius")).toBe("30 mi");
    expect(understood("Attendance")).toBe("600 people");
    expect(step().getByText("Noted: 8 courts.")).toBeTruthy();
    expect(step().queryByRole("list", { name: "Questions still open" })).toBeNull();
    expect(step().getByText(/Nothing more is needed/)).toBeTruthy();

    // Used: each step shows what was understood, in its own inputs.
    await user.click(step().getByRole("button", { name: "Use these details" }));
    expect(await screen.findByRole("heading", { name: "Which event is it for?" })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { name: "Which event is it for?" }),
      ),
    );
    expect(inputValue("textbox", "Event name")).toBe("12U Girls Basketball Tournament");
    expect(selectValue("Event type")).toBe("Tournament");
    expect(selectValue("Age group")).toBe("Youth");
    expect((step().getByLabelText(/^Start date/) as HTMLInputElement).value).toBe("2027-03-13");
    expect((step().getByLabelText(/^End date/) as HTMLInputElement).value).toBe("2027-03-14");
    expect((step().getByLabelText("The dates are flexible") as HTMLInputElement).checked).toBe(
      false,
    );
    expect(step().getByRole("button", { name: "Basketball" })).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "What the venue needs" })).toBeTruthy();
    expect((step().getByLabelText("Needs a specific space") as HTMLInputElement).checked).toBe(
      true,
    );
    expect(selectValue("Space type")).toBe("Court");
    expect(selectValue("Surface")).toBe("Hardwood");
    expect(inputValue("spinbutton", "How many")).toBe("8");
    expect(selectValue("Indoor or outdoor")).toBe("Indoor");
    // The organizer corrects what the description did not say right.
    await user.selectOptions(step().getByRole("combobox", { name: "Surface" }), "Synthetic");
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "Where the event should be" })).toBeTruthy();
    expect((step().getByRole("radio", { name: /Near a place/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(inputValue("textbox", "City, state or ZIP code")).toBe("Indianapolis, IN");
    expect(inputValue("spinbutton", "Radius (miles)")).toBe("30");
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "How soon, and how big" })).toBeTruthy();
    expect((step().getByRole("radio", { name: /Urgent Need/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(inputValue("spinbutton", "Expected attendance")).toBe("600");
    expect(inputValue("spinbutton", "Hotel room nights")).toBe("300");
    await user.click(step().getByRole("button", { name: "Next" }));
    // No budget or decision date in the description: the terms step stays as it was.
    expect(
      await screen.findByRole("heading", { name: "Budget, decision and what to price" }),
    ).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "Review and send" })).toBeTruthy();
    expect(step().getByText("Court × 8 · Indoor · Synthetic")).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Publish request" }));
    expect(await screen.findByRole("heading", { name: "Your request is published" })).toBeTruthy();
    expect(sent.bodies(EVENTS, "POST")).toEqual([
      {
        data: {
          name: "12U Girls Basketball Tournament",
          type: "Tournament",
          ageGroup: "Youth",
          startDate: "2027-03-13",
          endDate: "2027-03-14",
          hasFlexibleDates: false,
          sports: ["Basketball"],
        },
      },
    ]);
    expect(sent.bodies(`${EVENTS}/${NEW_EVENT_ID}/requirements`, "POST")).toEqual([
      {
        data: {
          sportsList: ["Basketball"],
          needsSpecificFacilityType: false,
          facilityTypes: [],
          needsSpecificSpaceType: true,
          spaceType: "Court",
          spaceSurface: "Synthetic",
          spaceTypeCount: 8,
          spaceLocation: "Indoor",
          spaceDescription: null,
          address: "Indianapolis, IN",
          dist: 30,
          urgency: 0,
          attendance: 600,
          roomNights: 300,
          budget: null,
          decisionDate: null,
          pricing: { spaces: true, rooms: false, extras: [] },
          // The draft gave no date options: the event's own dates.
          dateOptions: null,
        },
      },
    ]);
  });

  it("what was not understood stays as the wizard starts it", async () => {
    const world = serveRequests();
    server.use(
      readsDescriptions(
        world.assistant,
        buildRfpReply(buildRfpDraft({ sportsList: ["Volleyball"], address: "Louisville, KY" })),
      ),
    );
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    await describeEvent(user, "Volleyball in Louisville");
    await step().findByRole("heading", { name: "What we understood" });
    expect(step().getAllByText(NOT_UNDERSTOOD)).toHaveLength(12);
    expect(understood("Radius")).toBe(NOT_UNDERSTOOD);
    await user.click(step().getByRole("button", { name: "Use these details" }));

    await screen.findByRole("heading", { name: "Which event is it for?" });
    expect(inputValue("textbox", "Event name")).toBe("");
    expect(selectValue("Event type")).toBe("");
    expect(selectValue("Age group")).toBe("");
    expect((step().getByLabelText(/^Start date/) as HTMLInputElement).value).toBe("");
    expect(step().getByRole("button", { name: "Volleyball" })).toBeTruthy();
    // The event still needs what the description did not say.
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Enter the event name.")).toBeTruthy();
    await user.type(step().getByRole("textbox", { name: "Event name" }), "Bluegrass Bump");
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Tournament");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2027-05-01" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2027-05-02" } });
    await user.click(step().getByRole("button", { name: "Next" }));

    await screen.findByRole("heading", { name: "What the venue needs" });
    expect((step().getByLabelText("Needs a specific space") as HTMLInputElement).checked).toBe(
      false,
    );
    await user.click(step().getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Where the event should be" });
    expect(inputValue("textbox", "City, state or ZIP code")).toBe("Louisville, KY");
    // The wizard's own radius, not one the description never gave.
    expect(inputValue("spinbutton", "Radius (miles)")).toBe("50");
    await user.click(step().getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "How soon, and how big" });
    const urgency = within(
      step().getByRole("radiogroup", { name: "How soon do you need a venue?" }),
    );
    for (const radio of urgency.getAllByRole("radio")) {
      expect((radio as HTMLInputElement).checked).toBe(false);
    }
    // No dates understood beyond the event's: the request takes the event's dates.
    expect(
      (step().getByRole("radio", { name: /^The event's dates/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(inputValue("spinbutton", "Expected attendance")).toBe("");
    expect(inputValue("spinbutton", "Hotel room nights")).toBe("");
  });

  it("skipping goes to the event step with nothing filled; the step is there only for a new event from scratch", async () => {
    serveRequests();
    const { user } = await renderApp({
      path: "/requests/new",
      auth: buildSignedInAuth(),
      width: 375,
    });
    expect(await screen.findByText("Step 1 of 7: Describe")).toBeTruthy();
    await user.click(step().getByRole("textbox", { name: DESCRIPTION_LABEL }));
    await user.paste("Hockey in Minneapolis");
    await user.click(step().getByRole("button", { name: "Skip" }));

    expect(await screen.findByRole("heading", { name: "Which event is it for?" })).toBeTruthy();
    expect(screen.getByText("Step 2 of 7: Event")).toBeTruthy();
    expect(inputValue("textbox", "Event name")).toBe("");
    expect(sent.to(RFP_ASSISTANT_PATH)).toHaveLength(0);

    // A copy says it all: no description step.
    await user.click(step().getByRole("radio", { name: /A copy of one of my events/ }));
    expect(screen.getByText("Step 1 of 6: Event")).toBeTruthy();
    expect((step().getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(step().getByRole("radio", { name: "A new event" }));
    expect(screen.getByText("Step 2 of 7: Event")).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Describe your event" })).toBeTruthy();
    // What was written is still there.
    expect(inputValue("textbox", DESCRIPTION_LABEL)).toBe("Hockey in Minneapolis");
  });

  it("refuses an empty description without asking", async () => {
    serveRequests();
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    const input = await step().findByRole("textbox", { name: DESCRIPTION_LABEL });
    expect(step().getByText("0/1,000")).toBeTruthy();
    await user.type(input, "   ");
    await user.click(step().getByRole("button", { name: "Read my description" }));
    expect(step().getByText("Describe your event first.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(sent.to(RFP_ASSISTANT_PATH)).toHaveLength(0);
    // The input takes no more than the contract's 1,000 characters.
    expect(input.getAttribute("maxlength")).toBe("1000");
    await user.type(input, "Swim meet");
    expect(step().getByText("12/1,000")).toBeTruthy();
    expect(step().queryByText("Describe your event first.")).toBeNull();
  });

  it("shows the reading, a failure with Retry, and reads the same description again", async () => {
    const world = serveRequests();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    server.use(
      http.post(RFP_ASSISTANT_PATH, async () => {
        calls += 1;
        if (calls === 1) return errorReply(503, "SERVICE_UNAVAILABLE", "The assistant is down.");
        await held;
        world.assistant.questions.set(RFP_EXCHANGE_ID, []);
        return dataReply(ZRfpReply, buildRfpReply(FIRST_DRAFT));
      }),
    );
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    await describeEvent(user, DESCRIBE_EXAMPLE);
    const alert = await step().findByRole("alert");
    expect(alert.textContent).toContain("The assistant is down.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));

    expect(
      await step().findByRole("progressbar", { name: "Reading your description" }),
    ).toBeTruthy();
    expect((step().getByRole("button", { name: "Reading…" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(step().getByRole("status").textContent).toBe("Reading your description…");
    release();
    expect(await step().findByRole("heading", { name: "What we understood" })).toBeTruthy();
    expect(step().queryByRole("progressbar")).toBeNull();
    expect(step().queryByRole("alert")).toBeNull();
    const bodies = sent.bodies(RFP_ASSISTANT_PATH, "POST");
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("asked too often: says when to try again, and skipping still works", async () => {
    serveRequests();
    server.use(rfpRateLimited(720));
    const { user } = await renderApp({ path: "/requests/new", auth: buildSignedInAuth() });
    // From the keyboard: Ctrl+Enter in the description sends it.
    await user.click(await step().findByRole("textbox", { name: DESCRIPTION_LABEL }));
    await user.paste(DESCRIBE_EXAMPLE);
    await user.keyboard("{Control>}{Enter}{/Control}");
    const alert = await step().findByRole("alert");
    expect(alert.textContent).toContain("Try again in 12 minutes.");
    expect(within(alert).queryByRole("button", { name: "Retry" })).toBeNull();
    await user.click(step().getByRole("button", { name: "Skip" }));
    expect(await screen.findByRole("heading", { name: "Which event is it for?" })).toBeTruthy();
  });

  it("back at the description: what was understood is kept, and the open questions asked again when no longer held", async () => {
    const world = serveRequests();
    server.use(
      readsDescriptions(
        world.assistant,
        buildRfpReply(FIRST_DRAFT, { questions: [ATTENDANCE_QUESTION] }),
      ),
    );
    // Nothing is kept once unused, so the questions are asked of the server on the way back.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, gcTime: 0 } },
    });
    const { user } = await renderApp({
      path: "/requests/new",
      auth: buildSignedInAuth(),
      queryClient,
    });
    await describeEvent(user, DESCRIBE_EXAMPLE);
    await step().findByRole("heading", { name: "What we understood" });
    await user.click(step().getByRole("button", { name: "Use these details" }));
    await screen.findByRole("heading", { name: "Which event is it for?" });
    // Meanwhile the server still needs something else.
    world.assistant.questions.set(RFP_EXCHANGE_ID, [
      { field: "attendance", question: "How many spectators?" },
    ]);
    await user.click(step().getByRole("button", { name: "Back" }));

    expect(await screen.findByRole("heading", { name: "Describe your event" })).toBeTruthy();
    expect(understood("Count")).toBe("6");
    expect(await step().findByText("How many spectators?")).toBeTruthy();
    const asked = sent.to(RFP_QUESTIONS_PATH, "GET");
    expect(asked.at(-1)?.url.searchParams.get("context")).toBe(RFP_EXCHANGE_ID);
  });
});
