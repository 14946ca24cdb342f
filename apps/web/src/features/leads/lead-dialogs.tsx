// The dialogs a recipient's move asks for: a proposal (message, the event's dates we can host, a
// price, files) for a move to Interested, and a staff member to assign. (A pass asks its reason in
// the app's ReasonDialog.) Their owners mount them only while open, so each opening starts afresh.
import { PRICE_UNITS, type TProfileMember, type TProposal } from "@hostfield/domain/contracts";
import { formatEventDate } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { checkProposal, eventDays, proposalDraft, type TProposalErrors } from "./lead-rules";

/** How many files one proposal may carry. */
export const MAX_ATTACHMENTS = 5;

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

export function ProposalDialog({
  title,
  eventName,
  startDate,
  endDate,
  initial,
  submitText,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  eventName: string;
  startDate: string;
  endDate: string;
  initial?: TProposal | null;
  submitText: string;
  pending: boolean;
  error: string | null;
  /** The proposal, and the files to share with it in the conversation. */
  onSubmit: (proposal: TProposal, attachments: readonly File[]) => void;
  onClose: () => void;
}) {
  const days = eventDays(startDate, endDate);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [draft, setDraft] = useState(() => proposalDraft(initial, days));
  // Problems show once a send was tried, and follow the inputs from then on.
  const [touched, setTouched] = useState(false);
  const [extraDate, setExtraDate] = useState("");
  const datesId = useId();
  const checked = checkProposal(draft, { startDate, endDate });
  const problems: TProposalErrors = checked.ok ? {} : checked.errors;
  const show = (problem: string | undefined) => (touched ? (problem ?? null) : null);

  const setDates = (dates: string[]) =>
    setDraft((current) => ({ ...current, dates: [...new Set(dates)].sort() }));
  const toggleDate = (day: string, on: boolean) =>
    setDates(on ? [...draft.dates, day] : draft.dates.filter((d) => d !== day));

  const submit = () => {
    setTouched(true);
    if (checked.ok) onSubmit(checked.proposal, attachments);
  };

  return (
    <FormDialog
      title={title}
      description={`Tell the organizer of ${eventName} what you offer. Sending it marks the lead Interested and opens a conversation with them.`}
      submitText={submitText}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={3}
          label="Message"
          value={draft.message}
          onChange={(event) => setDraft({ ...draft, message: event.target.value })}
          error={show(problems.message) !== null}
          helperText={
            show(problems.message) ?? "What you offer, and anything the organizer should know."
          }
        />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} aria-describedby={datesId}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            Dates you can host
          </Typography>
          {days.length > 0 ? (
            <Stack>
              {days.map((day) => (
                <FormControlLabel
                  key={day}
                  label={formatEventDate(day)}
                  control={
                    <Checkbox
                      size="small"
                      checked={draft.dates.includes(day)}
                      onChange={(event) => toggleDate(day, event.target.checked)}
                    />
                  }
                />
              ))}
            </Stack>
          ) : (
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <TextField
                  size="small"
                  type="date"
                  label="Add a date"
                  value={extraDate}
                  onChange={(event) => setExtraDate(event.target.value)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { min: startDate, max: endDate },
                  }}
                />
                <Button
                  disabled={extraDate < startDate || extraDate > endDate || extraDate === ""}
                  onClick={() => {
                    setDates([...draft.dates, extraDate]);
                    setExtraDate("");
                  }}
                >
                  Add date
                </Button>
              </Stack>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
                {draft.dates.map((day) => (
                  <Chip
                    key={day}
                    size="small"
                    label={formatEventDate(day)}
                    onDelete={() => toggleDate(day, false)}
                  />
                ))}
              </Stack>
            </Stack>
          )}
          <FormHelperText id={datesId} error={show(problems.dates) !== null}>
            {show(problems.dates) ??
              `Between ${formatEventDate(startDate)} and ${formatEventDate(endDate)}.`}
          </FormHelperText>
        </Box>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            type="number"
            label="Price (USD)"
            value={draft.price}
            onChange={(event) => setDraft({ ...draft, price: event.target.value })}
            error={show(problems.price) !== null}
            helperText={show(problems.price) ?? "Optional."}
            slotProps={{ htmlInput: { min: 0, step: "any" } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label="Price unit"
            value={draft.unit}
            onChange={(event) => setDraft({ ...draft, unit: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          >
            <option value="">No unit</option>
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </TextField>
        </Stack>
        <Stack spacing={0.5}>
          <Button component="label" variant="outlined" sx={{ alignSelf: "flex-start" }}>
            Attach files
            <input
              hidden
              multiple
              type="file"
              aria-label="Attach files"
              accept="image/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                // The same file twice is one attachment.
                setAttachments((current) =>
                  [
                    ...current,
                    ...chosen.filter((f) => !current.some((c) => fileKey(c) === fileKey(f))),
                  ].slice(0, MAX_ATTACHMENTS),
                );
                event.target.value = "";
              }}
            />
          </Button>
          {attachments.length > 0 ? (
            <Stack component="ul" spacing={0.5} aria-label="Attached files" sx={{ m: 0, pl: 2 }}>
              {attachments.map((file) => (
                <li key={fileKey(file)}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                      {file.name}
                    </Typography>
                    <Button
                      size="small"
                      onClick={() =>
                        setAttachments(attachments.filter((f) => fileKey(f) !== fileKey(file)))
                      }
                      aria-label={`Remove ${file.name}`}
                    >
                      Remove
                    </Button>
                  </Stack>
                </li>
              ))}
            </Stack>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            Brochures, floor plans or photos, up to {MAX_ATTACHMENTS} files; they are shared in your
            conversation with the organizer.
          </Typography>
        </Stack>
      </Stack>
    </FormDialog>
  );
}

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
        <Skeleton variant="rounded" height={56} aria-label="Loading the staff" />
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
