// The venue's proposal, in the dialog a move to Interested (or a revision) opens: a message, the
// event's dates we can host, a price as one figure or as priced lines (each with its amount, and
// the total and each day's cost under them), concessions, a deposit (with its refund terms), an
// expiry, and its files (proposal-form-attachments.tsx: uploaded to the lead as they are added).
// The rules are proposal-form-rules.ts's; the arithmetic is the domain's proposalTotals. On a
// phone the dialog fills the screen and each line is a card of its own.
// Its parts are files of their own: proposal-form-dates.tsx, proposal-form-pricing.tsx and
// proposal-form-terms.tsx.
import type { TProposal } from "@hostfield/domain/contracts";
import { todayUtc } from "@hostfield/domain/rules";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { pricedDays } from "../../lib/proposal-format";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { useSmallScreen } from "../../ui/use-small-screen";
import { eventDays } from "./lead-rules";
import { ProposalAttachmentsInput } from "./proposal-form-attachments";
import { HostDates } from "./proposal-form-dates";
import type { TShow } from "./proposal-form-group";
import { Pricing } from "./proposal-form-pricing";
import {
  checkProposal,
  draftTotals,
  proposalDraft,
  type TProposalDraft,
  type TProposalErrors,
} from "./proposal-form-rules";
import { Terms } from "./proposal-form-terms";

export function ProposalDialog({
  lead,
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
  /** The lead the proposal answers: its files are uploaded to it. */
  lead: { eventId: string; id: string };
  title: string;
  eventName: string;
  startDate: string;
  endDate: string;
  initial?: TProposal | null;
  submitText: string;
  pending: boolean;
  error: string | null;
  /** The proposal, its files uploaded and named in it. */
  onSubmit: (proposal: TProposal) => void;
  onClose: () => void;
}) {
  const small = useSmallScreen();
  const event = { startDate, endDate };
  // The days to tick (none when the event is too long to list), and those the lines are priced over.
  const days = eventDays(startDate, endDate);
  const priced = pricedDays(event);
  // Today as the server counts it (UTC): an expiry or a deposit due before it is refused there too.
  const today = todayUtc();
  const [draft, setDraft] = useState(() => proposalDraft(initial, days));
  // Problems show once a send was tried, and follow the inputs from then on.
  const [touched, setTouched] = useState(false);
  const checked = checkProposal(draft, event, today);
  const problems: TProposalErrors = checked.ok ? {} : checked.errors;
  const show: TShow = (key) => (touched ? (problems[key] ?? null) : null);
  const change = (patch: Partial<TProposalDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const submit = () => {
    setTouched(true);
    if (checked.ok) onSubmit(checked.proposal);
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
      maxWidth="md"
      fullScreen={small}
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={3}
          label="Message"
          value={draft.message}
          onChange={(e) => change({ message: e.target.value })}
          error={show("message") !== null}
          helperText={show("message") ?? "What you offer, and anything the organizer should know."}
        />
        <HostDates
          days={days}
          event={event}
          dates={draft.dates}
          problem={show("dates")}
          onChange={(dates) => change({ dates })}
        />
        <Pricing
          draft={draft}
          days={days}
          totals={draftTotals(draft, priced)}
          event={event}
          small={small}
          show={show}
          onChange={change}
          onLines={(update) =>
            setDraft((current) => ({ ...current, lines: update(current.lines) }))
          }
        />
        <Terms draft={draft} today={today} show={show} onChange={change} />
        <ProposalAttachmentsInput
          lead={lead}
          items={draft.attachments}
          problem={show("attachments")}
          onChange={(update) =>
            setDraft((current) => ({ ...current, attachments: update(current.attachments) }))
          }
        />
      </Stack>
    </FormDialog>
  );
}
