// Every status change of one lead (from, to, who, when and why), oldest first: on the recipient's
// lead page and in the organizer's history dialog alike.
import { lossReasonText } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { getLeadHistory } from "./leads-api";
import { historyTitle } from "./request-format";

export function LeadHistory({
  queryKey,
  eventId,
  leadId,
  label = "Status changes",
}: {
  /** Each side caches it under its own keys, so its own changes refresh it. */
  queryKey: QueryKey;
  eventId: string;
  leadId: string;
  label?: string;
}) {
  const history = useQuery({
    queryKey,
    queryFn: ({ signal }) => getLeadHistory(eventId, leadId, signal),
  });
  if (history.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading the history">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="50%" />
      </Stack>
    );
  }
  if (history.isError) {
    return (
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
    );
  }
  if (history.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No changes yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {[...history.data]
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((entry) => (
          <Box component="li" key={entry.id} sx={{ mb: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{historyTitle(entry)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {entry.by ? `${entry.by.name} · ` : ""}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Typography>
            {lossReasonText(entry.reasonCode, entry.reason) ? (
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                “{lossReasonText(entry.reasonCode, entry.reason)}”
              </Typography>
            ) : null}
          </Box>
        ))}
    </Box>
  );
}
