// The organizer asks a venue to revise its proposal: what to change (the contract's topics, in
// their words) and a message, which is required (the venue reads it in the conversation and on its
// lead until it sends its next version). The proposal stays in the running meanwhile.
import {
  REVISION_MESSAGE_MAX_LENGTH,
  REVISION_TOPIC_LABELS,
  REVISION_TOPICS,
  type TRevisionRequestInput,
  type TRevisionTopic,
} from "@hostfield/domain/contracts";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";

export const REVISION_MESSAGE_MISSING = "Say what you would like changed.";

export function ReviseDialog({
  venue,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  /** The venue asked. */
  venue: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (input: TRevisionRequestInput) => void;
}) {
  const [changes, setChanges] = useState<readonly TRevisionTopic[]>([]);
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const toggle = (topic: TRevisionTopic, on: boolean) =>
    // In the contract's order, whatever the order of the clicks.
    setChanges((now) => REVISION_TOPICS.filter((t) => (t === topic ? on : now.includes(t))));
  return (
    <FormDialog
      title={`Ask ${venue} to revise its proposal`}
      description={`${venue} reads your message in your conversation and on its lead, and can send a new version. Its proposal stays in the running meanwhile.`}
      submitText={pending ? "Sending…" : "Send"}
      pending={pending}
      error={error}
      onClose={onCancel}
      onSubmit={() => {
        const words = message.trim();
        if (words === "") {
          setMissing(true);
          return;
        }
        onConfirm({ message: words, changes: [...changes] });
      }}
    >
      <FormControl component="fieldset" margin="normal" fullWidth>
        <FormLabel component="legend">What to change</FormLabel>
        <FormGroup row>
          {REVISION_TOPICS.map((topic) => (
            <FormControlLabel
              key={topic}
              label={REVISION_TOPIC_LABELS[topic]}
              control={
                <Checkbox
                  checked={changes.includes(topic)}
                  onChange={(event) => toggle(topic, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <TextField
        autoFocus
        fullWidth
        required
        multiline
        minRows={3}
        margin="normal"
        label="Message"
        value={message}
        error={missing}
        helperText={
          missing
            ? REVISION_MESSAGE_MISSING
            : `${message.trim().length}/${REVISION_MESSAGE_MAX_LENGTH}`
        }
        onChange={(event) => {
          setMessage(event.target.value);
          setMissing(false);
        }}
        slotProps={{ htmlInput: { maxLength: REVISION_MESSAGE_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
