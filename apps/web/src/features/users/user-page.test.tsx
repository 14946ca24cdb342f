import type { TPublicUser } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../test/api-stub";
import { buildSignedInAuth, buildSignedOutAuth, buildUser } from "../../test/factories";
import { renderApp } from "../../test/render-app";
import { MEMBER_NOT_FOUND } from "./user-page";

const SAM: TPublicUser = {
  id: "2b7e4c1a-3f5d-4e8a-9b1c-0d2e3f4a5b6c",
  name: "Sam Rivera",
  accountType: "Coach",
  avatarUrl: null,
};
const DIRECT_ID = "1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e";
const PROFILE_PATH = `/user-mgmt/api/users/${SAM.id}/profile`;
const MESSAGE_PATH = `/user-mgmt/api/users/${SAM.id}/message`;

function stubMember(member: TPublicUser | null) {
  return stubApi((call) => {
    if (call.path === "/status.json") return Response.json({});
    if (call.path === `/user-mgmt/api/users/${member?.id ?? SAM.id}/profile`) {
      return member
        ? Response.json({ data: member })
        : Response.json(
            { error: { code: "NOT_FOUND", message: "The user was not found." } },
            { status: 404 },
          );
    }
    if (call.path === MESSAGE_PATH && call.method === "POST") {
      return Response.json({ data: DIRECT_ID });
    }
    // The conversation page the button leads to: nothing there yet.
    if (call.path.startsWith("/user-mgmt/api/")) {
      return Response.json(
        { error: { code: "NOT_FOUND", message: "Not found." } },
        { status: 404 },
      );
    }
    return undefined;
  });
}

describe("/users/:userId", () => {
  it("shows the member, and 'Message' opens the direct conversation and goes there", async () => {
    const api = stubMember(SAM);
    const { user, router } = await renderApp({
      path: `/users/${SAM.id}`,
      auth: buildSignedInAuth(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: SAM.name })).toBeTruthy();
    expect(document.title).toBe(`${SAM.name} | Hostfield`);
    const main = within(screen.getByRole("main"));
    expect(main.getByText("Coach")).toBeTruthy();
    expect(main.getByText("SR")).toBeTruthy();
    expect(api.to(PROFILE_PATH, "GET")).toHaveLength(1);

    await user.click(main.getByRole("button", { name: "Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${DIRECT_ID}`));
    expect(api.to(MESSAGE_PATH, "POST")).toHaveLength(1);
  });

  it("shows the API's error when the conversation cannot be opened", async () => {
    const api = stubApi((call) => {
      if (call.path === PROFILE_PATH) return Response.json({ data: SAM });
      if (call.path === MESSAGE_PATH) {
        return Response.json(
          { error: { code: "NOT_FOUND", message: "The user was not found." } },
          { status: 404 },
        );
      }
      return call.path === "/status.json" ? Response.json({}) : undefined;
    });
    const { user, router } = await renderApp({
      path: `/users/${SAM.id}`,
      auth: buildSignedInAuth(),
    });
    const main = within(screen.getByRole("main"));
    await user.click(await main.findByRole("button", { name: "Message" }));
    expect(await main.findByText("The user was not found.")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/users/${SAM.id}`);
    expect(api.to(MESSAGE_PATH, "POST")).toHaveLength(1);
  });

  it("asks a signed-out visitor to log in, and comes back here", async () => {
    const api = stubMember(SAM);
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: `/users/${SAM.id}`, auth });
    const main = within(screen.getByRole("main"));
    await user.click(await main.findByRole("button", { name: "Message" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: `/users/${SAM.id}` });
    expect(api.to(MESSAGE_PATH)).toHaveLength(0);
  });

  it("offers no 'Message' on my own page", async () => {
    const me = buildUser();
    stubMember({ ...SAM, id: me.id, name: "Jordan Lee" });
    await renderApp({ path: `/users/${me.id}`, auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("link", { name: "Edit my profile" })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Message" })).toBeNull();
  });

  it("says when the member is not found (or hidden)", async () => {
    stubMember(null);
    await renderApp({ path: `/users/${SAM.id}`, auth: buildSignedOutAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: MEMBER_NOT_FOUND })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Message" })).toBeNull();
  });
});
