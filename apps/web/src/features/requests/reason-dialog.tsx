// A confirmation that asks for a reason (spec §2's dialog: title, Cancel first, then confirm): the
// award's reason for the other bidders (prefilled) and a decline's reason (required). The shared
// confirmation dialog cannot hold its confirm button until free text is typed, hence this one.
import { LEAD_REASON_MAX_LENGTH } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { CONFIRM_DEFAULTS } from "../../app/confirm";

export function ReasonDialog({
  open,
  title,
  description,
  reasonLabel,
  defaultReason = "",
  required,
  confirmText,
  danger = false,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  reasonLabel: string;
  defaultReason?: string;
  /** Without it an empty reason confirms as null (the server then words it). */
  required: boolean;
  confirmText: string;
  danger?: boolean;
  pending: boolean;
  /** What the server said when the last try failed; the dialog stays open. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(defaultReason);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (required && !text) {
      setMissing(true);
      return;
    }
    onConfirm(text || null);
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: "form", onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-description`} component="div">
          {description}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          label={reasonLabel}
          required={required}
          value={reason}
          error={missing}
          helperText={missing ? "Say briefly why; the venue reads it." : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (missing) setMissing(false);
          }}
          slotProps={{ htmlInput: { maxLength: LEAD_REASON_MAX_LENGTH } }}
        />
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          {CONFIRM_DEFAULTS.cancelText}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={danger ? "error" : "primary"}
          disabled={pending}
        >
          {pending ? "Saving…" : confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
