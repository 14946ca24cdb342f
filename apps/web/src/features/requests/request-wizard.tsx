// The "Request proposals" wizard: (for a new event) the event, which a description read by the RFP
// assistant may fill in first, then venue needs, where, urgency with the request's dates (the
// event's, alternative date sets or a window: date-options-field.tsx) and size, terms, and a review
// that publishes the request (matching venues) or sends it to chosen ones. Every step is checked
// against the shared contracts before moving on; what the server refuses comes back beside the
// input it is about.
import type { TLeadBulkResult, TRequirement, TRfpDraft } from "@hostfield/domain/contracts";
import { URGENCY_LEVELS } from "@hostfield/domain/reference";
import { formatCount, formatEventDates, profileLink } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepButton from "@mui/material/StepButton";
import Stepper from "@mui/material/Stepper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { proposalsPath } from "../../lib/event-paths";
import { localToday } from "../../lib/month-grid";
import { MY_REQUESTS_PATH } from "../../lib/paths";
import { leadTotal, plural, spaceSummary, sportsLine, urgencyLevel, whereSummary } from "../leads";
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { DateOptionsField } from "./date-options-field";
import {
  dateOptionsErrors,
  dateOptionsFromDraft,
  dateOptionsOf,
  datesSummary,
  EVENT_DATES,
  isDateErrorKey,
  type TDateOptionsValues,
} from "./date-options-rules";
import { DescribeStep, NOT_DESCRIBED, type TDescribing } from "./describe-step";
import {
  NO_ORGANIZATION,
  OrganizationChoice,
  organizationError,
  type TOrganizationPick,
} from "./organization-choice";
import {
  ADDRESS_SPEC,
  DIST_SPEC,
  EMPTY_REQUEST,
  EVENT_STEP_REQUIRED,
  EVENT_STEP_SPECS,
  errorsOf,
  eventStepErrors,
  eventValuesFromCopy,
  eventValuesFromDraft,
  needsSpecs,
  newEventBody,
  parseRequirement,
  REQUEST_STEP_FIELDS,
  requestErrors,
  requestValuesFromDraft,
  requestValuesFromEvent,
  reviewTermFacts,
  SIZE_SPECS,
  serverFieldErrors,
  TERMS_SPECS,
  type TFieldErrors,
  type TFormValues,
  type TRequestStep,
  type TRequestValues,
  type TWhere,
  targetsError,
  venueTargets,
  withSpaceType,
} from "./request-form";
import {
  createEvent,
  createOrganization,
  createRequirement,
  listMyEvents,
  publishRequirement,
  requestKeys,
  sendToVenues,
  type TEventListing,
  type TVenue,
} from "./requests-api";
import { VenuePicker } from "./venue-picker";

type TStepId = "describe" | "event" | TRequestStep | "review";
const STEP_LABELS: Record<TStepId, string> = {
  describe: "Describe",
  event: "Event",
  needs: "Venue needs",
  where: "Where",
  urgency: "Urgency and size",
  terms: "Budget and pricing",
  review: "Review and send",
};
const STEP_HEADINGS: Record<TStepId, string> = {
  describe: "Describe your event",
  event: "Which event is it for?",
  needs: "What the venue needs",
  where: "Where the event should be",
  urgency: "How soon, and how big",
  terms: "Budget, decision and what to price",
  review: "Review and send",
};

export const PUBLISH_BUTTON = "Publish request";
export const MY_EVENTS_TAKE = 50;

type TDelivery = "match" | "chosen";
type TSource = "scratch" | "copy";
type TOutcome =
  | { kind: "published"; eventId: string; requirement: TRequirement }
  | { kind: "sent"; eventId: string; result: TLeadBulkResult };
/** What is already stored, so a retry after a failure goes on from there. */
type TProgress = {
  organizationId?: string;
  eventId?: string;
  eventName?: string;
  requirement?: TRequirement;
};
type TStage = "organization" | "event" | "requirement" | "send";

/** A labelled group of radio buttons, each with an optional line below its label. */
function Choice<T extends string>({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: T | "";
  options: readonly { value: T; label: string; detail?: string }[];
  error?: string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={id} sx={{ mb: 1, fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
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
                  {option.label}
                </Typography>
                {option.detail ? (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {option.detail}
                  </Typography>
                ) : null}
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/** One line of the review: a term and what was said. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

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

function Outcome({ outcome }: { outcome: TOutcome }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const proposals = proposalsPath(outcome.eventId);
  let title: string;
  let body: ReactNode;
  if (outcome.kind === "published") {
    const leads = leadTotal(outcome.requirement.leadCounts);
    title = "Your request is published";
    body =
      leads > 0
        ? `${plural(leads, "lead")} created: the destinations and facilities that fit your request are told, and their proposals will show on the comparison page.`
        : "No destination or facility fits this request yet. Proposals will show on the comparison page; you can also send the request to venues you choose.";
  } else {
    const { created, existing } = outcome.result;
    title = "Your request is sent";
    body = [
      `Sent to ${plural(created.length, "venue")}.`,
      existing.length > 0 ? `${plural(existing.length, "venue")} already had it.` : "",
    ]
      .filter(Boolean)
      .join(" ");
  }
  return (
    <Stack spacing={2} role="status">
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: "none" }}>
        {title}
      </Typography>
      <Typography>{body}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <Button component={RouterLink} to={proposals} variant="contained">
          Compare proposals
        </Button>
        <Button component={RouterLink} to={MY_REQUESTS_PATH} variant="outlined">
          My requests
        </Button>
        <Button component={RouterLink} to={profileLink("event", outcome.eventId)}>
          View the event
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * For a new event (`event` null: the first step makes it) or for an existing one; from a venue's
 * page or a shortlist, `venues` are the chosen venues. The event, the
 * request and the send are three calls; each result is kept, so a retry repeats only what failed.
 */
export function RequestWizard({
  event,
  venues = [],
}: {
  event: TEventListing | null;
  /** Sends the request straight to these venues unless the organizer changes that at the end. */
  venues?: readonly TVenue[];
}) {
  const queryClient = useQueryClient();
  const [stepIndex, setStepIndex] = useState(0);
  const [reached, setReached] = useState(0);
  const [source, setSource] = useState<TSource>("scratch");
  // A description is offered only for a new event started from scratch: not for an event that
  // exists, and not for a copy (the copied event says it all); the step comes and goes with the
  // event step's choice.
  const steps: TStepId[] = event
    ? ["needs", "where", "urgency", "terms", "review"]
    : source === "scratch"
      ? ["describe", "event", "needs", "where", "urgency", "terms", "review"]
      : ["event", "needs", "where", "urgency", "terms", "review"];
  const [describing, setDescribing] = useState<TDescribing>(NOT_DESCRIBED);
  const [copiedFrom, setCopiedFrom] = useState<TEventListing | null>(null);
  const [eventValues, setEventValues] = useState<TFormValues>({
    name: "",
    type: "",
    ageGroup: "",
    startDate: "",
    endDate: "",
    hasFlexibleDates: false,
    sports: [],
  });
  const [organization, setOrganization] = useState<TOrganizationPick>(NO_ORGANIZATION);
  const [request, setRequest] = useState<TRequestValues>(() =>
    event ? requestValuesFromEvent(event) : EMPTY_REQUEST,
  );
  const [dates, setDates] = useState<TDateOptionsValues>(EVENT_DATES);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [delivery, setDelivery] = useState<TDelivery>(venues.length > 0 ? "chosen" : "match");
  const [chosen, setChosen] = useState<TVenue[]>(() => [...venues]);
  const progress = useRef<TProgress>(event ? { eventId: event.id, eventName: event.name } : {});
  const stage = useRef<TStage>("event");
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const step = steps[stepIndex] ?? "review";
  const eventCreated = !event && progress.current.eventId !== undefined;

  const goTo = (next: number) => {
    setStepIndex(next);
    setReached((r) => Math.max(r, next));
    // Focus goes where a keyboard or screen-reader user expects it: the new step's title.
    requestAnimationFrame(() => heading.current?.focus());
  };
  /** Shows errors and puts focus on the first input that has one. */
  const showErrors = (found: TFieldErrors) => {
    setErrors(found);
    requestAnimationFrame(() => {
      const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
    });
  };
  const errorsOfStep = (id: TStepId): TFieldErrors => {
    if (id === "describe") return {};
    if (id === "event") {
      if (eventCreated) return {};
      const found = eventStepErrors(eventValues);
      if (source === "copy" && !copiedFrom) found.copiedFrom = "Choose the event to copy.";
      const organizationProblem = organizationError(organization);
      if (organizationProblem) found.organization = organizationProblem;
      return found;
    }
    if (id === "review") {
      const problem = delivery === "chosen" ? targetsError(chosen) : null;
      return problem ? { chosen: problem } : {};
    }
    const found = errorsOf(requestErrors(request), [id]);
    return id === "urgency" ? { ...found, ...dateOptionsErrors(dates, localToday()) } : found;
  };

  const send = useMutation({
    mutationFn: async (): Promise<TOutcome> => {
      const done = progress.current;
      if (!done.eventId && organization.kind === "new" && !done.organizationId) {
        stage.current = "organization";
        done.organizationId = (await createOrganization(organization.name.trim())).id;
      }
      if (!done.eventId) {
        stage.current = "event";
        const organizationId =
          organization.kind === "mine"
            ? organization.id
            : organization.kind === "new"
              ? done.organizationId
              : undefined;
        const created = await createEvent({
          ...newEventBody(eventValues, copiedFrom),
          ...(organizationId ? { organizationId } : {}),
        });
        done.eventId = created.id;
        done.eventName = created.name;
      }
      const eventId = done.eventId;
      if (!done.requirement) {
        stage.current = "requirement";
        done.requirement = await createRequirement(eventId, {
          ...parseRequirement(request),
          dateOptions: dateOptionsOf(dates),
        });
      }
      stage.current = "send";
      if (delivery === "match") {
        const requirement = await publishRequirement(eventId, done.requirement.id);
        return { kind: "published", eventId, requirement };
      }
      const result = await sendToVenues(eventId, {
        requirementId: done.requirement.id,
        targets: venueTargets(chosen),
      });
      return { kind: "sent", eventId, result };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    onError: (error) => {
      const found = serverFieldErrors(error);
      if (Object.keys(found).length === 0) return;
      // Back to the step whose input the server refused.
      const names = Object.keys(found);
      const target =
        stage.current === "event" || stage.current === "organization"
          ? steps.indexOf("event")
          : steps.findIndex(
              (id) =>
                id !== "describe" &&
                id !== "event" &&
                id !== "review" &&
                REQUEST_STEP_FIELDS[id].some((name) => names.includes(name)),
            );
      if (target >= 0) {
        goTo(target);
        setErrors(found);
      }
    },
  });

  const next = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const found = errorsOfStep(step);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    if (step === "event" && request.sportsList.length === 0) {
      // The request asks for the event's sports unless told otherwise.
      const sports = eventValues.sports;
      if (Array.isArray(sports) && sports.length > 0) {
        setRequest((r) => ({ ...r, sportsList: [...sports] }));
      }
    }
    if (step !== "review") {
      goTo(stepIndex + 1);
      return;
    }
    // Everything once more: a step may have changed since it was left.
    const first = steps.findIndex((id) => Object.keys(errorsOfStep(id)).length > 0);
    if (first >= 0) {
      goTo(first);
      setErrors(errorsOfStep(steps[first]!));
      return;
    }
    send.mutate();
  };

  const changeRequest = (name: string, value: TFormValue) => {
    // A request already stored no longer says what the inputs say: it is drafted again.
    progress.current.requirement = undefined;
    setRequest((current) =>
      name === "spaceType"
        ? withSpaceType(current, String(value))
        : ({ ...current, [name]: value } as TRequestValues),
    );
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const changeDates = (value: TDateOptionsValues) => {
    progress.current.requirement = undefined;
    setDates(value);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !isDateErrorKey(name))),
    );
  };
  const changeEvent = (name: string, value: TFormValue) => {
    setEventValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  /** "Use these details": what the assistant understood goes into the inputs; the rest stays. */
  const applyDraft = (draft: TRfpDraft) => {
    progress.current.requirement = undefined;
    setEventValues((current) => eventValuesFromDraft(draft, current));
    setRequest((current) => requestValuesFromDraft(draft, current));
    setDates((current) => dateOptionsFromDraft(draft, current));
    setErrors({});
    goTo(stepIndex + 1);
  };
  const chooseSource = (value: TSource) => {
    // The description step leaves the list for a copy and comes back for a new event; the event
    // step keeps its place in between.
    if (value !== source) {
      const shift = value === "copy" ? -1 : 1;
      setStepIndex((index) => index + shift);
      setReached((r) => r + shift);
    }
    setSource(value);
    setErrors({});
    if (value === "scratch") setCopiedFrom(null);
  };
  const chooseCopy = (chosenEvent: TEventListing) => {
    setCopiedFrom(chosenEvent);
    setEventValues(eventValuesFromCopy(chosenEvent));
    setRequest(requestValuesFromEvent(chosenEvent));
    setErrors({});
  };

  if (send.isSuccess) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880 }}>
        <Outcome outcome={send.data} />
      </Paper>
    );
  }

  const eventSummary = event ?? {
    name: String(eventValues.name ?? ""),
    startDate: String(eventValues.startDate ?? ""),
    endDate: String(eventValues.endDate ?? ""),
    hasFlexibleDates: eventValues.hasFlexibleDates === true,
  };
  const urgency = urgencyLevel(request.urgency === "" ? null : Number(request.urgency));
  const space = spaceSummary({
    needsSpecificSpaceType: request.needsSpecificSpaceType,
    spaceType: request.spaceType || null,
    spaceSurface: request.spaceSurface || null,
    spaceTypeCount: Number(request.spaceTypeCount) || null,
    spaceLocation: request.spaceLocation || null,
  });
  const datesAsked = datesSummary(dates);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880 }}>
      <Stepper
        nonLinear
        activeStep={stepIndex}
        alternativeLabel
        aria-label="Steps"
        sx={{ mb: 4, display: { xs: "none", sm: "flex" } }}
      >
        {steps.map((id, index) => (
          <Step key={id} completed={index < reached && index !== stepIndex}>
            <StepButton
              disabled={index > reached || send.isPending}
              aria-current={index === stepIndex ? "step" : undefined}
              optional={
                id === "describe" ? <Typography variant="caption">Optional</Typography> : undefined
              }
              onClick={() => {
                setErrors({});
                goTo(index);
              }}
            >
              {STEP_LABELS[id]}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: "none" }, mb: 1 }}>
        Step {stepIndex + 1} of {steps.length}: {STEP_LABELS[step]}
      </Typography>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ mb: 2, outline: "none" }}
      >
        {STEP_HEADINGS[step]}
      </Typography>
      {step === "describe" ? (
        <DescribeStep
          describing={describing}
          onChange={setDescribing}
          onUse={applyDraft}
          onSkip={() => {
            setErrors({});
            goTo(stepIndex + 1);
          }}
        />
      ) : (
        <Box component="form" ref={form} noValidate onSubmit={next} aria-label={STEP_LABELS[step]}>
          {step === "event" ? (
            eventCreated ? (
              <Alert severity="success">
                The event “{progress.current.eventName}” is created. What remains is its request.
              </Alert>
            ) : (
              <Stack spacing={3}>
                <Choice<TSource>
                  label="Start from"
                  value={source}
                  onChange={chooseSource}
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
                    onChoose={chooseCopy}
                  />
                ) : null}
                <FieldGrid
                  specs={EVENT_STEP_SPECS}
                  values={eventValues}
                  errors={errors}
                  required={EVENT_STEP_REQUIRED}
                  onChange={changeEvent}
                />
                <OrganizationChoice
                  value={organization}
                  error={errors.organization}
                  onChange={(pick) => {
                    setOrganization(pick);
                    if (errors.organization) setErrors(({ organization: _gone, ...rest }) => rest);
                  }}
                />
              </Stack>
            )
          ) : null}
          {step === "needs" ? (
            <FieldGrid
              specs={needsSpecs(request)}
              values={request}
              errors={errors}
              required={[
                "sportsList",
                "facilityTypes",
                "spaceType",
                "spaceTypeCount",
                "spaceLocation",
              ]}
              onChange={changeRequest}
            />
          ) : null}
          {step === "where" ? (
            <Stack spacing={3}>
              <Choice<TWhere>
                label="Where should the venue be?"
                value={request.where}
                onChange={(value) => changeRequest("where", value)}
                options={[
                  {
                    value: "near",
                    label: "Near a place",
                    detail: "Within a radius of a city or ZIP.",
                  },
                  { value: "nationally", label: "Anywhere in the country" },
                ]}
              />
              {request.where === "near" ? (
                <FieldGrid
                  specs={[ADDRESS_SPEC, DIST_SPEC]}
                  values={request}
                  errors={errors}
                  required={["address", "dist"]}
                  onChange={changeRequest}
                />
              ) : null}
              <Typography color="text.secondary" role="status">
                {whereSummary({
                  address: request.where === "near" ? request.address.trim() || null : null,
                  dist: Number(request.dist) || null,
                })}
              </Typography>
            </Stack>
          ) : null}
          {step === "urgency" ? (
            <Stack spacing={3}>
              <Choice<string>
                label="How soon do you need a venue?"
                value={request.urgency}
                error={errors.urgency}
                onChange={(value) => changeRequest("urgency", value)}
                options={URGENCY_LEVELS.map((level) => ({
                  value: String(level.priority),
                  label: level.label,
                  detail: level.tag,
                }))}
              />
              <DateOptionsField
                values={dates}
                eventDates={eventSummary.startDate ? eventSummary : null}
                errors={errors}
                onChange={changeDates}
              />
              <FieldGrid
                specs={SIZE_SPECS}
                values={request}
                errors={errors}
                onChange={changeRequest}
              />
            </Stack>
          ) : null}
          {step === "terms" ? (
            <FieldGrid
              specs={TERMS_SPECS}
              values={request}
              errors={errors}
              onChange={changeRequest}
            />
          ) : null}
          {step === "review" ? (
            <Stack spacing={3}>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: "grid",
                  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
                  columnGap: 3,
                  rowGap: { xs: 0, sm: 1 },
                  "& dd": { mb: { xs: 1.5, sm: 0 } },
                }}
              >
                <Fact term="Event">{eventSummary.name}</Fact>
                {!event && organization.kind !== "none" ? (
                  <Fact term="Organization">
                    {organization.kind === "new"
                      ? `${organization.name.trim()} (new)`
                      : organization.name}
                  </Fact>
                ) : null}
                {datesAsked ? (
                  <Fact term="Dates">
                    {`${datesAsked.words} (${plural(datesAsked.setCount, "date set")})`}
                  </Fact>
                ) : null}
                {eventSummary.startDate ? (
                  <Fact term={datesAsked ? "Event's dates" : "Dates"}>
                    {formatEventDates(eventSummary)}
                  </Fact>
                ) : null}
                <Fact term="Sports">{sportsLine(request.sportsList, true)}</Fact>
                {request.needsSpecificFacilityType ? (
                  <Fact term="Facility types">{request.facilityTypes.join(", ")}</Fact>
                ) : null}
                {space ? <Fact term="Space">{space}</Fact> : null}
                {request.spaceDescription.trim() ? (
                  <Fact term="Also needed">{request.spaceDescription.trim()}</Fact>
                ) : null}
                <Fact term="Where">
                  {whereSummary({
                    address: request.where === "near" ? request.address.trim() : null,
                    dist: Number(request.dist) || null,
                  })}
                </Fact>
                {urgency ? (
                  <Fact term="Urgency">
                    {urgency.label} — {urgency.tag}
                  </Fact>
                ) : null}
                {request.attendance.trim() ? (
                  <Fact term="Attendance">{formatCount(Number(request.attendance))}</Fact>
                ) : null}
                {request.roomNights.trim() ? (
                  <Fact term="Room nights">{formatCount(Number(request.roomNights))}</Fact>
                ) : null}
                {reviewTermFacts(request).map(([term, words]) => (
                  <Fact key={term} term={term}>
                    {words}
                  </Fact>
                ))}
              </Box>
              <Choice<TDelivery>
                label="Who should get it?"
                value={delivery}
                onChange={(value) => {
                  setDelivery(value);
                  setErrors({});
                }}
                options={[
                  {
                    value: "match",
                    label: "Match destinations and facilities for me",
                    detail:
                      "Everyone whose sports, spaces and place fit gets a lead and can send a proposal.",
                  },
                  {
                    value: "chosen",
                    label: "Send it to venues I choose",
                    detail: "Only the destinations and facilities you pick get it.",
                  },
                ]}
              />
              {delivery === "chosen" ? (
                <VenuePicker chosen={chosen} onChange={setChosen} error={errors.chosen} />
              ) : null}
              {send.isError ? (
                <Alert severity="error" role="alert">
                  {apiErrorMessage(send.error, "The request could not be sent. Try again.")}
                  {eventCreated
                    ? " Your event is saved; trying again sends only the request."
                    : null}
                </Alert>
              ) : null}
            </Stack>
          ) : null}
          <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: "space-between" }}>
            <Button
              onClick={() => {
                setErrors({});
                goTo(stepIndex - 1);
              }}
              disabled={stepIndex === 0 || send.isPending}
            >
              Back
            </Button>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {step !== "review"
                ? "Next"
                : send.isPending
                  ? "Sending…"
                  : delivery === "match"
                    ? PUBLISH_BUTTON
                    : `Send to ${plural(chosen.length, "venue")}`}
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
