// Writing in a conversation: Enter sends, Shift+Enter starts a new line; a file is uploaded with
// progress and then shared as a message linking it.
import { MESSAGE_MAX_LENGTH } from "@hostfield/domain/contracts";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { visuallyHidden } from "../../ui/visually-hidden";
import { addPostedMessage } from "./message-cache";
import {
  fileMessageBody,
  fileSegmentOf,
  groupKeys,
  postMessage,
  uploadGroupFile,
} from "./messaging-api";

/** The counter shows from this many characters on. */
export const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

type TUploading = { name: string; fraction: number };

export function Composer({ groupId, canAttach }: { groupId: string; canAttach: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState<TUploading | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = useMutation({
    mutationFn: (body: string) => postMessage(groupId, body),
    onSuccess: (message) => {
      setText("");
      addPostedMessage(queryClient, message);
    },
  });

  const share = useMutation({
    mutationFn: async (file: File) => {
      const segment = fileSegmentOf(file);
      setUploading({ name: file.name, fraction: 0 });
      const stored = await uploadGroupFile(groupId, segment, file, (fraction) =>
        setUploading({ name: file.name, fraction }),
      );
      void queryClient.invalidateQueries({ queryKey: groupKeys.files(groupId, segment) });
      return postMessage(groupId, fileMessageBody(stored));
    },
    onSuccess: (message) => addPostedMessage(queryClient, message),
    onSettled: () => setUploading(null),
  });

  const body = text.trim();
  const length = text.length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const canSend = body.length > 0 && !tooLong && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    share.reset();
    send.mutate(body);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file again still counts as a choice
    if (!file) return;
    send.reset();
    share.mutate(file);
  };

  const error = send.isError
    ? apiErrorMessage(send.error, "Your message was not sent. Try again.")
    : share.isError
      ? apiErrorMessage(share.error, "The file could not be shared. Try again.")
      : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      sx={{ p: 1.5, borderTop: 1, borderColor: "divider" }}
    >
      {uploading ? (
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary" noWrap>
            Uploading {uploading.name}…
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(uploading.fraction * 100)}
            aria-label={`Uploading ${uploading.name}`}
          />
        </Stack>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          onClose={() => {
            send.reset();
            share.reset();
          }}
        >
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-end" }}>
        {canAttach ? (
          <>
            <IconButton
              aria-label="Attach a file"
              title="Attach a file"
              disabled={share.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <AttachFileIcon />
            </IconButton>
            <Box
              component="input"
              ref={fileInput}
              type="file"
              aria-label="File to share"
              tabIndex={-1}
              onChange={onChooseFile}
              sx={visuallyHidden}
            />
          </>
        ) : null}
        <TextField
          fullWidth
          multiline
          maxRows={6}
          size="small"
          placeholder="Write a message…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          error={tooLong}
          helperText={
            length >= COUNTER_FROM ? (
              <Box component="span" aria-live="polite">
                {length}/{MESSAGE_MAX_LENGTH}
                {tooLong ? " (too long)" : ""}
              </Box>
            ) : undefined
          }
          slotProps={{
            htmlInput: { "aria-label": "Message" },
            formHelperText: { sx: { textAlign: "right", mx: 0 } },
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label="Send message"
          title="Send (Enter)"
          disabled={!canSend}
        >
          <SendIcon />
        </IconButton>
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: "none", sm: "block" }, mt: 0.5 }}
      >
        Enter sends; Shift+Enter starts a new line.
      </Typography>
    </Box>
  );
}
