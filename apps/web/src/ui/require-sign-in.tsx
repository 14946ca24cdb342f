// Gates pages that need a signed-in member (and optionally an admin) with an honest panel.
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import LockIcon from "@mui/icons-material/Lock";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { isSignedInWithProfile, useAuth } from "../lib/auth";
import { HOME_PATH } from "../lib/paths";
import { returnPathAfterSignIn } from "../lib/sign-in-return";
import { NoticePanel } from "./notice-panel";

/** Asks a visitor to log in or sign up, and brings them back here afterwards. */
export function SignInPanel({ title, children }: { title: string; children: ReactNode }) {
  const auth = useAuth();
  const returnTo = returnPathAfterSignIn(useLocation());
  return (
    <NoticePanel
      icon={<LockIcon />}
      title={title}
      actions={
        <>
          <Button
            variant="contained"
            disabled={auth.isLoading}
            onClick={() => void auth.login({ returnTo })}
          >
            Log in
          </Button>
          <Button variant="outlined" onClick={() => void auth.signup({ returnTo })}>
            Sign up
          </Button>
        </>
      }
    >
      {children}
    </NoticePanel>
  );
}

export function RequireSignIn({
  what,
  adminOnly = false,
  children,
}: {
  /** Completes "Sign in to see …", e.g. "your notifications". */
  what: string;
  adminOnly?: boolean;
  children: ReactNode;
}) {
  const auth = useAuth();

  // Signed in but the profile failed: say so and offer a retry, not a sign-in prompt.
  if (!auth.isLoading && auth.isAuthenticated && !auth.profile && auth.profileError) {
    return (
      <NoticePanel
        role="alert"
        icon={<ReportProblemIcon />}
        title="Your profile did not load"
        actions={
          <Button variant="contained" onClick={() => auth.reloadProfile()}>
            Try again
          </Button>
        }
      >
        Check your connection and try again.
      </NoticePanel>
    );
  }

  if (auth.isLoading || (auth.isAuthenticated && !auth.profile)) {
    return (
      <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }

  if (!isSignedInWithProfile(auth)) {
    return (
      <SignInPanel title={`Sign in to see ${what}`}>
        Hostfield members get a home hub, notifications and group messaging.
      </SignInPanel>
    );
  }

  if (adminOnly && !auth.isAdmin) {
    return (
      <NoticePanel
        icon={<AdminPanelSettingsIcon />}
        title="Admins only"
        actions={
          <Button component={RouterLink} to={HOME_PATH} variant="outlined">
            Go to your home page
          </Button>
        }
      >
        This area is for Hostfield administrators. Your account does not have the admin role.
      </NoticePanel>
    );
  }

  return children;
}
