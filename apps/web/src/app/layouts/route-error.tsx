// Shown in place of a page that failed to render or whose code failed to load (e.g. after a deploy).
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Button from "@mui/material/Button";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "The page could not be loaded.";
  return (
    <PageFrame title="Something went wrong">
      <NoticePanel
        role="alert"
        icon={<ReportProblemIcon />}
        title="This page did not load"
        actions={
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try again
          </Button>
        }
      >
        {detail} Check your connection and try again.
      </NoticePanel>
    </PageFrame>
  );
}
