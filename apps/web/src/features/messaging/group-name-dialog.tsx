// The dialog that names a group: "New group" (create) and "Rename group". Its owner mounts it
// only while open, so each opening starts from `initialName`.
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type FormEvent, useId, useState } from "react";

export const GROUP_NAME_MAX_LENGTH = 120;

/** Why a group name cannot be used, or null when it can. */
export function groupNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "Enter a name for the group.";
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) {
    return `Use at most ${GROUP_NAME_MAX_LENGTH} characters.`;
  }
  return null;
}

export function GroupNameDialog({
  open,
  title,
  description,
  submitText,
  initialName = "",
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  submitText: string;
  initialName?: string;
  pending: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const problem = groupNameProblem(name);
  const unchanged = initialName !== "" && name.trim() === initialName.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || pending || unchanged) return;
    onSubmit(name.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: "form", onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {description ? <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText> : null}
        <TextField
          autoFocus
          fullWidth
          required
          label="Group name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={
            (touched ? problem : null) ??
            `${name.trim().length}/${GROUP_NAME_MAX_LENGTH} characters`
          }
          sx={{ mt: 1 }}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending || problem !== null || unchanged}
        >
          {submitText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
