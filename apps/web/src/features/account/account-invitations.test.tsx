// The account page's Invitations: the listings that invited me, answered with Accept or Decline.
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { NO_INVITATIONS } from "../profiles";
import { buildInvitation, myInvitationHandlers, uuid } from "../profiles/testing";
import { notificationPreferenceHandlers } from "./testing";

const INVITATIONS = "/user-mgmt/api/invitations";

async function renderInvitations(invitations: ReturnType<typeof buildInvitation>[]) {
  const world = { myInvitations: invitations };
  serveBase(...notificationPreferenceHandlers());
  serveBase(...myInvitationHandlers(world));
  const rendered = await renderApp({
    path: "/account",
    auth: buildSignedInAuth({ profile: buildProfile({ name: "Jordan Lee" }) }),
  });
  const section = within(await screen.findByRole("region", { name: "Invitations" }));
  return { ...rendered, section, world };
}

describe("/account invitations", () => {
  it("lists the invitations waiting for me; Accept joins, Decline declines, and they leave the list", async () => {
    const { user, section } = await renderInvitations([
      buildInvitation(1, { role: "manager" }),
      buildInvitation(2, {
        profile: { id: uuid(50), kind: "destination", name: "Lakeside CVB", logo: null },
      }),
    ]);
    expect(await section.findByText("Riverside Sports Complex")).toBeTruthy();
    expect(section.getByText("Manager")).toBeTruthy();
    expect(section.getByText("Lakeside CVB")).toBeTruthy();

    await user.click(
      section.getByRole("button", { name: "Accept the invitation to Riverside Sports Complex" }),
    );
    await waitFor(() =>
      expect(sent.to(`${INVITATIONS}/${uuid(701)}/accept`, "POST")).toHaveLength(1),
    );
    expect(await screen.findByText("You joined Riverside Sports Complex.")).toBeTruthy();
    await waitFor(() => expect(section.queryByText("Riverside Sports Complex")).toBeNull());

    await user.click(
      section.getByRole("button", { name: "Decline the invitation to Lakeside CVB" }),
    );
    await waitFor(() =>
      expect(sent.to(`${INVITATIONS}/${uuid(702)}/decline`, "POST")).toHaveLength(1),
    );
    expect(await section.findByText(NO_INVITATIONS)).toBeTruthy();
  });

  it("says so when none are waiting", async () => {
    const { section } = await renderInvitations([]);
    expect(await section.findByText(NO_INVITATIONS)).toBeTruthy();
  });

  it("offers Retry when they do not load", async () => {
    server.use(
      http.get(`${INVITATIONS}/my`, () => errorReply(500, "INTERNAL_ERROR", "Something broke.")),
    );
    const { user, section } = await renderInvitations([buildInvitation(1)]);
    expect(await section.findByText("Something broke.")).toBeTruthy();
    server.resetHandlers();
    await user.click(section.getByRole("button", { name: "Retry" }));
    expect(await section.findByText("Riverside Sports Complex")).toBeTruthy();
  });
});
