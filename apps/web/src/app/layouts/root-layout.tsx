// The shell around every page: skip link, top bar, navigation progress, scroll restoration.
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import { Outlet, useNavigation } from "react-router";
import { ScrollRestoration } from "../scroll/scroll-restoration";
import { TopBar } from "../shell/top-bar";

export const MAIN_CONTENT_ID = "main-content";

export function RootLayout() {
  const navigation = useNavigation();
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
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
        />
      ) : null}
      <ScrollRestoration />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, outline: "none" }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
