// One conversation (/groups/{id}): its header (name, members, mute and ignore), the messages and
// the composer. Loading the messages marks it read, so the top bar's unread dot is asked again.
import type { TGroup, TGroupMessage, TThread } from "@hostfield/domain/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import GroupsIcon from "@mui/icons-material/Groups";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, apiErrorMessage, type TListResult } from "../../lib/api";
import { MY_PROFILE_QUERY_KEY } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { UserAvatar } from "../../ui/user-avatar";
import { Composer } from "./composer";
import { MembersPanel } from "./members-panel";
import { MessageList } from "./message-list";
import {
  getGroup,
  getGroupAbilities,
  groupKeys,
  listMessages,
  setGroupIgnored,
  setGroupMuted,
  threadKeys,
} from "./messaging-api";
import { useConversationName } from "./use-direct-partner";

export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATION_NOT_FOUND = "This conversation was not found";
export const MUTE_LABEL = "Mute";
export const IGNORE_LABEL = "Ignore";

type TThreadPages = InfiniteData<TListResult<TThread>, number>;

function useSwitch(
  group: TGroup,
  change: (id: string, value: boolean) => Promise<TGroup>,
  failure: string,
) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (value: boolean) => change(group.id, value),
    onSuccess: (updated) => {
      queryClient.setQueryData(groupKeys.one(group.id), updated);
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
      void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
    },
    onError: (error) => enqueueSnackbar(apiErrorMessage(error, failure), { variant: "error" }),
  });
}

function GroupSwitches({ group }: { group: TGroup }) {
  const mute = useSwitch(group, setGroupMuted, "The conversation could not be muted.");
  const ignore = useSwitch(group, setGroupIgnored, "The conversation could not be ignored.");
  const my = group.my;
  if (!my) return null;
  // While a change is on its way, a switch shows what was asked for.
  const muted = (mute.isPending ? mute.variables : undefined) ?? my.isMuted;
  const ignored = (ignore.isPending ? ignore.variables : undefined) ?? my.isIgnored;
  return (
    <Stack direction="row" spacing={0} sx={{ flexWrap: "wrap" }}>
      <FormControlLabel
        title="No notifications; unread marks stay"
        control={
          <Switch
            size="small"
            checked={muted}
            disabled={mute.isPending}
            onChange={(event) => mute.mutate(event.target.checked)}
          />
        }
        label={MUTE_LABEL}
      />
      <FormControlLabel
        title="No notifications and no unread marks"
        control={
          <Switch
            size="small"
            checked={ignored}
            disabled={ignore.isPending}
            onChange={(event) => ignore.mutate(event.target.checked)}
          />
        }
        label={IGNORE_LABEL}
      />
    </Stack>
  );
}

function ConversationHeader({
  group,
  name,
  avatarUrl,
  partnerId,
  showBack,
  onMembers,
}: {
  group: TGroup;
  name: string;
  avatarUrl: string | null;
  /** The other person of a direct conversation, for their online dot. */
  partnerId?: string | null;
  showBack: boolean;
  onMembers: () => void;
}) {
  const count = group.memberCount;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{
        px: 2,
        py: 1.25,
        alignItems: "center",
        flexWrap: "wrap",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      {showBack ? (
        <IconButton
          component={RouterLink}
          to="/groups"
          aria-label="Back to conversations"
          edge="start"
        >
          <ArrowBackIcon />
        </IconButton>
      ) : null}
      {group.kind === "direct" ? (
        <UserAvatar name={name} src={avatarUrl} userId={partnerId} />
      ) : (
        <Avatar sx={{ bgcolor: "secondary.main" }} aria-hidden>
          <GroupsIcon />
        </Avatar>
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="h6" component="h2" noWrap title={name}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count === 1 ? "1 member" : `${count} members`}
        </Typography>
      </Box>
      <GroupSwitches group={group} />
      <Button variant="outlined" size="small" startIcon={<GroupsIcon />} onClick={onMembers}>
        Members
      </Button>
    </Stack>
  );
}

function ConversationSkeleton() {
  return (
    <Stack
      spacing={2}
      sx={{ p: 2 }}
      role="status"
      aria-busy="true"
      aria-label="Loading conversation"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton variant="text" width="40%" sx={{ fontSize: 24 }} />
      </Stack>
      <Skeleton variant="rounded" height={56} width="60%" />
      <Skeleton variant="rounded" height={56} width="50%" sx={{ alignSelf: "flex-end" }} />
    </Stack>
  );
}

/** Marks the conversation read in the loaded lists without asking for them again. */
function markThreadOpened(data: TThreadPages | undefined, groupId: string) {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((thread) => {
      if (thread.groupId !== groupId || thread.isOpened) return thread;
      changed = true;
      return { ...thread, isOpened: true };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

function ConversationView({
  group,
  userId,
  showBack,
}: {
  group: TGroup;
  userId: string;
  showBack: boolean;
}) {
  const queryClient = useQueryClient();
  const [membersOpen, setMembersOpen] = useState(false);
  const { name, partner } = useConversationName(group, userId);
  const abilities = useQuery({
    queryKey: groupKeys.abilities(group.id),
    queryFn: () => getGroupAbilities(group.id),
  });
  const messages = useInfiniteQuery({
    queryKey: groupKeys.messages(group.id),
    queryFn: ({ pageParam }) => listMessages(group.id, pageParam, MESSAGES_PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    // Newest first: the next page is older than the oldest message of the last one.
    getNextPageParam: (last: TListResult<TGroupMessage>): string | undefined => {
      const oldest = last.items.at(-1);
      return oldest && last.count > last.items.length ? oldest.createdDate : undefined;
    },
  });

  // Reading marked the thread read on the server: show it read, and recount the unread dot.
  const loadedAt = messages.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    queryClient.setQueriesData<TThreadPages>({ queryKey: threadKeys.all }, (data) =>
      markThreadOpened(data, group.id),
    );
    void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
  }, [loadedAt, group.id, queryClient]);

  const granted = abilities.data;
  // Until the abilities arrive, a member may write (the server decides anyway).
  const can = (ability: string) => (granted ? granted.includes(ability) : group.my !== null);

  return (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <ConversationHeader
        group={group}
        name={name}
        avatarUrl={partner?.avatarUrl ?? null}
        partnerId={partner?.id ?? null}
        showBack={showBack}
        onMembers={() => setMembersOpen(true)}
      />
      <MessageList
        messages={messages}
        userId={userId}
        canModerate={granted?.includes("messages.moderate") ?? false}
      />
      {can("messages.write") ? (
        <Composer groupId={group.id} canAttach={can("files.write")} />
      ) : (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ p: 2, borderTop: 1, borderColor: "divider" }}
        >
          You can read this conversation but not write in it.
        </Typography>
      )}
      <MembersPanel
        open={membersOpen}
        onClose={() => setMembersOpen(false)}
        group={group}
        abilities={granted ?? []}
        userId={userId}
      />
    </Stack>
  );
}

export function Conversation({
  groupId,
  userId,
  showBack,
}: {
  groupId: string;
  userId: string;
  showBack: boolean;
}) {
  const group = useQuery({
    queryKey: groupKeys.one(groupId),
    queryFn: () => getGroup(groupId),
  });

  if (group.isPending) return <ConversationSkeleton />;
  if (!group.data) {
    const notFound =
      group.error instanceof ApiError && [400, 403, 404].includes(group.error.status);
    if (notFound) {
      return (
        <Box sx={{ p: 2 }}>
          <NoticePanel
            role="alert"
            icon={<SearchOffIcon />}
            title={CONVERSATION_NOT_FOUND}
            actions={
              <Button component={RouterLink} to="/groups" variant="contained">
                Back to conversations
              </Button>
            }
          >
            It may have been deleted, or you are no longer a member.
          </NoticePanel>
        </Box>
      );
    }
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void group.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(group.error, "The conversation did not load.")}
        </Alert>
        {showBack ? (
          <Button component={RouterLink} to="/groups" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
            Back to conversations
          </Button>
        ) : null}
      </Box>
    );
  }
  return <ConversationView group={group.data} userId={userId} showBack={showBack} />;
}
