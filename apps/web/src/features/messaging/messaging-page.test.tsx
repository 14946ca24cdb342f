import { ZGroupMessage, ZId } from "@hostfield/domain/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSignedInAuth } from "../../test/factories";
import { dataOf, dataReply, deletedReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import { CONVERSATION_NOT_FOUND, MESSAGES_PAGE_SIZE, MUTE_LABEL } from "./conversation";
import { LOAD_EARLIER } from "./message-list";
import {
  ALEX,
  buildGroupFile,
  buildMessage,
  DIRECT_ID,
  GROUPS,
  groupNotFound,
  ME,
  MISSING_ID,
  messageRequests,
  messagesReply,
  messagingHandlers,
  messagingWorld,
  postedBodies,
  SAM,
  TEAM_ID,
  type TMessagingWorld,
  USERS,
} from "./testing";
import { NO_CONVERSATIONS } from "./thread-list";

/** The messaging handlers over the standard world, which the test may change before rendering. */
function serveMessaging(world: TMessagingWorld = messagingWorld()) {
  server.use(...messagingHandlers(world));
  return world;
}

/** The server keeps what is posted to a group: the list it answers next has the new message. */
function keepPostedMessages(world: TMessagingWorld, groupId: string) {
  let n = 100;
  server.use(
    http.post(`${GROUPS}/${groupId}/messages`, async ({ request }) => {
      const { body } = await dataOf<{ body: string }>(request);
      n += 1;
      const message = buildMessage(groupId, n, ME, body);
      world.messages[groupId] = [...(world.messages[groupId] ?? []), message];
      return dataReply(ZGroupMessage, message, { status: 201 });
    }),
  );
}

async function renderMessaging(path: string, width?: number) {
  const rendered = await renderApp({ path, auth: buildSignedInAuth(), width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

function conversationsPane() {
  return within(screen.getByRole("region", { name: "Conversations" }));
}

function conversationPane() {
  return within(screen.getByRole("region", { name: "Conversation" }));
}

function composer() {
  return conversationPane().getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
}

async function openConversation(path = `/groups/${TEAM_ID}`, width?: number) {
  const rendered = await renderMessaging(path, width);
  await conversationPane().findByRole("button", { name: "Send message" });
  return rendered;
}

describe("/groups: the conversation list", () => {
  it("shows my conversations, unread ones bold with a dot, direct ones by the other person's name", async () => {
    serveMessaging();
    await renderMessaging("/groups");
    const list = conversationsPane();
    // The direct conversation is named after Sam, read from its members.
    const direct = (await list.findByText(SAM.name)).closest("li") as HTMLElement;
    const team = list.getByText("Riverside coaches").closest("li") as HTMLElement;

    expect(direct.dataset.unread).toBe("true");
    expect(within(direct).getByTestId("unread-dot")).toBeTruthy();
    expect(within(direct).getByRole("link").textContent).toContain("(unread)");
    expect(within(direct).getByText("Are the fields booked?")).toBeTruthy();

    expect(team.dataset.unread).toBe("false");
    expect(within(team).queryByTestId("unread-dot")).toBeNull();
    expect(within(team).getByText("You: See you there")).toBeTruthy();
    expect(within(team).getByRole("link").getAttribute("href")).toBe(`/groups/${TEAM_ID}`);

    const filters = sent.bodies(`${USERS}/${ME.id}/threads/filtered`, "POST");
    expect(filters[0]).toEqual({ data: { isArchived: false } });
    // With nothing chosen yet, the other pane says what to do.
    expect(conversationPane().getByText("Pick a conversation")).toBeTruthy();
  });

  it("says so when there are no conversations", async () => {
    const world = serveMessaging();
    world.threads = [];
    await renderMessaging("/groups");
    expect(await conversationsPane().findByText(NO_CONVERSATIONS)).toBeTruthy();
  });

  it("marks a conversation read from its menu", async () => {
    const world = serveMessaging();
    const unread = world.threads[0]!;
    // Once marked, the server lists the conversation as read.
    server.use(
      http.put(`${USERS}/${ME.id}/threads/bulk/opened`, async ({ request }) => {
        const ids = (await dataOf<string[]>(request)) ?? [];
        world.threads = world.threads.map((t) =>
          ids.includes(t.id) ? { ...t, isOpened: true } : t,
        );
        return dataReply(z.array(ZId), ids);
      }),
    );
    const { user } = await renderMessaging("/groups");
    const list = conversationsPane();
    await list.findByText(SAM.name);
    await user.click(list.getByRole("button", { name: `Actions for ${SAM.name}` }));
    await user.click(await screen.findByRole("menuitem", { name: "Mark as read" }));
    await waitFor(() =>
      expect(sent.to(`${USERS}/${ME.id}/threads/bulk/opened`, "PUT")).toHaveLength(1),
    );
    const call = sent.to(`${USERS}/${ME.id}/threads/bulk/opened`, "PUT")[0];
    expect(call?.url.searchParams.get("isOpened")).toBe("true");
    expect(call?.body).toEqual({ data: [unread.id] });
    await waitFor(() =>
      expect((list.getByText(SAM.name).closest("li") as HTMLElement).dataset.unread).toBe("false"),
    );
  });

  it("'New group' asks for a name, creates the group and opens it", async () => {
    serveMessaging();
    const { user, router } = await renderMessaging("/groups");
    await user.click(conversationsPane().getByRole("button", { name: "New group" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New group" }));
    const create = dialog.getByRole("button", { name: "Create group" });
    expect(create.hasAttribute("disabled")).toBe(true);
    await user.type(dialog.getByRole("textbox", { name: /Group name/ }), "  Spring tournament ");
    await user.click(create);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/groups/4d9a6e3c-5b7f-4a1c-9d3e-2f4a5b6c7d8e"),
    );
    expect(sent.to(GROUPS, "POST")[0]?.body).toEqual({
      data: { name: "Spring tournament" },
    });
  });
});

describe("/groups/:groupId: a conversation", () => {
  it("shows the messages oldest first, mine on the right, with the header and the member count", async () => {
    serveMessaging();
    await openConversation();
    const pane = conversationPane();
    expect(pane.getByRole("heading", { name: "Riverside coaches" })).toBeTruthy();
    expect(pane.getByText("3 members")).toBeTruthy();
    const log = within(pane.getByRole("log", { name: "Messages" }));
    const items = await log.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Kick-off at 9"),
      expect.stringContaining("See you there"),
    ]);
    expect(items[0]?.dataset.mine).toBe("false");
    expect(items[1]?.dataset.mine).toBe("true");
  });

  it("names a direct conversation after the other person", async () => {
    serveMessaging();
    await openConversation(`/groups/${DIRECT_ID}`);
    expect(await conversationPane().findByRole("heading", { name: SAM.name })).toBeTruthy();
  });

  it("sending posts the message, clears the composer and shows it", async () => {
    keepPostedMessages(serveMessaging(), TEAM_ID);
    const { user } = await openConversation();
    const send = conversationPane().getByRole("button", { name: "Send message" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await user.type(composer(), "Bring the cones");
    expect(send.hasAttribute("disabled")).toBe(false);
    await user.click(send);
    await waitFor(() => expect(postedBodies(TEAM_ID)).toEqual(["Bring the cones"]));
    await waitFor(() => expect(composer().value).toBe(""));
    expect(
      await within(conversationPane().getByRole("log")).findByText("Bring the cones"),
    ).toBeTruthy();
  });

  it("shows a message sent while the conversation's first page was still being read", async () => {
    const world = serveMessaging();
    keepPostedMessages(world, TEAM_ID);
    // The first read of the messages starts before the message is stored and answers after it
    // was: what it read (before the message) must not be the last word.
    let stored: () => void = () => {};
    const messageStored = new Promise<void>((resolve) => {
      stored = resolve;
    });
    let reads = 0;
    server.use(
      http.post(`${GROUPS}/${TEAM_ID}/messages/filtered`, async ({ request }) => {
        reads += 1;
        if (reads > 1) return messagesReply(world.messages[TEAM_ID] ?? [], request);
        const before = [...(world.messages[TEAM_ID] ?? [])];
        await messageStored;
        return messagesReply(before, request);
      }),
    );
    const { user } = await openConversation();
    await user.type(composer(), "Bring the cones");
    await user.click(conversationPane().getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(postedBodies(TEAM_ID)).toEqual(["Bring the cones"]));
    stored();
    expect(
      await within(conversationPane().getByRole("log")).findByText("Bring the cones"),
    ).toBeTruthy();
  });

  it("Enter sends; Shift+Enter starts a new line instead", async () => {
    keepPostedMessages(serveMessaging(), TEAM_ID);
    const { user } = await openConversation();
    await user.type(composer(), "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(composer().value).toBe("Line one\nLine two");
    expect(postedBodies(TEAM_ID)).toEqual([]);
    await user.type(composer(), "{Enter}");
    await waitFor(() => expect(postedBodies(TEAM_ID)).toEqual(["Line one\nLine two"]));
    await waitFor(() => expect(composer().value).toBe(""));
  });

  it("does not send an empty message and shows the API's error", async () => {
    serveMessaging();
    const { user } = await openConversation();
    await user.type(composer(), "   {Enter}");
    expect(postedBodies(TEAM_ID)).toEqual([]);
    // The group is gone by now: the post answers 404.
    server.use(http.post(`${GROUPS}/${TEAM_ID}/messages`, () => groupNotFound()));
    await user.type(composer(), "Anyone?{Enter}");
    expect(await conversationPane().findByText("The group was not found.")).toBeTruthy();
    expect(composer().value).toBe("   Anyone?");
  });

  it("pages back through history with `before` = the oldest loaded message", async () => {
    const world = serveMessaging();
    const history = Array.from({ length: MESSAGES_PAGE_SIZE + 5 }, (_, i) =>
      buildMessage(TEAM_ID, i + 1, i % 2 ? ME : ALEX, `History ${i + 1}`),
    );
    world.messages[TEAM_ID] = history;
    // The server pages by `before`: the messages older than it.
    server.use(
      http.post(`${GROUPS}/${TEAM_ID}/messages/filtered`, async ({ request }) => {
        const { before } = (await dataOf<{ before?: string }>(request)) ?? {};
        return messagesReply(
          history.filter((message) => !before || message.createdDate < before),
          request,
        );
      }),
    );
    const { user } = await openConversation();
    const pane = conversationPane();
    expect(await pane.findByText(`History ${MESSAGES_PAGE_SIZE + 5}`)).toBeTruthy();
    expect(pane.queryByText("History 5")).toBeNull();
    expect(messageRequests(TEAM_ID)[0]).toEqual({});

    await user.click(pane.getByRole("button", { name: LOAD_EARLIER }));
    expect(await pane.findByText("History 1")).toBeTruthy();
    const requests = messageRequests(TEAM_ID);
    // Messages 6..35 were loaded first; the oldest of them is message 6.
    expect(requests).toContainEqual({ before: history[5]?.createdDate });
    await waitFor(() => expect(pane.queryByRole("button", { name: LOAD_EARLIER })).toBeNull());
    const log = within(pane.getByRole("log"));
    expect(log.getAllByRole("listitem")).toHaveLength(MESSAGES_PAGE_SIZE + 5);
    expect(log.getAllByRole("listitem")[0]?.textContent).toContain("History 1");
  });

  it("the mute switch calls the mute endpoint and shows the new state", async () => {
    serveMessaging();
    const { user } = await openConversation();
    const mute = conversationPane().getByRole("switch", { name: MUTE_LABEL }) as HTMLInputElement;
    expect(mute.checked).toBe(false);
    await user.click(mute);
    await waitFor(() => expect(sent.to(`${GROUPS}/${TEAM_ID}/mute`, "PUT")).toHaveLength(1));
    const call = sent.to(`${GROUPS}/${TEAM_ID}/mute`, "PUT")[0];
    expect(call?.url.searchParams.get("isMuted")).toBe("true");
    await waitFor(() => expect(mute.checked).toBe(true));
    expect(sent.to(`${GROUPS}/${TEAM_ID}/ignore`)).toHaveLength(0);
  });

  it("uploads an image with progress, then posts a message linking it", async () => {
    keepPostedMessages(serveMessaging(), TEAM_ID);
    const stored = buildGroupFile();
    const uploads = stubUploads(() => stored);
    const { user } = await openConversation();
    const pane = conversationPane();
    expect(pane.getByRole("button", { name: "Attach a file" })).toBeTruthy();
    const file = new File(["\u0089PNG"], "team photo.png", { type: "image/png" });
    await user.upload(pane.getByLabelText("File to share"), file);

    await waitFor(() =>
      expect(
        pane
          .getByRole("progressbar", { name: "Uploading team photo.png" })
          .getAttribute("aria-valuenow"),
      ).toBe("50"),
    );
    expect(uploads.sent).toHaveLength(1);
    expect(uploads.sent[0]?.method).toBe("POST");
    expect(uploads.sent[0]?.url).toBe(`/user-mgmt/api/groups/${TEAM_ID}/images?api-version=1.0`);
    const sentFile = uploads.sent[0]?.body.get("file");
    expect(sentFile instanceof File && sentFile.name).toBe(file.name);

    act(() => uploads.pending.finish?.());
    await waitFor(() =>
      expect(postedBodies(TEAM_ID)).toEqual([`📎 ${stored.title} ${stored.url}`]),
    );
    await waitFor(() => expect(pane.queryByRole("progressbar")).toBeNull());
    const link = await within(pane.getByRole("log")).findByRole("link", { name: stored.title });
    expect(link.getAttribute("href")).toBe(stored.url);
  });

  it("sends a file that is not an image to the documents", async () => {
    serveMessaging();
    const uploads = stubUploads(() =>
      buildGroupFile({
        url: "/media/groups/plan.pdf",
        title: "plan.pdf",
        contentType: "application/pdf",
      }),
    );
    const { user } = await openConversation();
    await user.upload(
      conversationPane().getByLabelText("File to share"),
      new File(["%PDF"], "plan.pdf", { type: "application/pdf" }),
    );
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]?.url).toBe(`/user-mgmt/api/groups/${TEAM_ID}/documents?api-version=1.0`);
  });

  it("deletes my own message after confirming", async () => {
    const world = serveMessaging();
    world.abilities[TEAM_ID] = ["group.read", "messages.write", "files.write"];
    // Once deleted, the message is gone from the list the server answers.
    server.use(
      http.delete(`${GROUPS}/${TEAM_ID}/messages/:messageId`, ({ params }) => {
        const messages = world.messages[TEAM_ID] ?? [];
        world.messages[TEAM_ID] = messages.filter((message) => message.id !== params.messageId);
        return deletedReply(String(params.messageId));
      }),
    );
    const { user } = await openConversation();
    const log = within(conversationPane().getByRole("log"));
    // Only my own message can be deleted without the moderate ability.
    await waitFor(() =>
      expect(log.getAllByRole("button", { name: "Delete message" })).toHaveLength(1),
    );
    await user.click(log.getByRole("button", { name: "Delete message" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(log.queryByText("See you there")).toBeNull());
    const deletes = sent.all().filter((call) => call.method === "DELETE");
    expect(deletes.map((call) => call.path)).toEqual([
      `/user-mgmt/api/groups/${TEAM_ID}/messages/${buildMessage(TEAM_ID, 2).id}`,
    ]);
  });

  it("lists the members in a panel; admins can invite people", async () => {
    serveMessaging();
    const { user } = await openConversation();
    await user.click(conversationPane().getByRole("button", { name: "Members" }));
    const panel = within(await screen.findByRole("dialog", { name: /Members/ }));
    expect(await panel.findByRole("link", { name: SAM.name })).toBeTruthy();
    expect(panel.getByRole("link", { name: SAM.name }).getAttribute("href")).toBe(
      `/users/${SAM.id}`,
    );
    expect(panel.getByRole("button", { name: `Remove ${ALEX.name}` })).toBeTruthy();
    expect(panel.queryByRole("button", { name: `Remove ${ME.name}` })).toBeNull();
    expect(panel.getByRole("button", { name: "Leave group" })).toBeTruthy();
    expect(panel.getByRole("combobox", { name: "Find a person" })).toBeTruthy();
    expect(panel.getByRole("textbox", { name: "Invite by e-mail" })).toBeTruthy();
    expect(sent.to(`${GROUPS}/${TEAM_ID}/members`, "POST")).toHaveLength(0);
  });

  it("says when the conversation does not exist, with a way back", async () => {
    serveMessaging();
    await renderMessaging(`/groups/${MISSING_ID}`);
    const pane = conversationPane();
    expect(await pane.findByRole("heading", { name: CONVERSATION_NOT_FOUND })).toBeTruthy();
    expect(pane.getByRole("link", { name: "Back to conversations" }).getAttribute("href")).toBe(
      "/groups",
    );
  });

  it("on a phone shows only the conversation, with a back button to the list", async () => {
    serveMessaging();
    const { user, router } = await openConversation(`/groups/${TEAM_ID}`, 375);
    expect(screen.queryByRole("region", { name: "Conversations" })).toBeNull();
    await user.click(conversationPane().getByRole("link", { name: "Back to conversations" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/groups"));
    const list = within(await screen.findByRole("region", { name: "Conversations" }));
    expect(await list.findByText(SAM.name)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Conversation" })).toBeNull();
  });
});
