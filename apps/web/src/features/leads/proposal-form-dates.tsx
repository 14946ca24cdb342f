// The proposal form's dates: the event's days the venue can host, a box per day, or (an event too
// long to list) dates added one by one; a priced line picks its dates the same way.
import { formatEventDate } from "@hostfield/domain/rules";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";

export const sortedUnique = (dates: readonly string[]) => [...new Set(dates)].sort();

/** The event's dates we can host: a box per day, or (an event too long to list) dates added one by one. */
export function HostDates({
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
export function AddedDates({
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
