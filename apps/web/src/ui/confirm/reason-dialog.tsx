// A confirmation that asks for a reason the other side reads (a pass, an award, a decline). The
// shared confirmation dialog cannot hold its confirm button until free text is typed, hence this
// one; the caller's `check` says what a reason must be (the contract's limits, whether one is
// required) and the problem shows beside the input.
import TextField from "@mui/material/TextField";
import { type ReactNode, useState } from "react";
import { FormDialog } from "./form-dialog";

export type TReasonCheck = (
  text: string,
) => { ok: true; reason: string | null } | { ok: false; message: string };

export function ReasonDialog({
  title,
  description,
  label = "Reason",
  defaultReason = "",
  hint,
  maxLength,
  required = false,
  check,
  confirmText,
  danger = false,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  title: string;
  description?: ReactNode;
  label?: string;
  defaultReason?: string;
  /** Who reads the reason, say; shown under the input until there is a problem. */
  hint?: string;
  /** The longest reason the input takes (the contract's limit), counted under it. */
  maxLength?: number;
  /** Marks the input required; `check` is what enforces it. */
  required?: boolean;
  check: TReasonCheck;
  confirmText: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  /** The checked reason; null when an optional one was left empty (the server then words it). */
  onConfirm: (reason: string | null) => void;
}) {
  const [text, setText] = useState(defaultReason);
  const [problem, setProblem] = useState<string | null>(null);
  const counter = maxLength === undefined ? null : `${text.trim().length}/${maxLength}`;
  return (
    <FormDialog
      title={title}
      description={description}
      submitText={pending ? "Saving…" : confirmText}
      danger={danger}
      pending={pending}
      error={error}
      onClose={onCancel}
      onSubmit={() => {
        const checked = check(text);
        if (checked.ok) onConfirm(checked.reason);
        else setProblem(checked.message);
      }}
    >
      <TextField
        autoFocus
        fullWidth
        margin="normal"
        label={label}
        required={required}
        value={text}
        error={problem !== null}
        helperText={problem ?? ([hint, counter].filter(Boolean).join(" ") || undefined)}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        slotProps={{ htmlInput: { maxLength } }}
      />
    </FormDialog>
  );
}
