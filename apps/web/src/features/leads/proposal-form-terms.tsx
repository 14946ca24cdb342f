// The proposal form's terms: concessions, a deposit (its percent, due date and the day until which
// it is refunded in full), and the date after which the proposal can no longer be accepted.
import { PROPOSAL_MAX_CONCESSIONS } from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { Group, type TShow } from "./proposal-form-group";
import { newConcession, type TProposalDraft } from "./proposal-form-rules";

/** Concessions, each a line of text: added (taking the focus) and removed one by one. */
function Concessions({
  concessions,
  show,
  onChange,
}: {
  concessions: TProposalDraft["concessions"];
  show: TShow;
  onChange: (concessions: TProposalDraft["concessions"]) => void;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const full = concessions.length >= PROPOSAL_MAX_CONCESSIONS;
  const setConcession = (key: string, text: string) =>
    onChange(concessions.map((c) => (c.key === key ? { ...c, text } : c)));

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Concessions
      </Typography>
      {concessions.length > 0 ? (
        <Stack
          component="ul"
          aria-label="Concessions"
          spacing={1}
          sx={{ listStyle: "none", m: 0, mb: 1, p: 0 }}
        >
          {concessions.map((concession, i) => (
            <Stack component="li" key={concession.key} direction="row" spacing={1}>
              <TextField
                size="small"
                fullWidth
                label={`Concession ${i + 1}`}
                autoFocus={concession.key === focusKey}
                value={concession.text}
                onChange={(e) => setConcession(concession.key, e.target.value)}
                error={show(`concessions.${i}`) !== null}
                helperText={show(`concessions.${i}`)}
              />
              <IconButton
                aria-label={`Remove concession ${i + 1}`}
                onClick={() => {
                  onChange(concessions.filter((c) => c.key !== concession.key));
                  addRef.current?.focus();
                }}
                sx={{ alignSelf: "flex-start" }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      ) : null}
      <Button
        ref={addRef}
        size="small"
        startIcon={<AddIcon />}
        disabled={full}
        onClick={() => {
          const concession = newConcession();
          setFocusKey(concession.key);
          onChange([...concessions, concession]);
        }}
      >
        Add a concession
      </Button>
      <FormHelperText error={show("concessions") !== null}>
        {show("concessions") ??
          (full
            ? `At most ${PROPOSAL_MAX_CONCESSIONS} concessions.`
            : "Free parking, a discount on rooms, a free warm-up court…")}
      </FormHelperText>
    </Box>
  );
}

/**
 * Concessions, a deposit (its percent, due date and the day until which it is refunded in full)
 * and the date after which the proposal can no longer be accepted.
 */
export function Terms({
  draft,
  today,
  show,
  onChange,
}: {
  draft: TProposalDraft;
  today: string;
  show: TShow;
  onChange: (patch: Partial<TProposalDraft>) => void;
}) {
  const date = (key: string, helper: string) => ({
    type: "date",
    error: show(key) !== null,
    helperText: show(key) ?? helper,
    slotProps: { inputLabel: { shrink: true }, htmlInput: { min: today } },
  });

  return (
    <Group title="Terms" hint="All optional.">
      <Stack spacing={2}>
        <Concessions
          concessions={draft.concessions}
          show={show}
          onChange={(concessions) => onChange({ concessions })}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            type="number"
            label="Deposit (%)"
            value={draft.depositPercent}
            onChange={(e) => onChange({ depositPercent: e.target.value })}
            error={show("deposit.percent") !== null}
            helperText={show("deposit.percent") ?? "With its due date, or neither."}
            slotProps={{ htmlInput: { min: 0, max: 100, step: "any" } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Deposit due"
            value={draft.depositDue}
            onChange={(e) => onChange({ depositDue: e.target.value })}
            {...date("deposit.dueDate", "Today or later.")}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Refundable until"
            value={draft.depositRefundableUntil}
            onChange={(e) => onChange({ depositRefundableUntil: e.target.value })}
            {...date(
              "deposit.refundableUntil",
              "Refunded in full until this day; empty: non-refundable once paid.",
            )}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Expires on"
            value={draft.expiresOn}
            onChange={(e) => onChange({ expiresOn: e.target.value })}
            {...date("expiresOn", "Today or later; after it, the organizer cannot accept it.")}
            sx={{ flex: 1 }}
          />
        </Stack>
      </Stack>
    </Group>
  );
}
