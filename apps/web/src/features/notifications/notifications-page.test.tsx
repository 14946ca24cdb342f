import { invitationUrl, type TNotification, ZNotification } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MY_PROFILE_QUERY_KEY } from "../../lib/auth";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, listReply, sent, server } from "../../test/msw";
import { createTestQueryClient, renderApp } from "../../test/render-app";
import { messagingHandlers } from "../messaging/testing";
import { buildInvitation, myInvitationHandlers } from "../profiles/testing";
import { NOTIFICATIONS_FAILED } from "./notifications-page";
import {
  buildNotification,
  FILTERED,
  keepNotificationChanges,
  NOTIFICATIONS_PATH,
  notificationsHandlers,
  testUuid,
} from "./testing";

// A Wednesday afternoon (UTC); only Date is faked, timers run for real.
const NOW = "2025-03-12T15:00:00.000Z";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

/** The notification calls over `records`; with `keep`, the server keeps what the user changes. */
function serveNotifications(records: TNotification[], { keep = false } = {}) {
  server.use(...notificationsHandlers(records));
  if (keep) server.use(...keepNotificationChanges(records));
}

async function renderNotifications(
  options: { path?: string; auth?: ReturnType<typeof buildSignedInAuth> } = {},
) {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const rendered = await renderApp({
    path: options.path ?? "/notifications",
    auth: options.auth ?? buildSignedInAuth(),
    queryClient,
  });
  const main = within(screen.getByRole("main"));
  return { ...rendered, main, invalidate };
}

/** The list item of the notification with this title. */
function row(title: string) {
  const item = screen.getByText(title, { selector: "span" }).closest("li");
  if (!item) throw new Error(`No row for ${title}`);
  return within(item);
}

function calls(method: string, suffix: string) {
  return sent.all().filter((c) => c.method === method && c.path.endsWith(suffix));
}

describe("/notifications", () => {
  it("asks a signed-out visitor to sign in", async () => {
    serveNotifications([]);
    await renderApp({ path: "/notifications", auth: buildSignedOutAuth() });
    expect(await screen.findByText("Sign in to see your notifications")).toBeTruthy();
  });

  it("lists the inbox newest first under time-ago headings, marking unread rows", async () => {
    const records = [
      buildNotification({ title: "Old news", createdDate: "2020-01-05T10:00:00.000Z" }),
      buildNotification({
        title: "New follower",
        contents: "Lakeside Hotel follows you.",
        createdDate: "2025-03-12T14:55:00.000Z",
      }),
      buildNotification({
        title: "Lead answered",
        isOpened: true,
        createdDate: "2025-03-11T09:00:00.000Z",
        senderProfile: null,
      }),
      buildNotification({ title: "This morning", createdDate: "2025-03-12T08:00:00.000Z" }),
      buildNotification({ title: "Archived one", isArchived: true }),
    ];
    serveNotifications(records);
    const { main } = await renderNotifications();

    await main.findByText("New follower");
    const headings = main.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Today", "Yesterday", "Past"]);
    const today = within(main.getByRole("region", { name: "Today" }));
    // Each row is named by its title.
    const titles = today
      .getAllByRole("listitem")
      .map((li) => document.getElementById(li.getAttribute("aria-labelledby") ?? "")?.textContent);
    expect(titles).toEqual(["New follower", "This morning"]);
    expect(main.queryByText("Archived one")).toBeNull();

    expect(row("New follower").getByText("Lakeside Hotel follows you.")).toBeTruthy();
    expect(row("New follower").getByText("5 minutes ago")).toBeTruthy();
    expect(row("New follower").getByText("(unread)")).toBeTruthy();
    expect(row("New follower").getByText("RS")).toBeTruthy();
    expect(row("Lead answered").queryByText("(unread)")).toBeNull();
    expect(row("Lead answered").getByRole("button", { name: "Mark as unread" })).toBeTruthy();
    expect(row("New follower").getByRole("button", { name: "Mark as read" })).toBeTruthy();

    const list = sent.to(FILTERED, "POST");
    expect(list).toHaveLength(1);
    expect(list[0]?.body).toEqual({ data: { isArchived: false } });
    expect(list[0]?.url.searchParams.get("offset")).toBe("0");
    expect(list[0]?.url.searchParams.get("take")).toBe("20");
  });

  it("clicking a row marks it opened, then goes to its url", async () => {
    const groupId = testUuid(77);
    const target = buildNotification({ title: "New message", url: `/groups/${groupId}` });
    serveNotifications([target]);
    // The conversation it leads to (none there with that id).
    server.use(...messagingHandlers());
    const { user, main, router, invalidate } = await renderNotifications();

    await user.click(await main.findByRole("button", { name: /New message/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${groupId}`));
    const opened = calls("PUT", `/${target.id}/opened`);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.url.searchParams.get("isOpened")).toBe("true");
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ["notifications"] });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: MY_PROFILE_QUERY_KEY });
    });
  });

  it("clicking an opened row only navigates", async () => {
    const target = buildNotification({ title: "Seen it", url: "/account", isOpened: true });
    serveNotifications([target]);
    const { user, main, router } = await renderNotifications();
    await user.click(await main.findByRole("button", { name: /Seen it/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(sent.all().filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("a row's actions mark it read or unread and archive it", async () => {
    const first = buildNotification({ title: "First", createdDate: "2025-03-12T12:00:00.000Z" });
    const second = buildNotification({
      title: "Second",
      isOpened: true,
      createdDate: "2025-03-12T11:00:00.000Z",
    });
    serveNotifications([first, second], { keep: true });
    const { user, main } = await renderNotifications();
    await main.findByText("First");

    await user.click(row("First").getByRole("button", { name: "Mark as read" }));
    await waitFor(() => expect(row("First").queryByText("(unread)")).toBeNull());
    expect(calls("PUT", `/${first.id}/opened`)[0]?.url.searchParams.get("isOpened")).toBe("true");

    await user.click(row("Second").getByRole("button", { name: "Mark as unread" }));
    await waitFor(() => expect(row("Second").getByText("(unread)")).toBeTruthy());
    expect(calls("PUT", `/${second.id}/opened`)[0]?.url.searchParams.get("isOpened")).toBe("false");

    await user.click(row("First").getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(main.queryByText("First")).toBeNull());
    const archived = calls("PUT", `/${first.id}/archived`);
    expect(archived).toHaveLength(1);
    expect(archived[0]?.url.searchParams.get("isArchived")).toBe("true");
    // Every change reloads the list.
    expect(sent.to(FILTERED, "POST").length).toBeGreaterThanOrEqual(4);
  });

  it("Delete asks first; Cancel keeps the notification, Delete removes it", async () => {
    const target = buildNotification({ title: "Remove me" });
    serveNotifications([target], { keep: true });
    const { user, main } = await renderNotifications();
    await main.findByText("Remove me");

    await user.click(row("Remove me").getByRole("button", { name: "Delete" }));
    let dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Delete this notification?")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls("DELETE", target.id)).toHaveLength(0);

    await user.click(row("Remove me").getByRole("button", { name: "Delete" }));
    dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(main.queryByText("Remove me")).toBeNull());
    expect(calls("DELETE", target.id)).toHaveLength(1);
    expect(await main.findByText("No notifications yet")).toBeTruthy();
  });

  it("bulk 'Mark read' sends one call per selected unread row and clears the selection", async () => {
    const a = buildNotification({ title: "Alpha", createdDate: "2025-03-12T12:00:00.000Z" });
    const b = buildNotification({ title: "Bravo", createdDate: "2025-03-12T11:00:00.000Z" });
    const c = buildNotification({
      title: "Charlie",
      isOpened: true,
      createdDate: "2025-03-12T10:00:00.000Z",
    });
    const d = buildNotification({ title: "Delta", createdDate: "2025-03-12T09:00:00.000Z" });
    serveNotifications([a, b, c, d], { keep: true });
    const { user, main } = await renderNotifications();
    await main.findByText("Alpha");

    const markRead = within(
      main.getByRole("toolbar", { name: "Selected notifications" }),
    ).getByRole("button", { name: "Mark read" });
    expect(markRead.hasAttribute("disabled")).toBe(true);
    await user.click(main.getByRole("checkbox", { name: 'Select "Alpha"' }));
    await user.click(main.getByRole("checkbox", { name: 'Select "Charlie"' }));
    await user.click(main.getByRole("checkbox", { name: 'Select "Delta"' }));
    expect(main.getByText("3 selected")).toBeTruthy();
    await user.click(markRead);

    await waitFor(() => expect(row("Delta").queryByText("(unread)")).toBeNull());
    const opened = sent.all().filter((call) => call.method === "PUT");
    expect(opened.map((call) => call.path)).toEqual([
      `${NOTIFICATIONS_PATH}/${a.id}/opened`,
      `${NOTIFICATIONS_PATH}/${d.id}/opened`,
    ]);
    expect(opened.every((call) => call.url.searchParams.get("isOpened") === "true")).toBe(true);
    expect(row("Bravo").getByText("(unread)")).toBeTruthy();
    expect(
      main
        .getAllByRole("checkbox")
        .every((box) => !(box as HTMLInputElement).checked && box.dataset.indeterminate !== "true"),
    ).toBe(true);
  });

  it("'Select all' then 'Archive' archives every loaded row", async () => {
    const records = [
      buildNotification({ title: "One", createdDate: "2025-03-12T12:00:00.000Z" }),
      buildNotification({ title: "Two", createdDate: "2025-03-12T11:00:00.000Z" }),
      buildNotification({ title: "Three", createdDate: "2025-03-10T11:00:00.000Z" }),
    ];
    serveNotifications(records, { keep: true });
    const { user, main } = await renderNotifications();
    await main.findByText("One");

    await user.click(main.getByRole("checkbox", { name: "Select all" }));
    const toolbar = within(main.getByRole("toolbar", { name: "Selected notifications" }));
    expect(toolbar.getByText("3 selected")).toBeTruthy();
    await user.click(toolbar.getByRole("button", { name: "Archive" }));

    expect(await main.findByText("No notifications yet")).toBeTruthy();
    const archived = sent.all().filter((call) => call.method === "PUT");
    expect(archived.map((call) => call.path)).toEqual(
      records.map((n) => `${NOTIFICATIONS_PATH}/${n.id}/archived`),
    );
    expect(archived.every((call) => call.url.searchParams.get("isArchived") === "true")).toBe(true);
  });

  it("the Archived tab lists archived notifications and moves one back to the inbox", async () => {
    const target = buildNotification({ title: "Put away", isArchived: true });
    serveNotifications([target, buildNotification({ title: "In the inbox" })], { keep: true });
    const { user, main, router } = await renderNotifications();
    await main.findByText("In the inbox");

    await user.click(main.getByRole("tab", { name: "Archived" }));
    await main.findByText("Put away");
    expect(router.state.location.search).toBe("?folder=archived");
    expect(main.getByRole("tab", { name: "Archived" }).getAttribute("aria-selected")).toBe("true");
    expect(main.queryByText("In the inbox")).toBeNull();
    expect(sent.to(FILTERED, "POST").at(-1)?.body).toEqual({ data: { isArchived: true } });

    await user.click(row("Put away").getByRole("button", { name: "Move to inbox" }));
    expect(await main.findByText("Nothing archived")).toBeTruthy();
    const call = calls("PUT", `/${target.id}/archived`)[0];
    expect(call?.url.searchParams.get("isArchived")).toBe("false");
  });

  it("'Load more' asks for the next 20 and keeps the rows already shown", async () => {
    const records = Array.from({ length: 25 }, (_, i) =>
      buildNotification({
        title: `Item ${String(i + 1).padStart(2, "0")}`,
        createdDate: new Date(Date.parse(NOW) - (i + 1) * 60_000).toISOString(),
      }),
    );
    serveNotifications(records);
    const { user, main } = await renderNotifications();
    await main.findByText("Item 01");
    expect(main.getAllByRole("listitem")).toHaveLength(20);
    expect(main.getByText("Showing 20 of 25")).toBeTruthy();

    await user.click(main.getByRole("button", { name: "Load more" }));
    await main.findByText("Item 25");
    expect(main.getAllByRole("listitem")).toHaveLength(25);
    expect(main.getByText("Item 01")).toBeTruthy();
    const pages = sent.to(FILTERED, "POST");
    expect(pages.map((call) => call.url.searchParams.get("offset"))).toEqual(["0", "20"]);
    expect(main.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows a loading state, then the empty inbox", async () => {
    let answer: (() => void) | null = null;
    // The list answers only when the test lets it.
    server.use(
      http.post(
        FILTERED,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(listReply(ZNotification, []));
          }),
      ),
    );
    const { main } = await renderNotifications();
    expect(await main.findByRole("status", { name: "Loading notifications" })).toBeTruthy();
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await main.findByText("No notifications yet")).toBeTruthy();
    expect(main.queryByRole("button", { name: "Mark read" })).toBeNull();
  });

  it("says so when the list fails, and Retry loads it again", async () => {
    let fail = true;
    serveNotifications([buildNotification({ title: "Back again" })]);
    // The list fails until the test says otherwise.
    server.use(
      http.post(FILTERED, () =>
        fail ? errorReply(503, "SERVICE_UNAVAILABLE", "Notifications are resting.") : undefined,
      ),
    );
    const { user, main } = await renderNotifications();
    const alert = within(await main.findByRole("alert"));
    expect(alert.getByText(NOTIFICATIONS_FAILED)).toBeTruthy();
    expect(alert.getByText("Notifications are resting.")).toBeTruthy();

    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main.findByText("Back again")).toBeTruthy();
    expect(sent.to(FILTERED, "POST")).toHaveLength(2);
  });

  it("rows and their actions are reachable from the keyboard", async () => {
    const target = buildNotification({ title: "Keyboard", url: "/account" });
    serveNotifications([target]);
    const { user, main, router } = await renderNotifications();
    await main.findByText("Keyboard");
    const button = main.getByRole("button", { name: /Keyboard/ });
    button.focus();
    expect(document.activeElement).toBe(button);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(calls("PUT", `/${target.id}/opened`)).toHaveLength(1);
  });
});

describe("an invitation's notification", () => {
  it("is answered in place with Accept or Decline, and opens as read", async () => {
    const invitation = buildInvitation(1);
    const notification = buildNotification({
      title: "Jordan Lee invited you to Riverside Sports Complex",
      url: invitationUrl(invitation.id),
      tags: ["invitation"],
      senderProfile: {
        id: invitation.profileId,
        kind: "facility",
        name: "Riverside Sports Complex",
        logo: null,
      },
    });
    const records = [notification, buildNotification({ title: "Something else", url: "/home" })];
    serveNotifications(records, { keep: true });
    server.use(...myInvitationHandlers({ myInvitations: [invitation] }));
    const { user, main } = await renderNotifications();
    await main.findByText("Jordan Lee invited you to Riverside Sports Complex");
    const invited = row("Jordan Lee invited you to Riverside Sports Complex");
    expect(row("Something else").queryByRole("button", { name: /Accept/ })).toBeNull();
    await user.click(
      await invited.findByRole("button", {
        name: "Accept the invitation to Riverside Sports Complex",
      }),
    );
    await waitFor(() =>
      expect(calls("POST", `/invitations/${invitation.id}/accept`)).toHaveLength(1),
    );
    expect(await screen.findByText("You joined Riverside Sports Complex.")).toBeTruthy();
    await waitFor(() =>
      expect(calls("PUT", `/${notification.id}/opened`)[0]?.url.searchParams.get("isOpened")).toBe(
        "true",
      ),
    );
  });

  it("says so when the invitation is gone", async () => {
    const records = [
      buildNotification({
        title: "An old invitation",
        url: invitationUrl(testUuid(4242)),
        tags: ["invitation"],
      }),
    ];
    serveNotifications(records, { keep: true });
    server.use(...myInvitationHandlers({ myInvitations: [] }));
    const { user, main } = await renderNotifications();
    await main.findByText("An old invitation");
    await user.click(
      await row("An old invitation").findByRole("button", {
        name: "Decline the invitation to Riverside Sports",
      }),
    );
    expect(await screen.findByText("The invitation was not found.")).toBeTruthy();
  });
});
