// The date-range picker of every dashboard: the last 7, 30, 90 or 365 days, or a custom range from
// and to a day (applied with its button, checked first). The choice lives in the address
// (report-range.ts), so the view can be shared and Back undoes a change.
import { REPORT_PRESET_DAYS } from "@hostfield/domain/contracts";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { type FormEvent, useState } from "react";
import { customRangeProblem, type TPresetDays, type TRangeChoice } from "./report-range";
import type { TDateRange } from "./reports-api";

export function RangePicker({
  range,
  choice,
  onPreset,
  onCustom,
}: {
  range: TDateRange;
  choice: TRangeChoice;
  onPreset: (days: TPresetDays) => void;
  onCustom: (range: TDateRange) => void;
}) {
  const [customOpen, setCustomOpen] = useState(choice.preset === "custom");
  const [from, setFrom] = useState(range.startDate);
  const [to, setTo] = useState(range.endDate);
  const [problem, setProblem] = useState<string | null>(null);
  const selected = customOpen ? "custom" : String(choice.preset);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) onCustom({ startDate: from, endDate: to });
  };

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={selected}
        aria-label="Date range"
        onChange={(_event, value: string | null) => {
          if (value === null) return;
          if (value === "custom") {
            setFrom(range.startDate);
            setTo(range.endDate);
            setCustomOpen(true);
            return;
          }
          setCustomOpen(false);
          setProblem(null);
          onPreset(Number(value) as TPresetDays);
        }}
        sx={{ flexWrap: "wrap" }}
      >
        {REPORT_PRESET_DAYS.map((days) => (
          <ToggleButton key={days} value={String(days)} aria-label={`Last ${days} days`}>
            {days} days
          </ToggleButton>
        ))}
        <ToggleButton value="custom">Custom</ToggleButton>
      </ToggleButtonGroup>
      {customOpen ? (
        <Stack
          component="form"
          aria-label="Custom range"
          noValidate
          onSubmit={apply}
          direction={{ xs: "column", sm: "row" }}
          spacing={1.5}
          sx={{ alignItems: { sm: "flex-start" } }}
        >
          <TextField
            type="date"
            size="small"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={problem !== null}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={problem !== null}
            helperText={problem ?? undefined}
          />
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
