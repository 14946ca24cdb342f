// Every status change of one lead: from, to, the reason, who and when.
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { getLeadHistory, requestKeys } from "./requests-api";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function LeadHistoryDialog({
  eventId,
  leadId,
  venue,
  onClose,
}: {
  eventId: string;
  leadId: string;
  venue: string;
  onClose: () => void;
}) {
  const id = useId();
  const history = useQuery({
    queryKey: requestKeys.history(eventId, leadId),
    queryFn: ({ signal }) => getLeadHistory(eventId, leadId, signal),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} maxWidth="sm" fullWidth>
      <DialogTitle id={id}>History of {venue}</DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <Stack spacing={1} role="status" aria-label="Loading the history">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        ) : history.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(history.error, "The history did not load.")}
          </Alert>
        ) : history.data.length === 0 ? (
          <Typography color="text.secondary">No changes yet.</Typography>
        ) : (
          <List dense aria-label={`Status changes of ${venue}`}>
            {history.data.map((entry) => (
              <ListItem key={entry.id} divider disableGutters>
                <ListItemText
                  primary={
                    entry.fromStatus ? `${entry.fromStatus} → ${entry.toStatus}` : entry.toStatus
                  }
                  secondary={[
                    WHEN.format(new Date(entry.at)),
                    entry.by?.name ? `by ${entry.by.name}` : null,
                    entry.reason ? `“${entry.reason}”` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
