// The proposal form's price: the currency, one price (with its unit) for a proposal without lines,
// or priced lines (kind, description, quantity, unit, unit price and the days each counts), with the
// lines' total and each day's cost under them as they are typed. On a phone each line is a card.
import {
  PRICE_UNITS,
  PROPOSAL_CURRENCIES,
  PROPOSAL_LINE_KINDS,
  PROPOSAL_LINE_UNITS,
} from "@hostfield/domain/contracts";
import { PROPOSAL_MAX_LINES } from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState } from "react";
import { formatMoney, formatShortDay, LINE_KIND_LABELS } from "../../lib/proposal-format";
import { AddedDates, sortedUnique } from "./proposal-form-dates";
import { Group, type TShow } from "./proposal-form-group";
import {
  CURRENCY_LABELS,
  newLine,
  type TDraftTotals,
  type TLineDraft,
  type TProposalCurrency,
  type TProposalDraft,
} from "./proposal-form-rules";

/** The currency, the one price of a proposal without lines, and the priced lines with their totals. */
export function Pricing({
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
        <PricedLines
          draft={draft}
          days={days}
          totals={totals}
          event={event}
          small={small}
          show={show}
          onLines={onLines}
        />
      </Stack>
    </Group>
  );
}

/** The priced lines, the button that adds one, and (with lines) their totals. */
function PricedLines({
  draft,
  days,
  totals,
  event,
  small,
  show,
  onLines,
}: {
  draft: TProposalDraft;
  days: readonly string[];
  totals: TDraftTotals;
  event: { startDate: string; endDate: string };
  small: boolean;
  show: TShow;
  onLines: (update: (lines: TLineDraft[]) => TLineDraft[]) => void;
}) {
  const hasLines = draft.lines.length > 0;
  // The line just added takes the focus; the add button takes it back when a line goes.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const full = draft.lines.length >= PROPOSAL_MAX_LINES;
  const money = (amount: number) => formatMoney(amount, draft.currency);

  return (
    <>
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
                onLines((lines) => lines.map((l) => (l.key === line.key ? { ...l, ...patch } : l)))
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
    </>
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
  const name = `Line ${index + 1}`;
  const problem = (field: string) => show(`lines.${index}.${field}`);
  const field = (key: string, helper?: string) => ({
    error: problem(key) !== null,
    helperText: problem(key) ?? helper,
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
      <LineDates
        line={line}
        index={index}
        days={days}
        event={event}
        problem={problem("dates")}
        onChange={(dates) => onChange({ dates })}
      />
    </Box>
  );
}

/** The days a line counts: a chip per event day (or dates added one by one); none is every day. */
function LineDates({
  line,
  index,
  days,
  event,
  problem,
  onChange,
}: {
  line: TLineDraft;
  index: number;
  days: readonly string[];
  event: { startDate: string; endDate: string };
  problem: string | null;
  onChange: (dates: string[]) => void;
}) {
  const datesId = useId();
  const toggleDate = (day: string) =>
    onChange(
      line.dates.includes(day)
        ? line.dates.filter((d) => d !== day)
        : sortedUnique([...line.dates, day]),
    );
  return (
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
          onChange={onChange}
        />
      )}
      <FormHelperText error={problem !== null}>
        {problem ?? "None picked: every day of the event."}
      </FormHelperText>
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
