// A published story's changes waiting for approval: the admins' queue on the Approvals tab (the
// published title and body beside the proposed ones, approve and refuse with a reason), and the
// author's side (their story page and editor say the changes wait, open on them, discard them,
// and say why an admin refused the last ones).
import { type TStory, ZStatus, ZStory } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { dataReply, listReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { approvalQueue, buildAdminAuth, undoClock } from "../admin/testing";
import { uuid } from "../profiles/testing";
import { STORIES } from "./stories-api";
import { CHANGES_REFUSED_TITLE, CHANGES_WAITING_TITLE } from "./story-changes";
import { buildStory, storyHandlers } from "./testing";

const AUTHOR_ID = uuid(801);
const REVISION_ID = uuid(802);

function changedStory(overrides: Partial<TStory> = {}): TStory {
  const published = buildStory({
    id: uuid(803),
    title: "Indy hosted 600 teams",
    body: "Twelve hardwood courts.",
    bodyHtml: "<p>Twelve hardwood courts.</p>",
    tags: ["volleyball"],
    author: { id: AUTHOR_ID, name: "Dana Destination" },
  });
  return {
    ...published,
    revision: {
      id: REVISION_ID,
      title: "Indy hosted 640 teams",
      summary: published.summary,
      coverImage: null,
      categories: [],
      tags: ["volleyball", "youth"],
      body: "Fourteen hardwood courts.",
      bodyHtml: "<p>Fourteen hardwood courts.</p>",
      listings: [],
      listingIds: [],
      proposedDate: "2026-11-20T10:00:00.000Z",
    },
    revisionRejection: null,
    ...overrides,
  };
}

const authorAuth = () =>
  buildSignedInAuth({ profile: buildProfile({ id: AUTHOR_ID, name: "Dana Destination" }) });

/** The admin's Approvals tab with `waiting` in the stories' queue, which empties once answered. */
function serveQueue(waiting: TStory[]) {
  let queue = [...waiting];
  server.use(
    // Before the listings' queue, whose own answer for this call is "none".
    http.get(`${STORIES}/revisions`, () => listReply(ZStory, queue)),
    ...approvalQueue([]),
    http.get("/status.json", () => HttpResponse.json({ maintenanceMode: false })),
    http.put("/api/admin/status", () => dataReply(ZStatus, { maintenanceMode: false })),
    http.put(`${STORIES}/:id/revision/approve`, ({ params }) => {
      const story = queue.find((s) => s.id === params.id)!;
      queue = queue.filter((s) => s.id !== params.id);
      return dataReply(ZStory, { ...story, title: story.revision!.title, revision: null });
    }),
    http.post(`${STORIES}/:id/revision/reject`, ({ params }) => {
      const story = queue.find((s) => s.id === params.id)!;
      queue = queue.filter((s) => s.id !== params.id);
      return dataReply(ZStory, { ...story, revision: null });
    }),
  );
}

describe("the admins' queue of story changes", () => {
  it("shows the published title and body beside the proposed ones, and approves the changes read", async () => {
    const story = changedStory();
    serveQueue([story]);
    const { user } = await renderApp({ path: "/admin", auth: buildAdminAuth() });
    const item = within(await screen.findByRole("listitem", { name: `Changes to ${story.title}` }));
    const title = within(item.getByRole("region", { name: "Title" }));
    expect(title.getByText("Indy hosted 600 teams")).toBeTruthy();
    expect(title.getByText("Indy hosted 640 teams")).toBeTruthy();
    const body = within(item.getByRole("region", { name: "Story" }));
    expect(body.getByText("Twelve hardwood courts.")).toBeTruthy();
    expect(body.getByText("Fourteen hardwood courts.")).toBeTruthy();
    expect(item.getByText("Also changed: tags.")).toBeTruthy();

    const { passUndoDelay } = undoClock();
    await user.click(item.getByRole("button", { name: `Approve the changes to ${story.title}` }));
    // Sent only once the moment to take it back has passed.
    expect(sent.to(`${STORIES}/${story.id}/revision/approve`, "PUT")).toEqual([]);
    expect(
      item.getByRole("button", { name: `Undo approving the changes to ${story.title}` }),
    ).toBeTruthy();
    await passUndoDelay();
    await waitFor(() =>
      expect(sent.bodies(`${STORIES}/${story.id}/revision/approve`, "PUT")).toEqual([
        { data: { revisionId: REVISION_ID } },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole("listitem", { name: `Changes to ${story.title}` })).toBeNull(),
    );
  });

  it("refuses the changes with the reason the author reads", async () => {
    const story = changedStory();
    serveQueue([story]);
    const { user } = await renderApp({ path: "/admin", auth: buildAdminAuth() });
    const item = within(await screen.findByRole("listitem", { name: `Changes to ${story.title}` }));
    await user.click(item.getByRole("button", { name: `Refuse the changes to ${story.title}` }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Refuse the changes" }));
    expect(await dialog.findByText("Say why, for the author.")).toBeTruthy();
    await user.type(dialog.getByRole("textbox", { name: /Reason/ }), "Keep the real numbers.");
    await user.click(dialog.getByRole("button", { name: "Refuse the changes" }));
    await waitFor(() =>
      expect(sent.bodies(`${STORIES}/${story.id}/revision/reject`, "POST")).toEqual([
        { data: { revisionId: REVISION_ID, reason: "Keep the real numbers." } },
      ]),
    );
  });

  it("is not there while no changes wait", async () => {
    serveQueue([]);
    await renderApp({ path: "/admin", auth: buildAdminAuth() });
    await screen.findByText("Nothing waiting for review");
    expect(screen.queryByRole("region", { name: /Story changes waiting/ })).toBeNull();
  });
});

describe("the author's waiting changes", () => {
  it("their story page shows their changes and says they wait for approval", async () => {
    const story = changedStory();
    server.use(...storyHandlers([story]));
    await renderApp({ path: `/stories/${story.slug}`, auth: authorAuth() });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      "Indy hosted 640 teams",
    );
    expect(screen.getByText(CHANGES_WAITING_TITLE)).toBeTruthy();
    expect(screen.getByText("Fourteen hardwood courts.")).toBeTruthy();
  });

  it("their editor opens on the waiting changes, says so, and discards them", async () => {
    const story = changedStory();
    server.use(
      http.get(`${STORIES}/${story.id}`, () => dataReply(ZStory, story)),
      http.delete(`${STORIES}/${story.id}/revision`, () =>
        dataReply(ZStory, { ...story, revision: null }),
      ),
      ...storyHandlers([{ ...story, revision: null }]),
    );
    const { user, router } = await renderApp({
      path: `/stories/${story.id}/edit`,
      auth: authorAuth(),
    });
    expect(await screen.findByText(CHANGES_WAITING_TITLE)).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /Title/ }) as HTMLInputElement).value).toBe(
      "Indy hosted 640 teams",
    );
    await user.click(screen.getByRole("button", { name: "Discard my changes" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }),
    );
    await waitFor(() =>
      expect(sent.to(`${STORIES}/${story.id}/revision`, "DELETE")).toHaveLength(1),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/stories/${story.slug}`));
  });

  it("their editor says why an admin refused their last changes", async () => {
    const story = changedStory({
      revision: null,
      revisionRejection: { reason: "Keep the real numbers.", date: "2026-11-21T10:00:00.000Z" },
    });
    server.use(http.get(`${STORIES}/${story.id}`, () => dataReply(ZStory, story)));
    await renderApp({ path: `/stories/${story.id}/edit`, auth: authorAuth() });
    expect(await screen.findByText(CHANGES_REFUSED_TITLE)).toBeTruthy();
    expect(screen.getByText("Keep the real numbers.")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /Title/ }) as HTMLInputElement).value).toBe(
      "Indy hosted 600 teams",
    );
  });
});
