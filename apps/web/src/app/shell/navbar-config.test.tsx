import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { TestProviders } from "../../test/render-app";
import { DEFAULT_NAVBAR_CONFIG, useNavbarOverrides } from "./navbar-config";
import { TopBar } from "./top-bar";

function MapPage() {
  useNavbarOverrides({ sticky: true, contained: false, height: 72 });
  return <h1>Map</h1>;
}

function renderBar(page: ReactNode) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <TopBar />
          {page}
        </>
      ),
    },
  ]);
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const header = screen.getByRole("banner");
  const toolbar = screen.getByRole("navigation", { name: "Main" });
  return { header, toolbar };
}

describe("navbar config", () => {
  it("defaults to a fixed, contained bar 60 px high", () => {
    expect(DEFAULT_NAVBAR_CONFIG).toEqual({
      height: 60,
      stickyChildHeight: 76,
      contained: true,
      sticky: false,
    });
    const { header, toolbar } = renderBar(null);
    expect(getComputedStyle(header).position).toBe("fixed");
    expect(getComputedStyle(toolbar).height).toBe("60px");
    expect(toolbar.closest(".MuiContainer-root")).not.toBeNull();
  });

  it("lets a page make it sticky, full width and taller while it is shown", () => {
    const { header, toolbar } = renderBar(<MapPage />);
    expect(getComputedStyle(header).position).toBe("sticky");
    expect(getComputedStyle(toolbar).height).toBe("72px");
    expect(toolbar.closest(".MuiContainer-root")).toBeNull();
  });
});
