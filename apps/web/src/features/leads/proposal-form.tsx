// The venue's proposal, in the dialog a move to Interested (or a revision) opens: a message, the
// event's dates we can host, a price as one figure or as priced lines (each with its amount, and
// the total and each day's cost under them), concessions, a deposit (with its refund terms), an
// expiry, and its files (proposal-form-attachments.tsx: uploaded to the lead as they are added).
// The rules are proposal-form-rules.ts's; the arithmetic is the domain's proposalTotals. On a
// phone the dialog fills the screen and each line is a card of its own.
import {
  PRICE_UNITS,
  PROPOSAL_CURRENCIES,
  PROPOSAL_LINE_KINDS,
  PROPOSAL_LINE_UNITS,
  type TProposal,
} from "@hostfield/domain/contracts";
import {
  formatEventDate,
  PROPOSAL_MAX_CONCESSIONS,
  PROPOSAL_MAX_LINES,
  todayUtc,
} from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useRef, useState } from "react";
import {
  formatMoney,
  formatShortDay,
  LINE_KIND_LABELS,
  pricedDays,
} from "../../lib/proposal-format";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { useSmallScreen } from "../../ui/use-small-screen";
import { eventDays } from "./lead-rules";
import { ProposalAttachmentsInput } from "./proposal-form-attachments";
import {
  CURRENCY_LABELS,
  checkProposal,
  draftTotals,
  newConcession,
  newLine,
  proposalDraft,
  type TDraftTotals,
  type TLineDraft,
  type TProposalCurrency,
  type TProposalDraft,
  type TProposalErrors,
} from "./proposal-form-rules";

/** A field's problem, once a send was tried (null before, or without one). */
type TShow = (key: string) => string | null;

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

/** A titled group of inputs (a fieldset, so its title names them all). */
function Group({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : (
        <Box sx={{ mb: 1 }} />
      )}
      {children}
    </Box>
  );
}

const sortedUnique = (dates: readonly string[]) => [...new Set(dates)].sort();

/** The event's dates we can host: a box per day, or (an event too long to list) dates added one by one. */
function HostDates({
  days,
  event,
  dates,
  problem,
  onChange,
}: {
  days: readonly string[];
  event: { startDate: string; endDate: string };
  dates: readonly string[];
  problem: string | null;
  onChange: (dates: string[]) => void;
}) {
  const hintId = useId();
  const toggle = (day: string, on: boolean) =>
    onChange(sortedUnique(on ? [...dates, day] : dates.filter((d) => d !== day)));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} aria-describedby={hintId}>
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
                  checked={dates.includes(day)}
                  onChange={(e) => toggle(day, e.target.checked)}
                />
              }
            />
          ))}
        </Stack>
      ) : (
        <AddedDates event={event} dates={dates} onChange={onChange} />
      )}
      <FormHelperText id={hintId} error={problem !== null}>
        {problem ??
          `Between ${formatEventDate(event.startDate)} and ${formatEventDate(event.endDate)}.`}
      </FormHelperText>
    </Box>
  );
}

/** Dates of an event too long to list day by day: picked one at a time, each removable. */
function AddedDates({
  event,
  dates,
  label = "Add a date",
  onChange,
}: {
  event: { startDate: string; endDate: string };
  dates: readonly string[];
  label?: string;
  onChange: (dates: string[]) => void;
}) {
  const [extra, setExtra] = useState("");
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <TextField
          size="small"
          type="date"
          label={label}
          value={extra}
          onChange={(e) => setExtra(e.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: event.startDate, max: event.endDate },
          }}
        />
        <Button
          disabled={extra === "" || extra < event.startDate || extra > event.endDate}
          onClick={() => {
            onChange(sortedUnique([...dates, extra]));
            setExtra("");
          }}
        >
          Add date
        </Button>
      </Stack>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
        {dates.map((day) => (
          <Chip
            key={day}
            size="small"
            label={formatEventDate(day)}
            onDelete={() => onChange(dates.filter((d) => d !== day))}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The currency, the one price of a proposal without lines, and the priced lines with their totals. */
function Pricing({
  draft,
  days,
  totals,
  event,
  small,
  show,
  onChange,
  onLines,
}: {
  draft: TProposalDraft;
  days: readonly string[];
  totals: TDraftTotals;
  event: { startDate: string; endDate: string };
  small: boolean;
  show: TShow;
  onChange: (patch: Partial<TProposalDraft>) => void;
  onLines: (update: (lines: TLineDraft[]) => TLineDraft[]) => void;
}) {
  const hasLines = draft.lines.length > 0;
  // The line just added takes the focus; the add button takes it back when a line goes.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const full = draft.lines.length >= PROPOSAL_MAX_LINES;
  const money = (amount: number) => formatMoney(amount, draft.currency);

  return (
    <Group
      title="Price"
      hint="One price for everything, or priced lines: spaces, services, hotel rooms and extras. A line without dates counts every day of the event."
    >
      <Stack spacing={2}>
        <TextField
          select
          label="Currency"
          value={draft.currency}
          onChange={(e) => onChange({ currency: e.target.value as TProposalCurrency })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: { sm: 280 } }}
        >
          {PROPOSAL_CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {CURRENCY_LABELS[currency]}
            </option>
          ))}
        </TextField>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            type="number"
            label={`Price (${draft.currency})`}
            value={draft.price}
            disabled={hasLines}
            onChange={(e) => onChange({ price: e.target.value })}
            error={!hasLines && show("price") !== null}
            helperText={
              hasLines
                ? "With lines, the total comes from the lines."
                : (show("price") ?? "Optional.")
            }
            slotProps={{ htmlInput: { min: 0, step: "any" } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label="Price unit"
            value={draft.unit}
            disabled={hasLines}
            onChange={(e) => onChange({ unit: e.target.value })}
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
        {hasLines ? (
          <Stack
            component="ol"
            aria-label="Priced lines"
            spacing={small ? 2 : 0}
            sx={{ listStyle: "none", m: 0, p: 0 }}
          >
            {draft.lines.map((line, i) => (
              <LineEditor
                key={line.key}
                line={line}
                index={i}
                amount={totals.lines[i] ?? null}
                currency={draft.currency}
                days={days}
                event={event}
                small={small}
                show={show}
                autoFocus={line.key === focusKey}
                onChange={(patch) =>
                  onLines((lines) =>
                    lines.map((l) => (l.key === line.key ? { ...l, ...patch } : l)),
                  )
                }
                onRemove={() => {
                  onLines((lines) => lines.filter((l) => l.key !== line.key));
                  addRef.current?.focus();
                }}
              />
            ))}
          </Stack>
        ) : null}
        <Box>
          <Button
            ref={addRef}
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={full}
            onClick={() => {
              const line = newLine();
              setFocusKey(line.key);
              onLines((lines) => [...lines, line]);
            }}
          >
            Add a line
          </Button>
          {show("lines") !== null || full ? (
            <FormHelperText error={show("lines") !== null}>
              {show("lines") ?? `A proposal has at most ${PROPOSAL_MAX_LINES} lines.`}
            </FormHelperText>
          ) : null}
        </Box>
        {hasLines ? <DraftTotals totals={totals} money={money} problem={show("total")} /> : null}
      </Stack>
    </Group>
  );
}

const LINE_GRID_WIDE = "140px minmax(0, 1fr) 96px 140px 130px";

function LineEditor({
  line,
  index,
  amount,
  currency,
  days,
  event,
  small,
  show,
  autoFocus,
  onChange,
  onRemove,
}: {
  line: TLineDraft;
  index: number;
  amount: number | null;
  currency: TProposalCurrency;
  days: readonly string[];
  event: { startDate: string; endDate: string };
  small: boolean;
  show: TShow;
  autoFocus: boolean;
  onChange: (patch: Partial<TLineDraft>) => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  const datesId = useId();
  const name = `Line ${index + 1}`;
  const problem = (field: string) => show(`lines.${index}.${field}`);
  const field = (key: string, helper?: string) => ({
    error: problem(key) !== null,
    helperText: problem(key) ?? helper,
  });
  const toggleDate = (day: string) =>
    onChange({
      dates: line.dates.includes(day)
        ? line.dates.filter((d) => d !== day)
        : sortedUnique([...line.dates, day]),
    });
  // Wide, a line is one row of inputs; on a phone, a card of them, two side by side at most.
  const at = (wide: string, narrow: string) => ({ gridColumn: small ? narrow : wide });

  return (
    <Box
      component="li"
      role="group"
      aria-labelledby={titleId}
      sx={
        small
          ? { border: 1, borderColor: "divider", borderRadius: 1, p: 2 }
          : { borderTop: 1, borderColor: "divider", py: 2 }
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
        <Typography id={titleId} variant="subtitle2" sx={{ flex: 1 }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Amount: {amount === null ? "—" : formatMoney(amount, currency)}
        </Typography>
        <IconButton size="small" aria-label={`Remove line ${index + 1}`} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: small ? "1fr 1fr" : LINE_GRID_WIDE,
          gap: 1.5,
          alignItems: "start",
        }}
      >
        <TextField
          select
          size="small"
          label="Kind"
          value={line.kind}
          onChange={(e) => onChange({ kind: e.target.value as TLineDraft["kind"] })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...field("kind")}
          sx={at("auto", "1 / -1")}
        >
          {PROPOSAL_LINE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LINE_KIND_LABELS[kind]}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Description"
          required
          autoFocus={autoFocus}
          value={line.description}
          onChange={(e) => onChange({ description: e.target.value })}
          {...field("description")}
          sx={at("auto", "1 / -1")}
        />
        <TextField
          size="small"
          type="number"
          label="Quantity"
          required
          value={line.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
          slotProps={{ htmlInput: { min: 0, step: "any" } }}
          {...field("quantity")}
          sx={at("auto", "1")}
        />
        <TextField
          select
          size="small"
          label="Unit"
          value={line.unit}
          onChange={(e) => onChange({ unit: e.target.value as TLineDraft["unit"] })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...field("unit")}
          sx={at("auto", "2")}
        >
          {PROPOSAL_LINE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={`Unit price (${currency})`}
          required
          value={line.unitPrice}
          onChange={(e) => onChange({ unitPrice: e.target.value })}
          slotProps={{ htmlInput: { min: 0, step: "any" } }}
          {...field("unitPrice")}
          sx={at("auto", "1 / -1")}
        />
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <Typography id={datesId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          Dates
        </Typography>
        {days.length > 0 ? (
          <Stack
            role="group"
            aria-labelledby={datesId}
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ flexWrap: "wrap" }}
          >
            {days.map((day) => {
              const on = line.dates.includes(day);
              return (
                <Chip
                  key={day}
                  size="small"
                  label={formatShortDay(day)}
                  clickable
                  color={on ? "primary" : "default"}
                  variant={on ? "filled" : "outlined"}
                  aria-pressed={on}
                  onClick={() => toggleDate(day)}
                />
              );
            })}
          </Stack>
        ) : (
          <AddedDates
            event={event}
            dates={line.dates}
            label={`Add a date to line ${index + 1}`}
            onChange={(dates) => onChange({ dates })}
          />
        )}
        <FormHelperText error={problem("dates") !== null}>
          {problem("dates") ?? "None picked: every day of the event."}
        </FormHelperText>
      </Box>
    </Box>
  );
}

/** The lines' total and what each day comes to, as they are typed. */
function DraftTotals({
  totals,
  money,
  problem,
}: {
  totals: TDraftTotals;
  money: (amount: number) => string;
  problem: string | null;
}) {
  return (
    <Box
      role="status"
      aria-label="Proposal total"
      sx={{ bgcolor: "action.hover", borderRadius: 1, p: 2 }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        Total: {totals.total === null ? "—" : money(totals.total)}
      </Typography>
      {totals.perDay.length > 0 || totals.undated > 0 ? (
        <Box
          component="ul"
          aria-label="Cost per day"
          sx={{ m: 0, mt: 0.5, pl: 2.5, color: "text.secondary" }}
        >
          {totals.perDay.map(({ date, amount }) => (
            <li key={date}>
              {formatShortDay(date)}: {money(amount)}
            </li>
          ))}
          {totals.undated > 0 ? <li>Not tied to a day: {money(totals.undated)}</li> : null}
        </Box>
      ) : null}
      {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
    </Box>
  );
}

/**
 * Concessions, a deposit (its percent, due date and the day until which it is refunded in full)
 * and the date after which the proposal can no longer be accepted.
 */
function Terms({
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
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const concessions = draft.concessions;
  const full = concessions.length >= PROPOSAL_MAX_CONCESSIONS;
  const setConcession = (key: string, text: string) =>
    onChange({ concessions: concessions.map((c) => (c.key === key ? { ...c, text } : c)) });
  const date = (key: string, helper: string) => ({
    type: "date",
    error: show(key) !== null,
    helperText: show(key) ?? helper,
    slotProps: { inputLabel: { shrink: true }, htmlInput: { min: today } },
  });

  return (
    <Group title="Terms" hint="All optional.">
      <Stack spacing={2}>
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
                      onChange({
                        concessions: concessions.filter((c) => c.key !== concession.key),
                      });
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
              onChange({ concessions: [...concessions, concession] });
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
