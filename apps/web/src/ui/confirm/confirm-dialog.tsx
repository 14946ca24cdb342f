import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import type { TConfirmResult, TResolvedConfirmOptions } from "./confirm-options";

export function ConfirmDialog({
  options,
  open,
  onResult,
  onExited,
}: {
  options: TResolvedConfirmOptions;
  open: boolean;
  onResult: (result: Exclude<TConfirmResult, "unmounted">) => void;
  onExited: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [acknowledged, setAcknowledged] = useState(false);
  const { keyword, acknowledgement, description } = options;
  const canConfirm =
    (keyword === undefined || typed.trim() === keyword) &&
    (acknowledgement === undefined || acknowledged);

  return (
    <Dialog
      open={open}
      // Backdrop click and Escape are the "closed naturally" ending.
      onClose={() => onResult("closed")}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={`${id}-title`}>{options.title}</DialogTitle>
      {description || keyword || acknowledgement ? (
        <DialogContent>
          {description ? (
            <DialogContentText id={`${id}-description`} component="div">
              {description}
            </DialogContentText>
          ) : null}
          {keyword ? (
            <TextField
              autoFocus
              fullWidth
              margin="normal"
              autoComplete="off"
              label={`Type "${keyword}" to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && canConfirm) onResult("confirmed");
              }}
            />
          ) : null}
          {acknowledgement ? (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  checked={acknowledged}
                  onChange={(event) => setAcknowledged(event.target.checked)}
                />
              }
              label={acknowledgement}
            />
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={() => onResult("cancelled")}>
          {options.cancelText}
        </Button>
        <Button
          variant="contained"
          color={options.confirmButtonType === "danger" ? "error" : "primary"}
          disabled={!canConfirm}
          onClick={() => onResult("confirmed")}
        >
          {options.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
