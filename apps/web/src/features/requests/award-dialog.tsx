// The award: the winner is told it won, with a word of the organizer's for it alone; the other
// venues still in the running lose and read the reason given for them. Two readers, two inputs:
// what one side reads never reaches the other.

import { DEFAULT_AWARD_REASON, LEAD_REASON_MAX_LENGTH } from "@hostfield/domain/rules";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { checkReason, REASON_TOO_LONG } from "../leads";

export type TAwardWords = { reason: string | null; othersReason: string | null };

export function AwardDialog({
  venue,
  others,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  /** The winner's name. */
  venue: string;
  /** How many other venues are still in the running (they lose). */
  others: number;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (words: TAwardWords) => void;
}) {
  const [winnerText, setWinnerText] = useState("");
  const [othersText, setOthersText] = useState(DEFAULT_AWARD_REASON);
  const [problems, setProblems] = useState<{ winner?: string; others?: string }>({});
  const counter = (text: string) => `${text.trim().length}/${LEAD_REASON_MAX_LENGTH}`;
  return (
    <FormDialog
      title={`Award the event to ${venue}?`}
      description={`${venue} is told it won, with your words if you write some. ${
        others > 0
          ? `The ${others === 1 ? "other venue" : `${others} other venues`} still in the running lose and read the reason below.`
          : "Any other venue still in the running loses and reads the reason below."
      } This cannot be undone.`}
      submitText={pending ? "Saving…" : "Award"}
      pending={pending}
      error={error}
      onClose={onCancel}
      onSubmit={() => {
        const winner = checkReason(winnerText, false);
        const rest = checkReason(othersText, false);
        if (winner.ok && rest.ok) {
          onConfirm({ reason: winner.reason, othersReason: rest.reason });
          return;
        }
        setProblems({
          winner: winner.ok ? undefined : REASON_TOO_LONG,
          others: rest.ok ? undefined : REASON_TOO_LONG,
        });
      }}
    >
      <TextField
        autoFocus
        fullWidth
        margin="normal"
        label={`A word to ${venue}`}
        value={winnerText}
        error={problems.winner !== undefined}
        helperText={problems.winner ?? `Only ${venue} reads this. ${counter(winnerText)}`}
        onChange={(event) => {
          setWinnerText(event.target.value);
          setProblems((p) => ({ ...p, winner: undefined }));
        }}
        slotProps={{ htmlInput: { maxLength: LEAD_REASON_MAX_LENGTH } }}
      />
      <TextField
        fullWidth
        margin="normal"
        label="Reason shown to the other venues"
        value={othersText}
        error={problems.others !== undefined}
        helperText={
          problems.others ??
          `Left empty, they read "${DEFAULT_AWARD_REASON}". ${counter(othersText)}`
        }
        onChange={(event) => {
          setOthersText(event.target.value);
          setProblems((p) => ({ ...p, others: undefined }));
        }}
        slotProps={{ htmlInput: { maxLength: LEAD_REASON_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
