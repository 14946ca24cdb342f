// A member's public page (/users/{id}): who they are, and a button to message them.

import type { TPublicUser } from "@hostfield/domain/contracts";
import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { MessageButton } from "../../ui/message-button";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { UserAvatar } from "../../ui/user-avatar";
import { openDirectConversation } from "../messaging";
import { getPublicUser, publicUserKeys } from "./users-api";

export const MEMBER_NOT_FOUND = "This member was not found";
const AVATAR_SIZE = 96;

function MessageAction({ member }: { member: TPublicUser }) {
  const auth = useAuth();
  if (auth.user?.id === member.id) {
    return (
      <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
        <Typography color="text.secondary">This is how other members see you.</Typography>
        <Button component={RouterLink} to="/account" variant="outlined">
          Edit my profile
        </Button>
      </Stack>
    );
  }
  return (
    <MessageButton
      open={() => openDirectConversation(member.id)}
      signInHint={`Log in to send ${member.name} a message.`}
    />
  );
}

function MemberCard({ member }: { member: TPublicUser }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={3}
        sx={{ alignItems: { xs: "flex-start", sm: "center" } }}
      >
        <UserAvatar
          name={member.name}
          src={member.avatarUrl}
          size={AVATAR_SIZE}
          userId={member.id}
        />
        <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
            {member.name}
          </Typography>
          <div>
            <Chip label={member.accountType} />
          </div>
          <MessageAction member={member} />
        </Stack>
      </Stack>
    </Paper>
  );
}

export function UserPage() {
  const { userId = "" } = useParams();
  const member = useQuery({
    queryKey: publicUserKeys.one(userId),
    queryFn: () => getPublicUser(userId),
    enabled: userId !== "",
  });
  const notFound =
    member.error instanceof ApiError &&
    (member.error.status === 404 || member.error.status === 400);

  if (member.data) {
    return (
      <PageFrame title={member.data.name} description="Hostfield member">
        <MemberCard member={member.data} />
      </PageFrame>
    );
  }
  if (notFound) {
    return (
      <PageFrame title="Member not found">
        <NoticePanel
          role="alert"
          icon={<PersonSearchIcon />}
          title={MEMBER_NOT_FOUND}
          actions={
            <Button component={RouterLink} to="/" variant="contained">
              Back to the start
            </Button>
          }
        >
          The member may have hidden their profile, or the address may be mistyped.
        </NoticePanel>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Member">
      {member.isError ? (
        <Alert
          severity="error"
          sx={{ maxWidth: 720 }}
          action={
            <Button color="inherit" size="small" onClick={() => void member.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(member.error, "This member's page did not load.")}
        </Alert>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: 4, maxWidth: 720 }}
          aria-busy="true"
          role="status"
          aria-label="Loading member"
        >
          <Stack direction="row" spacing={3} sx={{ alignItems: "center" }}>
            <Skeleton variant="circular" width={AVATAR_SIZE} height={AVATAR_SIZE} />
            <Stack spacing={1} sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="50%" sx={{ fontSize: 28 }} />
              <Skeleton variant="rounded" width={120} height={32} />
            </Stack>
          </Stack>
        </Paper>
      )}
    </PageFrame>
  );
}
