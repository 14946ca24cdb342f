// Renders the real route table inside the real providers, with an optional test-only auth value.
import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { BaseProviders } from "../app/providers";
import { appRoutes } from "../app/routes";
import {
  AuthContext,
  AuthProvider,
  routerNavigator,
  type TAuthContextValue,
  type TAuthNavigator,
} from "../lib/auth";
import { setViewportWidth } from "./media";

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function TestProviders({
  auth,
  navigator,
  queryClient,
  children,
}: {
  auth?: TAuthContextValue;
  navigator?: TAuthNavigator;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  return (
    <BaseProviders queryClient={queryClient ?? createTestQueryClient()}>
      {auth ? (
        <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
      ) : (
        <AuthProvider navigator={navigator}>{children}</AuthProvider>
      )}
    </BaseProviders>
  );
}

const FIRST_PAGE_TIMEOUT_MS = 5000;

/** Renders the app at `path` and waits until the page's code has loaded and its h1 shows. */
export async function renderApp({
  path = "/",
  auth,
  width,
  queryClient,
}: {
  path?: string;
  /**
   * A test-only auth value; without it the app's own OIDC provider runs (with whatever the test
   * stubbed for fetch and oidc-client-ts).
   */
  auth?: TAuthContextValue;
  width?: number;
  queryClient?: QueryClient;
} = {}) {
  if (width !== undefined) setViewportWidth(width);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <TestProviders auth={auth} navigator={routerNavigator(router)} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  // The first page of a test file loads cold (lazy route, and oidc-client-ts for the real
  // provider); two busy workers can take longer than the default second.
  await screen.findByRole("heading", { level: 1 }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return { ...result, router, user };
}
