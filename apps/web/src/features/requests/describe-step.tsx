// The wizard's optional first step for a new event: the organizer describes the event in their own
// words, the RFP assistant reads it (and any correction, in the same exchange) into a draft, and the
// step shows what was understood field by field, the assistant's reply and what is still open.
// "Use these details" fills the wizard's inputs from the draft; "Skip" goes on with nothing filled.
import {
  ASSISTANT_MESSAGE_MAX_LENGTH,
  type TRfpAsk,
  type TRfpDraft,
  type TRfpQuestion,
  type TRfpReply,
  ZRfpAsk,
} from "@hostfield/domain/contracts";
import {
  describeRequestDates,
  formatCount,
  formatEventDate,
  formatEventDates,
} from "@hostfield/domain/rules";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlineOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { isRecord } from "../../lib/is-record";
import { visuallyHidden } from "../../ui/visually-hidden";
import { askRfpAssistant, getRfpQuestions, rfpAssistantKeys } from "../assistant";
import { plural, urgencyLevel } from "../leads";

export const DESCRIBE_EXAMPLE =
  "12U girls basketball, 40 teams, 6 hardwood courts indoors, near Indianapolis, second weekend of March, about 300 room nights, urgent";
const CORRECTION_EXAMPLE = "It's 8 courts, and within 30 miles";
export const DESCRIPTION_LABEL = "Your event, in your own words";
export const CORRECTION_LABEL = "A correction, or something to add";
export const NOT_UNDERSTOOD = "Not understood";

/** What the step holds while the wizard goes back and forth: the text being written, the reply. */
export type TDescribing = { text: string; reply: TRfpReply | null };
export const NOT_DESCRIBED: TDescribing = { text: "", reply: null };

type TFact = { term: string; value: string | null };

/** The draft as the step lists it: each field's words, or null when it was not understood. */
export function draftFacts(draft: TRfpDraft): TFact[] {
  const count = (n: number | null, unit = "") => (n === null ? null : `${formatCount(n)}${unit}`);
  let dates: string | null = null;
  // Flexible dates the assistant understood ("a weekend in March or April") say more than the
  // event's first and last day.
  if (draft.dateOptions) {
    dates = describeRequestDates(draft.dateOptions);
  } else if (draft.startDate !== null) {
    dates = formatEventDates({
      startDate: draft.startDate,
      endDate: draft.endDate,
      hasFlexibleDates: draft.hasFlexibleDates,
    });
  } else if (draft.endDate !== null) {
    dates = `Until ${formatEventDate(draft.endDate)}`;
  }
  let space: string | null = null;
  if (draft.spaceType !== null) {
    space = [draft.spaceType, draft.spaceSurface].filter(Boolean).join(" · ");
  } else if (draft.spaceSurface !== null) {
    space = `${draft.spaceSurface} (the kind of space was not understood)`;
  }
  return [
    { term: "Sports", value: draft.sportsList?.join(", ") ?? null },
    { term: "Dates", value: dates },
    { term: "Space", value: space },
    {
      term: "Indoor/outdoor",
      value: draft.spaceLocation === "Both" ? "Indoor or outdoor" : draft.spaceLocation,
    },
    { term: "Count", value: count(draft.spaceTypeCount) },
    { term: "Where", value: draft.address },
    { term: "Radius", value: count(draft.dist, " mi") },
    { term: "Urgency", value: urgencyLevel(draft.urgency)?.label ?? null },
    { term: "Attendance", value: count(draft.attendance, " people") },
    { term: "Room nights", value: count(draft.roomNights) },
    { term: "Event type", value: draft.type },
    { term: "Age group", value: draft.ageGroup },
    { term: "Teams", value: count(draft.teamCount) },
    { term: "Suggested name", value: draft.name },
  ];
}

/**
 * A refusal for asking too often (429): the seconds until the next question may pass, or null when
 * the refusal did not say. Read from the Retry-After the API client kept, when it keeps it, else
 * from the reply's details (the server puts the same seconds there). Undefined for any other
 * failure.
 */
export function rateLimitWait(error: unknown): number | null | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status !== 429 && error.code !== "RATE_LIMITED") return undefined;
  const header = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  const detail = isRecord(error.details) ? error.details.retryAfterSeconds : undefined;
  for (const seconds of [header, detail]) {
    if (typeof seconds === "number" && seconds > 0) return seconds;
  }
  return null;
}

/** "40 seconds", "12 minutes", "1 hour". */
export function waitWords(seconds: number): string {
  if (seconds < 60) return plural(Math.ceil(seconds), "second");
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? plural(minutes, "minute") : plural(Math.ceil(minutes / 60), "hour");
}

/** One line of what was understood: the field, and its value or "Not understood". */
function Fact({ term, value }: TFact) {
  const Icon = value === null ? HelpOutlineIcon : CheckCircleOutlineIcon;
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Stack
        component="dd"
        direction="row"
        spacing={1}
        sx={{ m: 0, alignItems: "flex-start", overflowWrap: "anywhere" }}
      >
        <Icon
          aria-hidden
          fontSize="small"
          color={value === null ? "disabled" : "success"}
          sx={{ mt: 0.25 }}
        />
        {value === null ? (
          <Typography color="text.secondary" sx={{ fontStyle: "italic" }}>
            {NOT_UNDERSTOOD}
          </Typography>
        ) : (
          <Typography>{value}</Typography>
        )}
      </Stack>
    </Box>
  );
}

function QuestionList({ questions, label }: { questions: readonly TRfpQuestion[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 3 }}>
      {questions.map((q) => (
        <Typography component="li" key={`${q.field}:${q.question}`} sx={{ mb: 0.5 }}>
          {q.question}
        </Typography>
      ))}
    </Box>
  );
}

/** What the assistant made of the description so far. */
function Understood({
  reply,
  questions,
}: {
  reply: TRfpReply;
  questions: readonly TRfpQuestion[];
}) {
  const headingId = useId();
  const facts = draftFacts(reply.draft);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} component="h3" variant="h6">
        What we understood
      </Typography>
      <Box
        component="dl"
        aria-labelledby={headingId}
        sx={{
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
          columnGap: 3,
          rowGap: { xs: 0, sm: 1 },
          "& dd": { mb: { xs: 1.5, sm: 0 } },
        }}
      >
        {facts.map((fact) => (
          <Fact key={fact.term} {...fact} />
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: "action.hover" }}>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          The assistant's reply
        </Typography>
        <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {reply.reply}
        </Typography>
      </Paper>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          Still open
        </Typography>
        {questions.length > 0 ? (
          <QuestionList questions={questions} label="Questions still open" />
        ) : (
          <Typography color="text.secondary">
            Nothing more is needed to draft the request; check the details in the next steps.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export function DescribeStep({
  describing,
  onChange,
  onUse,
  onSkip,
}: {
  describing: TDescribing;
  onChange: (next: TDescribing) => void;
  /** "Use these details": fill the wizard from the draft and go on. */
  onUse: (draft: TRfpDraft) => void;
  /** Go on to the event step with nothing filled. */
  onSkip: () => void;
}) {
  const queryClient = useQueryClient();
  const { text, reply } = describing;
  const exchangeId = reply?.exchangeId ?? null;
  const [inputError, setInputError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  // The opening questions, as hints; then the exchange's, which each reply brings. They change
  // only with a new message, so they are asked of the server only when no longer held.
  const questions = useQuery({
    queryKey: rfpAssistantKeys.questions(exchangeId),
    queryFn: ({ signal }) => getRfpQuestions(exchangeId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const ask = useMutation({
    mutationFn: (body: TRfpAsk) => askRfpAssistant(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(rfpAssistantKeys.questions(answer.exchangeId), answer.questions);
      onChange({ text: "", reply: answer });
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (ask.isPending) return;
    const parsed = ZRfpAsk.safeParse({ message: text, exchangeId: exchangeId ?? undefined });
    if (!parsed.success) {
      setInputError(
        text.trim() === ""
          ? reply
            ? "Write the correction first."
            : "Describe your event first."
          : `Use at most ${formatCount(ASSISTANT_MESSAGE_MAX_LENGTH)} characters.`,
      );
      input.current?.focus();
      return;
    }
    setInputError(null);
    ask.mutate(parsed.data);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter starts a new line; Ctrl+Enter (⌘+Enter) sends.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const startOver = () => {
    ask.reset();
    setInputError(null);
    onChange({ ...describing, reply: null });
    input.current?.focus();
  };

  const wait = ask.isError ? rateLimitWait(ask.error) : undefined;
  const limit = ASSISTANT_MESSAGE_MAX_LENGTH;
  const shown = questions.data ?? reply?.questions ?? [];
  const understood = reply ? draftFacts(reply.draft).filter((f) => f.value !== null).length : 0;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Describe your event">
      <Stack spacing={3}>
        <Typography color="text.secondary">
          Say what the event is and what it needs, as you would to a colleague; the details we
          understand fill in the next steps, where you check them. Nothing goes to venues until you
          publish. Running an event again? Skip this step and start from a copy of it.
        </Typography>
        <TextField
          label={reply ? CORRECTION_LABEL : DESCRIPTION_LABEL}
          placeholder={reply ? CORRECTION_EXAMPLE : DESCRIBE_EXAMPLE}
          multiline
          minRows={reply ? 2 : 4}
          fullWidth
          value={text}
          inputRef={input}
          error={Boolean(inputError)}
          onChange={(event) => {
            onChange({ ...describing, text: event.target.value });
            if (inputError) setInputError(null);
          }}
          onKeyDown={onKeyDown}
          helperText={
            <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <span>
                {inputError ??
                  (reply
                    ? "What you write replaces what was understood of the same detail."
                    : "Sports, dates, the space, where, how soon and how big.")}
              </span>
              <Box component="span" sx={{ whiteSpace: "nowrap" }}>
                {formatCount(text.length)}/{formatCount(limit)}
              </Box>
            </Box>
          }
          slotProps={{
            htmlInput: { maxLength: limit, readOnly: ask.isPending },
            formHelperText: { sx: { mx: 0 } },
          }}
        />
        {!reply && questions.data && questions.data.length > 0 ? (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              It helps to say:
            </Typography>
            <QuestionList questions={questions.data} label="What helps to say" />
          </Box>
        ) : null}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button type="submit" variant={reply ? "outlined" : "contained"} disabled={ask.isPending}>
            {ask.isPending ? "Reading…" : reply ? "Send correction" : "Read my description"}
          </Button>
          {reply ? (
            <Button onClick={startOver} disabled={ask.isPending}>
              Start over
            </Button>
          ) : null}
        </Stack>
        {ask.isPending ? <LinearProgress aria-label="Reading your description" /> : null}
        <Box role="status" sx={visuallyHidden}>
          {ask.isPending
            ? "Reading your description…"
            : reply
              ? `${understood} of ${draftFacts(reply.draft).length} details understood.`
              : ""}
        </Box>
        {ask.isError && wait !== undefined ? (
          <Alert severity="warning" role="alert">
            <AlertTitle>The assistant needs a break</AlertTitle>
            {wait === null
              ? apiErrorMessage(ask.error, "Too many descriptions for now.")
              : `Too many descriptions for now. Try again in ${waitWords(wait)}.`}{" "}
            You can also skip this step and fill in the form yourself.
          </Alert>
        ) : null}
        {ask.isError && wait === undefined ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  if (ask.variables) ask.mutate(ask.variables);
                }}
              >
                Retry
              </Button>
            }
          >
            {apiErrorMessage(ask.error, "Your description could not be read.")}
          </Alert>
        ) : null}
        {reply ? <Understood reply={reply} questions={shown} /> : null}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: "space-between" }}>
        <Button onClick={onSkip}>Skip</Button>
        {reply ? (
          <Button variant="contained" disabled={ask.isPending} onClick={() => onUse(reply.draft)}>
            Use these details
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
