// The members (or managers) of a listing, for those allowed to see them: each links to their page
// and can be messaged; with `members.write`, people are invited by e-mail, change role or leave.
import { ZEmail } from "@hostfield/domain/contracts";
import { STAFF_ROLES } from "@hostfield/domain/reference";
import { computePatch } from "@hostfield/domain/rules";
import ChatIcon from "@mui/icons-material/Chat";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useConfirm } from "../../ui/confirm";
import { RetryAlert } from "../../ui/query-states";
import { UserAvatar } from "../../ui/user-avatar";
import { openDirectConversation, threadKeys } from "../messaging";
import { ROLE_LABELS } from "./member-roles";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import {
  addMember,
  patchMember,
  profileKeys,
  removeMember,
  revokeInvitation,
  type TMemberRole,
  type TProfile,
  type TProfileInvitation,
  type TProfileMember,
} from "./profiles-api";
import { type useAbilities, useProfileInvitations, useProfileMembers } from "./use-profiles";

type TAbilities = ReturnType<typeof useAbilities>;

function MessageButton({ member }: { member: TProfileMember }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const open = useMutation({
    mutationFn: () => openDirectConversation(member.userId),
    onSuccess: (groupId) => {
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
      navigate(`/groups/${groupId}`);
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The conversation could not be opened."), {
        variant: "error",
      }),
  });
  return (
    <Button
      size="small"
      startIcon={<ChatIcon />}
      disabled={open.isPending}
      onClick={() => open.mutate()}
      aria-label={`Message ${member.name}`}
    >
      Message
    </Button>
  );
}

function InviteForm({
  config,
  profile,
  canAddOwners,
}: {
  config: TKindConfig;
  profile: TProfile;
  canAddOwners: boolean;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TMemberRole>("member");
  const [touched, setTouched] = useState(false);
  const valid = ZEmail.safeParse(email.trim()).success;
  const invite = useMutation({
    mutationFn: () => addMember(config.kind, profile.id, { email: email.trim(), role }),
    onSuccess: (invitation) => {
      setEmail("");
      setTouched(false);
      enqueueSnackbar(
        `${invitation.invitee.email ?? invitation.invitee.name} is invited as ${ROLE_LABELS[invitation.role].toLowerCase()}. They join when they accept.`,
        { variant: "success" },
      );
      void queryClient.invalidateQueries({
        queryKey: profileKeys.child(config.kind, profile.id, "invitations"),
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && !invite.isPending) invite.mutate();
  };
  const problem = touched && !valid ? "Enter an e-mail address like name@example.com." : null;
  const roles: TMemberRole[] = canAddOwners
    ? ["member", "manager", "owner"]
    : ["member", "manager"];
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Invite someone" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Invite someone
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          size="small"
          type="email"
          label="E-mail address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(email.trim() !== "")}
          error={problem !== null}
          helperText={
            problem ??
            "They join when they accept. An address without an account is asked to sign up."
          }
          autoComplete="off"
        />
        <TextField
          select
          size="small"
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as TMemberRole)}
          slotProps={{ select: { native: true } }}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </TextField>
        {invite.isError ? (
          <Alert severity="error" onClose={invite.reset}>
            {apiErrorMessage(invite.error, "The invitation could not be sent. Try again.")}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="outlined"
          startIcon={<PersonAddIcon />}
          disabled={invite.isPending}
          sx={{ alignSelf: "flex-start" }}
        >
          {invite.isPending ? "Inviting…" : "Invite"}
        </Button>
      </Stack>
    </Box>
  );
}

/** The invitations not answered yet, for the listing's owners and managers, who may take them back. */
function PendingInvitations({ config, profile }: { config: TKindConfig; profile: TProfile }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const list = useProfileInvitations(config.kind, profile.id, true);
  const revoke = useMutation({
    mutationFn: (invitation: TProfileInvitation) =>
      revokeInvitation(config.kind, profile.id, invitation.id),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: profileKeys.child(config.kind, profile.id, "invitations"),
      }),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The invitation could not be taken back."), {
        variant: "error",
      }),
  });
  const invitations = list.data?.items ?? [];
  return (
    <Box component="section" aria-label="Pending invitations" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Pending invitations
      </Typography>
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, "The invitations did not load.")}
        </RetryAlert>
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : invitations.length === 0 ? (
        <Typography color="text.secondary">No invitations waiting for an answer.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {invitations.map((invitation) => {
            const who = invitation.invitee.email ?? invitation.invitee.name ?? "Someone";
            return (
              <Stack
                component="li"
                key={invitation.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: "center" }}
              >
                <Typography sx={{ overflowWrap: "anywhere", flexGrow: 1 }}>{who}</Typography>
                <Chip size="small" label={ROLE_LABELS[invitation.role]} />
                <Button
                  size="small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation)}
                  aria-label={`Take back the invitation of ${who}`}
                >
                  Take back
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}

export function MembersSection({
  config,
  profile,
  abilities,
}: {
  config: TKindConfig;
  profile: TProfile;
  abilities: TAbilities;
}) {
  const auth = useAuth();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const canSee = abilities.can("profile.readPrivate");
  const canWrite = abilities.can("members.write");
  const canWriteOwners = abilities.can("members.writeOwners");
  const list = useProfileMembers(config.kind, profile.id, canSee);
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: profileKeys.child(config.kind, profile.id, "members"),
    });
  const change = useMutation({
    mutationFn: ({ member, next }: { member: TProfileMember; next: Partial<TProfileMember> }) =>
      patchMember(
        config.kind,
        profile.id,
        member.id,
        computePatch(
          { role: member.role, staffRole: member.staffRole },
          { role: member.role, staffRole: member.staffRole, ...next },
        ),
      ),
    onSuccess: () => void refresh(),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The role could not be changed."), {
        variant: "error",
      }),
  });
  const remove = useMutation({
    mutationFn: (member: TProfileMember) => removeMember(config.kind, profile.id, member.id),
    onSuccess: (_reply, member) => {
      enqueueSnackbar(`${member.name} was removed.`, { variant: "success" });
      void refresh();
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "They could not be removed."), { variant: "error" }),
  });
  if (!canSee) return null;
  const title = config.memberWord === "managers" ? "Managers" : "Members";
  const me = auth.user?.id;
  const signedIn = auth.isAuthenticated && me !== undefined;
  const members = list.data?.items ?? [];
  return (
    <ProfileSection title={title}>
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, `The ${title.toLowerCase()} did not load.`)}
        </RetryAlert>
      ) : list.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : members.length === 0 ? (
        <Typography color="text.secondary">No {title.toLowerCase()} yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {members.map((member) => {
            const isMe = member.userId === me;
            // Only owners may hand out or take away ownership.
            const editable = canWrite && (member.role !== "owner" || canWriteOwners);
            return (
              <Stack component="li" key={member.id} spacing={1}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
                  <UserAvatar
                    name={member.name}
                    src={member.avatarUrl}
                    size={40}
                    userId={member.userId}
                  />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Link
                      component={RouterLink}
                      to={`/users/${member.userId}`}
                      sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
                    >
                      {member.name}
                      {isMe ? " (you)" : ""}
                    </Link>
                    <Stack
                      direction="row"
                      spacing={0.5}
                      useFlexGap
                      sx={{ flexWrap: "wrap", mt: 0.25 }}
                    >
                      <Chip size="small" label={ROLE_LABELS[member.role]} />
                      {member.staffRole ? (
                        <Chip size="small" variant="outlined" label={member.staffRole} />
                      ) : null}
                      {member.inherited ? (
                        <Chip size="small" variant="outlined" label="Through a destination" />
                      ) : null}
                    </Stack>
                  </Box>
                  {editable && !member.inherited ? (
                    <IconButton
                      aria-label={`Remove ${member.name}`}
                      disabled={remove.isPending}
                      onClick={async () => {
                        const result = await confirm({
                          title: `Remove ${member.name}?`,
                          description: `They will no longer be one of the ${title.toLowerCase()} of ${profile.name}.`,
                          confirmText: "Remove",
                          confirmButtonType: "danger",
                        });
                        if (result === "confirmed") remove.mutate(member);
                      }}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  ) : null}
                </Stack>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", pl: 6.5 }}>
                  {signedIn && !isMe ? <MessageButton member={member} /> : null}
                  {editable && !member.inherited ? (
                    <TextField
                      select
                      size="small"
                      label={`Role of ${member.name}`}
                      value={member.role}
                      disabled={change.isPending}
                      onChange={(event) =>
                        change.mutate({ member, next: { role: event.target.value as TMemberRole } })
                      }
                      slotProps={{ select: { native: true } }}
                      sx={{ minWidth: 140 }}
                    >
                      {(canWriteOwners
                        ? (["member", "manager", "owner"] as const)
                        : (["member", "manager"] as const)
                      ).map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </TextField>
                  ) : null}
                  {editable && !member.inherited && config.kind === "facility" ? (
                    <TextField
                      select
                      size="small"
                      label={`Staff role of ${member.name}`}
                      value={member.staffRole ?? ""}
                      disabled={change.isPending}
                      onChange={(event) =>
                        change.mutate({
                          member,
                          next: {
                            staffRole: (event.target.value || null) as TProfileMember["staffRole"],
                          },
                        })
                      }
                      // "None" is an empty value: unshrunk, the label would be drawn over it.
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                      sx={{ minWidth: 140 }}
                    >
                      <option value="">None</option>
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </TextField>
                  ) : null}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
      {canWrite ? <PendingInvitations config={config} profile={profile} /> : null}
      {canWrite ? (
        <InviteForm config={config} profile={profile} canAddOwners={canWriteOwners} />
      ) : null}
    </ProfileSection>
  );
}
