// /auth/callback: where the redirect sign-in returns. The auth provider handles the response at
// start-up (spec §4) and then replaces this address with the return path. If sign-in could not
// be set up or failed, the page says so and offers a way back instead of waiting forever.
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { SigningInStatus } from "./signing-in-status";

export const SIGN_IN_FAILED_TITLE = "We could not sign you in";
export const BACK_HOME_TEXT = "Back to the start page";

export function AuthCallbackPage() {
  const { error, isLoading } = useAuth();
  return (
    <PageFrame title="Signing in">
      {error && !isLoading ? (
        <NoticePanel
          role="alert"
          title={SIGN_IN_FAILED_TITLE}
          actions={
            <Button component={RouterLink} to="/" replace variant="outlined">
              {BACK_HOME_TEXT}
            </Button>
          }
        >
          {error.message}
        </NoticePanel>
      ) : (
        <SigningInStatus />
      )}
    </PageFrame>
  );
}
