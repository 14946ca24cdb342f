// The managers' "Sync with your booking system" in a venue's calendar: the .ics feed the server
// reads every hour (set, change, remove, import now), a file imported once, how the last import
// went ("Last imported …", "Import failing since …: why"), and the export link that lets a booking
// system or calendar app read this calendar: made (shown once, to copy), replaced or revoked.
import type { TCalendarExportLink, TCalendarSync } from "@hostfield/domain/contracts";
import { CALENDAR_FEED_MAX_BYTES } from "@hostfield/domain/reference";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import SyncIcon from "@mui/icons-material/Sync";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FocusEvent, type FormEvent, useId, useRef, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { useConfirm } from "../../ui/confirm";
import { availabilityKeys, type TCalendarKind } from "./availability-api";
import {
  createExportLink,
  importCalendarFile,
  importFeedNow,
  removeFeed,
  revokeExportLink,
  setFeed,
} from "./availability-edits-api";

export const SYNC_TITLE = "Sync with your booking system";
export const EXPORT_TITLE = "Export link";

const MB = Math.round(CALENDAR_FEED_MAX_BYTES / 1024 / 1024);
const rangesWord = (n: number) => `${n} ${n === 1 ? "range" : "ranges"}`;

/** How the last import went, in a line: "Last imported … (N ranges)", or failing since when and why. */
function ImportStatus({ sync }: { sync: TCalendarSync }) {
  const last =
    sync.lastImportedAt !== null
      ? `Last imported ${formatDateTime(sync.lastImportedAt)} (${rangesWord(sync.importedRanges ?? 0)})`
      : null;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {sync.failingSince ? (
        <Alert severity="warning">
          Import failing since {formatDateTime(sync.failingSince)}: {sync.failure}
          {last ? ` ${last}: its days are kept.` : ""}
        </Alert>
      ) : last ? (
        <Typography variant="body2">{last}</Typography>
      ) : sync.feedUrl ? (
        <Typography variant="body2" color="text.secondary">
          Not imported yet.
        </Typography>
      ) : null}
      {sync.importNotes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: "text.secondary", typography: "body2" }}>
          {sync.importNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

export function CalendarSyncPanel({
  kind,
  profileId,
  sync,
}: {
  kind: TCalendarKind;
  profileId: string;
  sync: TCalendarSync;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const headingId = useId();
  const exportHeadingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(sync.feedUrl === null);
  const [url, setUrl] = useState(sync.feedUrl ?? "");
  const [urlError, setUrlError] = useState<string | null>(null);
  /** The export link just made: its address is shown this once. */
  const [link, setLink] = useState<TCalendarExportLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  const failed = (fallback: string) => (error: unknown) => {
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });
    void refresh();
  };
  const imported = (done: TCalendarSync, what: string) => {
    if (done.failingSince) {
      enqueueSnackbar(`${what}, but its import failed: ${done.failure}`, { variant: "warning" });
    } else {
      enqueueSnackbar(`${what}: ${rangesWord(done.importedRanges ?? 0)} imported.`, {
        variant: "success",
      });
    }
    void refresh();
  };

  const save = useMutation({
    mutationFn: (address: string) => setFeed(kind, profileId, address),
    onSuccess: (done) => {
      setEditing(false);
      imported(done, "The feed is set");
    },
    onError: (error) => setUrlError(apiErrorMessage(error, "The feed could not be set.")),
  });
  const importNow = useMutation({
    mutationFn: () => importFeedNow(kind, profileId),
    onSuccess: (done) => imported(done, "The feed was read"),
    onError: failed("The feed could not be imported."),
  });
  const remove = useMutation({
    mutationFn: () => removeFeed(kind, profileId),
    onSuccess: () => {
      setUrl("");
      setEditing(true);
      enqueueSnackbar("The feed is removed, and the days it imported.", { variant: "success" });
      void refresh();
    },
    onError: failed("The feed could not be removed."),
  });
  const upload = useMutation({
    mutationFn: (file: File) => importCalendarFile(kind, profileId, file),
    onSuccess: (done, file) => imported(done, `${file.name} was read`),
    onError: failed("The file could not be imported."),
  });
  const makeLink = useMutation({
    mutationFn: () => createExportLink(kind, profileId),
    onSuccess: (made) => {
      setLink(made);
      void refresh();
    },
    onError: failed("The link could not be made."),
  });
  const revoke = useMutation({
    mutationFn: () => revokeExportLink(kind, profileId),
    onSuccess: () => {
      setLink(null);
      enqueueSnackbar("The export link is revoked: it no longer works.", { variant: "success" });
      void refresh();
    },
    onError: failed("The link could not be revoked."),
  });
  const busy = save.isPending || importNow.isPending || remove.isPending || upload.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!/^(https?|webcals?):\/\/\S+$/i.test(address)) {
      setUrlError("Enter the feed's address, starting with https://.");
      return;
    }
    setUrlError(null);
    save.mutate(address);
  };
  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      enqueueSnackbar("Link copied.", { variant: "success" });
    } catch {
      enqueueSnackbar("Select the link and copy it.", { variant: "info" });
    }
  };
  const rotate = async () => {
    const answer = await confirm({
      title: "Make a new export link?",
      description:
        "The current link stops working: whatever reads it stops updating until you give it the new one.",
      confirmText: "Make a new link",
      confirmButtonType: "danger",
    });
    if (answer === "confirmed") makeLink.mutate();
  };
  const revokeLink = async () => {
    const answer = await confirm({
      title: "Revoke the export link?",
      description: "Whatever reads it stops updating.",
      confirmText: "Revoke",
      confirmButtonType: "danger",
    });
    if (answer === "confirmed") revoke.mutate();
  };
  const removeTheFeed = async () => {
    const answer = await confirm({
      title: "Remove the feed?",
      description: "The days it imported are removed too; the days marked here stay.",
      confirmText: "Remove",
      confirmButtonType: "danger",
    });
    if (answer === "confirmed") remove.mutate();
  };
  const hasLink = link !== null || sync.exportCreatedAt !== null;

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: "divider" }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {SYNC_TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Give the calendar (.ics) address of your booking system: it is read every hour and its
        bookings show here as booked days (tentative ones as held). Or import a file once.
      </Typography>
      <Stack spacing={2}>
        {editing ? (
          <Box component="form" noValidate onSubmit={submit}>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={1}
              sx={{ alignItems: "flex-start" }}
            >
              <TextField
                label="Feed address (.ics)"
                placeholder="https://…/calendar.ics"
                size="small"
                fullWidth
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                error={urlError !== null}
                helperText={urlError ?? "https:// or webcal:// address of the calendar"}
                slotProps={{ htmlInput: { inputMode: "url", autoComplete: "off" } }}
              />
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <Button type="submit" variant="contained" disabled={busy}>
                  {save.isPending ? "Saving…" : "Save feed"}
                </Button>
                {sync.feedUrl ? (
                  <Button
                    onClick={() => {
                      setUrl(sync.feedUrl ?? "");
                      setUrlError(null);
                      setEditing(false);
                    }}
                  >
                    Cancel
                  </Button>
                ) : null}
              </Stack>
            </Stack>
          </Box>
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
              Feed:{" "}
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {sync.feedUrl ?? url}
              </Box>
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
              <Button
                variant="outlined"
                startIcon={<SyncIcon />}
                disabled={busy}
                onClick={() => importNow.mutate()}
              >
                {importNow.isPending ? "Importing…" : "Import now"}
              </Button>
              <Button disabled={busy} onClick={() => setEditing(true)}>
                Change
              </Button>
              <Button color="error" disabled={busy} onClick={() => void removeTheFeed()}>
                Remove feed
              </Button>
            </Stack>
          </Stack>
        )}
        <ImportStatus sync={sync} />
        <Box>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? "Importing the file…" : "Import a file (.ics)"}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".ics,text/calendar"
            aria-label="Calendar file (.ics)"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              if (file.size > CALENDAR_FEED_MAX_BYTES) {
                enqueueSnackbar(`A calendar file is ${MB} MB at most.`, { variant: "error" });
                return;
              }
              upload.mutate(file);
            }}
          />
        </Box>
      </Stack>

      <Box component="section" aria-labelledby={exportHeadingId} sx={{ mt: 3 }}>
        <Typography id={exportHeadingId} variant="subtitle2" component="h4">
          {EXPORT_TITLE}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          A private address of this calendar for your booking system or calendar app. Anyone with it
          can read your booked, held and need dates (not your notes).
        </Typography>
        {link ? (
          <Stack spacing={1} sx={{ mb: 1.5 }}>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={1}
              sx={{ alignItems: "flex-start" }}
            >
              <TextField
                label="Export link"
                size="small"
                fullWidth
                value={link.url}
                helperText="Copy it now: it is shown only this once."
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
                  },
                }}
              />
              <Button
                variant="outlined"
                startIcon={<ContentCopyIcon />}
                sx={{ flexShrink: 0 }}
                onClick={() => void copy(link.url)}
              >
                Copy
              </Button>
            </Stack>
          </Stack>
        ) : sync.exportCreatedAt ? (
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            A link made {formatDateTime(sync.exportCreatedAt)} is in use. Its address was shown when
            it was made; make a new one if you need it again.
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {hasLink ? (
            <>
              <Button
                variant="outlined"
                disabled={makeLink.isPending || revoke.isPending}
                onClick={() => void rotate()}
              >
                {makeLink.isPending ? "Making a link…" : "Make a new link"}
              </Button>
              <Button
                color="error"
                disabled={makeLink.isPending || revoke.isPending}
                onClick={() => void revokeLink()}
              >
                Revoke link
              </Button>
            </>
          ) : (
            <Button
              variant="outlined"
              disabled={makeLink.isPending}
              onClick={() => makeLink.mutate()}
            >
              {makeLink.isPending ? "Making a link…" : "Create export link"}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
