import SportsScoreIcon from "@mui/icons-material/SportsScore";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";

export function NotFoundPage() {
  return (
    <PageFrame title="Page not found">
      <NoticePanel
        icon={<SportsScoreIcon />}
        title="This page is out of bounds"
        actions={
          <>
            <Button component={RouterLink} to="/" variant="contained">
              Back to the start
            </Button>
            <Button component={RouterLink} to="/events/marketplace" variant="outlined">
              Browse events
            </Button>
          </>
        }
      >
        The address may be mistyped, or the page may have moved.
      </NoticePanel>
    </PageFrame>
  );
}
