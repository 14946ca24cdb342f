// Invitations to groups. The admins' side, in the members drawer: a people picker (search-as-you-type
// among those who share a listing or a group with me) and an "Invite by e-mail" field, both of
// which invite (nobody joins without accepting), and the invitations waiting, each with Take back.
// The invitee's side: Accept and Decline, on the conversations page, the account page and an
// invitation's notification.
import type { TGroupInvitation, TSharedPerson } from "@hostfield/domain/contracts";
import { PEOPLE_SEARCH_MIN, ZEmail } from "@hostfield/domain/contracts";
import CloseIcon from "@mui/icons-material/Close";
import MailOutlineIcon from "@mui/icons-material/EmailOutlined";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { InvitationAnswerButtons } from "../../ui/invitation-answer-buttons";
import { RetryAlert } from "../../ui/query-states";
import { useDebounced } from "../../ui/use-debounced";
import { UserAvatar } from "../../ui/user-avatar";
import {
  answerGroupInvitation,
  groupKeys,
  inviteToGroup,
  listGroupInvitations,
  listMyGroupInvitations,
  revokeGroupInvitation,
  searchPeople,
  threadKeys,
} from "./messaging-api";

export const NO_GROUP_INVITATIONS = "No invitations to groups are waiting for you.";
export const NO_PENDING = "No invitations are waiting for an answer.";

/** What someone shares with me, in a few words: "Riverside Courts · Referees". */
const sharedLine = (person: TSharedPerson) => person.shared.map((s) => s.name).join(" · ");
const STATUS_LABELS = { member: "Member", invited: "Invited", none: null } as const;

/** After an invitation changes: the group's pending list and the search's statuses. */
function useInvitationsChanged(groupId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.invitations(groupId) });
    void queryClient.invalidateQueries({ queryKey: ["groups", groupId, "people"] });
  };
}

/** Picks a person who shares a listing or a group with me; picking one invites them. */
function PeoplePicker({ groupId }: { groupId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const changed = useInvitationsChanged(groupId);
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), 250);
  const people = useQuery({
    queryKey: groupKeys.people(groupId, search),
    queryFn: ({ signal }) => searchPeople(groupId, search, signal),
    enabled: search.length >= PEOPLE_SEARCH_MIN,
  });
  const invite = useMutation({
    mutationFn: (person: TSharedPerson) => inviteToGroup(groupId, { userId: person.id }),
    onSuccess: (_invitation, person) => {
      setText("");
      enqueueSnackbar(`${person.name} is invited. They join when they accept.`, {
        variant: "success",
      });
      changed();
    },
  });
  const typing = text.trim().length < PEOPLE_SEARCH_MIN;
  return (
    <Stack spacing={1}>
      <Autocomplete<TSharedPerson, false, false, false>
        options={typing ? [] : (people.data ?? [])}
        value={null}
        inputValue={text}
        onInputChange={(_event, next, reason) => {
          if (reason !== "input" && reason !== "clear") return;
          setText(next);
          invite.reset();
        }}
        onChange={(_event, person) => {
          if (person) invite.mutate(person);
        }}
        filterOptions={(options) => options}
        getOptionLabel={(person) => person.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionDisabled={(person) => person.status !== "none"}
        loading={!typing && (people.isFetching || search !== text.trim())}
        disabled={invite.isPending}
        noOptionsText={
          typing
            ? `Type at least ${PEOPLE_SEARCH_MIN} letters of a name.`
            : people.isError
              ? apiErrorMessage(people.error, "The search failed. Type again to retry.")
              : "Nobody who shares a listing or a group with you has that name."
        }
        renderOption={({ key, ...props }, person) => (
          <Box component="li" key={key} {...props}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
              <UserAvatar name={person.name} src={person.avatarUrl} size={32} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {person.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ overflowWrap: "anywhere" }}
                >
                  {sharedLine(person)}
                </Typography>
              </Box>
              {STATUS_LABELS[person.status] ? (
                <Chip size="small" label={STATUS_LABELS[person.status]} />
              ) : null}
            </Stack>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label="Find a person"
            helperText="People who share a listing or a group with you."
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {people.isFetching ? (
                      <CircularProgress color="inherit" size={18} aria-label="Looking for people" />
                    ) : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      {invite.isError ? (
        <Alert severity="error">
          {apiErrorMessage(invite.error, "The invitation could not be sent.")}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Invites an address: the answer is the same whether an account has it or not. */
function InviteByEmail({ groupId }: { groupId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const changed = useInvitationsChanged(groupId);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const email = value.trim();
  const valid = ZEmail.safeParse(email).success;
  const invite = useMutation({
    mutationFn: (address: string) => inviteToGroup(groupId, { email: address }),
    onSuccess: (_invitation, address) => {
      setValue("");
      setTouched(false);
      enqueueSnackbar(`An invitation is on its way to ${address}.`, { variant: "success" });
      changed();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && !invite.isPending) invite.mutate(email);
  };
  const problem = touched && email && !valid ? "That is not an e-mail address." : null;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <TextField
        size="small"
        type="email"
        label="Invite by e-mail"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          invite.reset();
        }}
        error={problem !== null}
        helperText={
          problem ?? "They get an invitation to accept; without an account, one to sign up."
        }
      />
      {invite.isError ? (
        <Alert severity="error">
          {apiErrorMessage(invite.error, "The invitation could not be sent.")}
        </Alert>
      ) : null}
      <Box>
        <Button
          type="submit"
          variant="outlined"
          size="small"
          startIcon={<MailOutlineIcon />}
          disabled={!email || invite.isPending}
        >
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </Box>
    </Stack>
  );
}

/** The admins' way to add people: both invite, and nobody joins before accepting. */
export function InviteMembers({ groupId }: { groupId: string }) {
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" component="h3">
        Invite people
      </Typography>
      <PeoplePicker groupId={groupId} />
      <InviteByEmail groupId={groupId} />
    </Stack>
  );
}

const inviteeName = (invitation: TGroupInvitation) =>
  invitation.invitee.person?.name ?? invitation.invitee.email ?? "Someone";

function PendingRow({ invitation }: { invitation: TGroupInvitation }) {
  const { enqueueSnackbar } = useSnackbar();
  const changed = useInvitationsChanged(invitation.groupId);
  const name = inviteeName(invitation);
  const revoke = useMutation({
    mutationFn: () => revokeGroupInvitation(invitation.groupId, invitation.id),
    onSuccess: () => {
      enqueueSnackbar(`The invitation of ${name} was taken back.`, { variant: "success" });
      changed();
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The invitation could not be taken back."), {
        variant: "error",
      }),
  });
  const person = invitation.invitee.person;
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={`Take back the invitation of ${name}`}
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          <CloseIcon />
        </IconButton>
      }
    >
      <ListItemAvatar>
        {person ? (
          <UserAvatar name={person.name} src={person.avatarUrl} />
        ) : (
          <Avatar aria-hidden>
            <MailOutlineIcon />
          </Avatar>
        )}
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={invitation.invitedBy ? `Invited by ${invitation.invitedBy.name}` : "Invited"}
        slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
      />
    </ListItem>
  );
}

/** The group's invitations waiting for an answer, for its admins, each with Take back. */
export function PendingInvitations({ groupId }: { groupId: string }) {
  const titleId = useId();
  const list = useQuery({
    queryKey: groupKeys.invitations(groupId),
    queryFn: () => listGroupInvitations(groupId),
  });
  return (
    <Stack spacing={1}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        Waiting for an answer{list.data ? ` (${list.data.count})` : ""}
      </Typography>
      {list.isPending ? (
        <Skeleton
          variant="rounded"
          height={48}
          role="status"
          aria-label="Loading the invitations"
        />
      ) : list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, "The invitations did not load.")}
        </RetryAlert>
      ) : list.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {NO_PENDING}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {list.data.items.map((invitation) => (
            <PendingRow key={invitation.id} invitation={invitation} />
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Accept and Decline of one invitation to a group; `group` names it in the buttons. */
export function GroupInvitationAnswerButtons({
  invitationId,
  group,
  onAnswered,
}: {
  invitationId: string;
  group: string;
  onAnswered?: () => void;
}) {
  return (
    <InvitationAnswerButtons
      name={group}
      answer={(reply) => answerGroupInvitation(invitationId, reply)}
      refresh={[groupKeys.all, threadKeys.all]}
      onAnswered={onAnswered}
    />
  );
}

/**
 * The invitations to groups waiting for the signed-in user, each with Accept and Decline. With
 * `quietWhenEmpty` (the conversations page) nothing shows while there are none.
 */
export function MyGroupInvitations({ quietWhenEmpty = false }: { quietWhenEmpty?: boolean }) {
  const list = useQuery({ queryKey: groupKeys.myInvitations, queryFn: listMyGroupInvitations });
  if (list.isError)
    return (
      <RetryAlert onRetry={() => void list.refetch()}>
        {apiErrorMessage(list.error, "Your invitations to groups did not load.")}
      </RetryAlert>
    );
  if (list.isPending)
    return quietWhenEmpty ? null : (
      <Skeleton
        variant="rounded"
        height={48}
        role="status"
        aria-label="Loading your invitations to groups"
      />
    );
  if (list.data.items.length === 0)
    return quietWhenEmpty ? null : (
      <Typography color="text.secondary">{NO_GROUP_INVITATIONS}</Typography>
    );
  const items = (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label="Invitations to groups"
      sx={{ listStyle: "none", m: 0, p: 0 }}
    >
      {list.data.items.map((invitation) => (
        <Stack
          component="li"
          key={invitation.id}
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
              {invitation.group.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {invitation.invitedBy
                ? `${invitation.invitedBy.name} invited you to this group.`
                : "You are invited to this group."}
            </Typography>
          </Box>
          <GroupInvitationAnswerButtons
            invitationId={invitation.id}
            group={invitation.group.name}
          />
        </Stack>
      ))}
    </Stack>
  );
  if (!quietWhenEmpty) return items;
  // On the conversations page: a panel above the conversations while any wait.
  return (
    <Paper variant="outlined" component="section" aria-label="Invitations" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        You are invited
      </Typography>
      {items}
    </Paper>
  );
}
