// A one-way action with a moment to take it back (issue 50: an admin's approvals): it is sent only
// UNDO_DELAY_MS after it was asked for, while a toast says what is about to happen, with Undo. The
// caller shows `waiting` beside the thing acted on, with its own Undo there too (a toast is out of
// the keyboard's way). Leaving the page before then sends it at once: what was asked is done.
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type SnackbarKey, useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";

/** How long an action waits for an Undo before it is sent. */
export const UNDO_DELAY_MS = 6000;
export const UNDO_LABEL = "Undo";

export function useUndoableAction(run: () => void): {
  /** Asks for the action: sent after the delay unless undone; `message` says what it does. */
  start: (message: string) => void;
  /** Takes it back: nothing is sent. */
  undo: () => void;
  /** Asked for, not yet sent. */
  waiting: boolean;
} {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const scheduled = useRef<{ timer: ReturnType<typeof setTimeout>; toast: SnackbarKey } | null>(
    null,
  );
  const [waiting, setWaiting] = useState(false);

  /** Stops the wait, closing its toast; whether it was waiting. */
  const stop = () => {
    const current = scheduled.current;
    if (!current) return false;
    scheduled.current = null;
    clearTimeout(current.timer);
    closeSnackbar(current.toast);
    return true;
  };
  const undo = () => {
    if (stop()) setWaiting(false);
  };
  const start = (message: string) => {
    if (scheduled.current) return;
    const toast = enqueueSnackbar(message, {
      variant: "info",
      autoHideDuration: UNDO_DELAY_MS,
      action: () => (
        <Button color="inherit" size="small" onClick={undo}>
          {UNDO_LABEL}
        </Button>
      ),
    });
    const timer = setTimeout(() => {
      if (!stop()) return;
      setWaiting(false);
      latest.current();
    }, UNDO_DELAY_MS);
    scheduled.current = { timer, toast };
    setWaiting(true);
  };
  // Gone before the delay ended (another tab, another page): send it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on unmount; `stop` reads refs.
  useEffect(() => () => void (stop() && latest.current()), []);
  return { start, undo, waiting };
}

/**
 * The button of such an action: it asks for it, and while it waits it is the Undo (the same
 * button, so the focus stays on it), with the wait said beside it.
 */
export function UndoableButton({
  label,
  pendingLabel,
  actionName,
  undoName,
  waitingText,
  waiting,
  pending,
  disabled = false,
  onStart,
  onUndo,
}: {
  label: string;
  /** Shown while the call is on its way. */
  pendingLabel: string;
  /** The button's accessible name: "Approve: Riverside Inn". */
  actionName: string;
  /** Its name while it waits: "Undo approving Riverside Inn". */
  undoName: string;
  /** What the wait is said as: "Approving in a few seconds". */
  waitingText: string;
  waiting: boolean;
  pending: boolean;
  disabled?: boolean;
  onStart: () => void;
  onUndo: () => void;
}) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: "stretch" }}>
      <Button
        variant={waiting ? "outlined" : "contained"}
        disabled={pending || (disabled && !waiting)}
        // Named by what it shows while the call is on its way (its text then is the name).
        aria-label={pending ? undefined : waiting ? undoName : actionName}
        onClick={waiting ? onUndo : onStart}
      >
        {pending ? pendingLabel : waiting ? UNDO_LABEL : label}
      </Button>
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {waiting ? waitingText : ""}
      </Typography>
    </Stack>
  );
}
