// The request wizard's event step (a new event only): start from scratch or from a copy of one of
// my events, the event's facts, and the organization it belongs to. Once the event is created (a
// send that failed later), the step only says so.
import { formatEventDates } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { Choice } from "./choice";
import { OrganizationChoice, type TOrganizationPick } from "./organization-choice";
import {
  EVENT_STEP_REQUIRED,
  EVENT_STEP_SPECS,
  type TFieldErrors,
  type TFormValues,
} from "./request-form";
import { listMyEvents, requestKeys, type TEventListing } from "./requests-api";

export const MY_EVENTS_TAKE = 50;

export type TSource = "scratch" | "copy";

/** The event step's choice: a new event, or a copy of one of mine. */
function MyEventChoice({
  chosenId,
  error,
  onChoose,
}: {
  chosenId: string;
  error?: string;
  onChoose: (event: TEventListing) => void;
}) {
  const page = { offset: 0, take: MY_EVENTS_TAKE };
  const events = useQuery({
    queryKey: requestKeys.myEvents(page),
    queryFn: ({ signal }) => listMyEvents(page, signal),
  });
  if (events.isPending) {
    return (
      <Skeleton variant="rounded" height={56} role="status" aria-label="Loading your events" />
    );
  }
  if (events.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void events.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(events.error, "Your events did not load.")}
      </Alert>
    );
  }
  const items = events.data.items;
  if (items.length === 0) {
    return (
      <Alert severity="info">You have no events yet. Choose "A new event" to start one.</Alert>
    );
  }
  return (
    <TextField
      select
      label="Your event to copy"
      value={chosenId}
      required
      error={Boolean(error)}
      helperText={
        error ?? "Its facts are copied into a new event; its media and organization are not."
      }
      onChange={(event) => {
        const found = items.find((item) => item.id === event.target.value);
        if (found) onChoose(found);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="">Choose…</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name} ({formatEventDates(item)})
        </option>
      ))}
    </TextField>
  );
}

/** The step's inputs; the wizard keeps their values and says what each change does. */
export function EventStep({
  created,
  createdName,
  source,
  copiedFrom,
  values,
  organization,
  errors,
  onSource,
  onCopy,
  onChange,
  onOrganization,
}: {
  /** The event is created already: only its request remains. */
  created: boolean;
  createdName: string | undefined;
  source: TSource;
  copiedFrom: TEventListing | null;
  values: TFormValues;
  organization: TOrganizationPick;
  errors: TFieldErrors;
  onSource: (source: TSource) => void;
  onCopy: (event: TEventListing) => void;
  onChange: (name: string, value: TFormValue) => void;
  onOrganization: (pick: TOrganizationPick) => void;
}) {
  return created ? (
    <Alert severity="success">
      The event “{createdName}” is created. What remains is its request.
    </Alert>
  ) : (
    <Stack spacing={3}>
      <Choice<TSource>
        label="Start from"
        value={source}
        onChange={onSource}
        options={[
          { value: "scratch", label: "A new event" },
          {
            value: "copy",
            label: "A copy of one of my events",
            detail: "For the next edition of an event you ran before.",
          },
        ]}
      />
      {source === "copy" ? (
        <MyEventChoice
          chosenId={copiedFrom?.id ?? ""}
          error={errors.copiedFrom}
          onChoose={onCopy}
        />
      ) : null}
      <FieldGrid
        specs={EVENT_STEP_SPECS}
        values={values}
        errors={errors}
        required={EVENT_STEP_REQUIRED}
        onChange={onChange}
      />
      <OrganizationChoice
        value={organization}
        error={errors.organization}
        onChange={onOrganization}
      />
    </Stack>
  );
}
