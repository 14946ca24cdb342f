import DashboardIcon from "@mui/icons-material/Dashboard";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { PageFrame } from "../../app/layouts/page-frame";
import { RequireSignIn } from "../../app/layouts/require-sign-in";
import { FIND_EVENT_HOST_PATH } from "../marketplace/marketplace-sections";

export function HomePage() {
  return (
    <PageFrame title="Home" description="Your hub for events, hosts and conversations.">
      <RequireSignIn what="your home page">
        <NoticePanel
          icon={<DashboardIcon />}
          title="Your hub is empty for now"
          actions={
            <>
              <Button component={RouterLink} to="/events/marketplace" variant="contained">
                Look for events
              </Button>
              <Button component={RouterLink} to={FIND_EVENT_HOST_PATH} variant="outlined">
                Find new event host
              </Button>
            </>
          }
        >
          Follow events, organizers and hosts and their news will gather here.
        </NoticePanel>
      </RequireSignIn>
    </PageFrame>
  );
}
