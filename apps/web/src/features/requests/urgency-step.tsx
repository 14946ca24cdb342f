// The request wizard's urgency and size step: how soon a venue is needed, the dates the request asks
// for (the event's, alternative date sets or a window: date-options-field.tsx), attendance and room
// nights.
import { URGENCY_LEVELS } from "@hostfield/domain/reference";
import Stack from "@mui/material/Stack";
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { Choice } from "./choice";
import { DateOptionsField, type TEventDatesFacts } from "./date-options-field";
import type { TDateOptionsValues } from "./date-options-rules";
import { SIZE_SPECS, type TFieldErrors, type TRequestValues } from "./request-form";

export function UrgencyStep({
  request,
  dates,
  eventDates,
  errors,
  onChange,
  onDates,
}: {
  request: TRequestValues;
  dates: TDateOptionsValues;
  /** The event's dates, once it has them. */
  eventDates: TEventDatesFacts | null;
  errors: TFieldErrors;
  onChange: (name: string, value: TFormValue) => void;
  onDates: (dates: TDateOptionsValues) => void;
}) {
  return (
    <Stack spacing={3}>
      <Choice<string>
        label="How soon do you need a venue?"
        value={request.urgency}
        error={errors.urgency}
        onChange={(value) => onChange("urgency", value)}
        options={URGENCY_LEVELS.map((level) => ({
          value: String(level.priority),
          label: level.label,
          detail: level.tag,
        }))}
      />
      <DateOptionsField values={dates} eventDates={eventDates} errors={errors} onChange={onDates} />
      <FieldGrid specs={SIZE_SPECS} values={request} errors={errors} onChange={onChange} />
    </Stack>
  );
}
