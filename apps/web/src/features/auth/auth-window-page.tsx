// /auth/popup and /auth/silent: run inside the sign-in popup and the hidden renew frame, and hand
// the provider's response back to the window that opened them.
import Box from "@mui/material/Box";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { createUserManagerFromServer } from "../../lib/auth/oidc";
import { useDocumentTitle } from "../../ui/document-title";
import { SigningInStatus } from "./signing-in-status";

export type TAuthWindowFlow = "popup" | "silent";

export const AUTH_WINDOW_FAILED_TEXT =
  "We could not finish signing you in. Close this window and try again.";

export async function finishAuthWindow(flow: TAuthWindowFlow, url: string): Promise<void> {
  const manager = await createUserManagerFromServer();
  if (flow === "popup") await manager.signinPopupCallback(url);
  else await manager.signinSilentCallback(url);
}

export function AuthWindowPage({ flow }: { flow: TAuthWindowFlow }) {
  useDocumentTitle("Signing in");
  const { pathname, search, hash } = useLocation();
  const [failed, setFailed] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    // The response can be handed back only once (React's strict mode runs effects twice).
    if (handled.current) return;
    handled.current = true;
    const url = new URL(`${pathname}${search}${hash}`, window.location.origin).href;
    finishAuthWindow(flow, url).catch(() => setFailed(true));
  }, [flow, pathname, search, hash]);

  return (
    <Box component="main" sx={{ p: 3 }}>
      {failed ? (
        <SigningInStatus text={AUTH_WINDOW_FAILED_TEXT} busy={false} />
      ) : (
        <SigningInStatus />
      )}
    </Box>
  );
}
