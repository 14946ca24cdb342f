import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { dataOf, errorReply, pageReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { MAIL_EMPTY } from "./mail-panel";
import {
  ADMIN_ID,
  buildAdminAuth,
  buildMail,
  buildMember,
  keepMemberChanges,
  mailList,
  membersHandlers,
  ZUserWithoutBlocked,
} from "./testing";
import { USERS_EMPTY } from "./users-panel";

// A cold page load and many calls take a while on a busy machine.

const USERS = "/user-mgmt/api/users";

/** The member calls over `members`; with `keep`, the server keeps the roles and blocks it sets. */
function serveMembers(members: Parameters<typeof membersHandlers>[0], { keep = false } = {}) {
  if (keep) server.use(keepMemberChanges(members));
  server.use(...membersHandlers(members));
}

/** The page is hidden from assistive tech until the confirmation dialog has gone. */
async function dialogGone() {
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

async function renderAdmin(path: string, width?: number) {
  const rendered = await renderApp({ path, auth: buildAdminAuth(), width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("/admin users", () => {
  it("lists members with their role and state", async () => {
    const members = [
      buildMember({ id: ADMIN_ID, name: "Jordan Lee", email: "jordan@example.com", isAdmin: true }),
      buildMember({ name: "Sam Rivera", isBlocked: true }),
      // A user from a server that does not send isBlocked yet.
      { ...buildMember({ name: "Alex Kim", email: "alex@example.com" }), isBlocked: undefined },
    ];
    serveMembers(members);
    const { main } = await renderAdmin("/admin?tab=users");

    expect(await main.findByText("Showing 3 of 3 members")).toBeTruthy();
    const me = within(main.getByRole("listitem", { name: "Jordan Lee" }));
    expect(me.getByText("Admin")).toBeTruthy();
    expect(me.getByText("You")).toBeTruthy();
    // Nobody revokes their own admin role or blocks themselves.
    expect(
      me.getByRole("button", { name: "Revoke admin: Jordan Lee" }).hasAttribute("disabled"),
    ).toBe(true);
    expect(me.getByRole("button", { name: "Block: Jordan Lee" }).hasAttribute("disabled")).toBe(
      true,
    );

    const sam = within(main.getByRole("listitem", { name: "Sam Rivera" }));
    expect(sam.getByText("Blocked")).toBeTruthy();
    expect(sam.getByRole("button", { name: "Unblock: Sam Rivera" })).toBeTruthy();
    const alex = within(main.getByRole("listitem", { name: "Alex Kim" }));
    expect(alex.getByRole("button", { name: "Block: Alex Kim" })).toBeTruthy();
    expect(alex.queryByText("Blocked")).toBeNull();

    const first = sent.to(`${USERS}/filtered`, "POST")[0];
    expect(first?.body).toEqual({ data: {} });
    expect(first?.url.searchParams.get("offset")).toBe("0");
    expect(first?.url.searchParams.get("take")).toBe("20");
  });

  it("searches by name or e-mail and keeps the search in the address", async () => {
    const sam = buildMember({ name: "Sam Rivera", email: "sam@lakeside.example" });
    const members = [sam, buildMember({ name: "Alex Kim", email: "alex@example.com" })];
    // What the server's search finds: Sam's address has "lakeside"; neither is an admin.
    server.use(
      http.post(`${USERS}/filtered`, async ({ request }) => {
        const { text, isAdmin } = await dataOf<{ text?: string; isAdmin?: boolean }>(request);
        const found = isAdmin ? [] : text === "lakeside" ? [sam] : members;
        return pageReply(ZUserWithoutBlocked, found, request);
      }),
    );
    const { main, user, router } = await renderAdmin("/admin?tab=users");
    await main.findByRole("listitem", { name: "Alex Kim" });

    await user.type(main.getByRole("searchbox", { name: "Name or e-mail" }), "lakeside");
    await user.click(main.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(main.queryByRole("listitem", { name: "Alex Kim" })).toBeNull());
    expect(main.getByRole("listitem", { name: "Sam Rivera" })).toBeTruthy();
    expect(sent.to(`${USERS}/filtered`, "POST").at(-1)?.body).toEqual({
      data: { text: "lakeside" },
    });
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("lakeside");

    await user.click(main.getByRole("checkbox", { name: "Admins only" }));
    expect(await main.findByText(USERS_EMPTY)).toBeTruthy();
    expect(sent.to(`${USERS}/filtered`, "POST").at(-1)?.body).toEqual({
      data: { text: "lakeside", isAdmin: true },
    });
  });

  it("'Load more' asks for the next page", async () => {
    const members = Array.from({ length: 23 }, (_, index) =>
      buildMember({ name: `Member ${index + 1}`, email: `m${index + 1}@example.com` }),
    );
    serveMembers(members);
    const { main, user } = await renderAdmin("/admin?tab=users");
    expect(await main.findByText("Showing 20 of 23 members")).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Load more" }));
    expect(await main.findByText("Showing 23 of 23 members")).toBeTruthy();
    expect(sent.to(`${USERS}/filtered`, "POST").at(-1)?.url.searchParams.get("offset")).toBe("20");
    expect(main.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("blocking asks first; cancelling sends nothing, confirming blocks", async () => {
    const sam = buildMember({ name: "Sam Rivera" });
    serveMembers([sam], { keep: true });
    const { main, user } = await renderAdmin("/admin?tab=users");
    const block = await main.findByRole("button", { name: "Block: Sam Rivera" });

    await user.click(block);
    let dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText(/signed out everywhere/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.all().filter((call) => call.method === "PUT")).toHaveLength(0);

    await user.click(block);
    dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Block" }));
    await waitFor(() => expect(sent.to(`${USERS}/${sam.id}/blocked`, "PUT")).toHaveLength(1));
    expect(sent.to(`${USERS}/${sam.id}/blocked`, "PUT")[0]?.url.searchParams.get("isBlocked")).toBe(
      "true",
    );
    expect(
      await screen.findByText("Sam Rivera is blocked and signed out everywhere."),
    ).toBeTruthy();
    await dialogGone();
    const row = within(main.getByRole("listitem", { name: "Sam Rivera" }));
    expect(row.getByText("Blocked")).toBeTruthy();

    // Unblocking needs no confirmation.
    await user.click(row.getByRole("button", { name: "Unblock: Sam Rivera" }));
    await waitFor(() => expect(sent.to(`${USERS}/${sam.id}/blocked`, "PUT")).toHaveLength(2));
    expect(sent.to(`${USERS}/${sam.id}/blocked`, "PUT")[1]?.url.searchParams.get("isBlocked")).toBe(
      "false",
    );
    await waitFor(() => expect(row.queryByText("Blocked")).toBeNull());
  });

  it("grants the admin role, and revokes it after a confirmation", async () => {
    const sam = buildMember({ name: "Sam Rivera" });
    serveMembers([sam], { keep: true });
    const { main, user } = await renderAdmin("/admin?tab=users");

    await user.click(await main.findByRole("button", { name: "Make admin: Sam Rivera" }));
    let dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Make admin" }));
    await waitFor(() => expect(sent.to(`${USERS}/${sam.id}/admin`, "PUT")).toHaveLength(1));
    expect(sent.to(`${USERS}/${sam.id}/admin`, "PUT")[0]?.url.searchParams.get("isAdmin")).toBe(
      "true",
    );
    expect(await screen.findByText("Sam Rivera is now an admin.")).toBeTruthy();
    await dialogGone();
    const row = within(main.getByRole("listitem", { name: "Sam Rivera" }));
    expect(row.getByText("Admin")).toBeTruthy();

    await user.click(row.getByRole("button", { name: "Revoke admin: Sam Rivera" }));
    dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Revoke admin" }));
    await waitFor(() => expect(sent.to(`${USERS}/${sam.id}/admin`, "PUT")).toHaveLength(2));
    expect(sent.to(`${USERS}/${sam.id}/admin`, "PUT")[1]?.url.searchParams.get("isAdmin")).toBe(
      "false",
    );
    await waitFor(() => expect(row.queryByText("Admin")).toBeNull());
    await dialogGone();
    expect(row.getByRole("button", { name: "Make admin: Sam Rivera" })).toBeTruthy();
  });

  it("shows the server's refusal and leaves the member as they were", async () => {
    const other = buildMember({ name: "Sam Rivera", isAdmin: true });
    serveMembers([other]);
    server.use(
      http.put(`${USERS}/${other.id}/admin`, () =>
        errorReply(400, "CANNOT_CHANGE_OWN_ADMIN", "You cannot revoke your own admin role."),
      ),
    );
    const { main, user } = await renderAdmin("/admin?tab=users");
    await user.click(await main.findByRole("button", { name: "Revoke admin: Sam Rivera" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke admin" }),
    );
    expect(await screen.findByText("You cannot revoke your own admin role.")).toBeTruthy();
    await dialogGone();
    expect(
      within(main.getByRole("listitem", { name: "Sam Rivera" })).getByText("Admin"),
    ).toBeTruthy();
  });

  it("says so when the list fails, and Retry loads it", async () => {
    let fail = true;
    serveMembers([buildMember({ name: "Sam Rivera" })]);
    // The list fails until the test says otherwise.
    server.use(
      http.post(`${USERS}/filtered`, () =>
        fail ? errorReply(500, "INTERNAL_ERROR", "Users are down.") : undefined,
      ),
    );
    const { main, user } = await renderAdmin("/admin?tab=users");
    const alert = within(await main.findByRole("alert"));
    expect(alert.getByText("Users are down.")).toBeTruthy();
    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main.findByRole("listitem", { name: "Sam Rivera" })).toBeTruthy();
  });

  it("fits a phone: the row's actions stay reachable", async () => {
    serveMembers([buildMember({ name: "Sam Rivera" })]);
    const { main } = await renderAdmin("/admin?tab=users", 375);
    expect(await main.findByRole("button", { name: "Block: Sam Rivera" })).toBeTruthy();
    expect(main.getByRole("button", { name: "Make admin: Sam Rivera" })).toBeTruthy();
  });
});

describe("/admin mail outbox", () => {
  const mails = Array.from({ length: 45 }, (_, index) => buildMail(index + 1));

  it("reads the outbox page by page, newest first", async () => {
    server.use(mailList(mails));
    const { main, user, router } = await renderAdmin("/admin?tab=mail");
    expect(await main.findByText("Showing 1–20 of 45 messages, newest first")).toBeTruthy();
    expect(main.getByText("Message 1")).toBeTruthy();
    expect(main.getByText(/To member1@example.com/)).toBeTruthy();
    expect(main.queryByText("Message 21")).toBeNull();
    expect(sent.to("/api/admin/mail")[0]?.url.searchParams.get("offset")).toBe("0");
    expect(sent.to("/api/admin/mail")[0]?.url.searchParams.get("take")).toBe("20");

    await user.click(main.getByRole("button", { name: "Go to next page" }));
    expect(await main.findByText("Showing 21–40 of 45 messages, newest first")).toBeTruthy();
    expect(main.getByText("Message 21")).toBeTruthy();
    expect(sent.to("/api/admin/mail").at(-1)?.url.searchParams.get("offset")).toBe("20");
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("2");

    await user.click(main.getByRole("button", { name: "Go to page 3" }));
    expect(await main.findByText("Showing 41–45 of 45 messages, newest first")).toBeTruthy();
  });

  it("opens a message to read its text", async () => {
    server.use(mailList(mails));
    const { main, user } = await renderAdmin("/admin?tab=mail&page=2");
    const summary = await main.findByRole("button", { name: /Message 21/ });
    expect(summary.getAttribute("aria-expanded")).toBe("false");
    await user.click(summary);
    expect(summary.getAttribute("aria-expanded")).toBe("true");
    expect(main.getByText(/this is message 21\./)).toBeTruthy();
  });

  it("says so when the outbox is empty", async () => {
    server.use(mailList([]));
    const { main } = await renderAdmin("/admin?tab=mail");
    expect(await main.findByText(MAIL_EMPTY)).toBeTruthy();
  });

  it("says so when it fails, and Retry reads it again", async () => {
    let fail = true;
    server.use(
      // The outbox fails until the test says otherwise.
      http.get("/api/admin/mail", () =>
        fail ? errorReply(403, "FORBIDDEN", "Admins only.") : undefined,
      ),
      mailList(mails),
    );
    const { main, user } = await renderAdmin("/admin?tab=mail");
    const alert = within(await main.findByRole("alert"));
    expect(alert.getByText("Admins only.")).toBeTruthy();
    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main.findByText("Message 1")).toBeTruthy();
  });
});
