// "Message": opens a conversation (the call given answers its group id) and goes there; a visitor
// is asked to log in first and comes back to the same page. Errors show below the button.
import ChatIcon from "@mui/icons-material/Chat";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { apiErrorMessage } from "../lib/api";
import { useAuth, useWhenAuthKnown } from "../lib/auth";
import { MESSAGING_PATH } from "../lib/paths";
import { returnPathAfterSignIn } from "../lib/sign-in-return";

// Messaging's thread lists (its threadKeys.all), reloaded so the new conversation is among them.
const THREADS_KEY = ["threads"] as const;

export function MessageButton({
  open,
  signInHint,
  variant = "contained",
  fullWidth = false,
}: {
  /** Opens (or reopens) the conversation; resolves to its group id. */
  open: () => Promise<string>;
  /** What a visitor reads under the button, e.g. "Log in to send Sam a message." */
  signInHint: string;
  variant?: "contained" | "outlined";
  /** As wide as its column (beside other full-width actions). */
  fullWidth?: boolean;
}) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const opening = useMutation({
    mutationFn: open,
    onSuccess: (groupId) => {
      void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
      navigate(`${MESSAGING_PATH}/${encodeURIComponent(groupId)}`);
    },
  });
  const signedIn = auth.isAuthenticated && auth.user !== null;
  // A click while sign-in still loads is kept and acted on once it knows (it was dropped: the
  // messaging journey's Message did nothing when its page was slow to learn who was signed in).
  const onClick = useWhenAuthKnown(() => {
    if (signedIn) opening.mutate();
    else void auth.login({ returnTo: returnPathAfterSignIn(location) });
  });
  return (
    <Stack spacing={1} sx={{ alignItems: fullWidth ? "stretch" : "flex-start" }}>
      <Button
        variant={variant}
        startIcon={<ChatIcon />}
        // Not disabled while auth loads: the server paints the button enabled, and the first
        // client render must match it; a click meanwhile waits for auth instead.
        disabled={opening.isPending}
        onClick={onClick}
      >
        {opening.isPending ? "Opening…" : "Message"}
      </Button>
      {/* Not while-loading-aware: the server paints pages for a visitor, and the page it paints must
          be the one the browser first draws (auth loads after), or React draws it again. */}
      {!signedIn ? (
        <Typography variant="body2" color="text.secondary">
          {signInHint}
        </Typography>
      ) : null}
      {opening.isError ? (
        <Alert severity="error">
          {apiErrorMessage(opening.error, "The conversation could not be opened. Try again.")}
        </Alert>
      ) : null}
    </Stack>
  );
}
