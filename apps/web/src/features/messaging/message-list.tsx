// The messages of a conversation, oldest to newest, with "Load earlier messages" at the top.
// New messages keep the view at the bottom; loading earlier ones keeps the reader's place.
import type { TGroupMessage } from "@hostfield/domain/contracts";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import InsertDriveFileIcon from "@mui/icons-material/InsertDriveFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type UseInfiniteQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { Fragment, type ReactNode, useLayoutEffect, useRef } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { useConfirm } from "../../ui/confirm";
import { UserAvatar } from "../../ui/user-avatar";
import { messageTime, parseAttachment, splitLinks } from "./format";
import { dropMessage, type TMessagePages } from "./message-cache";
import { deleteMessage } from "./messaging-api";

export const LOAD_EARLIER = "Load earlier messages";
export const NO_MESSAGES = "No messages yet";
const FORMER_MEMBER = "Former member";

function MessageBody({ body }: { body: string }) {
  const attachment = parseAttachment(body);
  if (attachment) {
    return (
      <Stack spacing={1}>
        {attachment.isImage ? (
          // The title link below opens the same file; this one is for the mouse only.
          <Link
            href={attachment.url}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={-1}
            aria-hidden
          >
            <Box
              component="img"
              src={attachment.url}
              alt={attachment.title}
              loading="lazy"
              sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1 }}
            />
          </Link>
        ) : null}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", minWidth: 0 }}>
          <InsertDriveFileIcon fontSize="small" aria-hidden />
          <Link
            href={attachment.url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ overflowWrap: "anywhere", color: "inherit" }}
          >
            {attachment.title}
          </Link>
        </Stack>
      </Stack>
    );
  }
  return (
    <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {splitLinks(body).map((part) =>
        part.kind === "link" ? (
          <Link
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ color: "inherit" }}
          >
            {part.href}
          </Link>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </Typography>
  );
}

function MessageItem({
  message,
  mine,
  canDelete,
}: {
  message: TGroupMessage;
  mine: boolean;
  canDelete: boolean;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.groupId, message.id),
    onSuccess: () => dropMessage(queryClient, message.groupId, message.id),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The message could not be deleted."), {
        variant: "error",
      }),
  });
  const name = message.author?.name ?? FORMER_MEMBER;

  const onDelete = async () => {
    const result = await confirm({
      title: "Delete this message?",
      description: "It is removed for everyone in the conversation.",
      confirmText: "Delete",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") remove.mutate();
  };

  return (
    <Stack
      component="li"
      direction={mine ? "row-reverse" : "row"}
      spacing={1}
      data-mine={mine ? "true" : "false"}
      sx={{ alignItems: "flex-start", opacity: remove.isPending ? 0.5 : 1 }}
    >
      <UserAvatar name={name} src={message.author?.avatarUrl} size={32} />
      <Stack
        sx={{ maxWidth: { xs: "80%", sm: "70%" }, alignItems: mine ? "flex-end" : "flex-start" }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "baseline" }}>
          <Typography variant="caption" sx={{ fontWeight: 700 }}>
            {mine ? "You" : name}
          </Typography>
          <Typography
            component="time"
            variant="caption"
            color="text.secondary"
            dateTime={message.createdDate}
            title={formatDateTime(message.createdDate)}
          >
            {messageTime(message.createdDate)}
            {message.editedDate ? " (edited)" : ""}
          </Typography>
        </Stack>
        <Paper
          elevation={0}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            bgcolor: mine ? "primary.main" : "action.hover",
            color: mine ? "primary.contrastText" : "text.primary",
            maxWidth: "100%",
          }}
        >
          <MessageBody body={message.body} />
        </Paper>
      </Stack>
      {canDelete ? (
        <IconButton
          size="small"
          aria-label="Delete message"
          disabled={remove.isPending}
          onClick={() => void onDelete()}
          sx={{ alignSelf: "center", color: "text.secondary" }}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Stack>
  );
}

function MessagesSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading messages">
      {[60, 40, 75].map((width, index) => (
        <Stack
          key={width}
          direction={index % 2 ? "row-reverse" : "row"}
          spacing={1}
          sx={{ alignItems: "center" }}
        >
          <Skeleton variant="circular" width={32} height={32} />
          <Skeleton variant="rounded" width={`${width}%`} height={44} />
        </Stack>
      ))}
    </Stack>
  );
}

/** Oldest first, each once (a page boundary can repeat a message while new ones arrive). */
export function orderedMessages(data: TMessagePages | undefined): TGroupMessage[] {
  const byId = new Map<string, TGroupMessage>();
  for (const page of data?.pages ?? []) {
    for (const message of page.items) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.createdDate.localeCompare(b.createdDate));
}

export function MessageList({
  messages,
  userId,
  canModerate,
}: {
  messages: UseInfiniteQueryResult<TMessagePages>;
  userId: string;
  canModerate: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Set just before loading earlier messages: where the reader was, measured from the bottom.
  const keepPlace = useRef<number | null>(null);
  const ordered = orderedMessages(messages.data);
  const newestId = ordered.at(-1)?.id;
  const oldestId = ordered[0]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !oldestId) return;
    if (keepPlace.current !== null) {
      element.scrollTop = element.scrollHeight - keepPlace.current;
      keepPlace.current = null;
    }
  }, [oldestId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && newestId) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  const loadEarlier = () => {
    const element = scroller.current;
    if (element) keepPlace.current = element.scrollHeight - element.scrollTop;
    void messages.fetchNextPage();
  };

  let content: ReactNode;
  if (messages.isPending) {
    content = <MessagesSkeleton />;
  } else if (!messages.data) {
    content = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(messages.error, "The messages did not load.")}
      </Alert>
    );
  } else if (ordered.length === 0) {
    content = (
      <Stack role="status" sx={{ p: 4, textAlign: "center" }} spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }}>{NO_MESSAGES}</Typography>
        <Typography variant="body2" color="text.secondary">
          Say hello to start the conversation.
        </Typography>
      </Stack>
    );
  } else {
    content = (
      <>
        {messages.hasNextPage ? (
          <Box sx={{ textAlign: "center", pt: 1.5 }}>
            <Button size="small" disabled={messages.isFetchingNextPage} onClick={loadEarlier}>
              {messages.isFetchingNextPage ? "Loading…" : LOAD_EARLIER}
            </Button>
          </Box>
        ) : null}
        {messages.isFetchNextPageError ? (
          <Alert severity="error" sx={{ mx: 2, mt: 1 }}>
            {apiErrorMessage(messages.error, "Earlier messages did not load.")}
          </Alert>
        ) : null}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", m: 0, p: 2 }}>
          {ordered.map((message) => {
            const mine = message.author?.id === userId;
            return (
              <MessageItem
                key={message.id}
                message={message}
                mine={mine}
                canDelete={mine || canModerate}
              />
            );
          })}
        </Stack>
      </>
    );
  }

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      sx={{ flexGrow: 1, overflowY: "auto", minHeight: 0 }}
    >
      {content}
    </Box>
  );
}
