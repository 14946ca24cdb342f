// A dialog that is a form (spec §2's dialog: title, Cancel first, then the action): Enter or the
// action button submits; while a call is under way it stays open and nothing is sent twice, and
// what the server said when it failed shows inside it. Its owner mounts it only while open, so
// each opening starts afresh.
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { type FormEvent, type ReactNode, useId } from "react";
import { CONFIRM_DEFAULTS } from "./confirm-options";

export function FormDialog({
  title,
  description,
  submitText,
  pending,
  submitDisabled = false,
  danger = false,
  error,
  onSubmit,
  onClose,
  children,
  maxWidth = "xs",
  fullScreen = false,
}: {
  title: string;
  description?: ReactNode;
  submitText: string;
  /** A call is under way: the dialog stays open and nothing can be sent twice. */
  pending: boolean;
  submitDisabled?: boolean;
  /** Paints the action red, for what cannot be undone. */
  danger?: boolean;
  /** What the server said when the last try failed. */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: "xs" | "sm" | "md";
  /** Fills a phone's screen, for a form too long for a dialog there. */
  fullScreen?: boolean;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      slotProps={{ paper: { component: "form", onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {description ? (
          <DialogContentText id={`${id}-description`} component="div" sx={{ mb: 1 }}>
            {description}
          </DialogContentText>
        ) : null}
        {children}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={pending}>
          {CONFIRM_DEFAULTS.cancelText}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={danger ? "error" : "primary"}
          disabled={pending || submitDisabled}
        >
          {submitText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
