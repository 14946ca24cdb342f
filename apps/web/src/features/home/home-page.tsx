// /home for signed-in users: what waits for me in each of my roles, the most pressing first
// (home-panels), then the hub (states, sports, what I follow) and my activity feed.
import DashboardIcon from "@mui/icons-material/Dashboard";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useAuth } from "../../lib/auth";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { ActivityFeed } from "./activity-feed";
import { HomePanels } from "./home-panels";
import { useHomeState } from "./home-state";
import { HubTabs } from "./hub-tabs";

export function HomePage() {
  return (
    <PageFrame
      title="Home"
      description="Your hub for events, hosts and what happens around them."
      icon={<DashboardIcon />}
    >
      <RequireSignIn what="your home page">
        <SignedInHome />
      </RequireSignIn>
    </PageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function SignedInHome() {
  const { user } = useAuth();
  const state = useHomeState();
  // RequireSignIn renders this only for a signed-in user.
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <HomePanels userId={user.id} />
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 7fr) minmax(0, 5fr)" },
          alignItems: "start",
        }}
      >
        <Section title="Explore">
          <HubTabs state={state} userId={user.id} />
        </Section>
        <Section title="Activity">
          <ActivityFeed state={state} userId={user.id} />
        </Section>
      </Box>
    </Stack>
  );
}
