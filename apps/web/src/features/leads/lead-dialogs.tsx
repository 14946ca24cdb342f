// The dialog that chooses a staff member for one or several leads, and the staff select the lead's
// page uses too. (A proposal is asked in proposal-form.tsx; a pass asks its reason in the app's
// ReasonDialog.) Their owners mount them only while open, so each opening starts afresh.
import type { TProfileMember } from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";

/** Choose one of the listing's staff (or nobody) for one or several leads. */
export function AssignDialog({
  title,
  staff,
  staffState,
  onRetryStaff,
  initialUserId = null,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  staff: readonly TProfileMember[];
  staffState: "pending" | "error" | "success";
  onRetryStaff: () => void;
  initialUserId?: string | null;
  pending: boolean;
  error: string | null;
  onSubmit: (userId: string | null) => void;
  onClose: () => void;
}) {
  const [userId, setUserId] = useState(initialUserId ?? "");
  const people = uniqueStaff(staff);
  return (
    <FormDialog
      title={title}
      submitText="Assign"
      pending={pending}
      submitDisabled={staffState !== "success"}
      error={error}
      onClose={onClose}
      onSubmit={() => onSubmit(userId === "" ? null : userId)}
    >
      {staffState === "pending" ? (
        <Skeleton variant="rounded" height={56} role="status" aria-label="Loading the staff" />
      ) : staffState === "error" ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetryStaff}>
              Retry
            </Button>
          }
        >
          The staff did not load.
        </Alert>
      ) : (
        <StaffSelect label="Staff member" staff={people} value={userId} onChange={setUserId} />
      )}
    </FormDialog>
  );
}

/** One entry per person (a facility's manager may also manage it through a destination). */
export function uniqueStaff(staff: readonly TProfileMember[]): TProfileMember[] {
  const seen = new Set<string>();
  return staff.filter((member) => {
    if (seen.has(member.userId)) return false;
    seen.add(member.userId);
    return true;
  });
}

export const NOBODY_LABEL = "Nobody";

export function StaffSelect({
  label,
  staff,
  value,
  disabled,
  onChange,
}: {
  label: string;
  staff: readonly { userId: string; name: string }[];
  value: string;
  disabled?: boolean;
  onChange: (userId: string) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ mt: 1 }}
    >
      <option value="">{NOBODY_LABEL}</option>
      {staff.map((member) => (
        <option key={member.userId} value={member.userId}>
          {member.name}
        </option>
      ))}
    </TextField>
  );
}
