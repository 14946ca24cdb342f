// Invitations to listings, the invitee's side: Accept and Decline (on the account page and on an
// invitation's notification), and the list of those waiting for an answer.
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { RetryAlert } from "../../ui/query-states";
import { ROLE_LABELS } from "./member-roles";
import {
  answerInvitation,
  listMyInvitations,
  profileKeys,
  type TMemberRole,
  type TProfileInvitation,
} from "./profiles-api";

export const NO_INVITATIONS = "No invitations are waiting for you.";

/** Accept and Decline for one invitation; `listing` names it in the buttons and the outcome. */
export function InvitationAnswerButtons({
  invitationId,
  listing,
  onAnswered,
}: {
  invitationId: string;
  listing: string;
  onAnswered?: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const answer = useMutation({
    mutationFn: (reply: "accept" | "decline") => answerInvitation(invitationId, reply),
    onSuccess: (reply) => {
      enqueueSnackbar(
        reply.answer === "accepted" ? `You joined ${listing}.` : `You declined ${listing}.`,
        { variant: "success" },
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onAnswered?.();
    },
    onError: (error) =>
      enqueueSnackbar(
        apiErrorMessage(error, "The invitation could not be answered. It may be gone."),
        { variant: "error" },
      ),
  });
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="contained"
        startIcon={<CheckIcon />}
        disabled={answer.isPending}
        onClick={() => answer.mutate("accept")}
        aria-label={`Accept the invitation to ${listing}`}
      >
        Accept
      </Button>
      <Button
        size="small"
        startIcon={<CloseIcon />}
        disabled={answer.isPending}
        onClick={() => answer.mutate("decline")}
        aria-label={`Decline the invitation to ${listing}`}
      >
        Decline
      </Button>
    </Stack>
  );
}

function InvitationItem({ invitation }: { invitation: TProfileInvitation }) {
  return (
    <Stack
      component="li"
      direction={{ xs: "column", sm: "row" }}
      spacing={1}
      sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {invitation.profile.name}
        </Typography>
        <Chip size="small" label={ROLE_LABELS[invitation.role as TMemberRole]} />
      </Stack>
      <InvitationAnswerButtons invitationId={invitation.id} listing={invitation.profile.name} />
    </Stack>
  );
}

/** The invitations waiting for the signed-in user, each with Accept and Decline. */
export function MyInvitations() {
  const list = useQuery({ queryKey: profileKeys.myInvitations, queryFn: listMyInvitations });
  if (list.isError)
    return (
      <RetryAlert onRetry={() => void list.refetch()}>
        {apiErrorMessage(list.error, "Your invitations did not load.")}
      </RetryAlert>
    );
  if (list.isPending)
    return <Skeleton variant="rounded" height={48} aria-label="Loading your invitations" />;
  if (list.data.items.length === 0)
    return <Typography color="text.secondary">{NO_INVITATIONS}</Typography>;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {list.data.items.map((invitation) => (
        <InvitationItem key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}
