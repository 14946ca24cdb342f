import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

export const SIGNING_IN_TEXT = "Signing you in…";

/** The one thing the callback pages say while the sign-in finishes. */
export function SigningInStatus({
  text = SIGNING_IN_TEXT,
  busy = true,
}: {
  text?: string;
  busy?: boolean;
}) {
  return (
    <Stack
      role="status"
      aria-live="polite"
      direction="row"
      spacing={2}
      sx={{ alignItems: "center", py: 2 }}
    >
      {busy ? <CircularProgress size={24} aria-hidden /> : null}
      <Typography>{text}</Typography>
    </Stack>
  );
}
