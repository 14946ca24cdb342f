// The managers' form to mark days on their venue's calendar: booked, held or need dates (with an
// optional discount), from one day to another, or every chosen weekday until a date; at a facility,
// for the whole facility or some of one of its space types' spaces; a note.
import type { TAvailabilityInput } from "@hostfield/domain/contracts";
import { ZAvailabilityInput } from "@hostfield/domain/contracts";
import {
  AVAILABILITY_KIND_LABELS,
  AVAILABILITY_KINDS,
  type TAvailabilityKind,
} from "@hostfield/domain/reference";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { WEEKDAYS } from "../../lib/month-grid";
import { spaceNoun, spaceOptionLabel, type TCalendarSpace } from "./calendar-days";

type TForm = {
  kind: TAvailabilityKind;
  startDate: string;
  endDate: string;
  discount: string;
  note: string;
  weekly: boolean;
  weekdays: number[];
  until: string;
  /** The space type the days are about; "" (or absent): the whole venue. */
  spaceTypeId?: string;
  /** How many of its spaces, as typed. */
  spaces?: string;
};

/** A facility's space types for the form, as their query stands (a destination has none). */
export type TSpaceChoices = {
  items: readonly TCalendarSpace[];
  status: "pending" | "error" | "success";
};

const KIND_HELP: Record<TAvailabilityKind, string> = {
  booked: "Taken: requests for these days do not reach you.",
  held: "Pencilled in: requests for these days do not reach you either.",
  need: "Days you want to fill: requests for them reach you marked as such.",
};

/**
 * How many spaces the form asks for: null for all of them (the number of spaces the type has, or
 * an empty input), else the number typed (possibly out of bounds: formErrors says so).
 */
function spacesOf(form: TForm, space: TCalendarSpace): number | null {
  const typed = (form.spaces ?? "").trim();
  if (typed === "") return null;
  const n = Number(typed);
  return n === space.count ? null : n;
}

/** The API's input from the form (possibly invalid: the contract says why). */
export function inputOf(form: TForm, space?: TCalendarSpace): Record<string, unknown> {
  const discount = form.discount.trim();
  return {
    kind: form.kind,
    startDate: form.startDate,
    endDate: form.weekly ? form.startDate : form.endDate,
    spaceTypeId: space ? space.id : null,
    spaces: space ? spacesOf(form, space) : null,
    discountPercent: form.kind === "need" && discount !== "" ? Number(discount) : null,
    note: form.note.trim() === "" ? null : form.note.trim(),
    repeat: form.weekly ? { weekdays: form.weekdays, until: form.until } : null,
  };
}

/** The form's problems by input, from the contract; `space` is the space type chosen, if any. */
export function formErrors(form: TForm, space?: TCalendarSpace): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.startDate) errors.startDate = "Enter the first day.";
  if (!form.weekly && !form.endDate) errors.endDate = "Enter the last day.";
  if (form.weekly && form.weekdays.length === 0) errors.weekdays = "Choose at least one weekday.";
  if (form.weekly && !form.until) errors.until = "Enter the day the rule stops.";
  if (space) {
    const n = spacesOf(form, space);
    if (n !== null && (!Number.isInteger(n) || n < 1 || n > space.count)) {
      errors.spaces = `Enter a whole number from 1 to ${space.count}.`;
    }
  }
  if (Object.keys(errors).length > 0) return errors;
  const parsed = ZAvailabilityInput.safeParse(inputOf(form));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    const input =
      path === "discountPercent"
        ? "discount"
        : path === "repeat.until"
          ? "until"
          : path === "endDate"
            ? "endDate"
            : path === "spaces"
              ? "spaces"
              : "startDate";
    errors[input] ??=
      input === "discount" ? "A discount is a whole percent from 1 to 90." : issue.message;
  }
  return errors;
}

/**
 * "Which spaces" at a facility: the whole facility, or one of its space types and how many of its
 * spaces (all by default). While its space types load, or when they fail to, only the whole.
 */
function SpacesFields({
  choices,
  form,
  space,
  error,
  change,
}: {
  choices: TSpaceChoices;
  form: TForm;
  space: TCalendarSpace | undefined;
  error: string | undefined;
  change: (patch: Partial<TForm>) => void;
}) {
  const note =
    choices.status === "pending"
      ? "Loading the facility's spaces…"
      : choices.status === "error"
        ? "The facility's spaces did not load: these days are for the whole facility."
        : choices.items.length === 0
          ? "The facility lists no spaces yet: these days are for the whole facility."
          : "The whole facility, or some spaces of one kind (the rest stay free).";
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <TextField
        select
        fullWidth
        label="Which spaces"
        value={space ? space.id : ""}
        disabled={choices.items.length === 0}
        onChange={(e) => {
          const chosen = choices.items.find((s) => s.id === e.target.value);
          change({ spaceTypeId: chosen?.id ?? "", spaces: chosen ? String(chosen.count) : "" });
        }}
        helperText={note}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">The whole facility</option>
        {choices.items.map((s) => (
          <option key={s.id} value={s.id}>
            {spaceOptionLabel(s)}
          </option>
        ))}
      </TextField>
      {space ? (
        <TextField
          type="number"
          label={`How many ${spaceNoun(space.name, 2)}`}
          value={form.spaces ?? ""}
          onChange={(e) => change({ spaces: e.target.value })}
          error={Boolean(error)}
          helperText={error ?? `1 to ${space.count}; all ${space.count} unless you say fewer.`}
          slotProps={{
            htmlInput: { min: 1, max: space.count, step: 1, inputMode: "numeric" },
          }}
          sx={{ width: { xs: "100%", sm: 200 }, flexShrink: 0 }}
        />
      ) : null}
    </Stack>
  );
}

export function MarkDaysDialog({
  pending,
  error,
  spaces,
  onSave,
  onClose,
}: {
  pending: boolean;
  error: string | null;
  /** A facility's space types, to mark some of their spaces; absent at a destination. */
  spaces?: TSpaceChoices | undefined;
  onSave: (input: TAvailabilityInput) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<TForm>({
    kind: "booked",
    startDate: "",
    endDate: "",
    discount: "",
    note: "",
    weekly: false,
    weekdays: [],
    until: "",
    spaceTypeId: "",
    spaces: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const space = spaces?.items.find((s) => s.id === form.spaceTypeId);
  const change = (patch: Partial<TForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors(form, space);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(ZAvailabilityInput.parse(inputOf(form, space)));
  };
  const dateProps = { slotProps: { inputLabel: { shrink: true } }, fullWidth: true } as const;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="mark-days-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="mark-days-title">Mark days on the calendar</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormControl>
              <FormLabel id="mark-kind">These days are</FormLabel>
              <RadioGroup
                aria-labelledby="mark-kind"
                value={form.kind}
                onChange={(e) => change({ kind: e.target.value as TAvailabilityKind })}
              >
                {AVAILABILITY_KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    value={kind}
                    control={<Radio />}
                    label={`${AVAILABILITY_KIND_LABELS[kind]}: ${KIND_HELP[kind]}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {spaces ? (
              <SpacesFields
                choices={spaces}
                form={form}
                space={space}
                error={errors.spaces}
                change={change}
              />
            ) : null}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                {...dateProps}
                type="date"
                label={form.weekly ? "Starting" : "From"}
                value={form.startDate}
                onChange={(e) => change({ startDate: e.target.value })}
                error={Boolean(errors.startDate)}
                helperText={errors.startDate}
                required
              />
              {form.weekly ? (
                <TextField
                  {...dateProps}
                  type="date"
                  label="Until"
                  value={form.until}
                  onChange={(e) => change({ until: e.target.value })}
                  error={Boolean(errors.until)}
                  helperText={errors.until ?? "A rule runs a year at most."}
                  required
                />
              ) : (
                <TextField
                  {...dateProps}
                  type="date"
                  label="To"
                  value={form.endDate}
                  onChange={(e) => change({ endDate: e.target.value })}
                  error={Boolean(errors.endDate)}
                  helperText={errors.endDate}
                  required
                />
              )}
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.weekly}
                  onChange={(e) => change({ weekly: e.target.checked })}
                />
              }
              label="Repeat every week"
            />
            {form.weekly ? (
              <FormControl error={Boolean(errors.weekdays)}>
                <FormLabel id="mark-weekdays">On</FormLabel>
                <FormGroup row aria-labelledby="mark-weekdays">
                  {WEEKDAYS.map((day, index) => (
                    <FormControlLabel
                      key={day.short}
                      label={day.short}
                      control={
                        <Checkbox
                          checked={form.weekdays.includes(index)}
                          slotProps={{ input: { "aria-label": day.long } }}
                          onChange={(e) =>
                            change({
                              weekdays: e.target.checked
                                ? [...form.weekdays, index].sort()
                                : form.weekdays.filter((d) => d !== index),
                            })
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {errors.weekdays ? (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {errors.weekdays}
                  </Alert>
                ) : null}
              </FormControl>
            ) : null}
            {form.kind === "need" ? (
              <TextField
                type="number"
                label="Discount (%)"
                value={form.discount}
                onChange={(e) => change({ discount: e.target.value })}
                error={Boolean(errors.discount)}
                helperText={errors.discount ?? "Optional: what you would take off to fill them."}
                slotProps={{ htmlInput: { min: 1, max: 90, step: 1, inputMode: "numeric" } }}
              />
            ) : null}
            <TextField
              label="Note (only your team sees it)"
              value={form.note}
              onChange={(e) => change({ note: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? "Saving…" : "Mark days"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
