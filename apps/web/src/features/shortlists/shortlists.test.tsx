// The shortlist pages and the Save control: my lists, the comparison side by side (a table on a
// wide screen, cards on a phone), removing, sharing, the read-only shared view, and saving a
// listing to a list from its Save menu with the keyboard.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { renderApp, TestProviders } from "../../test/render-app";
import { SaveToShortlist } from "./save-button";
import { buildRow, buildShortlist, SHORTLISTS, serveShortlists, T0, uuid } from "./testing";

const SLOW = { timeout: 20_000 };

const threeVenues = () => [
  buildRow(1, {
    name: "Carmel Courts",
    city: "Carmel",
    sports: ["Basketball", "Volleyball"],
    spaceCount: 6,
    capacity: 1200,
    distanceMiles: 14.6,
    responseHours: 3,
    note: "Near the hotels",
  }),
  buildRow(2, {
    kind: "destination",
    name: "Visit Indy",
    sports: [],
    spaceCount: 0,
    capacity: null,
    distanceMiles: 0.4,
    responseHours: null,
  }),
  // A listing no longer public: the server sends no facts for it.
  buildRow(3, {
    name: null,
    listed: false,
    city: null,
    state: null,
    sports: [],
    spaceCount: 0,
    capacity: null,
  }),
];

describe("/shortlists", SLOW, () => {
  it("lists mine with their counts, and says what to do when there are none", async () => {
    serveShortlists([
      buildShortlist(1, threeVenues(), { name: "Summer hoops", shareToken: "abc" }),
    ]);
    await renderApp({ path: "/shortlists", auth: buildSignedInAuth() });
    const link = await screen.findByRole("link", { name: /Summer hoops/ });
    expect(link.getAttribute("href")).toBe(`/shortlists/${uuid(1)}`);
    expect(link.textContent).toContain("3 venues");
    expect(link.textContent).toContain("shared");
  });

  it("shows the empty state without lists", async () => {
    serveShortlists([]);
    await renderApp({ path: "/shortlists", auth: buildSignedInAuth() });
    expect(await screen.findByText("No shortlists yet")).toBeTruthy();
  });
});

describe("/shortlists/{id}", SLOW, () => {
  it("compares the venues side by side and offers one request to the listed ones", async () => {
    serveShortlists([buildShortlist(1, threeVenues(), { name: "Summer hoops" })]);
    await renderApp({ path: `/shortlists/${uuid(1)}`, auth: buildSignedInAuth(), width: 1280 });
    const table = await screen.findByRole("table", { name: "Shortlisted venues compared" });
    const row = (label: string) =>
      within(table).getByRole("rowheader", { name: label }).closest("tr")!.querySelectorAll("td");
    expect([...row("Sports")].map((c) => c.textContent)).toEqual([
      "Basketball, Volleyball",
      "—",
      "—",
    ]);
    expect([...row("Spaces")].map((c) => c.textContent)).toEqual(["6", "—", "—"]);
    expect([...row("Capacity")].map((c) => c.textContent)).toEqual(["1,200 people", "—", "—"]);
    expect([...row("Distance")].map((c) => c.textContent)).toEqual(["14.6 mi", "0.4 mi", "—"]);
    expect([...row("Response time")].map((c) => c.textContent)).toEqual([
      "3 h",
      "No answers yet",
      "No answers yet",
    ]);
    expect(within(table).getByText("No longer listed")).toBeTruthy();
    // Two of the three are still listed: the request goes to those.
    const send = screen.getByRole("link", { name: "Send a request to all 2" });
    expect(send.getAttribute("href")).toBe(`/requests/new?shortlist=${uuid(1)}`);
  });

  it("on a phone shows one card per venue and no table", async () => {
    serveShortlists([buildShortlist(1, threeVenues())]);
    await renderApp({ path: `/shortlists/${uuid(1)}`, auth: buildSignedInAuth(), width: 375 });
    expect(await screen.findByRole("link", { name: "Carmel Courts" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("removes a venue and shares a link, asking the server for each", async () => {
    const world = serveShortlists([buildShortlist(1, threeVenues())]);
    const { user } = await renderApp({
      path: `/shortlists/${uuid(1)}`,
      auth: buildSignedInAuth(),
      width: 1280,
    });
    await user.click(await screen.findByRole("button", { name: "Remove Visit Indy" }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Remove Visit Indy" })).toBeNull(),
    );
    expect(sent.to(`${SHORTLISTS}/${uuid(1)}/items/${uuid(102)}`, "DELETE")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Share a read-only link" }));
    const link = (await screen.findByRole("textbox", {
      name: "Read-only link",
    })) as HTMLInputElement;
    expect(link.value).toContain(`/shared/shortlists/${world.lists[0]!.shareToken}`);
    expect(screen.getByRole("button", { name: "Stop sharing" })).toBeTruthy();
  });

  it("says a list that is not mine (404) was not found", async () => {
    serveShortlists([]);
    await renderApp({ path: `/shortlists/${uuid(7)}`, auth: buildSignedInAuth() });
    expect(await screen.findByText("Shortlist not found")).toBeTruthy();
  });
});

describe("/shared/shortlists/{token}", SLOW, () => {
  it("shows the shared list read-only, without sign-in and without remove buttons", async () => {
    serveShortlists(
      [],
      new Map([
        [
          "good-token-1234567890",
          { name: "For the board", updatedDate: T0, rows: threeVenues().slice(0, 2), origin: null },
        ],
      ]),
    );
    await renderApp({ path: "/shared/shortlists/good-token-1234567890", width: 1280 });
    expect(await screen.findByText("For the board")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Shortlisted venues compared" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("says a revoked link does not work any more", async () => {
    serveShortlists();
    await renderApp({ path: "/shared/shortlists/old-token-1234567890" });
    expect(await screen.findByText("This link does not work any more")).toBeTruthy();
  });
});

function renderSave() {
  const user = userEvent.setup();
  render(
    <TestProviders auth={buildSignedInAuth()}>
      <MemoryRouter>
        <SaveToShortlist kind="facility" id={uuid(555)} name="Riverside Fields" />
      </MemoryRouter>
    </TestProviders>,
  );
  return user;
}

describe("the Save control", SLOW, () => {
  it("saves a listing to a chosen list with the keyboard, and shows it saved", async () => {
    serveShortlists([buildShortlist(1, [], { name: "Summer hoops" })]);
    const user = renderSave();
    await user.tab();
    expect(document.activeElement?.getAttribute("aria-label")).toBe(
      "Save Riverside Fields to a shortlist",
    );
    await user.keyboard("{Enter}");
    const item = await screen.findByRole("menuitemcheckbox", { name: /Summer hoops/ });
    expect(item.getAttribute("aria-checked")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(sent.bodies(`${SHORTLISTS}/${uuid(1)}/items`, "POST")).toEqual([
        { data: { kind: "facility", id: uuid(555) } },
      ]),
    );
    await waitFor(() => expect(screen.getByText("Saved")).toBeTruthy());
  });

  it("creates a new list from the menu and saves the listing on it", async () => {
    const world = serveShortlists([]);
    const user = renderSave();
    await user.click(screen.getByRole("button", { name: /Save Riverside Fields/ }));
    await user.click(await screen.findByRole("menuitem", { name: "New shortlist…" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(
      within(dialog).getByRole("textbox", { name: "Shortlist name" }),
      "Derby week{Enter}",
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(SHORTLISTS, "POST")).toEqual([{ data: { name: "Derby week" } }]);
    const created = world.lists[0]!;
    expect(sent.bodies(`${SHORTLISTS}/${created.id}/items`, "POST")).toEqual([
      { data: { kind: "facility", id: uuid(555) } },
    ]);
  });
});
