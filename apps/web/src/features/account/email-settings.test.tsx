// /account's e-mail settings: each category shows the member's choice, and a change is saved at
// once with exactly that category; a failed save says so and keeps what was stored.
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { myInvitationHandlers } from "../profiles/testing";
import { EMAIL_SETTINGS_TITLE } from "./email-settings";
import { notificationPreferenceHandlers } from "./testing";

const profile = buildProfile({ name: "Jordan Lee" });
const PATH = `/user-mgmt/api/users/${profile.id}/email-preferences`;

async function renderSettings() {
  const rendered = await renderApp({ path: "/account", auth: buildSignedInAuth({ profile }) });
  const section = within(await screen.findByRole("region", { name: EMAIL_SETTINGS_TITLE }));
  return { ...rendered, section };
}

beforeEach(() => {
  serveBase(...myInvitationHandlers({ myInvitations: [] }));
  serveBase(
    ...notificationPreferenceHandlers({ email: { messages: "digest", invitations: "off" } }),
  );
});

describe("e-mail settings on /account", () => {
  it("shows the stored choice of every category", async () => {
    const { section } = await renderSettings();
    const shown = async (name: string) =>
      (await section.findByRole("combobox", { name })).textContent;
    expect(await shown("New leads")).toBe("Instantly");
    expect(await shown("Unread messages")).toBe("Daily digest");
    expect(await shown("Invitations")).toBe("Off");
  });

  it("saves a change at once, sending only that category", async () => {
    const { user, section } = await renderSettings();
    await user.click(await section.findByRole("combobox", { name: "New leads" }));
    await user.click(screen.getByRole("option", { name: "Daily digest" }));
    await waitFor(() => expect(sent.bodies(PATH, "PUT")).toEqual([{ data: { leads: "digest" } }]));
    expect(await screen.findByText("Your e-mail settings are saved.")).toBeTruthy();
    expect(section.getByRole("combobox", { name: "New leads" }).textContent).toBe("Daily digest");
  });

  it("says when a change could not be saved, and keeps the stored choice", async () => {
    server.use(
      http.put(PATH, () => errorReply(503, "SERVICE_UNAVAILABLE", "Database unavailable")),
    );
    const { user, section } = await renderSettings();
    await user.click(await section.findByRole("combobox", { name: "Proposals" }));
    await user.click(screen.getByRole("option", { name: "Off" }));
    expect(await screen.findByText(/Database unavailable|could not be saved/)).toBeTruthy();
    await waitFor(() =>
      expect(section.getByRole("combobox", { name: "Proposals" }).textContent).toBe("Instantly"),
    );
  });
});
