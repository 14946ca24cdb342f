// The "Request proposals" wizard: (for a new event) the event, which a description read by the RFP
// assistant may fill in first, then venue needs, where, urgency with the request's dates (the
// event's, alternative date sets or a window: date-options-field.tsx) and size, terms, and a review
// that publishes the request (matching venues) or sends it to chosen ones. Every step is checked
// against the shared contracts before moving on; what the server refuses comes back beside the
// input it is about. This file keeps where the wizard is and what was typed; each step's inputs are
// a file of their own (describe-step.tsx, event-step.tsx, needs-step.tsx, where-step.tsx,
// urgency-step.tsx, terms-step.tsx, review-step.tsx), and the calls that send it are send-request.ts.
import type { TRfpDraft } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepButton from "@mui/material/StepButton";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { localToday } from "../../lib/month-grid";
import { plural } from "../leads";
import type { TFormValue } from "../profiles";
import {
  dateOptionsErrors,
  dateOptionsFromDraft,
  EVENT_DATES,
  isDateErrorKey,
  type TDateOptionsValues,
} from "./date-options-rules";
import { DescribeStep, NOT_DESCRIBED, type TDescribing } from "./describe-step";
import { EventStep, type TSource } from "./event-step";
import { NeedsStep } from "./needs-step";
import { NO_ORGANIZATION, organizationError, type TOrganizationPick } from "./organization-choice";
import {
  EMPTY_REQUEST,
  errorsOf,
  eventStepErrors,
  eventValuesFromCopy,
  eventValuesFromDraft,
  REQUEST_STEP_FIELDS,
  requestErrors,
  requestValuesFromDraft,
  requestValuesFromEvent,
  serverFieldErrors,
  type TFieldErrors,
  type TFormValues,
  type TRequestStep,
  type TRequestValues,
  targetsError,
  withSpaceType,
} from "./request-form";
import { Outcome } from "./request-outcome";
import { requestKeys, type TEventListing, type TVenue } from "./requests-api";
import { ReviewStep, type TDelivery } from "./review-step";
import { sendRequest, type TProgress, type TStage } from "./send-request";
import { TermsStep } from "./terms-step";
import { UrgencyStep } from "./urgency-step";
import { WhereStep } from "./where-step";

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

/** The steps, each a button back to it once reached (wide screens); on a phone, "Step n of m". */
function WizardStepper({
  steps,
  active,
  reached,
  disabled,
  onStep,
}: {
  steps: readonly TStepId[];
  active: number;
  reached: number;
  disabled: boolean;
  onStep: (index: number) => void;
}) {
  return (
    <>
      <Stepper
        nonLinear
        activeStep={active}
        alternativeLabel
        aria-label="Steps"
        sx={{ mb: 4, display: { xs: "none", sm: "flex" } }}
      >
        {steps.map((id, index) => (
          <Step key={id} completed={index < reached && index !== active}>
            <StepButton
              disabled={index > reached || disabled}
              aria-current={index === active ? "step" : undefined}
              optional={
                id === "describe" ? <Typography variant="caption">Optional</Typography> : undefined
              }
              onClick={() => onStep(index)}
            >
              {STEP_LABELS[id]}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: "none" }, mb: 1 }}>
        Step {active + 1} of {steps.length}: {STEP_LABELS[steps[active] ?? "review"]}
      </Typography>
    </>
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
    mutationFn: () =>
      sendRequest(
        { organization, eventValues, copiedFrom, request, dates, delivery, chosen },
        progress.current,
        stage,
      ),
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

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880 }}>
      <WizardStepper
        steps={steps}
        active={stepIndex}
        reached={reached}
        disabled={send.isPending}
        onStep={(index) => {
          setErrors({});
          goTo(index);
        }}
      />
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
            <EventStep
              created={eventCreated}
              createdName={progress.current.eventName}
              source={source}
              copiedFrom={copiedFrom}
              values={eventValues}
              organization={organization}
              errors={errors}
              onSource={chooseSource}
              onCopy={chooseCopy}
              onChange={changeEvent}
              onOrganization={(pick) => {
                setOrganization(pick);
                if (errors.organization) setErrors(({ organization: _gone, ...rest }) => rest);
              }}
            />
          ) : null}
          {step === "needs" ? (
            <NeedsStep request={request} errors={errors} onChange={changeRequest} />
          ) : null}
          {step === "where" ? (
            <WhereStep request={request} errors={errors} onChange={changeRequest} />
          ) : null}
          {step === "urgency" ? (
            <UrgencyStep
              request={request}
              dates={dates}
              eventDates={eventSummary.startDate ? eventSummary : null}
              errors={errors}
              onChange={changeRequest}
              onDates={changeDates}
            />
          ) : null}
          {step === "terms" ? (
            <TermsStep request={request} errors={errors} onChange={changeRequest} />
          ) : null}
          {step === "review" ? (
            <ReviewStep
              event={eventSummary}
              organization={event ? null : organization}
              dates={dates}
              request={request}
              delivery={delivery}
              chosen={chosen}
              errors={errors}
              sendError={send.isError ? send.error : null}
              eventSaved={eventCreated}
              onDelivery={(value) => {
                setDelivery(value);
                setErrors({});
              }}
              onChosen={setChosen}
            />
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
