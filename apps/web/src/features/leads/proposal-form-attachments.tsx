// The proposal form's files (a floor plan, a rate sheet, photos): a button that adds files, each
// uploaded to the lead at once with its progress, listed with its name and size, refused beside
// itself when it cannot go (here: empty, too large, another type; or by the server), removable.
// What the proposal names are the uploads' answers (proposal-form-rules.ts keeps the draft).
import { type TProposalAttachment, ZProposalAttachment } from "@hostfield/domain/contracts";
import { PROPOSAL_MAX_ATTACHMENTS } from "@hostfield/domain/rules";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState } from "react";
import { apiErrorMessage, apiUpload } from "../../lib/api";
import { formatBytes } from "../../lib/file-size";
import { leadAttachmentPath } from "../../lib/proposal-format";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMITS_TEXT,
  attachmentRefusal,
  newAttachment,
  type TAttachmentDraft,
  TOO_MANY_FILES,
} from "./proposal-form-rules";

export const UPLOAD_FAILED = "The file could not be uploaded. Remove it and try again.";

type TLeadRef = { eventId: string; id: string };

/** Uploads one file to the lead's proposal files; answers what the proposal names it by. */
export function uploadProposalFile(
  lead: TLeadRef,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TProposalAttachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiUpload(leadAttachmentPath(lead), form, { schema: ZProposalAttachment, ...options });
}

export function ProposalAttachmentsInput({
  lead,
  items,
  problem,
  onChange,
}: {
  lead: TLeadRef;
  items: readonly TAttachmentDraft[];
  /** The files' problem once a send was tried (one still uploading, one refused, too many). */
  problem: string | null;
  onChange: (update: (items: TAttachmentDraft[]) => TAttachmentDraft[]) => void;
}) {
  const titleId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Uploads on their way, by item: removing one (or closing the form) stops it.
  const uploads = useRef(new Map<string, AbortController>());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const kept = items.filter((item) => item.problem === null).length;
  const full = kept >= PROPOSAL_MAX_ATTACHMENTS;
  const update = (key: string, patch: Partial<TAttachmentDraft>) =>
    onChange((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const upload = (item: TAttachmentDraft, file: File) => {
    const controller = new AbortController();
    uploads.current.set(item.key, controller);
    uploadProposalFile(lead, file, {
      signal: controller.signal,
      onProgress: (progress) => update(item.key, { progress }),
    })
      .then((attachment) =>
        update(item.key, { attachment, name: attachment.name, size: attachment.size, progress: 1 }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          update(item.key, { problem: apiErrorMessage(error, UPLOAD_FAILED) });
        }
      })
      .finally(() => uploads.current.delete(item.key));
  };

  const choose = (files: readonly File[]) => {
    const room = Math.max(0, PROPOSAL_MAX_ATTACHMENTS - kept);
    const left = files.length - room;
    setNotice(
      left > 0
        ? `${TOO_MANY_FILES} ${left === 1 ? "One file was" : `${left} files were`} left out.`
        : null,
    );
    const added = files.slice(0, room).map((file) => ({
      file,
      item: newAttachment(file, attachmentRefusal(file)),
    }));
    onChange((list) => [...list, ...added.map(({ item }) => item)]);
    for (const { file, item } of added) if (item.problem === null) upload(item, file);
  };

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    onChange((list) => list.filter((item) => item.key !== key));
    setNotice(null);
    addRef.current?.focus();
  };

  const message = problem ?? notice;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" sx={{ fontWeight: 600 }}>
        Attachments
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        A floor plan, a rate sheet, photos: {ATTACHMENT_LIMITS_TEXT} The organizer downloads them
        with your proposal.
      </Typography>
      {items.length > 0 ? (
        <Stack
          component="ul"
          aria-label="Attached files"
          spacing={1}
          sx={{ listStyle: "none", m: 0, mb: 1.5, p: 0 }}
        >
          {items.map((item) => (
            <AttachmentRow key={item.key} item={item} onRemove={() => remove(item.key)} />
          ))}
        </Stack>
      ) : null}
      <Button
        ref={addRef}
        variant="outlined"
        startIcon={<AttachFileIcon />}
        disabled={full}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
      >
        Add files
      </Button>
      <input
        ref={inputRef}
        hidden
        multiple
        type="file"
        tabIndex={-1}
        aria-label="Files to attach"
        accept={ATTACHMENT_ACCEPT}
        onChange={(event) => {
          choose([...(event.target.files ?? [])]);
          // The same file may be chosen again after it was removed.
          event.target.value = "";
        }}
      />
      {message || full ? (
        <FormHelperText error={message !== null} role={message ? "alert" : undefined}>
          {message ?? TOO_MANY_FILES}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** One file: its name and size, its upload's progress or its refusal, and a button that removes it. */
function AttachmentRow({ item, onRemove }: { item: TAttachmentDraft; onRemove: () => void }) {
  const uploading = item.attachment === null && item.problem === null;
  const percent = Math.round(item.progress * 100);
  const state = item.problem ? "Not attached" : uploading ? `Uploading… ${percent}%` : "Attached";
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: item.problem ? "error.main" : "divider",
        borderRadius: 1,
        p: 1,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <AttachFileIcon fontSize="small" color="action" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {item.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatBytes(item.size)} · {state}
          </Typography>
        </Box>
        <IconButton size="small" aria-label={`Remove ${item.name}`} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      {uploading ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={`Uploading ${item.name}`}
          sx={{ mt: 1 }}
        />
      ) : null}
      {item.problem ? <FormHelperText error>{item.problem}</FormHelperText> : null}
    </Box>
  );
}
