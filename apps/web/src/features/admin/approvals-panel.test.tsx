// The approval queue's search, kind filter with counts, approving one listing (with a moment to
// take it back) and several at once, and its headings' order.
import { ZPendingListing, ZStatus } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http, type RequestHandler } from "msw";
import { describe, expect, it } from "vitest";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { UNDO_LABEL } from "../../ui/use-undoable-action";
import { uuid } from "../profiles/testing";
import { PENDING_STORIES_TITLE } from "../stories/pending-stories-queue";
import { buildStory, pendingStories } from "../stories/testing";
import { ADMIN_APPROVALS_PATH } from "./admin-api";
import {
  APPROVALS_NO_MATCH,
  APPROVALS_PAGE_SIZE,
  APPROVING_SOON,
  approvedMessage,
  approvingMessage,
  bulkApprovedMessage,
  LISTINGS_TITLE,
} from "./approvals-panel";
import { approvalQueue, buildAdminAuth, buildPendingListing, undoClock } from "./testing";

function serve(handlers: RequestHandler[]) {
  server.use(
    ...handlers,
    http.get("/status.json", () => HttpResponse.json({ maintenanceMode: false })),
    http.put("/api/admin/status", () => dataReply(ZStatus, { maintenanceMode: false })),
  );
}

async function renderQueue(path = "/admin", width?: number) {
  const rendered = await renderApp({ path, auth: buildAdminAuth(), width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

/** Newest first, as the server lists them: two hotels, a facility, a company. */
function someListings() {
  return [
    buildPendingListing({ kind: "hotel", name: "Riverside Inn" }),
    buildPendingListing({ kind: "facility", name: "Northside Fields" }),
    buildPendingListing({ kind: "hotel", name: "Northgate Suites" }),
    buildPendingListing({ kind: "company", name: "Acme Uniforms" }),
  ];
}

const rowNames = (main: ReturnType<typeof within>) =>
  main.getAllByRole("listitem").map((row: HTMLElement) => row.getAttribute("aria-label"));

describe("the approval queue's filters", () => {
  it("shows how many wait of each kind on the kind filter, and lists one kind from the server", async () => {
    serve(approvalQueue(someListings()));
    const { main, user, router } = await renderQueue();
    const kind = main.getByRole("combobox", { name: "Kind" });
    expect(await within(kind).findByRole("option", { name: "All kinds (4)" })).toBeTruthy();
    expect(within(kind).getByRole("option", { name: "Hotels (2)" })).toBeTruthy();
    expect(within(kind).getByRole("option", { name: "Facilities (1)" })).toBeTruthy();
    expect(within(kind).getByRole("option", { name: "Events (0)" })).toBeTruthy();

    await user.selectOptions(kind, "Hotels (2)");
    expect(await main.findByText("2 hotels are waiting for approval.")).toBeTruthy();
    expect(rowNames(main)).toEqual(["Riverside Inn", "Northgate Suites"]);
    expect(router.state.location.search).toBe("?kind=hotel");
    const last = sent.to(ADMIN_APPROVALS_PATH, "GET").at(-1)!;
    expect(last.url.searchParams.get("kind")).toBe("hotel");
  });

  it("searches names on the server, kept in the address, and the counts follow the search", async () => {
    serve(approvalQueue(someListings()));
    const { main, user, router } = await renderQueue();
    await main.findByText("4 listings are waiting for approval.");
    await user.type(main.getByRole("searchbox", { name: "Name contains" }), "north");
    await user.click(main.getByRole("button", { name: "Search" }));

    expect(
      await main.findByText('2 listings are waiting for approval with "north" in the name.'),
    ).toBeTruthy();
    expect(rowNames(main)).toEqual(["Northside Fields", "Northgate Suites"]);
    expect(router.state.location.search).toBe("?q=north");
    expect(sent.to(ADMIN_APPROVALS_PATH, "GET").at(-1)!.url.searchParams.get("text")).toBe("north");
    const kind = main.getByRole("combobox", { name: "Kind" });
    expect(await within(kind).findByRole("option", { name: "All kinds (2)" })).toBeTruthy();
    expect(within(kind).getByRole("option", { name: "Hotels (1)" })).toBeTruthy();
    expect(
      sent.to(`${ADMIN_APPROVALS_PATH}/counts`, "GET").at(-1)!.url.searchParams.get("text"),
    ).toBe("north");
  });

  it("says so when nothing matches the search", async () => {
    serve(approvalQueue(someListings()));
    const { main } = await renderQueue("/admin?q=castle");
    expect(await main.findByText(APPROVALS_NO_MATCH)).toBeTruthy();
  });
});

describe("approving several at once", () => {
  it("approves the selected listings after a confirmation and says how many", async () => {
    const listings = someListings();
    serve(approvalQueue(listings));
    const { main, user } = await renderQueue();
    await main.findByText("4 listings are waiting for approval.");
    const approveSelected = main.getByRole("button", { name: /Approve selected/ });
    expect(approveSelected).toHaveProperty("disabled", true);

    await user.click(main.getByRole("checkbox", { name: "Select: Riverside Inn" }));
    await user.click(main.getByRole("checkbox", { name: "Select: Acme Uniforms" }));
    await user.click(main.getByRole("button", { name: "Approve selected (2)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve 2 listings?" }));
    expect(dialog.getByText("Riverside Inn")).toBeTruthy();
    expect(dialog.getByText("Acme Uniforms")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Approve 2" }));

    const result = within(await main.findByRole("alert"));
    expect(result.getByText(bulkApprovedMessage(2))).toBeTruthy();
    expect(sent.bodies(`${ADMIN_APPROVALS_PATH}/approve`, "POST")).toEqual([
      { data: { ids: [listings[0]!.id, listings[3]!.id] } },
    ]);
    await waitFor(() => expect(rowNames(main)).toEqual(["Northside Fields", "Northgate Suites"]));
    expect(main.getByText("2 listings are waiting for approval.")).toBeTruthy();
    const kind = main.getByRole("combobox", { name: "Kind" });
    expect(await within(kind).findByRole("option", { name: "All kinds (2)" })).toBeTruthy();
    expect(main.getByRole("button", { name: "Approve selected" })).toHaveProperty("disabled", true);
  });

  it("selects all shown with one box, and names any left alone with why", async () => {
    const listings = someListings();
    serve(approvalQueue(listings, { approvedElsewhere: [listings[1]!.id] }));
    const { main, user } = await renderQueue();
    await main.findByText("4 listings are waiting for approval.");
    await user.click(main.getByRole("checkbox", { name: "Select all 4 shown" }));
    expect(main.getByText("4 selected")).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Approve selected (4)" }));
    await user.click(await screen.findByRole("button", { name: "Approve 4" }));

    const result = within(await main.findByRole("alert"));
    expect(result.getByText(/3 listings are approved and now listed\. 1 was not:/)).toBeTruthy();
    expect(result.getByText("Northside Fields: It was already approved.")).toBeTruthy();
    expect(await main.findByText("Nothing waiting for review")).toBeTruthy();
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    serve(approvalQueue(someListings()));
    const { main, user } = await renderQueue();
    await user.click(await main.findByRole("checkbox", { name: "Select: Riverside Inn" }));
    await user.click(main.getByRole("button", { name: "Approve selected (1)" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(`${ADMIN_APPROVALS_PATH}/approve`, "POST")).toEqual([]);
    expect(main.getByRole("checkbox", { name: "Select: Riverside Inn" })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("'Select all N shown' says it takes the loaded rows only, not every one waiting", async () => {
    const listings = Array.from({ length: APPROVALS_PAGE_SIZE + 5 }, (_, i) =>
      buildPendingListing({ kind: "facility", name: `Court ${i + 1}` }),
    );
    serve(approvalQueue(listings));
    const { main, user } = await renderQueue();
    expect(
      await main.findByText(
        `${APPROVALS_PAGE_SIZE + 5} listings are waiting for approval. (showing ${APPROVALS_PAGE_SIZE})`,
      ),
    ).toBeTruthy();
    const all = main.getByRole("checkbox", { name: `Select all ${APPROVALS_PAGE_SIZE} shown` });
    await user.click(all);
    expect(main.getByText(`${APPROVALS_PAGE_SIZE} selected`)).toBeTruthy();
    expect(
      main.getByRole("button", { name: `Approve selected (${APPROVALS_PAGE_SIZE})` }),
    ).toBeTruthy();
    // The rows loaded later are not taken, and the box says so again.
    await user.click(main.getByRole("button", { name: "Load more pending listings" }));
    const more = await main.findByRole("checkbox", {
      name: `Select all ${APPROVALS_PAGE_SIZE + 5} shown`,
    });
    expect(more).toHaveProperty("checked", false);
    expect(main.getByRole("checkbox", { name: "Select: Court 21" })).toHaveProperty(
      "checked",
      false,
    );
  });

  it("when a selected listing was deleted meanwhile, names it, says nothing was approved, and keeps the others selected", async () => {
    const listings = someListings();
    serve(approvalQueue(listings, { deletedElsewhere: [listings[0]!.id] }));
    const { main, user } = await renderQueue();
    await user.click(await main.findByRole("checkbox", { name: "Select: Riverside Inn" }));
    await user.click(main.getByRole("checkbox", { name: "Select: Acme Uniforms" }));
    await user.click(main.getByRole("checkbox", { name: "Select: Northside Fields" }));
    await user.click(main.getByRole("button", { name: "Approve selected (3)" }));
    await user.click(await screen.findByRole("button", { name: "Approve 3" }));

    const alert = within(await main.findByRole("alert"));
    expect(
      alert.getByText(
        "Nothing was approved: Riverside Inn is no longer in the queue (deleted meanwhile) and left the list. The other 2 are still selected: approve them again.",
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(rowNames(main)).toEqual(["Northside Fields", "Northgate Suites", "Acme Uniforms"]),
    );
    await user.click(main.getByRole("button", { name: "Approve selected (2)" }));
    await user.click(await screen.findByRole("button", { name: "Approve 2" }));
    expect(await main.findByText(bulkApprovedMessage(2))).toBeTruthy();
    await waitFor(() => expect(rowNames(main)).toEqual(["Northgate Suites"]));
  });

  it("shows the server's refusal, and the rows stay", async () => {
    serve([
      http.post(`${ADMIN_APPROVALS_PATH}/approve`, () =>
        errorReply(
          404,
          "PROFILE_NOT_FOUND",
          "One of the listings was not found. Nothing was approved.",
        ),
      ),
      ...approvalQueue(someListings()),
    ]);
    const { main, user } = await renderQueue();
    await user.click(await main.findByRole("checkbox", { name: "Select: Riverside Inn" }));
    await user.click(main.getByRole("button", { name: "Approve selected (1)" }));
    await user.click(await screen.findByRole("button", { name: "Approve 1" }));
    const alert = within(await main.findByRole("alert"));
    expect(
      alert.getByText("One of the listings was not found. Nothing was approved."),
    ).toBeTruthy();
    expect(main.getByRole("listitem", { name: "Riverside Inn" })).toBeTruthy();
  });

  it("on a phone, the boxes and the bulk button can be reached with the keyboard", async () => {
    serve(approvalQueue(someListings()));
    const { main, user } = await renderQueue("/admin", 375);
    const all = await main.findByRole("checkbox", { name: "Select all 4 shown" });
    all.focus();
    await user.keyboard(" ");
    expect(main.getByText("4 selected")).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(main.getByRole("button", { name: "Approve selected (4)" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Approve 4 listings?" })).toBeTruthy();
  });
});

describe("approving one listing", () => {
  /** A queue whose facility's approve call answers as the server does. */
  function serveOne() {
    const facility = buildPendingListing({ kind: "facility", name: "Northside Fields" });
    const path = `/facility-mgmt/api/facilities/${facility.id}/approve`;
    serve([
      http.put(path, () => dataReply(ZPendingListing, { ...facility, status: "approved" })),
      ...approvalQueue([facility]),
    ]);
    return path;
  }

  it("waits a moment before it is sent, and the toast's Undo takes it back: nothing is sent, the row stays", async () => {
    const path = serveOne();
    const { main, user } = await renderQueue();
    const approve = await main.findByRole("button", { name: "Approve: Northside Fields" });
    const { passUndoDelay } = undoClock();
    await user.click(approve);

    expect(await screen.findByText(approvingMessage("Northside Fields"))).toBeTruthy();
    expect(main.getByText(APPROVING_SOON)).toBeTruthy();
    // The toast's (the row's own is named for the listing).
    await user.click(screen.getByRole("button", { name: UNDO_LABEL }));
    await passUndoDelay();

    expect(sent.to(path, "PUT")).toEqual([]);
    expect(main.getByRole("listitem", { name: "Northside Fields" })).toBeTruthy();
    expect(main.getByRole("button", { name: "Approve: Northside Fields" })).toBeTruthy();
    expect(main.queryByText(APPROVING_SOON)).toBeNull();
  });

  it("the row's own button becomes its Undo, keeping the keyboard's focus", async () => {
    const path = serveOne();
    const { main, user } = await renderQueue();
    const approve = await main.findByRole("button", { name: "Approve: Northside Fields" });
    const { passUndoDelay } = undoClock();
    approve.focus();
    await user.keyboard("{Enter}");
    const undo = main.getByRole("button", { name: "Undo approving: Northside Fields" });
    expect(document.activeElement).toBe(undo);
    await user.keyboard("{Enter}");
    await passUndoDelay();
    expect(sent.to(path, "PUT")).toEqual([]);
    expect(document.activeElement).toBe(
      main.getByRole("button", { name: "Approve: Northside Fields" }),
    );

    // Asked again and left alone, it is sent once the moment has passed.
    await user.keyboard("{Enter}");
    await passUndoDelay();
    expect(await screen.findByText(approvedMessage("Northside Fields"))).toBeTruthy();
    expect(sent.to(path, "PUT")).toHaveLength(1);
  });
});

/** The levels of the page's headings, in document order. */
const headingLevels = () =>
  [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));

/** Where a heading comes more than one level below the one before it (axe's heading-order). */
const skippedLevels = (levels: number[]) =>
  levels.flatMap((level, i) =>
    i > 0 && level > levels[i - 1]! + 1 ? [levels.slice(0, i + 1)] : [],
  );

describe("the approvals tab's headings", () => {
  it("skip no level: the page's h1, each queue's h2, each item's h3", async () => {
    serve([
      ...pendingStories([
        buildStory({ id: uuid(951), title: "Our first tournament", status: "pending" }),
      ]),
      ...approvalQueue(someListings()),
    ]);
    const { main } = await renderQueue();
    await main.findByText("4 listings are waiting for approval.");
    await main.findByRole("heading", { name: new RegExp(PENDING_STORIES_TITLE) });
    expect(main.getByRole("heading", { level: 2, name: LISTINGS_TITLE })).toBeTruthy();
    expect(main.getByRole("heading", { level: 3, name: "Riverside Inn" })).toBeTruthy();
    expect(skippedLevels(headingLevels())).toEqual([]);
  });

  it("skip no level with no story waiting either", async () => {
    serve(approvalQueue(someListings()));
    const { main } = await renderQueue();
    await main.findByText("4 listings are waiting for approval.");
    expect(headingLevels()).toContain(3);
    expect(skippedLevels(headingLevels())).toEqual([]);
  });
});
