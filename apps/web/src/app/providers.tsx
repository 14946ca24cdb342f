// Everything the pages rely on, in dependency order. Auth comes last so tests can swap it.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { AuthProvider, type TAuthNavigator } from "../lib/auth";
import { ConnectionProvider } from "../lib/connection/connection-context";
import { HubProvider } from "../lib/hub/hub-provider";
import { ConfirmProvider } from "../ui/confirm";
import { createQueryClient } from "./query-client";
import { NavbarConfigProvider } from "./shell/navbar-config";
import { ColorModeProvider } from "./theme/color-mode";
import { ToastProvider } from "./toasts";

/** All providers except authentication. */
export function BaseProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ColorModeProvider>
      <QueryClientProvider client={client}>
        <ConnectionProvider>
          <ToastProvider>
            <NavbarConfigProvider>
              <ConfirmProvider>{children}</ConfirmProvider>
            </NavbarConfigProvider>
          </ToastProvider>
        </ConnectionProvider>
      </QueryClientProvider>
    </ColorModeProvider>
  );
}

export function AppProviders({
  children,
  navigator,
  queryClient,
}: {
  children: ReactNode;
  /** How sign-in changes the address (after a redirect, or to /home after a popup login). */
  navigator?: TAuthNavigator;
  /** A cache already holding the first view's data (main.tsx). */
  queryClient?: QueryClient;
}) {
  return (
    <BaseProviders queryClient={queryClient}>
      <AuthProvider navigator={navigator}>
        <HubProvider>{children}</HubProvider>
      </AuthProvider>
    </BaseProviders>
  );
}
