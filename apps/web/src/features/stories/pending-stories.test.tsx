// New stories sent for approval on the admin's Approvals tab (issue 50: they were not there): each
// with its author and summary, a way to read it, and Approve, sent only once the moment to take it
// back has passed.
import { ZStatus } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { dataReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { UNDO_LABEL } from "../../ui/use-undoable-action";
import { approvalQueue, buildAdminAuth, undoClock } from "../admin/testing";
import { uuid } from "../profiles/testing";
import {
  PENDING_STORIES_TITLE,
  publishingMessage,
  storyPublishedMessage,
} from "./pending-stories-queue";
import { STORIES } from "./stories-api";
import { buildStory, pendingStories, storyHandlers } from "./testing";

const sent1 = buildStory({
  id: uuid(961),
  title: "Our first tournament",
  summary: "Sixty teams, four courts.",
  status: "pending",
  author: { id: uuid(962), name: "Dana Destination" },
});
const sent2 = buildStory({ id: uuid(963), title: "Hardwood at last", status: "pending" });

function serveTab(waiting = [sent1, sent2]) {
  server.use(
    ...pendingStories(waiting),
    ...approvalQueue([]),
    http.get("/status.json", () => HttpResponse.json({ maintenanceMode: false })),
    http.put("/api/admin/status", () => dataReply(ZStatus, { maintenanceMode: false })),
  );
}

async function openTab() {
  const rendered = await renderApp({ path: "/admin", auth: buildAdminAuth() });
  const queue = within(await screen.findByRole("region", { name: `${PENDING_STORIES_TITLE} (2)` }));
  return { ...rendered, queue };
}

describe("stories waiting for approval on the Approvals tab", () => {
  it("lists them, the longest waiting first, with their author, summary and a way to read them", async () => {
    serveTab();
    const { queue } = await openTab();
    expect(queue.getAllByRole("listitem").map((li) => li.getAttribute("aria-label"))).toEqual([
      "Our first tournament",
      "Hardwood at last",
    ]);
    const first = within(queue.getByRole("listitem", { name: "Our first tournament" }));
    expect(first.getByText(/by Dana Destination/)).toBeTruthy();
    expect(first.getByText("Sixty teams, four courts.")).toBeTruthy();
    expect(
      first.getByRole("link", { name: "Read the story Our first tournament" }).getAttribute("href"),
    ).toBe(`/stories/${sent1.slug}`);
  });

  it("approves one once the moment to take it back has passed, and it leaves the queue", async () => {
    serveTab();
    const { queue, user } = await openTab();
    const { passUndoDelay } = undoClock();
    await user.click(queue.getByRole("button", { name: "Approve the story Our first tournament" }));
    expect(await screen.findByText(publishingMessage(sent1.title))).toBeTruthy();
    expect(sent.to(`${STORIES}/${sent1.id}/approve`, "PUT")).toEqual([]);
    await passUndoDelay();

    expect(await screen.findByText(storyPublishedMessage(sent1.title))).toBeTruthy();
    expect(sent.to(`${STORIES}/${sent1.id}/approve`, "PUT")).toHaveLength(1);
    expect(
      await screen.findByRole("region", { name: `${PENDING_STORIES_TITLE} (1)` }),
    ).toBeTruthy();
    expect(screen.queryByRole("listitem", { name: "Our first tournament" })).toBeNull();
  });

  it("Undo takes the approval back: nothing is sent and the story stays", async () => {
    serveTab();
    const { queue, user } = await openTab();
    const { passUndoDelay } = undoClock();
    await user.click(queue.getByRole("button", { name: "Approve the story Hardwood at last" }));
    await user.click(await screen.findByRole("button", { name: UNDO_LABEL }));
    await passUndoDelay();
    expect(sent.to(`${STORIES}/${sent2.id}/approve`, "PUT")).toEqual([]);
    await waitFor(() =>
      expect(
        queue.getByRole("button", { name: "Approve the story Hardwood at last" }),
      ).toBeTruthy(),
    );
  });

  it("is not there while none wait", async () => {
    serveTab([]);
    await renderApp({ path: "/admin", auth: buildAdminAuth() });
    await screen.findByText("Nothing waiting for review");
    expect(screen.queryByRole("region", { name: new RegExp(PENDING_STORIES_TITLE) })).toBeNull();
  });
});

describe("a waiting story's own page, for an admin", () => {
  it("approves it only after the moment to take it back, and Undo takes it back", async () => {
    const waiting = buildStory({ id: uuid(964), title: "Courts by the river", status: "pending" });
    // The page reads the story by its slug; the queue's handlers answer the approval.
    server.use(...storyHandlers([waiting]), ...pendingStories([waiting]));
    const { user } = await renderApp({ path: `/stories/${waiting.slug}`, auth: buildAdminAuth() });
    const status = within(await screen.findByRole("alert"));
    const { passUndoDelay } = undoClock();
    const approve = `${STORIES}/${waiting.id}/approve`;

    await user.click(status.getByRole("button", { name: "Approve" }));
    await user.click(status.getByRole("button", { name: "Undo approving Courts by the river" }));
    await passUndoDelay();
    expect(sent.to(approve, "PUT")).toEqual([]);

    await user.click(status.getByRole("button", { name: "Approve" }));
    expect(sent.to(approve, "PUT")).toEqual([]);
    await passUndoDelay();
    await waitFor(() => expect(sent.to(approve, "PUT")).toHaveLength(1));
  });
});
