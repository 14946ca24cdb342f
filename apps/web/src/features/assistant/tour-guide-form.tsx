// The tour guide's settings, for a destination's managers: how it introduces itself, the
// questions it offers, the topics to stress and to avoid, whom it hands visitors to, and whether it
// is on. Saving configures a destination on the default guide (POST) or sends a JSON Patch of what
// changed; "Reset to default" deletes the configuration. Checked with the domain's contract first;
// the server's problems show beside their fields.
import type { TTourGuide, TTourGuideInput } from "@hostfield/domain/contracts";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineOutlinedIcon from "@mui/icons-material/DeleteOutlineOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useConfirm } from "../../ui/confirm";
import { createTourGuide, patchTourGuide, resetTourGuide } from "./assistant-api";
import { assistantKeys } from "./assistant-paths";
import {
  guidePatch,
  inputOf,
  MAX_HANDOFF,
  MAX_QUESTIONS,
  MAX_TOPICS,
  serverGuideErrors,
  type TGuideFieldErrors,
  TONE_LABELS,
  TONES,
  validateGuide,
} from "./tour-guide-form-rules";

export const GUIDE_SAVED = "The tour guide is saved.";
export const GUIDE_RESET = "The tour guide is back to the default.";

function FormPart({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function QuestionsEditor({
  questions,
  errors,
  onChange,
}: {
  questions: string[];
  errors: TGuideFieldErrors;
  onChange: (next: string[]) => void;
}) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Offered as chips before a visitor's first question; the guide adds its own after these.
      </Typography>
      {questions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet: the guide offers questions made from your listings.
        </Typography>
      ) : null}
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0, listStyle: "none" }}>
        {questions.map((question, index) => {
          const error = errors[`suggestedQuestions.${index}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are the list's places.
            <Stack component="li" key={index} direction="row" spacing={1}>
              <TextField
                size="small"
                fullWidth
                label={`Question ${index + 1}`}
                value={question}
                onChange={(event) =>
                  onChange(questions.map((q, i) => (i === index ? event.target.value : q)))
                }
                error={Boolean(error)}
                helperText={error}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <IconButton
                aria-label={`Remove question ${index + 1}`}
                onClick={() => onChange(questions.filter((_, i) => i !== index))}
                sx={{ alignSelf: "flex-start" }}
              >
                <DeleteOutlineOutlinedIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {errors.suggestedQuestions ? (
        <FormHelperText error>{errors.suggestedQuestions}</FormHelperText>
      ) : null}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => onChange([...questions, ""])}
        >
          Add a question
        </Button>
      </div>
    </Stack>
  );
}

/** Topics as chips, added by typing one and pressing Enter (or Add). */
function TopicsEditor({
  label,
  help,
  topics,
  error,
  onChange,
}: {
  label: string;
  help: string;
  topics: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
}) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const topic = draft.trim();
    if (topic === "") return;
    if (topic.length < 2 || topic.length > 80) {
      setProblem("A topic takes 2 to 80 characters.");
      return;
    }
    if (!topics.some((t) => t.toLowerCase() === topic.toLowerCase())) onChange([...topics, topic]);
    setDraft("");
    setProblem(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  const full = topics.length >= MAX_TOPICS;
  const shown = problem ?? error;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          size="small"
          fullWidth
          label={label}
          value={draft}
          disabled={full}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          error={Boolean(shown)}
          helperText={shown ?? (full ? `At most ${MAX_TOPICS} topics.` : help)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Button variant="outlined" onClick={add} disabled={full || draft.trim() === ""}>
          Add
        </Button>
      </Stack>
      {topics.length > 0 ? (
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          aria-label={label}
          sx={{ flexWrap: "wrap", gap: 0.75, p: 0, m: 0, listStyle: "none" }}
        >
          {topics.map((topic) => (
            <li key={topic}>
              {/* The whole chip removes its topic: by pointer, Enter, Delete or Backspace. */}
              <Chip
                label={topic}
                aria-label={`Remove ${topic}`}
                onClick={() => onChange(topics.filter((t) => t !== topic))}
                onDelete={() => onChange(topics.filter((t) => t !== topic))}
              />
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function HandoffPeople({
  guide,
  chosen,
  error,
  onChange,
}: {
  guide: TTourGuide;
  chosen: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
}) {
  // The destination's owners and managers, as the server knows them; someone chosen before who
  // is no longer one still shows, to be unticked.
  const people = (guide.manage?.candidates ?? []).map((person) => ({
    userId: person.id,
    label: person.name,
  }));
  for (const id of chosen) {
    if (people.some((p) => p.userId === id)) continue;
    const known = guide.manage?.handoff.find((person) => person.id === id);
    people.push({
      userId: id,
      label: `${known?.name ?? "Someone who left"} (No longer a manager)`,
    });
  }
  const toggle = (userId: string, on: boolean) =>
    onChange(on ? [...chosen, userId] : chosen.filter((id) => id !== userId));
  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard">
      <FormLabel component="legend">Who receives visitors handed over</FormLabel>
      <FormGroup>
        {people.map((person) => (
          <FormControlLabel
            key={person.userId}
            label={person.label}
            control={
              <Checkbox
                checked={chosen.includes(person.userId)}
                disabled={!chosen.includes(person.userId) && chosen.length >= MAX_HANDOFF}
                onChange={(event) => toggle(person.userId, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {error ??
          (chosen.length === 0
            ? "Nobody chosen: every owner and manager receives them."
            : "A visitor who asks to talk to your team gets a conversation with these people.")}
      </FormHelperText>
    </FormControl>
  );
}

export function TourGuideForm({ guide }: { guide: TTourGuide }) {
  const queryClient = useQueryClient();
  const viewer = useAuth().user?.id ?? "anonymous";
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [initial] = useState(() => inputOf(guide));
  const [values, setValues] = useState<TTourGuideInput>(initial);
  const [errors, setErrors] = useState<TGuideFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof TTourGuideInput>(key: K, value: TTourGuideInput[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const store = (next: TTourGuide) =>
    queryClient.setQueryData(assistantKeys.guide(guide.destinationId, viewer), next);

  const save = useMutation({
    mutationFn: (input: TTourGuideInput) =>
      guide.id === null
        ? createTourGuide(guide.destinationId, input)
        : patchTourGuide(guide.destinationId, guide.id, guidePatch(initial, input)),
    onSuccess: (saved) => {
      enqueueSnackbar(GUIDE_SAVED, { variant: "success" });
      store(saved);
    },
    onError: (error) => {
      const beside = serverGuideErrors(error);
      setErrors(beside);
      setFailure(
        Object.keys(beside).length > 0
          ? "The guide was not saved: check the fields marked in red."
          : apiErrorMessage(error, "The guide was not saved. Try again."),
      );
      // Someone configured it meanwhile: load theirs.
      if (error instanceof ApiError && error.code === "ALREADY_EXISTS") {
        void queryClient.invalidateQueries({
          queryKey: assistantKeys.guide(guide.destinationId, viewer),
        });
      }
    },
  });
  const reset = useMutation({
    mutationFn: () => resetTourGuide(guide.destinationId, guide.id ?? ""),
    onSuccess: (fresh) => {
      enqueueSnackbar(GUIDE_RESET, { variant: "success" });
      store(fresh);
    },
    onError: (error) => setFailure(apiErrorMessage(error, "The guide was not reset. Try again.")),
  });

  const changed = guidePatch(initial, values).length > 0;
  const pending = save.isPending || reset.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const { data, errors: found } = validateGuide(values);
    setErrors(found);
    if (!data) {
      setFailure("Check the fields marked in red.");
      return;
    }
    setFailure(null);
    save.mutate(data);
  };
  const resetToDefault = async () => {
    const result = await confirm({
      title: "Reset the guide to the default?",
      description:
        "Its name, greeting, questions, topics and hand-off people go back to the default guide's. The questions visitors asked stay.",
      confirmText: "Reset to default",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") {
      setFailure(null);
      reset.mutate();
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Tour guide settings"
      spacing={3}
    >
      {guide.id === null ? (
        <Alert severity="info">
          {guide.destinationName} uses the default guide. Save to make it your own.
        </Alert>
      ) : null}
      <FormPart title="How it introduces itself">
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={values.isEnabled}
                onChange={(event) => set("isEnabled", event.target.checked)}
              />
            }
            label="Offer the guide on the destination's page"
          />
          <TextField
            label="Name"
            required
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? `Shown as "Ask ${values.name.trim() || "…"}".`}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label="Greeting"
            required
            multiline
            minRows={3}
            value={values.greeting}
            onChange={(event) => set("greeting", event.target.value)}
            error={Boolean(errors.greeting)}
            helperText={errors.greeting ?? `${values.greeting.length}/500`}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            select
            label="Tone"
            value={values.tone}
            onChange={(event) => set("tone", event.target.value as TTourGuideInput["tone"])}
            error={Boolean(errors.tone)}
            helperText={errors.tone}
            slotProps={{ select: { native: true } }}
          >
            {TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </TextField>
        </Stack>
      </FormPart>
      <FormPart title="Suggested questions">
        <QuestionsEditor
          questions={values.suggestedQuestions}
          errors={errors}
          onChange={(next) => {
            setValues((current) => ({ ...current, suggestedQuestions: next }));
            setErrors((current) =>
              Object.fromEntries(
                Object.entries(current).filter(([key]) => !key.startsWith("suggestedQuestions")),
              ),
            );
          }}
        />
      </FormPart>
      <FormPart title="Topics">
        <Stack spacing={2.5}>
          <TopicsEditor
            label="Topics to stress"
            help='Put forward when an answer touches them ("grant programs", "the new fieldhouse").'
            topics={values.stressTopics}
            error={errors.stressTopics}
            onChange={(next) => set("stressTopics", next)}
          />
          <TopicsEditor
            label="Topics to avoid"
            help="Declined with an offer to message your team."
            topics={values.avoidTopics}
            error={errors.avoidTopics}
            onChange={(next) => set("avoidTopics", next)}
          />
        </Stack>
      </FormPart>
      <FormPart title="Handing visitors to your team">
        <HandoffPeople
          guide={guide}
          chosen={values.handoffUserIds}
          error={errors.handoffUserIds}
          onChange={(next) => set("handoffUserIds", next)}
        />
      </FormPart>
      {failure ? (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: "flex",
          flexDirection: { xs: "column-reverse", sm: "row" },
          justifyContent: "flex-end",
          gap: 1.5,
        }}
      >
        {guide.id !== null ? (
          <Button variant="outlined" color="error" disabled={pending} onClick={resetToDefault}>
            Reset to default
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={pending || (guide.id !== null && !changed)}
        >
          {save.isPending ? "Saving…" : "Save"}
        </Button>
      </Box>
    </Stack>
  );
}
