// /groups and /groups/{id}: the conversation list beside the open conversation on wide screens;
// on phones one at a time, the conversation with a way back to the list.
import ForumIcon from "@mui/icons-material/Forum";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useAuth } from "../../lib/auth";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { useSmallScreen } from "../../ui/use-small-screen";
import { Conversation } from "./conversation";
import { MyGroupInvitations } from "./group-invitations";
import { ThreadList } from "./thread-list";

// The panes fill the window below the page heading, with room for a few lines at least.
const PANE_HEIGHT = { xs: "calc(100dvh - 190px)", md: "calc(100dvh - 250px)" };
const PANE_MIN_HEIGHT = 460;

function Pane({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{
        height: PANE_HEIGHT,
        minHeight: PANE_MIN_HEIGHT,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        minWidth: 0,
      }}
    >
      {children}
    </Paper>
  );
}

function PickAConversation() {
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{
        flexGrow: 1,
        alignItems: "center",
        justifyContent: "center",
        p: 4,
        textAlign: "center",
      }}
    >
      <ForumIcon aria-hidden sx={{ fontSize: 48, color: "primary.main" }} />
      <Typography variant="h6" component="p">
        Pick a conversation
      </Typography>
      <Typography color="text.secondary">
        Choose one from the list, or start a new group.
      </Typography>
    </Stack>
  );
}

function MessagingPanes({ groupId }: { groupId: string | undefined }) {
  const auth = useAuth();
  const small = useSmallScreen();
  // RequireSignIn shows this only with a signed-in user.
  const userId = auth.user?.id;
  if (!userId) return null;

  const conversation = groupId ? (
    <Conversation key={groupId} groupId={groupId} userId={userId} showBack={small} />
  ) : (
    <PickAConversation />
  );
  const list = <ThreadList userId={userId} selectedGroupId={groupId} />;

  if (small) {
    return groupId ? (
      <Pane label="Conversation">{conversation}</Pane>
    ) : (
      <Pane label="Conversations">{list}</Pane>
    );
  }
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(280px, 360px) 1fr", gap: 2 }}>
      <Pane label="Conversations">{list}</Pane>
      <Pane label="Conversation">{conversation}</Pane>
    </Box>
  );
}

export function MessagingPage() {
  const { groupId } = useParams();
  return (
    <PageFrame title="Messaging" description="Group conversations with organizers and hosts.">
      <RequireSignIn what="your messages">
        <MyGroupInvitations quietWhenEmpty />
        <MessagingPanes groupId={groupId} />
      </RequireSignIn>
    </PageFrame>
  );
}
