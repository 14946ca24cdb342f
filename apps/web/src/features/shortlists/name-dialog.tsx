// The dialog that names a shortlist: a new one, or a new name for one.
import { SHORTLIST_NAME_MAX } from "@hostfield/domain/reference";
import TextField from "@mui/material/TextField";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { FormDialog } from "../../ui/confirm/form-dialog";
import type { TShortlistSummary } from "./save-api";

export function NameDialog({
  title,
  submitText,
  initial = "",
  save,
  onSaved,
  onClose,
}: {
  title: string;
  submitText: string;
  initial?: string;
  save: (name: string) => Promise<TShortlistSummary>;
  onSaved: (list: TShortlistSummary) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const mutation = useMutation({ mutationFn: save, onSuccess: onSaved });
  const trimmed = name.trim();
  return (
    <FormDialog
      title={title}
      submitText={submitText}
      pending={mutation.isPending}
      submitDisabled={trimmed.length === 0}
      error={
        mutation.isError ? apiErrorMessage(mutation.error, "The shortlist was not saved.") : null
      }
      onSubmit={() => mutation.mutate(trimmed)}
      onClose={onClose}
    >
      <TextField
        autoFocus
        fullWidth
        label="Shortlist name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: SHORTLIST_NAME_MAX } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
