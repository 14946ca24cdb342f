import { NO_PROPOSAL_TERMS, type TLead, type TProposal } from "@hostfield/domain/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import { depositHandlers, paidDeposit } from "../payments/testing";
import { LEAD_NOT_FOUND } from "./lead-page";
import {
  acceptMove,
  acceptMoves,
  buildLead,
  buildRequest,
  DESTINATION_ID,
  historyEntry,
  leadsHandlers,
  leadsWorld,
  leadUrl,
  ME,
  NOW,
  proposalVersion,
  STAFF,
  type TLeadsWorld,
  testUuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

/** The lead as the server makes it of a proposal: Interested, with the conversation it opened. */
function interested(lead: TLead, proposal: Omit<TProposal, "submittedDate">): TLead {
  return {
    ...lead,
    status: "Interested",
    proposal: { ...proposal, submittedDate: NOW },
    groupId: testUuid(9999),
    firstResponseDate: NOW,
    updatedDate: NOW,
  };
}

async function renderLead(state: TLeadsWorld, lead: TLead, { loads = true } = {}) {
  serveBase(...leadsHandlers(state));
  const rendered = await renderApp({
    path: `/leads/${lead.eventId}/${lead.id}`,
    auth: buildSignedInAuth(),
  });
  const main = within(screen.getByRole("main"));
  if (loads) await main.findByRole("region", { name: "Status" });
  return { ...rendered, main };
}

const section = (name: string) => within(screen.getByRole("region", { name }));

function openLead(overrides: Parameters<typeof buildLead>[0] = {}) {
  return buildLead({
    event: {
      name: "Spring Hoops Classic",
      startDate: "2025-06-06",
      endDate: "2025-06-08",
      sports: ["Basketball", "Volleyball"],
      urgency: 0,
    },
    request: buildRequest(),
    reasons: ["3 of 3 sports", "4 hardwood courts, needs 4", "38 mi from Indianapolis, IN"],
    score: 92,
    distanceMiles: 38,
    ...overrides,
  });
}

describe("/leads/:eventId/:leadId", () => {
  it("shows the request, every reason, the status history, the proposal and the conversation", async () => {
    const lead = openLead({
      status: "Interested",
      groupId: testUuid(555),
      request: buildRequest({
        budget: { min: 4000, max: 6000, per: "event", currency: "USD" },
        decisionDate: "2025-04-01",
        pricing: { spaces: true, rooms: true, extras: ["Parking"] },
      }),
      assignedUser: { id: STAFF.sam.id, name: STAFF.sam.name, avatarUrl: null },
      proposal: {
        message: "Four courts, bleachers for 300.",
        dates: ["2025-06-07", "2025-06-08"],
        price: 4500,
        priceUnit: "Per Team",
        ...NO_PROPOSAL_TERMS,
        submittedDate: "2025-03-11T10:00:00.000Z",
      },
    });
    const state = leadsWorld({
      leads: [lead],
      history: {
        [lead.id]: [
          {
            id: testUuid(1),
            fromStatus: null,
            toStatus: "Open",
            reason: null,
            reasonCode: null,
            by: null,
            at: "2025-03-10T09:00:00.000Z",
          },
          {
            id: testUuid(2),
            fromStatus: "Open",
            toStatus: "Interested",
            reason: null,
            reasonCode: null,
            by: { id: STAFF.sam.id, name: STAFF.sam.name, avatarUrl: null },
            at: "2025-03-11T10:00:00.000Z",
          },
        ],
      },
    });
    const { main } = await renderLead(state, lead);

    expect(
      await main.findByRole("heading", { level: 1, name: "Spring Hoops Classic" }),
    ).toBeTruthy();
    expect(document.title).toBe("Spring Hoops Classic | Hostfield");
    // Back to its venue's board, the venue's kind in the address (the board is asked for at once).
    expect(main.getByRole("link", { name: "Pipeline" }).getAttribute("href")).toBe(
      `/pipeline?profile=${DESTINATION_ID}&kind=destination`,
    );
    const request = section("The request");
    expect(request.getByText("Fri, Jun 6th - Sun, Jun 8th, 2025")).toBeTruthy();
    expect(request.getByText("Multi Sport: Basketball, Volleyball")).toBeTruthy();
    expect(request.getByText("Looking within 50 mi of Indianapolis, IN")).toBeTruthy();
    expect(request.getByText("Court × 4 · Indoor · Hardwood")).toBeTruthy();
    expect(request.getByText("Urgent Need")).toBeTruthy();
    expect(request.getByText("400")).toBeTruthy();
    // The organizer's terms: budget, decision date and what to price.
    expect(request.getByText("$4,000 – $6,000 for the event")).toBeTruthy();
    expect(request.getByText("Tue, Apr 1st, 2025")).toBeTruthy();
    expect(request.getByText("Spaces for each day; 250 hotel room nights; Parking")).toBeTruthy();

    const why = section("Why it reached you");
    expect(why.getByText("Score 92 of 100")).toBeTruthy();
    expect(why.getByText("38 mi away")).toBeTruthy();
    expect(why.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "3 of 3 sports",
      "4 hardwood courts, needs 4",
      "38 mi from Indianapolis, IN",
    ]);

    const proposal = section("Your proposal");
    expect(proposal.getByText("Four courts, bleachers for 300.")).toBeTruthy();
    expect(proposal.getByText("Sat, Jun 7th, 2025; Sun, Jun 8th, 2025")).toBeTruthy();
    expect(proposal.getByText("$4,500 / Team")).toBeTruthy();

    const history = section("History");
    await history.findByText("Open → Interested");
    expect(history.getByText("Received as Open")).toBeTruthy();
    expect(history.getByText(/Sam Rivera ·/)).toBeTruthy();

    expect(
      section("Conversation")
        .getByRole("link", { name: "Open the conversation" })
        .getAttribute("href"),
    ).toBe(`/groups/${testUuid(555)}`);
    const assigned = (await section("Assignment").findByRole("combobox", {
      name: "Assigned to",
    })) as HTMLSelectElement;
    expect(assigned.value).toBe(STAFF.sam.id);
    // Interested: the recipient may still pass, or change the proposal.
    const status = section("Status");
    expect(status.getByText("Interested")).toBeTruthy();
    expect(status.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Pass",
      "Update proposal",
    ]);
  });

  it("flexible dates: the request's window in words, and a need-date match first", async () => {
    const needDates = "You marked Sat, Mar 13th - Sun, Mar 14th, 2027 as need dates (10% off)";
    const lead = openLead({
      event: { startDate: "2027-03-13", endDate: "2027-03-14" },
      request: buildRequest({
        dateOptions: {
          kind: "window",
          from: "2027-03-01",
          to: "2027-04-30",
          days: 2,
          weekdays: [6, 0],
        },
      }),
      // The server's order, as the test gives it: the need-date reason is not first here.
      reasons: [
        "3 of 3 sports",
        needDates,
        "Free on Sat, Mar 6th - Sun, Mar 7th, 2027 and 2 more of your 8 date options",
      ],
    });
    const { main } = await renderLead(leadsWorld({ leads: [lead] }), lead);
    await main.findByRole("heading", { level: 1 });

    const request = section("The request");
    const fact = (term: string) =>
      request.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    // Mar 1st to Apr 30th, 2027, Saturdays and Sundays: the 8 weekends Mar 6-7 … Apr 24-25.
    expect(fact("Dates")).toBe(
      "2 days in a row, Sat, Sun, between Mon, Mar 1st and Fri, Apr 30th, 2027 (8 date sets)",
    );
    expect(fact("Event's dates")).toBe("Sat, Mar 13th - Sun, Mar 14th, 2027");

    const why = section("Why it reached you");
    expect(why.getByText("Need dates match")).toBeTruthy();
    expect(why.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      needDates,
      "3 of 3 sports",
      "Free on Sat, Mar 6th - Sun, Mar 7th, 2027 and 2 more of your 8 date options",
    ]);
  });

  it("without flexible dates or need dates, the event's dates and no need-date mark", async () => {
    const lead = openLead();
    const { main } = await renderLead(leadsWorld({ leads: [lead] }), lead);
    await main.findByRole("heading", { level: 1 });
    const request = section("The request");
    expect(request.getByText("Dates", { selector: "dt" }).nextElementSibling?.textContent).toBe(
      "Fri, Jun 6th - Sun, Jun 8th, 2025",
    );
    expect(request.queryByText("Event's dates")).toBeNull();
    expect(section("Why it reached you").queryByText("Need dates match")).toBeNull();
  });

  it("attaches files to the proposal: uploaded to the lead, named in it, and offered with it once sent", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    const stored = {
      id: testUuid(4242),
      name: "floor-plan.pdf",
      size: 8,
      contentType: "application/pdf" as const,
    };
    const proposal = {
      message: "Floor plan attached.",
      dates: ["2025-06-07"],
      price: null,
      priceUnit: null,
      ...NO_PROPOSAL_TERMS,
      attachments: [stored],
    };
    serveBase(...leadsHandlers(state));
    server.use(acceptMove(state, interested(lead, proposal)));
    const uploads = stubUploads(() => stored);
    const { user } = await renderApp({
      path: `/leads/${lead.eventId}/${lead.id}`,
      auth: buildSignedInAuth(),
    });
    const status = within(await screen.findByRole("region", { name: "Status" }));
    await user.click(await status.findByRole("button", { name: "Respond with a proposal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Respond with a proposal" }));
    await user.click(dialog.getByRole("textbox", { name: "Message" }));
    await user.paste("Floor plan attached.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    const file = new File(["%PDF-1.7"], "floor-plan.pdf", { type: "application/pdf" });
    await user.upload(dialog.getByLabelText("Files to attach"), file);
    // Uploaded to the lead as soon as it is added, not to the conversation once sent.
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]?.url).toMatch(
      new RegExp(`^/event-mgmt/api/events/${lead.eventId}/leads/${lead.id}/attachments\\?`),
    );
    act(() => uploads.pending.finish?.());
    await dialog.findByText("8 B · Attached");
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: proposal },
    ]);
    expect(await screen.findByText("Proposal sent for Spring Hoops Classic.")).toBeTruthy();
    expect(uploads.sent).toHaveLength(1);
    const sentProposal = within(await screen.findByRole("region", { name: "Your proposal" }));
    expect(
      await sentProposal.findByRole("button", { name: "Download floor-plan.pdf" }),
    ).toBeTruthy();
  });

  it("offers the days of the request's other date sets in the proposal, not only the event's", async () => {
    // The event runs Fri 6 - Sun 8 June 2025; the request also takes Sat 21 - Sun 22 June.
    const lead = openLead({
      request: buildRequest({
        dateOptions: {
          kind: "sets",
          sets: [
            { startDate: "2025-06-06", endDate: "2025-06-08" },
            { startDate: "2025-06-21", endDate: "2025-06-22" },
          ],
        },
      }),
    });
    serveBase(...leadsHandlers(leadsWorld({ leads: [lead] })));
    const { user } = await renderApp({
      path: `/leads/${lead.eventId}/${lead.id}`,
      auth: buildSignedInAuth(),
    });
    const status = within(await screen.findByRole("region", { name: "Status" }));
    await user.click(await status.findByRole("button", { name: "Respond with a proposal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Respond with a proposal" }));
    expect(dialog.getByRole("checkbox", { name: "Fri, Jun 6th, 2025" })).toBeTruthy();
    expect(dialog.getByRole("checkbox", { name: "Sun, Jun 22nd, 2025" })).toBeTruthy();
    expect(dialog.queryByRole("checkbox", { name: "Mon, Jun 23rd, 2025" })).toBeNull();
  });

  it("responds with a proposal: message, dates within the event, price and unit", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    server.use(
      acceptMove(
        state,
        interested(lead, {
          message: "Happy to host you.",
          dates: ["2025-06-07"],
          price: 1200.5,
          priceUnit: "Total",
          ...NO_PROPOSAL_TERMS,
        }),
        historyEntry("Open", "Interested"),
      ),
    );
    const { main, user } = await renderLead(state, lead);
    const status = section("Status");
    await status.findByRole("button", { name: "Respond with a proposal" });
    expect(status.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Respond with a proposal",
      "Pass",
    ]);
    await user.click(status.getByRole("button", { name: "Respond with a proposal" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Respond with a proposal" }));
    // The event's own days, and no others.
    expect(dialog.getAllByRole("checkbox").map((c) => c.closest("label")?.textContent)).toEqual([
      "Fri, Jun 6th, 2025",
      "Sat, Jun 7th, 2025",
      "Sun, Jun 8th, 2025",
    ]);
    await user.click(dialog.getByRole("textbox", { name: "Message" }));
    await user.paste("Happy to host you.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    await user.type(dialog.getByRole("spinbutton", { name: "Price (USD)" }), "1200.50");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Price unit" }), "Total");
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    await waitFor(() => expect(section("Status").getByText("Interested")).toBeTruthy());
    const patch = sent.to(leadUrl(lead), "PATCH");
    expect(patch).toHaveLength(1);
    expect(patch[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      {
        op: "replace",
        path: "/proposal",
        value: {
          message: "Happy to host you.",
          dates: ["2025-06-07"],
          price: 1200.5,
          priceUnit: "Total",
          ...NO_PROPOSAL_TERMS,
        },
      },
    ]);
    expect(await screen.findByText("Proposal sent for Spring Hoops Classic.")).toBeTruthy();
    expect(await section("Your proposal").findByText("$1,200.50 total")).toBeTruthy();
    expect(
      section("Conversation").getByRole("link", { name: "Open the conversation" }),
    ).toBeTruthy();
    expect(await section("History").findByText("Open → Interested")).toBeTruthy();
    expect(main.queryByRole("dialog")).toBeNull();
  });

  it("passes with a reason, then reopens", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    server.use(
      acceptMoves(
        state,
        {
          lead: { ...lead, status: "Passed", statusReason: "No courts free in June" },
          history: [historyEntry("Open", "Passed", "No courts free in June")],
        },
        {
          lead: { ...lead, status: "Open", statusReason: null },
          history: [historyEntry("Passed", "Open")],
        },
      ),
    );
    const { user } = await renderLead(state, lead);

    await user.click(await section("Status").findByRole("button", { name: "Pass" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Pass on Spring Hoops Classic?" }),
    );
    await user.click(dialog.getByRole("textbox", { name: "Reason" }));
    await user.paste("No courts free in June");
    await user.click(dialog.getByRole("button", { name: "Pass" }));

    await waitFor(() => expect(section("Status").getByText("Passed")).toBeTruthy());
    expect(section("Status").getByText("No courts free in June")).toBeTruthy();
    expect(await section("History").findByText("“No courts free in June”")).toBeTruthy();
    expect(section("History").getByText(new RegExp(`^${ME.name} ·`))).toBeTruthy();

    await user.click(section("Status").getByRole("button", { name: "Reopen" }));
    await waitFor(() => expect(section("Status").getByText("Open")).toBeTruthy());
    expect(sent.to(leadUrl(lead), "PATCH").map((c) => c.body)).toEqual([
      [
        { op: "replace", path: "/status", value: "Passed" },
        { op: "replace", path: "/reason", value: "No courts free in June" },
      ],
      [{ op: "replace", path: "/status", value: "Open" }],
    ]);
    expect(await screen.findByText("Spring Hoops Classic is open again.")).toBeTruthy();
  });

  it("assigns the lead to a staff member, and back to nobody", async () => {
    const lead = openLead();
    const state = leadsWorld({ leads: [lead] });
    const { user } = await renderLead(state, lead);
    const select = await section("Assignment").findByRole("combobox", { name: "Assigned to" });
    await user.selectOptions(select, "Sam Rivera");
    expect(await screen.findByText("Assigned to Sam Rivera.")).toBeTruthy();
    await user.selectOptions(select, "Nobody");
    expect(await screen.findByText("Nobody has this lead now.")).toBeTruthy();
    expect(sent.to(`${leadUrl(lead)}/member`, "PUT").map((c) => c.body)).toEqual([
      { data: { userId: STAFF.sam.id } },
      { data: { userId: null } },
    ]);
    expect(
      sent.to(`/destination-mgmt/api/destinations/${DESTINATION_ID}/members`, "GET"),
    ).toHaveLength(1);
  });

  it("a decided lead offers no actions; a member who is not a manager sees who has it", async () => {
    const lead = openLead({ status: "Lost", statusReason: "Went with a closer venue" });
    const state = leadsWorld({
      leads: [lead],
      abilities: { [DESTINATION_ID]: ["profile.read", "profile.readPrivate"] },
    });
    const { main } = await renderLead(state, lead);
    const status = section("Status");
    expect(await status.findByText("The organizer decided; this lead is final.")).toBeTruthy();
    expect(status.getByText("Went with a closer venue")).toBeTruthy();
    expect(status.queryAllByRole("button")).toHaveLength(0);
    expect(section("Assignment").getByText("Nobody yet")).toBeTruthy();
    expect(main.queryByRole("combobox", { name: "Assigned to" })).toBeNull();
  });

  it("says when the lead is not there", async () => {
    const lead = openLead();
    const { main } = await renderLead(leadsWorld({ leads: [] }), lead, { loads: false });
    expect(await main.findByRole("heading", { name: LEAD_NOT_FOUND })).toBeTruthy();
    expect(main.getByRole("link", { name: "Go to your pipeline" }).getAttribute("href")).toBe(
      "/pipeline",
    );
  });
});

describe("/leads/:eventId/:leadId: revising the proposal", () => {
  const SENT: Omit<TProposal, "submittedDate"> = {
    message: "Four courts, bleachers for 300.",
    dates: ["2025-06-07"],
    price: 4500,
    priceUnit: "Total",
    ...NO_PROPOSAL_TERMS,
  };
  const ASK: NonNullable<TLead["revisionRequest"]> = {
    message: "Could you come down a little, and add Sunday?",
    changes: ["price", "dates"],
    requestedDate: NOW,
  };

  it("shows the organizer's open ask first; Revise proposal opens ours to change, and the new version answers it", async () => {
    const lead: TLead = {
      ...interested(openLead(), SENT),
      proposalVersion: 1,
      revisionRequest: ASK,
    };
    const state = leadsWorld({ leads: [lead] });
    const revised: TProposal = { ...SENT, dates: ["2025-06-07", "2025-06-08"], price: 4000 };
    server.use(
      acceptMove(state, {
        ...interested(lead, revised),
        proposalVersion: 2,
        revisionRequest: null,
      }),
    );
    const { main, user } = await renderLead(state, lead);
    const ask = main.getByRole("alert");
    // The action comes once my rights on the venue are known (a manager answers its leads).
    const revise = await within(ask).findByRole("button", { name: "Revise proposal" });
    expect(ask.textContent).toBe(
      "Spring Hoops Classic asks you to revise your proposal: Could you come down a little, and add Sunday? · To change: price, datesRevise proposal",
    );
    // The first version has no others to look at.
    expect(section("Your proposal").queryByRole("button", { name: "Versions" })).toBeNull();

    await user.click(revise);
    const dialog = within(await screen.findByRole("dialog", { name: "Update your proposal" }));
    expect(dialog.getByRole("textbox", { name: "Message" })).toHaveProperty("value", SENT.message);
    const price = dialog.getByRole("spinbutton", { name: "Price (USD)" });
    expect(price).toHaveProperty("value", "4500");
    await user.click(dialog.getByRole("checkbox", { name: "Sun, Jun 8th, 2025" }));
    await user.clear(price);
    await user.type(price, "4000");
    await user.click(dialog.getByRole("button", { name: "Update proposal" }));

    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/proposal", value: revised },
    ]);
    // The new version answers the ask: it is gone, and the proposal says which version it is.
    await waitFor(() => expect(main.queryByRole("alert")).toBeNull());
    expect(await section("Your proposal").findByText("Version 2")).toBeTruthy();
    expect(section("Your proposal").getByText("$4,000 total")).toBeTruthy();
  });

  it("after the award: whether the deposit is paid, and the refund of a part of it", async () => {
    const lead: TLead = {
      ...interested(openLead(), {
        ...SENT,
        deposit: { percent: 20, dueDate: "2025-05-01", refundableUntil: null },
      }),
      status: "Won",
      acceptedVersion: 1,
    };
    const state = leadsWorld({ leads: [lead] });
    server.use(
      ...depositHandlers(
        new Map([
          [
            lead.id,
            paidDeposit(lead.id, {
              amount: 900,
              paidAmount: 900,
              refundableUntil: null,
              refundDue: 0,
              actions: { pay: false, refund: false, refundPart: true },
            }),
          ],
        ]),
      ),
    );
    await renderLead(state, lead);
    const deposit = within(await screen.findByRole("region", { name: "Deposit" }));
    expect(await deposit.findByText("Deposit paid $900 on Apr 18, 2030")).toBeTruthy();
    expect(deposit.getByText(/Non-refundable once paid/)).toBeTruthy();
    expect(deposit.getByRole("button", { name: "Refund…" })).toBeTruthy();
    // The proposal's terms say it too.
    expect(section("Your proposal").getByText("Non-refundable")).toBeTruthy();
  });

  it("after the award: which version was accepted, and every version, newest first", async () => {
    // The organizer asked for a revision and then awarded the proposal as it stood: no ask is open.
    const lead: TLead = {
      ...interested(openLead(), SENT),
      status: "Won",
      proposalVersion: 2,
      acceptedVersion: 2,
      revisionRequest: ASK,
    };
    const state = leadsWorld({ leads: [lead] });
    state.versions[lead.id] = [
      proposalVersion(1, { message: "Three courts.", price: 5000, priceUnit: "Total" }),
      proposalVersion(2, { ...SENT }),
    ];
    const { main, user } = await renderLead(state, lead);
    expect(main.queryByRole("alert")).toBeNull();
    const proposal = section("Your proposal");
    expect(proposal.getByText("Accepted: version 2")).toBeTruthy();

    await user.click(proposal.getByRole("button", { name: "Versions" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Versions of Visit Indy Sports's proposal" }),
    );
    const list = within(await dialog.findByRole("list", { name: "Versions, newest first" }));
    expect(list.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Version 2",
      "Version 1",
    ]);
    expect(
      within(list.getByRole("listitem", { name: "Version 2" })).getByText("Accepted"),
    ).toBeTruthy();
    const first = within(list.getByRole("listitem", { name: "Version 1" }));
    expect(first.queryByText("Accepted")).toBeNull();
    expect(first.getByText("Three courts.")).toBeTruthy();
    expect(first.getByText("$5,000 total")).toBeTruthy();
    expect(first.getByText(/^Sent by/).textContent).toMatch(/^Sent by Sam Rivera · /);
    expect(sent.to(`${leadUrl(lead)}/proposals`, "GET")).toHaveLength(1);
  });
});
