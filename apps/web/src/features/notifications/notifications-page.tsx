// /notifications: the signed-in user's notifications, newest first under time-ago headings (spec
// §9), in an Inbox and an Archived folder, with per-row and bulk read/archive and delete.
import {
  groupInvitationIdOfUrl,
  invitationIdOfUrl,
  type TNotification,
  type TNotificationFilter,
} from "@hostfield/domain/contracts";
import { enumCodec } from "@hostfield/domain/rules";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DraftsOutlinedIcon from "@mui/icons-material/DraftsOutlined";
import InventoryOutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import MarkEmailUnreadOutlinedIcon from "@mui/icons-material/MarkEmailUnreadOutlined";
import NotificationsIcon from "@mui/icons-material/Notifications";
import NotificationsNoneIcon from "@mui/icons-material/NotificationsNone";
import UnarchiveOutlinedIcon from "@mui/icons-material/UnarchiveOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import ListItemButton from "@mui/material/ListItemButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDateTime } from "../../lib/date-format";
import { useOffsetPages } from "../../lib/offset-pages";
import { useQueryParam } from "../../lib/query-params";
import { groupByTimeAgo, relativeTime } from "../../lib/time-groups";
import { useConfirm } from "../../ui/confirm";
import { PageFrame } from "../../ui/page-frame";
import { LoadMoreFooter, QueryStates, type TEmptyNotice } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { visuallyHidden } from "../../ui/visually-hidden";
import { GroupInvitationAnswerButtons } from "../messaging";
import { InvitationAnswerButtons } from "../profiles";
import { ContentsText } from "./contents-text";
import { inAppPath, useRefreshNotifications } from "./notification-links";
import {
  deleteNotification,
  listNotifications,
  notificationKeys,
  setNotificationArchived,
  setNotificationOpened,
} from "./notifications-api";
import { SenderAvatar } from "./sender-avatar";

/** How many notifications one "Load more" brings. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const FOLDERS = ["inbox", "archived"] as const;
export type TFolder = (typeof FOLDERS)[number];
const folderCodec = enumCodec(FOLDERS);
const FOLDER_LABELS: Record<TFolder, string> = { inbox: "Inbox", archived: "Archived" };

export const NOTIFICATIONS_FAILED = "Your notifications did not load";
export const CHANGE_FAILED = "The notification could not be changed. Try again.";

export function NotificationsPage() {
  return (
    <PageFrame
      title="Notifications"
      description="Likes, follows, messages and leads in one place."
      icon={<NotificationsIcon />}
    >
      <RequireSignIn what="your notifications">
        <SignedInNotifications />
      </RequireSignIn>
    </PageFrame>
  );
}

function SignedInNotifications() {
  const { user } = useAuth();
  // RequireSignIn renders this only for a signed-in user.
  if (!user) return null;
  return <NotificationFolders userId={user.id} />;
}

function NotificationFolders({ userId }: { userId: string }) {
  const [folder, setFolder] = useQueryParam("folder", folderCodec, "inbox");
  const id = useId();
  return (
    <Stack spacing={2}>
      <Tabs
        value={folder}
        onChange={(_event, next: TFolder) => setFolder(next)}
        aria-label="Notification folders"
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {FOLDERS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={FOLDER_LABELS[name]}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${folder}`}>
        {/* A fresh list per folder: the selection and loaded pages belong to one folder. */}
        <NotificationList key={folder} userId={userId} folder={folder} />
      </Box>
    </Stack>
  );
}

function useNotificationPages(userId: string, folder: TFolder) {
  const filter = useMemo<TNotificationFilter>(
    () => ({ isArchived: folder === "archived" }),
    [folder],
  );
  return useOffsetPages({
    queryKey: notificationKeys.pages(userId, filter),
    load: (page) => listNotifications(userId, filter, page),
    pageSize: NOTIFICATIONS_PAGE_SIZE,
  });
}

const EMPTY_FOLDER: Record<TFolder, TEmptyNotice> = {
  inbox: {
    icon: <NotificationsNoneIcon />,
    title: "No notifications yet",
    text: "When someone follows you, messages you or answers a request, you will see it here.",
  },
  archived: {
    icon: <InventoryOutlinedIcon />,
    title: "Nothing archived",
    text: "Notifications you archive are kept here, out of your inbox.",
  },
};

type TBulkAction = "read" | "archive" | "unarchive";

function NotificationList({ userId, folder }: { userId: string; folder: TFolder }) {
  const { query, items, count } = useNotificationPages(userId, folder);
  const refresh = useRefreshNotifications();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const now = new Date();
  const groups = groupByTimeAgo(items, now);

  // Only rows still on the page count as selected (one may have moved to the other folder).
  const chosen = items.filter((item) => selected.has(item.id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  const bulk = useMutation({
    mutationFn: async ({ action, targets }: { action: TBulkAction; targets: TNotification[] }) => {
      // There is no bulk call for notifications: one call per row, one after the other.
      let failed = 0;
      for (const item of targets) {
        try {
          if (action === "read") await setNotificationOpened(userId, item.id, true);
          else await setNotificationArchived(userId, item.id, action === "archive");
        } catch {
          failed += 1;
        }
      }
      return failed;
    },
    onSuccess: (failed) => {
      if (failed > 0) {
        enqueueSnackbar(
          `${failed} notification${failed === 1 ? "" : "s"} could not be changed. Try again.`,
          { variant: "error" },
        );
      }
    },
    onSettled: async () => {
      setSelected(new Set());
      await refresh();
    },
  });

  const runBulk = (action: TBulkAction) => {
    const targets = action === "read" ? chosen.filter((item) => !item.isOpened) : chosen;
    if (targets.length === 0) {
      setSelected(new Set());
      return;
    }
    bulk.mutate({ action, targets });
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      loadingLabel="Loading notifications"
      skeleton={{ rows: 4, avatar: "circular" }}
      failedTitle={NOTIFICATIONS_FAILED}
      empty={EMPTY_FOLDER[folder]}
    >
      {() => (
        <Stack spacing={2}>
          <Paper
            variant="outlined"
            role="toolbar"
            aria-label="Selected notifications"
            sx={{ px: 1, py: 0.5, display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1 }}
          >
            <FormControlLabel
              label="Select all"
              sx={{ mr: 1 }}
              control={
                <Checkbox
                  checked={allChosen}
                  indeterminate={chosen.length > 0 && !allChosen}
                  onChange={(event) =>
                    setSelected(new Set(event.target.checked ? items.map((item) => item.id) : []))
                  }
                />
              }
            />
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: "auto" }}>
              {chosen.length > 0
                ? `${chosen.length} selected`
                : `Showing ${items.length} of ${count}`}
            </Typography>
            <Button
              size="small"
              startIcon={<DraftsOutlinedIcon />}
              disabled={chosen.length === 0 || bulk.isPending}
              onClick={() => runBulk("read")}
            >
              Mark read
            </Button>
            {folder === "inbox" ? (
              <Button
                size="small"
                startIcon={<ArchiveOutlinedIcon />}
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => runBulk("archive")}
              >
                Archive
              </Button>
            ) : (
              <Button
                size="small"
                startIcon={<UnarchiveOutlinedIcon />}
                disabled={chosen.length === 0 || bulk.isPending}
                onClick={() => runBulk("unarchive")}
              >
                Move to inbox
              </Button>
            )}
          </Paper>

          {groups.map((group) => (
            <TimeGroup key={group.label} label={group.label}>
              {group.items.map((item) => (
                <NotificationRow
                  key={item.id}
                  userId={userId}
                  notification={item}
                  now={now}
                  selected={selected.has(item.id)}
                  disabled={bulk.isPending}
                  onSelect={(on) => toggle(item.id, on)}
                />
              ))}
            </TimeGroup>
          ))}

          <LoadMoreFooter query={query} failedText="More notifications did not load." />
        </Stack>
      )}
    </QueryStates>
  );
}

function TimeGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h2"
        variant="overline"
        color="text.secondary"
        sx={{ display: "block", px: 1, fontWeight: 700 }}
      >
        {label}
      </Typography>
      <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {children}
      </Paper>
    </Box>
  );
}

function RowAction({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

type TRowChange = { kind: "opened" | "archived"; value: boolean } | { kind: "delete" };

function NotificationRow({
  userId,
  notification,
  now,
  selected,
  disabled,
  onSelect,
}: {
  userId: string;
  notification: TNotification;
  now: Date;
  selected: boolean;
  disabled: boolean;
  onSelect: (on: boolean) => void;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const refresh = useRefreshNotifications();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const { id, title, contents, isOpened, isArchived, senderProfile, createdDate } = notification;
  // An invitation to a listing or a group is answered right here.
  const invitation = notification.tags.includes("invitation") ? notification.url : null;
  const invitationId = invitationIdOfUrl(invitation);
  const groupInvitationId = groupInvitationIdOfUrl(invitation);
  const answered = () => (isOpened ? refresh() : change.mutate({ kind: "opened", value: true }));

  const change = useMutation({
    mutationFn: async (change: TRowChange) => {
      if (change.kind === "opened") await setNotificationOpened(userId, id, change.value);
      else if (change.kind === "archived") await setNotificationArchived(userId, id, change.value);
      else await deleteNotification(userId, id);
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, CHANGE_FAILED), { variant: "error" }),
    onSettled: () => refresh(),
  });
  // Opening the row: only the mark, not the reload after it, stands between the click and the page.
  const markOpened = useMutation({
    mutationFn: () => setNotificationOpened(userId, id, true),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, CHANGE_FAILED), { variant: "error" }),
  });
  const busy = disabled || change.isPending || markOpened.isPending;

  const open = async () => {
    if (!isOpened) {
      // Failing to mark it opened should not keep the user from what it links to, and neither
      // should the lists reloading after it (the row's other actions do wait for that).
      await markOpened.mutateAsync().catch(() => undefined);
      void refresh();
    }
    const path = inAppPath(notification.url);
    if (path) navigate(path);
  };

  const remove = async () => {
    const result = await confirm({
      title: "Delete this notification?",
      description: `"${title}" is removed for good.`,
      confirmText: "Delete",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") change.mutate({ kind: "delete" });
  };

  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{
        display: "flex",
        alignItems: "center",
        // On a phone the row's actions move under its text instead of squeezing it.
        flexWrap: { xs: "wrap", sm: "nowrap" },
        gap: 0.5,
        px: 0.5,
        py: 0.5,
        "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
        bgcolor: isOpened ? undefined : "action.hover",
      }}
    >
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        slotProps={{ input: { "aria-label": `Select "${title}"` } }}
      />
      <ListItemButton
        onClick={() => void open()}
        disabled={change.isPending || markOpened.isPending}
        sx={{
          gap: 1.5,
          alignItems: "flex-start",
          borderRadius: 1,
          minWidth: 0,
          flex: "1 1 220px",
          "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
        }}
      >
        <SenderAvatar sender={senderProfile} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            {isOpened ? null : (
              <Box
                aria-hidden
                sx={{
                  width: 8,
                  height: 8,
                  flexShrink: 0,
                  borderRadius: "50%",
                  bgcolor: "primary.main",
                }}
              />
            )}
            <Typography
              id={titleId}
              component="span"
              sx={{ fontWeight: isOpened ? 500 : 700, overflowWrap: "anywhere" }}
            >
              {title}
            </Typography>
            {isOpened ? null : (
              <Box component="span" sx={visuallyHidden}>
                (unread)
              </Box>
            )}
          </Stack>
          {contents ? <ContentsText>{contents}</ContentsText> : null}
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {senderProfile ? `${senderProfile.name} · ` : null}
            <time dateTime={createdDate} title={formatDateTime(createdDate)}>
              {relativeTime(createdDate, now)}
            </time>
          </Typography>
        </Box>
      </ListItemButton>
      {invitationId ? (
        <Box sx={{ flexShrink: 0 }}>
          <InvitationAnswerButtons
            invitationId={invitationId}
            listing={senderProfile?.name ?? "the listing"}
            onAnswered={answered}
          />
        </Box>
      ) : null}
      {groupInvitationId ? (
        <Box sx={{ flexShrink: 0 }}>
          <GroupInvitationAnswerButtons
            invitationId={groupInvitationId}
            group="the group"
            onAnswered={answered}
          />
        </Box>
      ) : null}
      <Stack direction="row" sx={{ flexShrink: 0, ml: "auto" }}>
        <RowAction
          label={isOpened ? "Mark as unread" : "Mark as read"}
          icon={isOpened ? <MarkEmailUnreadOutlinedIcon /> : <DraftsOutlinedIcon />}
          disabled={busy}
          onClick={() => change.mutate({ kind: "opened", value: !isOpened })}
        />
        <RowAction
          label={isArchived ? "Move to inbox" : "Archive"}
          icon={isArchived ? <UnarchiveOutlinedIcon /> : <ArchiveOutlinedIcon />}
          disabled={busy}
          onClick={() => change.mutate({ kind: "archived", value: !isArchived })}
        />
        <RowAction
          label="Delete"
          icon={<DeleteOutlineIcon />}
          disabled={busy}
          onClick={() => void remove()}
        />
      </Stack>
    </Box>
  );
}
