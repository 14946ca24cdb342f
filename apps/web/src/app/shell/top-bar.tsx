// The top bar of spec §2: logo, maintenance chip, Search, and the guest or signed-in actions.
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Toolbar from "@mui/material/Toolbar";
import { lazy, type ReactNode, Suspense } from "react";
import { isSignedInWithProfile, useAuth } from "../../lib/auth";
import { useSmallScreen } from "../../ui/use-small-screen";
import { GuestActions } from "./guest-actions";
import { Logo } from "./logo";
import { MaintenanceChip } from "./maintenance-chip";
import { useNavbarConfig } from "./navbar-config";
import { SearchMenu } from "./search-menu";

// Members' bar (Home, notifications, messaging, the Me menu) loads for members only: a visitor's
// first page does not carry it, and a member's waits for the sign-in anyway.
const SignedInActions = lazy(async () => ({
  default: (await import("./signed-in-actions")).SignedInActions,
}));

export function TopBar() {
  const config = useNavbarConfig();
  const auth = useAuth();
  const isSmall = useSmallScreen();
  const signedIn = isSignedInWithProfile(auth);

  const bar = (
    <Toolbar
      component="nav"
      aria-label="Main"
      disableGutters
      sx={{ minHeight: { xs: config.height }, height: config.height, gap: { xs: 0.5, sm: 1.5 } }}
    >
      <Logo />
      <MaintenanceChip compact={isSmall} />
      <SearchMenu />
      <Box sx={{ flexGrow: 1 }} />
      {signedIn ? (
        <Suspense fallback={null}>
          <SignedInActions auth={auth} isSmall={isSmall} />
        </Suspense>
      ) : (
        <GuestActions auth={auth} isSmall={isSmall} />
      )}
    </Toolbar>
  );

  let content: ReactNode = bar;
  if (config.contained) content = <Container maxWidth="lg">{bar}</Container>;
  else content = <Box sx={{ px: { xs: 2, sm: 3 } }}>{bar}</Box>;

  return (
    <>
      <AppBar position={config.sticky ? "sticky" : "fixed"}>{content}</AppBar>
      {/* A fixed bar takes no room in the flow; this keeps the page from sliding under it. */}
      {config.sticky ? null : <Box aria-hidden sx={{ height: config.height, flexShrink: 0 }} />}
    </>
  );
}
