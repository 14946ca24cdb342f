// The conversation list of /groups: my threads, unread ones bold with a dot, and what to do with
// each (read or unread, archive, delete for me), plus "New group" and the archived view.
import type { TPerson, TThread } from "@hostfield/domain/contracts";
import AddCommentIcon from "@mui/icons-material/AddComment";
import ForumIcon from "@mui/icons-material/Forum";
import GroupsIcon from "@mui/icons-material/Groups";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import NotificationsOffIcon from "@mui/icons-material/NotificationsOff";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { MY_PROFILE_QUERY_KEY } from "../../lib/auth";
import { formatDateTime } from "../../lib/date-format";
import { useConfirm } from "../../ui/confirm";
import { UserAvatar } from "../../ui/user-avatar";
import { visuallyHidden } from "../../ui/visually-hidden";
import { relativeTime, snippetOf } from "./format";
import { GroupNameDialog } from "./group-name-dialog";
import {
  createGroup,
  deleteThread,
  listThreads,
  setThreadsArchived,
  setThreadsOpened,
  threadKeys,
} from "./messaging-api";
import { useConversationName } from "./use-direct-partner";

export const THREADS_PAGE_SIZE = 20;
export const NO_CONVERSATIONS = "No conversations yet";
export const SHOW_ARCHIVED = "Show archived";

function ThreadActions({
  thread,
  name,
  userId,
}: {
  thread: TThread;
  name: string;
  userId: string;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: threadKeys.all });
    void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
  };
  const fail = (fallback: string) => (error: unknown) =>
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });

  const opened = useMutation({
    mutationFn: (isOpened: boolean) => setThreadsOpened(userId, [thread.id], isOpened),
    onSuccess: refresh,
    onError: fail("The conversation could not be changed."),
  });
  const archived = useMutation({
    mutationFn: (isArchived: boolean) => setThreadsArchived(userId, [thread.id], isArchived),
    onSuccess: refresh,
    onError: fail("The conversation could not be moved."),
  });
  const remove = useMutation({
    mutationFn: () => deleteThread(userId, thread.id),
    onSuccess: refresh,
    onError: fail("The conversation could not be deleted."),
  });

  const onDelete = async () => {
    close();
    const result = await confirm({
      title: `Delete "${name}"?`,
      description:
        "The conversation is removed from your list only. It comes back if someone writes again.",
      confirmText: "Delete",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") remove.mutate();
  };

  return (
    <>
      <IconButton
        edge="end"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            opened.mutate(!thread.isOpened);
          }}
        >
          {thread.isOpened ? "Mark as unread" : "Mark as read"}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            archived.mutate(!thread.isArchived);
          }}
        >
          {thread.isArchived ? "Move to inbox" : "Archive"}
        </MenuItem>
        <MenuItem onClick={() => void onDelete()} sx={{ color: "error.main" }}>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

/** "You: " before my own last message; in a group also the other authors' names. */
function authorPrefix(
  author: TPerson | null,
  userId: string,
  kind: TThread["group"]["kind"],
): string {
  if (!author) return "";
  if (author.id === userId) return "You: ";
  return kind === "group" ? `${author.name}: ` : "";
}

function ThreadRow({
  thread,
  userId,
  selected,
}: {
  thread: TThread;
  userId: string;
  selected: boolean;
}) {
  const { name, partner } = useConversationName(
    { id: thread.groupId, name: thread.group.name, kind: thread.group.kind },
    userId,
  );
  // The open conversation is being read: a list refresh racing the read mark must not flag it.
  const unread = !thread.isOpened && !selected;
  const last = thread.lastMessage;
  const snippet = last
    ? `${authorPrefix(last.author, userId, thread.group.kind)}${snippetOf(last.body)}`
    : "No messages yet";
  const when = last?.createdDate ?? thread.updatedDate;

  return (
    <ListItem
      disablePadding
      data-unread={unread ? "true" : "false"}
      secondaryAction={<ThreadActions thread={thread} name={name} userId={userId} />}
    >
      <ListItemButton
        component={RouterLink}
        to={`/groups/${thread.groupId}`}
        selected={selected}
        aria-current={selected ? "page" : undefined}
        sx={{ pr: 7, alignItems: "flex-start" }}
      >
        <ListItemAvatar sx={{ mt: 0.5 }}>
          {thread.group.kind === "direct" ? (
            <UserAvatar name={name} src={partner?.avatarUrl} userId={partner?.id} />
          ) : (
            <Avatar sx={{ bgcolor: "secondary.main" }} aria-hidden>
              <GroupsIcon />
            </Avatar>
          )}
        </ListItemAvatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", minWidth: 0 }}>
            <Typography
              component="span"
              noWrap
              sx={{ fontWeight: unread ? 800 : 500, flexGrow: 1, minWidth: 0 }}
            >
              {name}
            </Typography>
            <Typography
              component="time"
              variant="caption"
              color={unread ? "primary" : "text.secondary"}
              dateTime={when}
              title={formatDateTime(when)}
              sx={{ flexShrink: 0, fontWeight: unread ? 700 : 400 }}
            >
              {relativeTime(when)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
            <Typography
              component="span"
              variant="body2"
              noWrap
              color={unread ? "text.primary" : "text.secondary"}
              sx={{ fontWeight: unread ? 700 : 400, flexGrow: 1, minWidth: 0 }}
            >
              {snippet}
            </Typography>
            {thread.isMuted ? (
              <NotificationsOffIcon
                titleAccess="Muted"
                fontSize="small"
                sx={{ color: "text.disabled" }}
              />
            ) : null}
            {unread ? (
              <Box
                data-testid="unread-dot"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: "50%",
                  bgcolor: "primary.main",
                  flexShrink: 0,
                }}
              />
            ) : null}
            {unread ? (
              <Box component="span" sx={visuallyHidden}>
                (unread)
              </Box>
            ) : null}
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function ListSkeleton() {
  return (
    <Stack
      spacing={1.5}
      sx={{ p: 2 }}
      role="status"
      aria-busy="true"
      aria-label="Loading conversations"
    >
      {[0, 1, 2, 3].map((key) => (
        <Stack key={key} direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="90%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

function NewGroupButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: (name: string) => createGroup({ name }),
    onSuccess: (group) => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
      navigate(`/groups/${group.id}`);
    },
  });
  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<AddCommentIcon />}
        onClick={() => {
          create.reset();
          setOpen(true);
        }}
      >
        New group
      </Button>
      {open ? (
        <GroupNameDialog
          open
          title="New group"
          description="Name the group; you can add members from its members panel once it exists."
          submitText="Create group"
          pending={create.isPending}
          error={
            create.isError ? apiErrorMessage(create.error, "The group could not be created.") : null
          }
          onSubmit={(name) => create.mutate(name)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export function ThreadList({
  userId,
  selectedGroupId,
}: {
  userId: string;
  selectedGroupId: string | undefined;
}) {
  const [showArchived, setShowArchived] = useState(false);
  const headingId = useId();
  const filter = { isArchived: showArchived };
  const threads = useInfiniteQuery({
    queryKey: threadKeys.list(userId, filter),
    queryFn: ({ pageParam }) =>
      listThreads(userId, filter, { offset: pageParam, take: THREADS_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.count ? loaded : undefined;
    },
  });
  // A thread can move between pages while they load; show each once.
  const items = [
    ...new Map(
      (threads.data?.pages ?? []).flatMap((page) => page.items).map((t) => [t.id, t]),
    ).values(),
  ];

  let body: ReactNode;
  if (threads.isPending) {
    body = <ListSkeleton />;
  } else if (threads.isError) {
    body = (
      <Alert
        severity="error"
        icon={<ReportProblemIcon />}
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void threads.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(threads.error, "Your conversations did not load.")}
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Stack role="status" spacing={1} sx={{ p: 4, alignItems: "center", textAlign: "center" }}>
        <ForumIcon aria-hidden sx={{ fontSize: 40, color: "primary.main" }} />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
          {showArchived ? "No archived conversations" : NO_CONVERSATIONS}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {showArchived
            ? "Conversations you archive are kept here."
            : "Message a member from their page, or start a group."}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <>
        <List aria-labelledby={headingId} disablePadding>
          {items.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              userId={userId}
              selected={thread.groupId === selectedGroupId}
            />
          ))}
        </List>
        {threads.hasNextPage ? (
          <Box sx={{ p: 1.5, textAlign: "center" }}>
            <Button
              size="small"
              disabled={threads.isFetchingNextPage}
              onClick={() => void threads.fetchNextPage()}
            >
              {threads.isFetchingNextPage ? "Loading…" : "Show more conversations"}
            </Button>
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{
          px: 2,
          py: 1.5,
          alignItems: "center",
          justifyContent: "space-between",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {showArchived ? "Archived" : "Conversations"}
        </Typography>
        <NewGroupButton />
      </Stack>
      <Box sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
            />
          }
          label={SHOW_ARCHIVED}
        />
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: "auto", minHeight: 0 }}>{body}</Box>
    </Stack>
  );
}
