import { type TPublicUser, ZPublicUser } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth, buildUser } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { DIRECT_ID, messagingHandlers, SAM as SAM_PERSON } from "../messaging/testing";
import { MEMBER_NOT_FOUND } from "./user-page";

const SAM = ZPublicUser.parse({ ...SAM_PERSON, accountType: "Coach" } satisfies TPublicUser);
const PROFILE_PATH = `/user-mgmt/api/users/${SAM.id}/profile`;
const MESSAGE_PATH = `/user-mgmt/api/users/${SAM.id}/message`;

const profileOf = (member: TPublicUser | null) =>
  http.get(`/user-mgmt/api/users/${member?.id ?? SAM.id}/profile`, () =>
    member
      ? dataReply(ZPublicUser, member)
      : errorReply(404, "NOT_FOUND", "The user was not found."),
  );

/** The member's page, and the messaging calls behind 'Message' (the direct conversation with Sam). */
function serveMember(member: TPublicUser | null) {
  server.use(profileOf(member), ...messagingHandlers());
}

describe("/users/:userId", () => {
  it("shows the member, and 'Message' opens the direct conversation and goes there", async () => {
    serveMember(SAM);
    const { user, router } = await renderApp({
      path: `/users/${SAM.id}`,
      auth: buildSignedInAuth(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: SAM.name })).toBeTruthy();
    expect(document.title).toBe(`${SAM.name} | Hostfield`);
    const main = within(screen.getByRole("main"));
    expect(main.getByText("Coach")).toBeTruthy();
    expect(main.getByText("SR")).toBeTruthy();
    expect(sent.to(PROFILE_PATH, "GET")).toHaveLength(1);

    await user.click(main.getByRole("button", { name: "Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${DIRECT_ID}`));
    expect(sent.to(MESSAGE_PATH, "POST")).toHaveLength(1);
  });

  it("shows the API's error when the conversation cannot be opened", async () => {
    server.use(
      profileOf(SAM),
      http.post(MESSAGE_PATH, () => errorReply(404, "NOT_FOUND", "The user was not found.")),
    );
    const { user, router } = await renderApp({
      path: `/users/${SAM.id}`,
      auth: buildSignedInAuth(),
    });
    const main = within(screen.getByRole("main"));
    await user.click(await main.findByRole("button", { name: "Message" }));
    expect(await main.findByText("The user was not found.")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/users/${SAM.id}`);
    expect(sent.to(MESSAGE_PATH, "POST")).toHaveLength(1);
  });

  it("asks a signed-out visitor to log in, and comes back here", async () => {
    serveMember(SAM);
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: `/users/${SAM.id}`, auth });
    const main = within(screen.getByRole("main"));
    await user.click(await main.findByRole("button", { name: "Message" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: `/users/${SAM.id}` });
    expect(sent.to(MESSAGE_PATH)).toHaveLength(0);
  });

  it("offers no 'Message' on my own page", async () => {
    const me = buildUser();
    serveMember({ ...SAM, id: me.id, name: "Jordan Lee" });
    await renderApp({ path: `/users/${me.id}`, auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("link", { name: "Edit my profile" })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Message" })).toBeNull();
  });

  it("says when the member is not found (or hidden)", async () => {
    serveMember(null);
    await renderApp({ path: `/users/${SAM.id}`, auth: buildSignedOutAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: MEMBER_NOT_FOUND })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Message" })).toBeNull();
  });
});
