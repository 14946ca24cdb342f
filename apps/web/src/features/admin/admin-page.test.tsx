import { ZPendingListing, ZStatus } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http, type RequestHandler } from "msw";
import { describe, expect, it } from "vitest";
import { MAINTENANCE_ALERT_LABEL } from "../../lib/maintenance-mode";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildListing, listingLists } from "../account/testing";
import { profileSchema } from "../profiles/testing";
import { ADMIN_APPROVALS_PATH } from "./admin-api";
import { APPROVALS_EMPTY, approvedMessage, approvingMessage } from "./approvals-panel";
import { MAINTENANCE_LABEL, MAINTENANCE_OFF, MAINTENANCE_ON } from "./maintenance-panel";
import { approvalQueue, buildAdminAuth, buildPendingListing, undoClock } from "./testing";

// Seven kinds' calls and a cold page load take a while on a busy machine.

/** `handlers`, and a status document that a PUT /api/admin/status changes. */
function serveAdmin(handlers: RequestHandler[] = [], maintenance = false) {
  const state = { maintenance };
  server.use(
    ...handlers,
    http.get("/status.json", () => HttpResponse.json({ maintenanceMode: state.maintenance })),
    http.put("/api/admin/status", ({ request }) => {
      state.maintenance = new URL(request.url).searchParams.get("maintenanceMode") === "true";
      return dataReply(ZStatus, { maintenanceMode: state.maintenance });
    }),
  );
  return state;
}

async function renderAdmin(path = "/admin", auth = buildAdminAuth(), width?: number) {
  const rendered = await renderApp({ path, auth, width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

function adminCalls() {
  return sent.all().filter((call) => call.path !== "/status.json");
}

describe("/admin access", () => {
  it("shows non-admins an 'Admins only' panel and calls no admin API", async () => {
    serveAdmin();
    const { main } = await renderAdmin("/admin?tab=users", buildSignedInAuth());
    expect(main.getByRole("heading", { name: "Admins only" })).toBeTruthy();
    expect(main.queryByRole("tab")).toBeNull();
    expect(adminCalls()).toHaveLength(0);
  });

  it("asks a signed-out visitor to sign in", async () => {
    serveAdmin();
    const { main } = await renderAdmin("/admin", buildSignedOutAuth());
    expect(main.getByText("Sign in to see the admin area")).toBeTruthy();
  });

  it("keeps the tab in the address and opens the tab it names", async () => {
    serveAdmin([...approvalQueue([]), ...listingLists("POST", "/filtered", {})]);
    const { main, user, router } = await renderAdmin("/admin?tab=maintenance");
    expect(main.getByRole("tab", { name: "Maintenance", selected: true })).toBeTruthy();
    expect(await main.findByRole("switch", { name: MAINTENANCE_LABEL })).toBeTruthy();

    await user.click(main.getByRole("tab", { name: "Approvals" }));
    expect(router.state.location.search).toBe("");
    expect(await main.findByText(APPROVALS_EMPTY)).toBeTruthy();
    await user.click(main.getByRole("tab", { name: "Listings" }));
    expect(router.state.location.search).toBe("?tab=listings");
  });

  it("the tabs scroll on a phone and can be reached with the keyboard", async () => {
    serveAdmin([...approvalQueue([]), ...listingLists("POST", "/filtered", {})]);
    const { main, user, router } = await renderAdmin("/admin", buildAdminAuth(), 375);
    await main.findByText(APPROVALS_EMPTY);
    main.getByRole("tab", { name: "Approvals" }).focus();
    await user.keyboard("{ArrowRight}{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?tab=listings"));
  });
});

describe("/admin approvals", () => {
  it("lists pending listings of every kind with their details, from one call", async () => {
    const hotel = buildPendingListing({ kind: "hotel", name: "Riverside Inn" });
    const events = [
      buildPendingListing({ kind: "event", name: "Spring Classic", description: "A cup." }),
      buildPendingListing({ kind: "event", name: "Summer Cup", website: null }),
    ];
    serveAdmin(approvalQueue([hotel, ...events]));
    const { main } = await renderAdmin();

    expect(await main.findByText("3 listings are waiting for approval.")).toBeTruthy();
    const inn = within(main.getByRole("listitem", { name: "Riverside Inn" }));
    expect(inn.getByText("Hotel")).toBeTruthy();
    expect(inn.getByText(/Austin, Texas · Submitted Mar 1, 2025/)).toBeTruthy();
    expect(inn.getByText("Forty rooms by the river, ten minutes from the fields.")).toBeTruthy();
    expect(inn.getByRole("link", { name: "https://riverside.example" })).toBeTruthy();
    expect(inn.getByRole("link", { name: "desk@riverside.example" })).toBeTruthy();
    expect(inn.getByRole("link", { name: "Open: Riverside Inn" }).getAttribute("href")).toBe(
      `/hotels/${hotel.id}`,
    );
    expect(
      within(main.getByRole("listitem", { name: "Summer Cup" })).getByText("Event"),
    ).toBeTruthy();

    // One call for every kind, the first page, no filter.
    const [call, ...more] = sent.to(ADMIN_APPROVALS_PATH, "GET");
    expect(more).toEqual([]);
    expect(call!.url.searchParams.get("offset")).toBe("0");
    expect(call!.url.searchParams.get("take")).toBe("20");
    expect(call!.url.searchParams.has("kind")).toBe(false);
    expect(call!.url.searchParams.has("text")).toBe(false);
  });

  it("approve calls the kind's approve endpoint once the Undo's moment has passed, and takes the row off the queue", async () => {
    const hotel = buildPendingListing({ kind: "hotel", name: "Riverside Inn" });
    const facility = buildPendingListing({ kind: "facility", name: "Northside Fields" });
    serveAdmin([
      http.put(`/facility-mgmt/api/facilities/${facility.id}/approve`, () =>
        dataReply(ZPendingListing, { ...facility, status: "approved" }),
      ),
      ...approvalQueue([hotel, facility]),
    ]);
    const { main, user } = await renderAdmin();
    const approve = await main.findByRole("button", { name: "Approve: Northside Fields" });
    const { passUndoDelay } = undoClock();
    await user.click(approve);
    expect(await screen.findByText(approvingMessage("Northside Fields"))).toBeTruthy();
    expect(sent.to(`/facility-mgmt/api/facilities/${facility.id}/approve`, "PUT")).toEqual([]);
    await passUndoDelay();

    expect(await screen.findByText(approvedMessage("Northside Fields"))).toBeTruthy();
    await waitFor(() =>
      expect(main.queryByRole("listitem", { name: "Northside Fields" })).toBeNull(),
    );
    expect(main.getByRole("listitem", { name: "Riverside Inn" })).toBeTruthy();
    expect(main.getByText("1 listing is waiting for approval.")).toBeTruthy();
    expect(sent.to(`/facility-mgmt/api/facilities/${facility.id}/approve`, "PUT")).toHaveLength(1);
  });

  it("shows the server's message when approving fails and keeps the row", async () => {
    const hotel = buildPendingListing({ kind: "hotel", name: "Riverside Inn" });
    serveAdmin([
      http.put(`/hotel-mgmt/api/hotels/${hotel.id}/approve`, () =>
        errorReply(403, "FORBIDDEN", "Only admins approve listings."),
      ),
      ...approvalQueue([hotel]),
    ]);
    const { main, user } = await renderAdmin();
    const approve = await main.findByRole("button", { name: "Approve: Riverside Inn" });
    const { passUndoDelay } = undoClock();
    await user.click(approve);
    await passUndoDelay();
    expect(await screen.findByText("Only admins approve listings.")).toBeTruthy();
    expect(main.getByRole("listitem", { name: "Riverside Inn" })).toBeTruthy();
  });

  it("says so when nothing is pending", async () => {
    serveAdmin(approvalQueue([]));
    const { main } = await renderAdmin();
    expect(await main.findByText(APPROVALS_EMPTY)).toBeTruthy();
  });

  it("a queue that fails to load shows Retry", async () => {
    let fail = true;
    serveAdmin([
      // The queue fails until the test says otherwise.
      http.get(ADMIN_APPROVALS_PATH, () =>
        fail ? errorReply(500, "INTERNAL_ERROR", "Down.") : undefined,
      ),
      ...approvalQueue([buildPendingListing({ kind: "company", name: "Acme Uniforms" })]),
    ]);
    const { main, user } = await renderAdmin();
    const alert = within(await main.findByRole("alert"));
    expect(alert.getByText(/The approval queue did not load/)).toBeTruthy();
    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main.findByRole("listitem", { name: "Acme Uniforms" })).toBeTruthy();
  });
});

describe("/admin listings", () => {
  it("changing the tier sends a JSON Patch of /tier and shows the new tier", async () => {
    const hotel = buildListing({ kind: "hotel", name: "Riverside Inn", status: "approved" });
    serveAdmin([
      http.patch(`/hotel-mgmt/api/hotels/${hotel.id}`, () =>
        dataReply(profileSchema("hotel"), { ...hotel, tier: "Gold" }),
      ),
      ...listingLists("POST", "/filtered", { hotel: [hotel] }),
    ]);
    const { main, user } = await renderAdmin("/admin?tab=listings");
    const tier = (await main.findByRole("combobox", {
      name: "Tier of Riverside Inn",
    })) as HTMLSelectElement;
    expect(tier.value).toBe("");
    await user.selectOptions(tier, "Gold");

    await waitFor(() =>
      expect(sent.to(`/hotel-mgmt/api/hotels/${hotel.id}`, "PATCH")).toHaveLength(1),
    );
    const patch = sent.to(`/hotel-mgmt/api/hotels/${hotel.id}`, "PATCH")[0];
    expect(patch?.body).toEqual([{ op: "replace", path: "/tier", value: "Gold" }]);
    expect(patch?.headers["content-type"]).toBe("application/json");
    expect(await screen.findByText("Riverside Inn is now Gold.")).toBeTruthy();
    expect(tier.value).toBe("Gold");
  });

  it("'No tier' sends null", async () => {
    const hotel = buildListing({ kind: "hotel", name: "Riverside Inn", tier: "Silver" });
    serveAdmin([
      http.patch(`/hotel-mgmt/api/hotels/${hotel.id}`, () =>
        dataReply(profileSchema("hotel"), { ...hotel, tier: null }),
      ),
      ...listingLists("POST", "/filtered", { hotel: [hotel] }),
    ]);
    const { main, user } = await renderAdmin("/admin?tab=listings");
    await user.selectOptions(
      await main.findByRole("combobox", { name: "Tier of Riverside Inn" }),
      "No tier",
    );
    await waitFor(() => expect(sent.all().filter((c) => c.method === "PATCH")).toHaveLength(1));
    expect(sent.all().find((c) => c.method === "PATCH")?.body).toEqual([
      { op: "replace", path: "/tier", value: null },
    ]);
  });

  it("the active switch sends a JSON Patch of /isActive", async () => {
    const event = buildListing({ kind: "event", name: "Spring Classic", status: "approved" });
    serveAdmin([
      http.patch(`/event-mgmt/api/events/${event.id}`, () =>
        dataReply(profileSchema("event"), { ...event, isActive: false }),
      ),
      ...listingLists("POST", "/filtered", { event: [event] }),
    ]);
    const { main, user } = await renderAdmin("/admin?tab=listings&kind=event");
    const active = await main.findByRole("switch", { name: "Active: Spring Classic" });
    expect((active as HTMLInputElement).checked).toBe(true);
    await user.click(active);
    await waitFor(() =>
      expect(sent.to(`/event-mgmt/api/events/${event.id}`, "PATCH")).toHaveLength(1),
    );
    expect(sent.to(`/event-mgmt/api/events/${event.id}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/isActive", value: false },
    ]);
    await waitFor(() => expect((active as HTMLInputElement).checked).toBe(false));
    expect(
      within(main.getByRole("listitem", { name: "Spring Classic" })).getByText("Inactive"),
    ).toBeTruthy();
  });

  it("filters by kind, status and text, kept in the address", async () => {
    serveAdmin(listingLists("POST", "/filtered", {}));
    const { main, user, router } = await renderAdmin("/admin?tab=listings");
    expect(await main.findByText("No listings match")).toBeTruthy();
    await user.selectOptions(main.getByRole("combobox", { name: "Kind" }), "Facilities");
    await user.selectOptions(main.getByRole("combobox", { name: "Status" }), "Approved");
    await user.type(main.getByRole("searchbox", { name: "Name contains" }), "north{Enter}");
    await waitFor(() =>
      expect(
        sent
          .to("/facility-mgmt/api/facilities/filtered", "POST")
          .some(
            (c) =>
              JSON.stringify(c.body) ===
              JSON.stringify({ data: { text: "north", status: "approved" } }),
          ),
      ).toBe(true),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("kind")).toBe("facility");
    expect(params.get("status")).toBe("approved");
    expect(params.get("q")).toBe("north");
  });
});

describe("/admin maintenance", () => {
  it("the switch turns maintenance mode on and the top bar's alert appears", async () => {
    serveAdmin();
    const { main, user } = await renderAdmin("/admin?tab=maintenance");
    const toggle = (await main.findByRole("switch", {
      name: MAINTENANCE_LABEL,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(main.getByText(MAINTENANCE_OFF)).toBeTruthy();
    expect(screen.queryByRole("link", { name: MAINTENANCE_ALERT_LABEL })).toBeNull();

    await user.click(toggle);
    await waitFor(() => expect(sent.to("/api/admin/status", "PUT")).toHaveLength(1));
    const put = sent.to("/api/admin/status", "PUT")[0];
    expect(put?.url.searchParams.get("maintenanceMode")).toBe("true");
    expect(put?.body).toBeUndefined();
    expect(await main.findByText(MAINTENANCE_ON)).toBeTruthy();
    expect(await screen.findByRole("link", { name: MAINTENANCE_ALERT_LABEL })).toBeTruthy();
    // The status document is read again, as everyone else will read it.
    await waitFor(() => expect(sent.to("/status.json").length).toBeGreaterThanOrEqual(2));
  });

  it("turns it off again", async () => {
    serveAdmin([], true);
    const { main, user } = await renderAdmin("/admin?tab=maintenance");
    const toggle = (await main.findByRole("switch", {
      name: MAINTENANCE_LABEL,
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(await screen.findByRole("link", { name: MAINTENANCE_ALERT_LABEL })).toBeTruthy();
    await user.click(toggle);
    await waitFor(() =>
      expect(sent.to("/api/admin/status", "PUT")[0]?.url.searchParams.get("maintenanceMode")).toBe(
        "false",
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole("link", { name: MAINTENANCE_ALERT_LABEL })).toBeNull(),
    );
  });

  it("shows the server's refusal", async () => {
    server.use(
      http.get("/status.json", () => HttpResponse.json({ maintenanceMode: false })),
      http.put("/api/admin/status", () => errorReply(403, "FORBIDDEN", "Admins only.")),
    );
    const { main, user } = await renderAdmin("/admin?tab=maintenance");
    await user.click(await main.findByRole("switch", { name: MAINTENANCE_LABEL }));
    expect(await main.findByText("Admins only.")).toBeTruthy();
    expect(
      (main.getByRole("switch", { name: MAINTENANCE_LABEL }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});
