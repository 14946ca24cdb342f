// Every status change of one lead, for the organizer comparing proposals.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { LeadHistory } from "../leads";
import { requestKeys } from "./requests-api";

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
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} maxWidth="sm" fullWidth>
      <DialogTitle id={id}>History of {venue}</DialogTitle>
      <DialogContent>
        <LeadHistory
          queryKey={requestKeys.history(eventId, leadId)}
          eventId={eventId}
          leadId={leadId}
          label={`Status changes of ${venue}`}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
