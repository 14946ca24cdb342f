// The members drawer of a conversation: who is in it (each links to their page), and for the
// group's admins inviting people (group-invitations.tsx: nobody joins without accepting), the
// invitations waiting, removing members, renaming and deleting the group; every member of a group
// can leave it.
import type { TGroup, TGroupMember } from "@hostfield/domain/contracts";
import CloseIcon from "@mui/icons-material/Close";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { MY_PROFILE_QUERY_KEY } from "../../lib/auth";
import { useConfirm } from "../../ui/confirm";
import { UserAvatar } from "../../ui/user-avatar";
import { InviteMembers, PendingInvitations } from "./group-invitations";
import { GroupNameDialog } from "./group-name-dialog";
import {
  deleteGroup,
  groupKeys,
  listMembers,
  removeMember,
  renameGroup,
  threadKeys,
} from "./messaging-api";

function MemberRow({
  member,
  groupId,
  isMe,
  canRemove,
}: {
  member: TGroupMember;
  groupId: string;
  isMe: boolean;
  canRemove: boolean;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => removeMember(groupId, member.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.one(groupId) }),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The member could not be removed."), {
        variant: "error",
      }),
  });
  const onRemove = async () => {
    const result = await confirm({
      title: `Remove ${member.user.name}?`,
      description: "They no longer see the conversation or get its messages.",
      confirmText: "Remove",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") remove.mutate();
  };
  return (
    <ListItem
      disableGutters
      secondaryAction={
        canRemove && !isMe ? (
          <IconButton
            edge="end"
            aria-label={`Remove ${member.user.name}`}
            disabled={remove.isPending}
            onClick={() => void onRemove()}
          >
            <PersonRemoveIcon />
          </IconButton>
        ) : null
      }
    >
      <ListItemAvatar>
        <UserAvatar name={member.user.name} src={member.user.avatarUrl} userId={member.user.id} />
      </ListItemAvatar>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Link component={RouterLink} to={`/users/${member.user.id}`}>
              {member.user.name}
            </Link>
            {isMe ? (
              <Typography variant="caption" color="text.secondary">
                (you)
              </Typography>
            ) : null}
            {member.role === "admin" ? <Chip size="small" label="Admin" /> : null}
          </Stack>
        }
      />
    </ListItem>
  );
}

function GroupSettings({ group, abilities }: { group: TGroup; abilities: readonly string[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [renaming, setRenaming] = useState(false);
  const leaveAll = () => {
    void queryClient.invalidateQueries({ queryKey: threadKeys.all });
    void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
    queryClient.removeQueries({ queryKey: groupKeys.one(group.id) });
    navigate("/groups");
  };
  const rename = useMutation({
    mutationFn: (name: string) => renameGroup(group.id, name),
    onSuccess: (renamed) => {
      setRenaming(false);
      queryClient.setQueryData(groupKeys.one(group.id), renamed);
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
    },
  });
  const leave = useMutation({
    mutationFn: (memberId: string) => removeMember(group.id, memberId),
    onSuccess: () => {
      enqueueSnackbar(`You left ${group.name}.`, { variant: "success" });
      leaveAll();
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "You could not leave the group."), {
        variant: "error",
      }),
  });
  const remove = useMutation({
    mutationFn: () => deleteGroup(group.id),
    onSuccess: () => {
      enqueueSnackbar(`${group.name} was deleted.`, { variant: "success" });
      leaveAll();
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The group could not be deleted."), {
        variant: "error",
      }),
  });

  const my = group.my;
  const canRename = abilities.includes("group.update");
  const canDelete = abilities.includes("group.delete");

  const onLeave = async () => {
    if (!my) return;
    const result = await confirm({
      title: `Leave ${group.name}?`,
      description: "You stop getting its messages. A group admin can add you again.",
      confirmText: "Leave group",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") leave.mutate(my.memberId);
  };
  const onDelete = async () => {
    const result = await confirm({
      title: `Delete ${group.name}?`,
      description: "The group, its messages and its files are deleted for everyone.",
      confirmText: "Delete group",
      confirmButtonType: "danger",
      keyword: "DELETE",
    });
    if (result === "confirmed") remove.mutate();
  };

  if (!canRename && !my && !canDelete) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      {canRename ? (
        <Button
          size="small"
          onClick={() => {
            rename.reset();
            setRenaming(true);
          }}
        >
          Rename group
        </Button>
      ) : null}
      {my ? (
        <Button
          size="small"
          color="error"
          disabled={leave.isPending}
          onClick={() => void onLeave()}
        >
          Leave group
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          Delete group
        </Button>
      ) : null}
      {renaming ? (
        <GroupNameDialog
          open
          title="Rename group"
          submitText="Save name"
          initialName={group.name}
          pending={rename.isPending}
          error={
            rename.isError ? apiErrorMessage(rename.error, "The group was not renamed.") : null
          }
          onSubmit={(name) => rename.mutate(name)}
          onClose={() => setRenaming(false)}
        />
      ) : null}
    </Stack>
  );
}

export function MembersPanel({
  open,
  onClose,
  group,
  abilities,
  userId,
}: {
  open: boolean;
  onClose: () => void;
  group: TGroup;
  abilities: readonly string[];
  userId: string;
}) {
  const titleId = useId();
  const members = useQuery({
    queryKey: groupKeys.members(group.id),
    queryFn: () => listMembers(group.id),
    enabled: open,
  });
  const isGroup = group.kind === "group";
  const canManage = isGroup && abilities.includes("members.write");

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-labelledby": titleId,
          sx: { width: { xs: "100%", sm: 380 } },
        } as object,
      }}
    >
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <Typography id={titleId} variant="h6" component="h2">
            Members{members.data ? ` (${members.data.count})` : ""}
          </Typography>
          <IconButton aria-label="Close members" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {members.isPending ? (
          <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading members">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        ) : members.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void members.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(members.error, "The members did not load.")}
          </Alert>
        ) : (
          <List dense disablePadding aria-labelledby={titleId}>
            {members.data.items.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                groupId={group.id}
                isMe={member.user.id === userId}
                canRemove={canManage}
              />
            ))}
          </List>
        )}
        {canManage ? (
          <>
            <Divider />
            <InviteMembers groupId={group.id} />
            <PendingInvitations groupId={group.id} />
          </>
        ) : null}
        {isGroup ? (
          <>
            <Divider />
            <GroupSettings group={group} abilities={abilities} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            A direct conversation is between the two of you. Delete it from your conversation list
            to hide it.
          </Typography>
        )}
      </Stack>
    </Drawer>
  );
}
