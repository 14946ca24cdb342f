// Inviting people to a group from its members panel (a people picker and an e-mail field, both of
// which invite), the invitations waiting with Take back, and the invitee's Accept and Decline.
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { NO_PENDING } from "./group-invitations";
import {
  ALEX,
  buildGroupInvitation,
  buildSharedPerson,
  CASEY,
  GROUPS,
  messagingHandlers,
  messagingWorld,
  SAM,
  TEAM_ID,
  type TMessagingWorld,
} from "./testing";

function serveMessaging(change: (world: TMessagingWorld) => void = () => {}) {
  const world = messagingWorld();
  change(world);
  server.use(...messagingHandlers(world));
  return world;
}

/** The team conversation with its members panel open. */
async function openMembers(width?: number) {
  const rendered = await renderApp({
    path: `/groups/${TEAM_ID}`,
    auth: buildSignedInAuth(),
    width,
  });
  const pane = within(await screen.findByRole("region", { name: "Conversation" }));
  await rendered.user.click(await pane.findByRole("button", { name: "Members" }));
  const panel = within(await screen.findByRole("dialog", { name: /Members/ }));
  await panel.findByRole("link", { name: SAM.name });
  return { ...rendered, panel };
}

const PICKER = { name: "Find a person" } as const;
/** The search waits for typing to pause before it asks the server. */
const SLOW = { timeout: 5000 };
const MEMBERS_PATH = `/user-mgmt/api/groups/${TEAM_ID}/members`;

describe("the people picker", { timeout: 60_000 }, () => {
  it("finds people who share something with me as I type, and invites the one picked with the keyboard", async () => {
    serveMessaging((world) => {
      world.people = [
        buildSharedPerson(CASEY, {
          shared: [
            { kind: "listing", name: "Riverside Courts" },
            { kind: "group", name: "Referees" },
          ],
        }),
      ];
    });
    const { panel, user } = await openMembers();
    const picker = panel.getByRole("combobox", PICKER);
    await user.type(picker, "Ca");
    const option = await screen.findByRole("option", { name: /Casey Morgan/ }, SLOW);
    expect(within(option).getByText("Riverside Courts · Referees")).toBeTruthy();
    const searched = sent.to(`/user-mgmt/api/groups/${TEAM_ID}/people`, "GET");
    expect(searched.at(-1)?.url.searchParams.get("text")).toBe("Ca");
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() =>
      expect(sent.bodies(MEMBERS_PATH, "POST")).toEqual([{ data: { userId: CASEY.id } }]),
    );
    expect(
      await screen.findByText("Casey Morgan is invited. They join when they accept."),
    ).toBeTruthy();
  });

  it("names its spinner while a search is on its way (a screen reader hears what it waits for)", async () => {
    serveMessaging((world) => {
      world.people = [buildSharedPerson(CASEY)];
    });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(`${GROUPS}/${TEAM_ID}/people`, async () => {
        await answered;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { panel, user } = await openMembers();
    await user.type(panel.getByRole("combobox", PICKER), "Ca");
    expect(
      await panel.findByRole("progressbar", { name: "Looking for people" }, SLOW),
    ).toBeTruthy();
    answer();
    await waitFor(() => expect(panel.queryByRole("progressbar")).toBeNull(), SLOW);
  });

  it("asks for two letters before searching, and says when nobody matches", async () => {
    serveMessaging();
    const { panel, user } = await openMembers();
    const picker = panel.getByRole("combobox", PICKER);
    await user.type(picker, "C");
    expect(await screen.findByText("Type at least 2 letters of a name.")).toBeTruthy();
    await user.type(picker, "x");
    expect(
      await screen.findByText(
        "Nobody who shares a listing or a group with you has that name.",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    // One letter asked nothing of the server.
    const searched = sent.to(`/user-mgmt/api/groups/${TEAM_ID}/people`, "GET");
    expect(searched.map((call) => call.url.searchParams.get("text"))).toEqual(["Cx"]);
  });

  it("shows members and people invited already, and does not let me pick them", async () => {
    serveMessaging((world) => {
      world.people = [
        buildSharedPerson(ALEX, { status: "member" }),
        buildSharedPerson(CASEY, { status: "invited" }),
      ];
    });
    const { panel, user } = await openMembers();
    await user.type(panel.getByRole("combobox", PICKER), "Person");
    const alex = await screen.findByRole("option", { name: /Alex Kim/ }, SLOW);
    expect(within(alex).getByText("Member")).toBeTruthy();
    expect(alex.getAttribute("aria-disabled")).toBe("true");
    const casey = screen.getByRole("option", { name: /Casey Morgan/ });
    expect(within(casey).getByText("Invited")).toBeTruthy();
    expect(casey.getAttribute("aria-disabled")).toBe("true");
    // Enter on the list picks nothing: both are out of reach.
    await user.keyboard("{ArrowDown}{Enter}");
    expect(sent.to(MEMBERS_PATH, "POST")).toHaveLength(0);
  });

  it("says why an invitation was refused", async () => {
    serveMessaging((world) => {
      world.people = [buildSharedPerson(CASEY)];
    });
    server.use(
      http.post(`${GROUPS}/${TEAM_ID}/members`, () =>
        errorReply(
          409,
          "TOO_MANY_INVITATIONS",
          "A group keeps at most 50 invitations waiting; take one back first.",
        ),
      ),
    );
    const { panel, user } = await openMembers();
    await user.type(panel.getByRole("combobox", PICKER), "Casey");
    await user.click(await screen.findByRole("option", { name: /Casey Morgan/ }, SLOW));
    expect(
      await panel.findByText("A group keeps at most 50 invitations waiting; take one back first."),
    ).toBeTruthy();
  });
});

describe("inviting by e-mail", () => {
  it("checks the address, then sends the invitation and says it is on its way", async () => {
    serveMessaging();
    const { panel, user } = await openMembers();
    const field = panel.getByRole("textbox", { name: "Invite by e-mail" });
    await user.type(field, "not an address{Enter}");
    expect(await panel.findByText("That is not an e-mail address.")).toBeTruthy();
    expect(sent.to(MEMBERS_PATH, "POST")).toHaveLength(0);
    await user.clear(field);
    await user.type(field, "coach@example.com");
    await user.click(panel.getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(sent.bodies(MEMBERS_PATH, "POST")).toEqual([{ data: { email: "coach@example.com" } }]),
    );
    expect(
      await screen.findByText("An invitation is on its way to coach@example.com."),
    ).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe("");
  });
});

describe("invitations waiting for an answer", () => {
  it("lists people and addresses, and takes one back", async () => {
    serveMessaging((world) => {
      world.invitations[TEAM_ID] = [
        buildGroupInvitation(1, CASEY),
        buildGroupInvitation(2, "coach@example.com"),
      ];
    });
    const { panel, user } = await openMembers();
    expect(await panel.findByText("Waiting for an answer (2)")).toBeTruthy();
    expect(panel.getByText("coach@example.com")).toBeTruthy();
    await user.click(
      panel.getByRole("button", { name: "Take back the invitation of Casey Morgan" }),
    );
    await waitFor(() =>
      expect(
        sent.to(`${GROUPS}/${TEAM_ID}/invitations/${buildGroupInvitation(1, CASEY).id}`, "DELETE"),
      ).toHaveLength(1),
    );
  });

  it("says when none wait", async () => {
    serveMessaging();
    const { panel } = await openMembers();
    expect(await panel.findByText(NO_PENDING)).toBeTruthy();
  });

  it("offers Retry when the list did not load", async () => {
    serveMessaging();
    server.use(
      http.get(`${GROUPS}/${TEAM_ID}/invitations`, () =>
        HttpResponse.json({ error: { code: "INTERNAL", message: "Down" } }, { status: 500 }),
      ),
    );
    const { panel } = await openMembers();
    expect(await panel.findByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("are not shown to a plain member, who cannot invite", async () => {
    serveMessaging((world) => {
      world.abilities[TEAM_ID] = ["group.read", "messages.write", "files.write"];
    });
    const { panel } = await openMembers();
    expect(panel.queryByRole("combobox", PICKER)).toBeNull();
    expect(panel.queryByRole("textbox", { name: "Invite by e-mail" })).toBeNull();
    expect(sent.to(`${GROUPS}/${TEAM_ID}/invitations`, "GET")).toHaveLength(0);
  });
});

describe("the invitee", () => {
  it("sees the invitation above the conversations and accepts it", async () => {
    const invitation = buildGroupInvitation(3, CASEY, { group: { name: "Finals crew" } });
    serveMessaging((world) => {
      world.myInvitations = [invitation];
    });
    const { user } = await renderApp({ path: "/groups", auth: buildSignedInAuth() });
    const invited = within(await screen.findByRole("region", { name: "Invitations" }));
    expect(invited.getByText("Finals crew")).toBeTruthy();
    await user.click(invited.getByRole("button", { name: "Accept the invitation to Finals crew" }));
    await waitFor(() =>
      expect(sent.to(`${GROUPS}/invitations/${invitation.id}/accept`, "POST")).toHaveLength(1),
    );
    expect(await screen.findByText("You joined Finals crew.")).toBeTruthy();
  });

  it("declines it", async () => {
    const invitation = buildGroupInvitation(4, CASEY, { group: { name: "Finals crew" } });
    serveMessaging((world) => {
      world.myInvitations = [invitation];
    });
    const { user } = await renderApp({ path: "/groups", auth: buildSignedInAuth() });
    await user.click(
      await screen.findByRole("button", { name: "Decline the invitation to Finals crew" }),
    );
    await waitFor(() =>
      expect(sent.to(`${GROUPS}/invitations/${invitation.id}/decline`, "POST")).toHaveLength(1),
    );
    expect(await screen.findByText("You declined Finals crew.")).toBeTruthy();
  });

  it("sees no invitations panel while none wait", async () => {
    serveMessaging();
    await renderApp({ path: "/groups", auth: buildSignedInAuth() });
    await screen.findByRole("region", { name: "Conversations" });
    await waitFor(() => expect(sent.to(`${GROUPS}/invitations/my`, "GET")).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Invitations" })).toBeNull();
  });
});

describe("on a phone", () => {
  it("the members panel takes the whole width and keeps the picker and the e-mail field", async () => {
    serveMessaging();
    const { panel } = await openMembers(375);
    expect(panel.getByRole("combobox", PICKER)).toBeTruthy();
    expect(panel.getByRole("button", { name: "Send invitation" })).toBeTruthy();
  });
});
