import { render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { routerNavigator } from "../../lib/auth";
import { fakeOidc } from "../../test/fake-oidc";
import { clientConfigHandler, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { AUTH_WINDOW_FAILED_TEXT } from "./auth-window-page";
import { SIGNING_IN_TEXT } from "./signing-in-status";

vi.mock("oidc-client-ts", async () => (await import("../../test/fake-oidc")).fakeOidcModule);

const ORIGIN = window.location.origin;

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <TestProviders navigator={routerNavigator(router)}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

beforeEach(() => fakeOidc.reset());

describe("the popup and renew-frame callback pages", () => {
  it("/auth/popup hands the response to the opener (signinPopupCallback) and says so", async () => {
    server.use(clientConfigHandler());
    renderAt("/auth/popup?code=abc&state=s-1");
    expect((await screen.findByRole("status")).textContent).toContain(SIGNING_IN_TEXT);
    await waitFor(() => expect(fakeOidc.managers).toHaveLength(1));
    const manager = fakeOidc.last();
    await waitFor(() =>
      expect(manager.signinPopupCallback).toHaveBeenCalledWith(
        `${ORIGIN}/auth/popup?code=abc&state=s-1`,
      ),
    );
    // The app inside the popup does not start a sign-in of its own.
    expect(manager.signinRedirectCallback).not.toHaveBeenCalled();
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  it("/auth/silent hands the response to the hidden frame's parent (signinSilentCallback)", async () => {
    server.use(clientConfigHandler());
    renderAt("/auth/silent?error=login_required&state=s-2");
    await waitFor(() => expect(fakeOidc.managers).toHaveLength(1));
    await waitFor(() =>
      expect(fakeOidc.last().signinSilentCallback).toHaveBeenCalledWith(
        `${ORIGIN}/auth/silent?error=login_required&state=s-2`,
      ),
    );
    expect(fakeOidc.last().signinPopupCallback).not.toHaveBeenCalled();
  });

  it("says what to do when the hand-back fails", async () => {
    server.use(http.get("/api/client-config", () => HttpResponse.json({}, { status: 503 })));
    renderAt("/auth/popup?code=abc&state=s-1");
    expect(await screen.findByText(AUTH_WINDOW_FAILED_TEXT)).toBeTruthy();
  });
});
