// A page whose code fails to load (a deploy replaced its chunk): one reload by itself, then a
// friendly "new version" panel, never React Router's raw error page.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TestProviders } from "../../test/render-app";
import { isChunkLoadError, page, RouteError } from "./route-error";

const chunkFailure = () =>
  new TypeError("Failed to fetch dynamically imported module: /assets/proposals-page-3f2a.js");

function renderFailing(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        errorElement: <RouteError />,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ["/"] },
  );
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(page, "reload").mockImplementation(() => undefined);
});
afterEach(() => reload.mockRestore());

describe("a page whose code failed to load", () => {
  it("reloads once by itself, then offers the new version instead of reloading again", async () => {
    const first = renderFailing(chunkFailure());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    renderFailing(chunkFailure());
    expect(await screen.findByRole("heading", { name: "A new version is available" })).toBeTruthy();
    expect(screen.getByText(/A new version of Hostfield is available/)).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("tells other failures apart: no reload by itself, the page's own message", async () => {
    renderFailing(new Error("render failed"));
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("knows the browsers' ways of saying a module did not load", () => {
    expect(isChunkLoadError(chunkFailure())).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
