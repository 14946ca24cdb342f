// Turning one venue's proposal down: a reason from the coded list (what the venue and the reports
// read the same way) and, if the organizer likes, words of their own. The venue reads its own
// reason only.
import { DECLINE_REASONS, type TDeclineReasonCode } from "@hostfield/domain/reference";
import { LEAD_REASON_MAX_LENGTH } from "@hostfield/domain/rules";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { checkReason, REASON_TOO_LONG } from "../leads";

export type TDeclineWords = { reasonCode: TDeclineReasonCode; reason: string | null };

export function DeclineDialog({
  venue,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  venue: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (words: TDeclineWords) => void;
}) {
  const labelId = useId();
  const [code, setCode] = useState<TDeclineReasonCode | null>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<{ code?: string; text?: string }>({});
  return (
    <FormDialog
      title={`Decline ${venue}'s proposal?`}
      description={`${venue} is told its proposal lost, with the reason you pick and your words. No other venue reads them. This cannot be undone.`}
      submitText={pending ? "Saving…" : "Decline"}
      danger
      pending={pending}
      error={error}
      onClose={onCancel}
      onSubmit={() => {
        const words = checkReason(text, false);
        if (code && words.ok) {
          onConfirm({ reasonCode: code, reason: words.reason });
          return;
        }
        setProblem({
          code: code ? undefined : "Pick the reason closest to yours.",
          text: words.ok ? undefined : REASON_TOO_LONG,
        });
      }}
    >
      <FormControl error={problem.code !== undefined} required margin="normal">
        <FormLabel id={labelId}>Reason</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={code ?? ""}
          onChange={(event) => {
            setCode(event.target.value as TDeclineReasonCode);
            setProblem((p) => ({ ...p, code: undefined }));
          }}
        >
          {DECLINE_REASONS.map((r) => (
            <FormControlLabel key={r.code} value={r.code} control={<Radio />} label={r.label} />
          ))}
        </RadioGroup>
        {problem.code ? <FormHelperText>{problem.code}</FormHelperText> : null}
      </FormControl>
      <TextField
        fullWidth
        margin="normal"
        label="In your words (optional)"
        value={text}
        error={problem.text !== undefined}
        helperText={problem.text ?? `${text.trim().length}/${LEAD_REASON_MAX_LENGTH}`}
        onChange={(event) => {
          setText(event.target.value);
          setProblem((p) => ({ ...p, text: undefined }));
        }}
        slotProps={{ htmlInput: { maxLength: LEAD_REASON_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
