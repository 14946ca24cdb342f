import { type THubNotify, type TNotification, ZNotification } from "@hostfield/domain/contracts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { THubSocket } from "../../lib/hub/hub-client";
import { HubProvider } from "../../lib/hub/hub-provider";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, sent, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { NotifyToasts } from "./notify-toasts";
import { buildNotification, NOTIFICATIONS_PATH, testUuid } from "./testing";

/** A hub socket that records its handlers, so a test can play the server. */
function fakeSocket() {
  const handlers = new Map<string, (data: unknown) => void>();
  const socket = {
    on(event: string, handler: (data: unknown) => void) {
      handlers.set(event, handler);
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  return {
    /** The hub client loads on its own (a dynamic import): true once it listens. */
    ready: () => handlers.has("Notify"),
    openSocket: () => socket as unknown as THubSocket,
    emit(event: string, data: unknown) {
      const handler = handlers.get(event);
      if (!handler) throw new Error(`Nobody listens to ${event}`);
      act(() => handler(data));
    },
  };
}

async function renderToasts(path = "/home") {
  server.use(
    http.put(`${NOTIFICATIONS_PATH}/:id/opened`, () =>
      dataReply(ZNotification, buildNotification({ isOpened: true })),
    ),
  );
  const hub = fakeSocket();
  const router = createMemoryRouter([{ path: "*", element: <NotifyToasts /> }], {
    initialEntries: [path],
  });
  render(
    <TestProviders auth={buildSignedInAuth()}>
      <HubProvider openSocket={hub.openSocket}>
        <RouterProvider router={router} />
      </HubProvider>
    </TestProviders>,
  );
  await waitFor(() => expect(hub.ready()).toBe(true));
  const notify = (notification: TNotification | null, extra: Partial<THubNotify> = {}) =>
    hub.emit("Notify", {
      tags: notification?.tags ?? [],
      url: notification?.url ?? null,
      threadId: notification?.threadId ?? null,
      notification,
      ...extra,
    } satisfies THubNotify);
  return { router, notify, user: userEvent.setup() };
}

function toast(title: string) {
  return within(screen.getByRole("alert", { name: title }));
}

describe("NotifyToasts", () => {
  it("shows the sender's avatar, the title and contents, with View and Dismiss", async () => {
    const { notify } = await renderToasts();
    notify(buildNotification({ title: "New follower", contents: "Lakeside Hotel follows you." }));

    const shown = within(await screen.findByRole("alert", { name: "New follower" }));
    expect(shown.getByText("Lakeside Hotel follows you.")).toBeTruthy();
    expect(shown.getByText("RS")).toBeTruthy(); // Riverside Sports, no logo: initials
    expect(shown.getByRole("button", { name: "View" })).toBeTruthy();
    expect(shown.getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });

  it("shows nothing for a Notify without a notification", async () => {
    const { notify } = await renderToasts();
    notify(null, { url: "/groups/x", threadId: testUuid(5) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("View marks the notification opened, closes the toast and goes to its url", async () => {
    const groupId = testUuid(42);
    const { notify, user, router } = await renderToasts();
    const notification = buildNotification({ title: "New message", url: `/groups/${groupId}` });
    notify(notification);

    await user.click(
      within(await screen.findByRole("alert", { name: "New message" })).getByRole("button", {
        name: "View",
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${groupId}`));
    await waitFor(() => expect(screen.queryByRole("alert", { name: "New message" })).toBeNull());
    const puts = sent.all().filter((call) => call.method === "PUT");
    expect(puts.map((call) => call.path)).toEqual([
      `${NOTIFICATIONS_PATH}/${notification.id}/opened`,
    ]);
    expect(puts[0]?.url.searchParams.get("isOpened")).toBe("true");
  });

  it("clicking the toast itself is View", async () => {
    const { notify, user, router } = await renderToasts();
    const notification = buildNotification({ title: "Lead answered", url: "/account" });
    notify(notification);

    await user.click(await screen.findByText("Lead answered"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(sent.all().map((call) => call.path)).toEqual([
      `${NOTIFICATIONS_PATH}/${notification.id}/opened`,
    ]);
  });

  it("Dismiss only closes the toast", async () => {
    const { notify, user, router } = await renderToasts();
    notify(buildNotification({ title: "Just so you know", url: "/account" }));

    await user.click(
      within(await screen.findByRole("alert", { name: "Just so you know" })).getByRole("button", {
        name: "Dismiss",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(sent.all()).toHaveLength(0);
    expect(router.state.location.pathname).toBe("/home");
  });

  it("shows at most 3 toasts at once; a fourth waits for the oldest to leave", async () => {
    const { notify } = await renderToasts();
    for (const n of [1, 2, 3, 4]) {
      notify(buildNotification({ title: `Toast ${n}` }));
    }
    await screen.findByRole("alert", { name: "Toast 3" });
    expect(screen.getAllByRole("alert").length).toBeLessThanOrEqual(3);
    expect(screen.queryByRole("alert", { name: "Toast 4" })).toBeNull();

    await screen.findByRole("alert", { name: "Toast 4" }, { timeout: 3000 });
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Toast 1" })).toBeNull());
    expect(screen.getAllByRole("alert")).toHaveLength(3);
  });

  it("shows one toast when the same notification is pushed twice", async () => {
    const { notify } = await renderToasts();
    const notification = buildNotification({ title: "Only once" });
    notify(notification);
    notify(notification);
    await screen.findByRole("alert", { name: "Only once" });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("stays quiet for a message of the conversation the user is reading", async () => {
    const groupId = testUuid(7);
    const { notify } = await renderToasts(`/groups/${groupId}`);
    notify(buildNotification({ title: "Live message", url: `/groups/${groupId}` }));
    notify(buildNotification({ title: "Other group", url: `/groups/${testUuid(8)}` }));

    await screen.findByRole("alert", { name: "Other group" });
    expect(screen.queryByRole("alert", { name: "Live message" })).toBeNull();
    expect(toast("Other group").getByRole("button", { name: "View" })).toBeTruthy();
  });
});
