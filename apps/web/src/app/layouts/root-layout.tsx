// The shell around every page: skip link, top bar, navigation progress, scroll restoration,
// (signed in) the toasts of the session hub and the "Reconnecting" notice, and the place of a
// destination's guide chat.
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { lazy, Suspense } from "react";
import { Outlet, useNavigation } from "react-router";
import { GuideChatProvider } from "../../features/assistant";
import { useAuth } from "../../lib/auth";
import { ReconnectingBanner } from "../../lib/connection/reconnecting-banner";
import { ScrollRestoration } from "../scroll/scroll-restoration";
import { TopBar } from "../shell/top-bar";

export const MAIN_CONTENT_ID = "main-content";

// The navigation progress bar: needed from the first move to another page, not for the first paint.
const LinearProgress = lazy(() => import("@mui/material/LinearProgress"));

// Toasts for what the session hub pushes; loaded with the first signed-in page, not before.
const NotifyToasts = lazy(async () => ({
  default: (await import("../../features/notifications/notify-toasts")).NotifyToasts,
}));

export function RootLayout() {
  const navigation = useNavigation();
  const { isAuthenticated } = useAuth();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: "absolute",
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: "background.paper",
          boxShadow: 2,
          "&:focus": { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <TopBar />
      {navigation.state === "loading" ? (
        <Suspense fallback={null}>
          <LinearProgress
            aria-label="Loading page"
            sx={{
              position: "fixed",
              top: 0,
              left: 0,
              right: 0,
              zIndex: (t) => t.zIndex.appBar + 1,
            }}
          />
        </Suspense>
      ) : null}
      <ScrollRestoration />
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <NotifyToasts />
        </Suspense>
      ) : null}
      {isAuthenticated ? <ReconnectingBanner /> : null}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, outline: "none" }}
      >
        <GuideChatProvider>
          <Outlet />
        </GuideChatProvider>
      </Box>
    </Box>
  );
}
