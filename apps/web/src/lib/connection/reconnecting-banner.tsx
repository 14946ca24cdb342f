// The small, polite notice shown while the server could not serve lately (connection-store.ts):
// the session and whatever the page holds are kept, and it goes away with the next answer.
import SyncIcon from "@mui/icons-material/Sync";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useReconnecting } from "./connection-context";

export const RECONNECTING_TEXT = "Reconnecting… Your work is kept.";

export function ReconnectingBanner() {
  const reconnecting = useReconnecting();
  if (!reconnecting) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: "fixed",
        bottom: 16,
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: (theme) => theme.zIndex.snackbar,
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: 2,
        py: 1,
        borderRadius: 2,
        boxShadow: 3,
        bgcolor: "background.paper",
        color: "text.primary",
        maxWidth: "calc(100vw - 32px)",
      }}
    >
      <SyncIcon fontSize="small" color="action" aria-hidden />
      <Typography variant="body2">{RECONNECTING_TEXT}</Typography>
    </Box>
  );
}
