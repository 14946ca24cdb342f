// Tabs kept in the address: the chosen tab's panel is labelled by it, a tab opens with Enter or
// Space, and a page that replaces its entry leaves the history as it was.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { TabbedPage } from "./tabbed-page";

const SECTIONS = ["rooms", "rates", "blocks"] as const;
type TSection = (typeof SECTIONS)[number];
const isSection = (value: string | undefined): value is TSection =>
  (SECTIONS as readonly string[]).includes(value ?? "");

function Page({ replace }: { replace: boolean }) {
  const { section } = useParams();
  const value = isSection(section) ? section : false;
  return (
    <TabbedPage
      label="Hotel sections"
      tabs={SECTIONS.map((name) => ({ value: name, label: `The ${name}`, to: `/hotel/${name}` }))}
      value={value}
      replace={replace}
    >
      <p>{value ? `Showing ${value}` : "No such section"}</p>
    </TabbedPage>
  );
}

function renderAt(address: string, replace = false) {
  const router = createMemoryRouter(
    [
      { path: "/start", element: <p>Start</p> },
      { path: "/hotel/:section", element: <Page replace={replace} /> },
    ],
    {
      initialEntries: ["/start", address],
      initialIndex: 1,
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("TabbedPage", () => {
  it("labels the panel by the tab the address names", () => {
    renderAt("/hotel/rates");
    const tab = screen.getByRole("tab", { name: "The rates", selected: true });
    const panel = screen.getByRole("tabpanel", { name: "The rates" });
    expect(panel.textContent).toBe("Showing rates");
    expect(tab.getAttribute("aria-controls")).toBe(panel.id);
    expect(tab.getAttribute("href")).toBe("/hotel/rates");
  });

  it("opens a tab with the arrow keys and Space, adding a history entry", async () => {
    const router = renderAt("/hotel/rooms");
    screen.getByRole("tab", { name: "The rooms" }).focus();
    await userEvent.keyboard("{ArrowRight} ");
    await waitFor(() => expect(router.state.location.pathname).toBe("/hotel/rates"));
    expect(screen.getByRole("tabpanel").textContent).toBe("Showing rates");
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/hotel/rooms"));
  });

  it("replaces the history entry when asked", async () => {
    const router = renderAt("/hotel/rooms", true);
    await userEvent.click(screen.getByRole("tab", { name: "The blocks" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/hotel/blocks"));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/start"));
  });

  it("selects no tab and labels no panel when the address names none", () => {
    renderAt("/hotel/spa");
    expect(screen.queryByRole("tab", { selected: true })).toBeNull();
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(screen.getByText("No such section")).toBeTruthy();
  });
});
