import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import { InvitationAnswerButtons as AnswerButtons } from "../../ui/invitation-answer-buttons";
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
  return (
    <AnswerButtons
      name={listing}
      answer={(reply) => answerInvitation(invitationId, reply)}
      refresh={[profileKeys.all]}
      onAnswered={onAnswered}
    />
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
    return (
      <Skeleton variant="rounded" height={48} role="status" aria-label="Loading your invitations" />
    );
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
