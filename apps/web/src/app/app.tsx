import "./zod-jitless";
import { useState } from "react";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { routerNavigator } from "../lib/auth";
import { AppProviders } from "./providers";
import { appRoutes } from "./routes";

export function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  const [navigator] = useState(() => routerNavigator(router));
  return (
    <AppProviders navigator={navigator}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
