import "./zod-jitless";
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { routerNavigator } from "../lib/auth";
import { AppProviders } from "./providers";

export type TAppRouter = ReturnType<typeof createBrowserRouter>;

export function App({
  router,
  queryClient,
  onReady,
}: {
  router: TAppRouter;
  queryClient: QueryClient;
  /** Called once the app is on screen (it has taken over the server's first view, say). */
  onReady?: () => void;
}) {
  const [navigator] = useState(() => routerNavigator(router));
  useEffect(() => onReady?.(), [onReady]);
  return (
    <AppProviders navigator={navigator} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
