// The teams section's two forms: a team typed in (or changed): its name, contact and the rooms it
// needs, 1 or more; and a CSV file of teams uploaded, read here as text and judged by the server
// all or nothing (a bad row names its line, and nothing is imported), with the columns it expects
// and a small template to start from.
import {
  TEAM_ROOMS_MAX,
  TEAMS_CSV_MAX_CHARS,
  type TTeam,
  type TTeamInput,
  type TTeamsImportResult,
  ZTeamInput,
} from "@hostfield/domain/contracts";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { saveFile } from "../../lib/save-file";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { createTeam, importTeams, teamsKeys, updateTeam } from "./teams-api";

// ---- a team typed in ----

type TTeamDraft = {
  name: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  roomsNeeded: string;
};
type TTeamErrors = Partial<Record<keyof TTeamDraft, string>>;

const draftOf = (team: TTeam | null): TTeamDraft => ({
  name: team?.name ?? "",
  contactName: team?.contactName ?? "",
  contactEmail: team?.contactEmail ?? "",
  contactPhone: team?.contactPhone ?? "",
  roomsNeeded: team ? String(team.roomsNeeded) : "",
});

export const ROOMS_NEEDED_PROBLEM = `Rooms needed: a whole number from 1 to ${TEAM_ROOMS_MAX}.`;

/** The team the draft makes, or what is wrong with it, field by field. */
export function teamOf(draft: TTeamDraft): { team: TTeamInput | null; errors: TTeamErrors } {
  const rooms = draft.roomsNeeded.trim();
  const parsed = ZTeamInput.safeParse({
    name: draft.name,
    contactName: draft.contactName,
    contactEmail: draft.contactEmail.trim(),
    contactPhone: draft.contactPhone.trim() === "" ? null : draft.contactPhone,
    roomsNeeded: /^\d+$/.test(rooms) ? Number(rooms) : Number.NaN,
  });
  if (parsed.success) return { team: parsed.data, errors: {} };
  const errors: TTeamErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "name") errors.name = "Enter the team's name (at most 200 characters).";
    if (field === "contactName") errors.contactName = "Enter the contact's name.";
    if (field === "contactEmail") {
      errors.contactEmail = "Enter an e-mail address, like coach@example.com.";
    }
    if (field === "contactPhone") errors.contactPhone = "At most 40 characters.";
    if (field === "roomsNeeded") errors.roomsNeeded = ROOMS_NEEDED_PROBLEM;
  }
  return { team: null, errors };
}

/** Adds a team (`team` null) or changes one; the list reloads with it. */
export function TeamDialog({
  eventId,
  team,
  onClose,
}: {
  eventId: string;
  team: TTeam | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<TTeamDraft>(() => draftOf(team));
  const [shown, setShown] = useState(false);
  const save = useMutation({
    mutationFn: (input: TTeamInput) =>
      team ? updateTeam(eventId, team.id, input) : createTeam(eventId, input),
    onSuccess: (saved) => {
      enqueueSnackbar(team ? `${saved.name} was changed.` : `${saved.name} was added.`, {
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: teamsKeys.overview(eventId) });
      onClose();
    },
  });
  const { team: input, errors } = teamOf(draft);
  const visible = shown ? errors : {};
  const set = (key: keyof TTeamDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const field = (key: keyof TTeamDraft) => ({
    value: draft[key],
    onChange: set(key),
    error: Boolean(visible[key]),
    helperText: visible[key],
    fullWidth: true,
  });
  return (
    <FormDialog
      title={team ? `Change ${team.name}` : "Add a team"}
      submitText={team ? "Save" : "Add team"}
      maxWidth="sm"
      pending={save.isPending}
      error={
        save.error
          ? apiErrorMessage(
              save.error,
              team ? "The team was not changed." : "The team was not added.",
            )
          : null
      }
      onClose={onClose}
      onSubmit={() => {
        setShown(true);
        if (input) save.mutate(input);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Team name" required autoFocus {...field("name")} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField label="Contact name" required autoComplete="off" {...field("contactName")} />
          <TextField
            label="Contact e-mail"
            type="email"
            required
            autoComplete="off"
            {...field("contactEmail")}
            helperText={visible.contactEmail ?? "Reminders go here."}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField label="Contact phone (optional)" type="tel" {...field("contactPhone")} />
          <TextField
            label="Rooms needed"
            type="number"
            required
            {...field("roomsNeeded")}
            helperText={visible.roomsNeeded ?? "On the team's busiest night."}
            slotProps={{
              htmlInput: { min: 1, max: TEAM_ROOMS_MAX, step: 1, inputMode: "numeric" },
            }}
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

// ---- a CSV file of teams ----

/** The columns the upload expects, in the header row. */
export const TEAMS_CSV_COLUMNS = [
  "name",
  "contact name",
  "contact email",
  "contact phone",
  "rooms",
] as const;
export const TEAMS_CSV_TEMPLATE_NAME = "teams-template.csv";
export const TEAMS_CSV_TEMPLATE = [
  TEAMS_CSV_COLUMNS.join(","),
  "Lakeside 14U,Morgan Diaz,morgan@example.com,555-0100,8",
  '"Riverside Flyers, 12U",Sam Lee,sam@example.com,,5',
  "",
].join("\r\n");

/** "N teams added, M changed": what an upload did. */
export function importedText(result: Pick<TTeamsImportResult, "added" | "changed">): string {
  return `${result.added} ${result.added === 1 ? "team" : "teams"} added, ${result.changed} changed`;
}

/**
 * What the server said of a refused file: its message, with the line in front when the message
 * does not name it already (`details.line`).
 */
export function csvProblem(error: unknown): string {
  const message = apiErrorMessage(error, "The teams were not imported.");
  if (!(error instanceof ApiError)) return message;
  const details = error.details as { line?: unknown } | null | undefined;
  const line = typeof details?.line === "number" ? details.line : null;
  return line !== null && !/\bline\b/i.test(message) ? `Line ${line}: ${message}` : message;
}

function readText(file: File): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

export function ImportTeamsDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (csv: string) => importTeams(eventId, csv),
    onSuccess: (result) => {
      queryClient.setQueryData(teamsKeys.overview(eventId), result.overview);
      void queryClient.invalidateQueries({ queryKey: teamsKeys.overview(eventId) });
      enqueueSnackbar(`${importedText(result)}.`, { variant: "success" });
      onClose();
    },
    onError: (error) => setProblem(`${csvProblem(error)} Nothing was imported.`),
  });
  const choose = async (chosen: File | undefined) => {
    setProblem(null);
    setFile(null);
    upload.reset();
    if (!chosen) return;
    try {
      const text = await readText(chosen);
      if (text.trim() === "") setProblem("The file is empty.");
      else if (text.length > TEAMS_CSV_MAX_CHARS) {
        setProblem(`The file is too large: at most ${TEAMS_CSV_MAX_CHARS / 1024} KB of text.`);
      } else setFile({ name: chosen.name, text });
    } catch {
      setProblem("The file could not be read. Choose it again.");
    }
  };
  return (
    <FormDialog
      title="Upload teams from a CSV file"
      description={
        <>
          A header row, then one team a line, with the columns{" "}
          {TEAMS_CSV_COLUMNS.map((column, i) => (
            <span key={column}>
              {i > 0 ? ", " : ""}
              <Box component="code" sx={{ fontWeight: 600 }}>
                {column}
              </Box>
            </span>
          ))}{" "}
          (the phone may be empty). A team whose name is already on the list is changed; the others
          are added. One wrong line and nothing is imported.
        </>
      }
      submitText={upload.isPending ? "Uploading…" : "Upload"}
      maxWidth="sm"
      pending={upload.isPending}
      submitDisabled={!file}
      error={problem}
      onClose={onClose}
      onSubmit={() => {
        if (file) upload.mutate(file.text);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Box>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() =>
              saveFile(
                new Blob([TEAMS_CSV_TEMPLATE], { type: "text/csv" }),
                TEAMS_CSV_TEMPLATE_NAME,
              )
            }
          >
            Download a template
          </Button>
        </Box>
        <Stack spacing={0.5}>
          <Typography component="label" htmlFor={inputId} variant="body2" sx={{ fontWeight: 600 }}>
            CSV file
          </Typography>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {file ? (
            <Typography variant="body2" color="text.secondary" role="status">
              Chosen: {file.name}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
