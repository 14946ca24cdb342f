// Name and account type, saved as a JSON Patch of what changed (spec §5 patch computation).
import type { TPatchOperation } from "@hostfield/domain/contracts";
import { ACCOUNT_TYPES, type TAccountType } from "@hostfield/domain/reference";
import { computePatch } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { type TUserProfile, updateCachedProfile } from "../../lib/auth";
import { patchUser } from "./account-api";

/** ZUser's limit on names. */
export const NAME_MAX_LENGTH = 200;
export const PROFILE_SAVED = "Your profile is saved.";

type TEditable = { name: string; accountType: TAccountType };

function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "Enter your name.";
  if (trimmed.length > NAME_MAX_LENGTH) return `Use at most ${NAME_MAX_LENGTH} characters.`;
  return null;
}

export function ProfileForm({ profile }: { profile: TUserProfile }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState(profile.name);
  const [accountType, setAccountType] = useState<TAccountType>(profile.accountType);
  const [touched, setTouched] = useState(false);

  const before: TEditable = { name: profile.name, accountType: profile.accountType };
  const after: TEditable = { name: name.trim(), accountType };
  const patch = computePatch(before, after);
  const problem = nameProblem(name);

  const save = useMutation({
    mutationFn: ({ operations }: { operations: TPatchOperation[]; next: TEditable }) =>
      patchUser(profile.id, operations),
    onSuccess: (changes, { next }) => {
      updateCachedProfile(queryClient, { ...next, ...changes });
      setName((current) => current.trim());
      enqueueSnackbar(PROFILE_SAVED, { variant: "success" });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || patch.length === 0 || save.isPending) return;
    save.mutate({ operations: patch, next: after });
  };

  const showProblem = touched || name !== profile.name ? problem : null;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        fullWidth
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={showProblem !== null}
        helperText={showProblem ?? "Shown to other members with your profile."}
        slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH + 50 } }}
      />
      <TextField
        select
        label="Account type"
        name="accountType"
        fullWidth
        value={accountType}
        onChange={(event) => setAccountType(event.target.value as TAccountType)}
        helperText="What best describes you on Hostfield."
        // A native select: keyboard and phone friendly, and one tab stop.
        slotProps={{ select: { native: true } }}
      >
        {ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </TextField>
      {save.isError ? (
        <Alert severity="error">
          {apiErrorMessage(save.error, "Your profile could not be saved. Try again.")}
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <Button
          type="submit"
          variant="contained"
          disabled={patch.length === 0 || problem !== null || save.isPending}
        >
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
        <Button
          type="button"
          color="inherit"
          disabled={patch.length === 0 || save.isPending}
          onClick={() => {
            setName(profile.name);
            setAccountType(profile.accountType);
            setTouched(false);
            save.reset();
          }}
        >
          Undo changes
        </Button>
      </Stack>
    </Stack>
  );
}
