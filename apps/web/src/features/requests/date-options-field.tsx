// The request wizard's dates input: how the request's dates work (the event's own, up to eight
// alternative date sets, or a window: days in a row on chosen weekdays between two dates), the
// inputs of the choice, a live summary in the words venues read (with how many date sets it
// holds), and the errors beside the inputs they are about. The rules are date-options-rules.ts.
import { REQUEST_MAX_DATE_SETS, REQUEST_MAX_SET_DAYS } from "@hostfield/domain/contracts";
import { DATE_PICKER_BOUNDS } from "@hostfield/domain/reference";
import { formatEventDates } from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { plural } from "../leads";
import type { TFieldErrors } from "../profiles";
import {
  addDateSet,
  changeDateSet,
  DATE_ERROR_KEYS,
  DATES_KIND_LABELS,
  datesSummary,
  isPicked,
  pickWeekdays,
  removeDateSet,
  type TDateOptionsValues,
  type TDatesKind,
  toggleWeekday,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  WEEKDAY_PICKS,
  withKind,
} from "./date-options-rules";

export const DATES_LEGEND = "When can the event take place?";

/** The event's dates, as the wizard knows them (a new event's inputs, or the event's own). */
export type TEventDatesFacts = {
  startDate: string;
  endDate: string;
  hasFlexibleDates: boolean;
};

/** A date input of the editor; its own error, or else the options' problem, describes it. */
function DayInput({
  label,
  value,
  error,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  /** Invalid through a problem of the options said elsewhere (`describedBy`). */
  invalid?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      required
      fullWidth
      error={Boolean(error) || Boolean(invalid)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          ...DATE_PICKER_BOUNDS,
          ...(!error && invalid && describedBy ? { "aria-describedby": describedBy } : {}),
        },
      }}
    />
  );
}

export function DateOptionsField({
  values,
  eventDates,
  errors,
  onChange,
}: {
  values: TDateOptionsValues;
  eventDates: TEventDatesFacts | null;
  /** The wizard's errors; the editor reads those of its inputs (DATE_ERROR_KEYS). */
  errors: TFieldErrors;
  onChange: (values: TDateOptionsValues) => void;
}) {
  const legendId = useId();
  const problemId = useId();
  const problem = errors[DATE_ERROR_KEYS.options];
  const eventWords = eventDates?.startDate
    ? formatEventDates(eventDates)
    : "The dates of the event.";
  const options: { value: TDatesKind; detail: string }[] = [
    { value: "event", detail: eventWords },
    {
      value: "sets",
      detail: `Up to ${REQUEST_MAX_DATE_SETS} date sets; venues tell you which ones they have free.`,
    },
    {
      value: "window",
      detail: "A number of days in a row, on the weekdays you choose, any time between two dates.",
    },
  ];
  return (
    <Stack spacing={2}>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={legendId} sx={{ mb: 1, fontWeight: 600 }}>
          {DATES_LEGEND}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          value={values.kind}
          onChange={(event) =>
            onChange(withKind(values, event.target.value as TDatesKind, eventDates))
          }
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { mt: -0.75 } }}
              label={
                <Box>
                  <Typography component="span" sx={{ display: "block" }}>
                    {DATES_KIND_LABELS[option.value]}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="span">
                    {option.detail}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {values.kind === "sets" ? (
        <DateSetsInputs
          values={values}
          errors={errors}
          problemId={problem ? problemId : undefined}
          onChange={onChange}
        />
      ) : null}
      {values.kind === "window" ? (
        <WindowInputs
          values={values}
          errors={errors}
          problemId={problem ? problemId : undefined}
          onChange={onChange}
        />
      ) : null}
      {problem ? (
        <FormHelperText id={problemId} error sx={{ mx: 0, fontSize: "0.875rem" }}>
          {problem}
        </FormHelperText>
      ) : null}
      {values.kind !== "event" ? <Summary values={values} /> : null}
    </Stack>
  );
}

/** What the organizer's choice comes to, in the venues' words, as it is typed. */
function Summary({ values }: { values: TDateOptionsValues }) {
  const summary = datesSummary(values);
  let count: string | null = null;
  if (summary && values.kind === "window") {
    count =
      summary.setCount === 0
        ? "No date set fits in this window."
        : `${plural(summary.setCount, "date set")} fit in this window.`;
  } else if (summary) {
    count = `${plural(summary.setCount, "date set")}.`;
  }
  return (
    <Box
      role="status"
      aria-label="Dates summary"
      sx={{ p: 1.5, borderRadius: 1, bgcolor: "action.hover", overflowWrap: "anywhere" }}
    >
      {summary ? (
        <>
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 600 }}>
              Dates:{" "}
            </Box>
            {summary.words}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Fill in the dates to see what venues will read.
        </Typography>
      )}
    </Box>
  );
}

function DateSetsInputs({
  values,
  errors,
  problemId,
  onChange,
}: {
  values: TDateOptionsValues;
  errors: TFieldErrors;
  problemId: string | undefined;
  onChange: (values: TDateOptionsValues) => void;
}) {
  const listId = useId();
  const full = values.sets.length >= REQUEST_MAX_DATE_SETS;
  return (
    <Stack spacing={1.5}>
      <Typography id={listId} variant="subtitle2" component="h3">
        Date sets
      </Typography>
      <Stack
        component="ol"
        aria-labelledby={listId}
        spacing={1.5}
        sx={{ listStyle: "none", p: 0, m: 0 }}
      >
        {values.sets.map((set, index) => (
          <DateSetRow
            // A set has no identity of its own but its place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the set's identity
            key={index}
            index={index}
            set={set}
            errors={errors}
            problemId={problemId}
            removable={values.sets.length > 1}
            onChange={(end, day) => onChange(changeDateSet(values, index, end, day))}
            onRemove={() => onChange(removeDateSet(values, index))}
          />
        ))}
      </Stack>
      <Box>
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={full}
          onClick={() => onChange(addDateSet(values))}
        >
          Add a date set
        </Button>
        <FormHelperText sx={{ mx: 0 }}>
          {full
            ? `${REQUEST_MAX_DATE_SETS} date sets at most.`
            : `Each set is up to ${REQUEST_MAX_SET_DAYS} days; up to ${REQUEST_MAX_DATE_SETS} sets.`}
        </FormHelperText>
      </Box>
    </Stack>
  );
}

function DateSetRow({
  index,
  set,
  errors,
  problemId,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  set: TDateOptionsValues["sets"][number];
  errors: TFieldErrors;
  problemId: string | undefined;
  removable: boolean;
  onChange: (end: "startDate" | "endDate", day: string) => void;
  onRemove: () => void;
}) {
  const nameId = useId();
  const rowProblemId = useId();
  const name = `Date set ${index + 1}`;
  const rowProblem = errors[DATE_ERROR_KEYS.set(index)];
  const invalid = Boolean(rowProblem) || Boolean(problemId);
  const describedBy = rowProblem ? rowProblemId : problemId;
  return (
    <Box component="li" role="group" aria-labelledby={nameId}>
      <Typography id={nameId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {name}
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "minmax(0, 1fr) minmax(0, 1fr)", sm: "1fr 1fr auto" },
          alignItems: "start",
        }}
      >
        <DayInput
          label="First day"
          value={set.startDate}
          error={errors[DATE_ERROR_KEYS.setStart(index)]}
          invalid={invalid}
          describedBy={describedBy}
          onChange={(day) => onChange("startDate", day)}
        />
        <DayInput
          label="Last day"
          value={set.endDate}
          error={errors[DATE_ERROR_KEYS.setEnd(index)]}
          invalid={invalid}
          describedBy={describedBy}
          onChange={(day) => onChange("endDate", day)}
        />
        {removable ? (
          <Button
            onClick={onRemove}
            aria-label={`Remove ${name.toLowerCase()}`}
            sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, justifySelf: "start", mt: { sm: 1 } }}
          >
            Remove
          </Button>
        ) : null}
      </Box>
      {rowProblem ? (
        <FormHelperText id={rowProblemId} error sx={{ mx: 0 }}>
          {rowProblem}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function WindowInputs({
  values,
  errors,
  problemId,
  onChange,
}: {
  values: TDateOptionsValues;
  errors: TFieldErrors;
  problemId: string | undefined;
  onChange: (values: TDateOptionsValues) => void;
}) {
  const weekdaysId = useId();
  const picksId = useId();
  const daysId = useId();
  const daysError = errors[DATE_ERROR_KEYS.days];
  const invalid = Boolean(problemId);
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr) minmax(0, 1fr)", sm: "1fr 1fr 1fr" },
          alignItems: "start",
        }}
      >
        <DayInput
          label="First day of the window"
          value={values.from}
          error={errors[DATE_ERROR_KEYS.from]}
          invalid={invalid}
          describedBy={problemId}
          onChange={(from) => onChange({ ...values, from })}
        />
        <DayInput
          label="Last day of the window"
          value={values.to}
          error={errors[DATE_ERROR_KEYS.to]}
          invalid={invalid}
          describedBy={problemId}
          onChange={(to) => onChange({ ...values, to })}
        />
        <TextField
          id={daysId}
          type="number"
          label="Days in a row"
          value={values.days}
          required
          fullWidth
          error={Boolean(daysError) || invalid}
          helperText={daysError ?? `1 to ${REQUEST_MAX_SET_DAYS}.`}
          onChange={(event) => onChange({ ...values, days: event.target.value })}
          sx={{ gridColumn: { xs: "1 / -1", sm: "auto" } }}
          slotProps={{
            htmlInput: {
              inputMode: "numeric",
              step: 1,
              min: 1,
              max: REQUEST_MAX_SET_DAYS,
              // Its own words, and the window's problem when there is one.
              ...(!daysError && problemId
                ? { "aria-describedby": `${daysId}-helper-text ${problemId}` }
                : {}),
            },
          }}
        />
      </Box>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={weekdaysId} sx={{ mb: 1, fontWeight: 600 }}>
          On these weekdays
        </FormLabel>
        <Stack
          direction="row"
          role="group"
          aria-labelledby={picksId}
          useFlexGap
          sx={{ flexWrap: "wrap", gap: 1, mb: 1, alignItems: "center" }}
        >
          <Typography id={picksId} variant="body2" color="text.secondary">
            Quick picks:
          </Typography>
          {WEEKDAY_PICKS.map((pick) => (
            <Button
              key={pick.label}
              size="small"
              variant={isPicked(values, pick.weekdays) ? "contained" : "outlined"}
              aria-pressed={isPicked(values, pick.weekdays)}
              onClick={() => onChange(pickWeekdays(values, pick.weekdays))}
            >
              {pick.label}
            </Button>
          ))}
        </Stack>
        <FormGroup row aria-labelledby={weekdaysId}>
          {WEEK_ORDER.map((day) => (
            <FormControlLabel
              key={day}
              label={WEEKDAY_NAMES[day]}
              control={
                <Checkbox
                  checked={values.weekdays.includes(day)}
                  onChange={() => onChange(toggleWeekday(values, day))}
                />
              }
              sx={{ minWidth: { xs: "45%", sm: "auto" }, mr: 2 }}
            />
          ))}
        </FormGroup>
        <FormHelperText sx={{ mx: 0 }}>
          None ticked: any day. Every day of a date set falls on one of these weekdays.
        </FormHelperText>
      </FormControl>
    </Stack>
  );
}
