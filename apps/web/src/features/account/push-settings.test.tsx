// /account's push notifications: a browser without push, or with notifications blocked, says so;
// turning push on asks permission, subscribes the service worker's pushManager with the server's
// VAPID key and gives the server that subscription; turning it off removes it from the server and
// the browser; a permission not given subscribes nothing; each category's push setting is saved.
// The browser's push machinery (service worker registration, pushManager, Notification) is a
// stand-in that behaves as the browser's does; the server is MSW (testing/handlers.ts).
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { sent, serveBase } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { myInvitationHandlers } from "../profiles/testing";
import { PUSH_SETTINGS_TITLE } from "./push-settings";
import { notificationPreferenceHandlers, pushDeviceHandlers } from "./testing";

const profile = buildProfile({ name: "Jordan Lee" });
const DEVICES = `/user-mgmt/api/users/${profile.id}/push-subscriptions`;
// A P-256 public key's 65 bytes: 0x04 then 64 bytes, in base64url as the server gives it.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 7) % 256));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString("base64url");

/** A browser's push machinery: permission, a service worker registration and its pushManager. */
function fakeBrowserPush(permission: NotificationPermission, answer: NotificationPermission) {
  let subscription: PushSubscription | null = null;
  const browser = {
    permission,
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    unsubscribed: 0,
  };
  const makeSubscription = (): PushSubscription =>
    ({
      endpoint: "https://push.example.test/send/device-1",
      toJSON: () => ({
        endpoint: "https://push.example.test/send/device-1",
        expirationTime: null,
        keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "AuthSecret" },
      }),
      unsubscribe: async () => {
        browser.unsubscribed++;
        subscription = null;
        return true;
      },
    }) as unknown as PushSubscription;
  const registration = {
    pushManager: {
      getSubscription: async () => subscription,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        browser.subscribeOptions.push(options);
        subscription = makeSubscription();
        return subscription;
      },
    },
  };
  vi.stubGlobal("Notification", {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.permission = answer;
      return answer;
    },
  });
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return {
    browser,
    subscribed: () => subscription !== null,
    startSubscribed: () => {
      subscription = makeSubscription();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

beforeEach(() => {
  serveBase(...myInvitationHandlers({ myInvitations: [] }));
  serveBase(...notificationPreferenceHandlers({ push: { messages: "off" } }));
  serveBase(...pushDeviceHandlers(PUBLIC_KEY));
});

async function renderSection() {
  const rendered = await renderApp({ path: "/account", auth: buildSignedInAuth({ profile }) });
  const section = within(await screen.findByRole("region", { name: PUSH_SETTINGS_TITLE }));
  return { ...rendered, section };
}

describe("push notifications on /account", () => {
  it("says a browser without push cannot receive them, and still shows what is pushed to other devices", async () => {
    const { section } = await renderSection();
    expect(await section.findByText(/This browser cannot receive push notifications/)).toBeTruthy();
    expect(section.queryByRole("button", { name: /Turn on/ })).toBeNull();
    expect((await section.findByRole("combobox", { name: "Unread messages" })).textContent).toBe(
      "Off",
    );
  });

  it("says notifications are blocked when the browser's permission was refused", async () => {
    fakeBrowserPush("denied", "denied");
    const { section } = await renderSection();
    expect(await section.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(section.queryByRole("button", { name: /Turn on/ })).toBeNull();
  });

  it("turns push on: asks permission, subscribes with the server's key and sends the subscription", async () => {
    const push = fakeBrowserPush("default", "granted");
    const { user, section } = await renderSection();
    await user.click(await section.findByRole("button", { name: "Turn on for this device" }));
    expect(await section.findByText("This device receives your push notifications.")).toBeTruthy();
    expect(push.browser.subscribeOptions).toHaveLength(1);
    const [options] = push.browser.subscribeOptions;
    expect(options!.userVisibleOnly).toBe(true);
    expect(Array.from(options!.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    expect(sent.bodies(DEVICES, "POST")).toEqual([
      {
        data: {
          endpoint: "https://push.example.test/send/device-1",
          expirationTime: null,
          keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "AuthSecret" },
        },
      },
    ]);
    expect(section.getByRole("button", { name: "Turn off on this device" })).toBeTruthy();
  });

  it("turns push off: the server forgets the device and the browser unsubscribes", async () => {
    const push = fakeBrowserPush("granted", "granted");
    const { user, section } = await renderSection();
    // On first, through the page, so the server has the device.
    await user.click(await section.findByRole("button", { name: "Turn on for this device" }));
    await user.click(await section.findByRole("button", { name: "Turn off on this device" }));
    expect(
      await section.findByText("This device does not receive push notifications."),
    ).toBeTruthy();
    const removed = sent.to(DEVICES, "DELETE");
    expect(removed.map((r) => r.url.searchParams.get("endpoint"))).toEqual([
      "https://push.example.test/send/device-1",
    ]);
    expect(push.browser.unsubscribed).toBe(1);
    expect(push.subscribed()).toBe(false);
  });

  it("subscribes nothing when the permission is not given", async () => {
    const push = fakeBrowserPush("default", "default");
    const { user, section } = await renderSection();
    await user.click(await section.findByRole("button", { name: "Turn on for this device" }));
    await waitFor(() =>
      expect(section.getByRole("button", { name: "Turn on for this device" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    expect(push.browser.subscribeOptions).toEqual([]);
    expect(sent.to(DEVICES, "POST")).toEqual([]);
  });

  it("saves a category's push setting at once, sending only that category", async () => {
    const { user, section } = await renderSection();
    await user.click(await section.findByRole("combobox", { name: "New leads" }));
    await user.click(screen.getByRole("option", { name: "Off" }));
    await waitFor(() =>
      expect(sent.bodies(`/user-mgmt/api/users/${profile.id}/push-preferences`, "PUT")).toEqual([
        { data: { leads: "off" } },
      ]),
    );
    expect(await screen.findByText("Your push settings are saved.")).toBeTruthy();
  });
});
