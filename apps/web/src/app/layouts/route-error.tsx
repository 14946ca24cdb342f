// Shown in place of a page that failed to render or whose code failed to load. Code that failed
// to load is most often a deploy: the page's chunk was replaced by a new version's. The page then
// reloads once by itself (the new version's code comes with it); if that did not help, it says a
// new version is available and offers to reload.
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import SystemUpdateAltIcon from "@mui/icons-material/SystemUpdateAlt";
import Button from "@mui/material/Button";
import { type ReactNode, useEffect, useState } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { PageLoading } from "../../ui/page-loading";

/** How browsers and Vite say a module or its styles could not be fetched. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(`${error.name} ${error.message}`);
}

/** The page's reload, behind an object tests can watch. */
export const page = { reload: () => window.location.reload() };

/** When this tab last reloaded for a chunk; within the window it does not again (no loop). */
const RELOADED_KEY = "hostfield.chunk-reload";
const RELOAD_WINDOW_MS = 30_000;

/** Whether this tab may reload for a failed chunk now, noting that it does. */
function takeChunkReload(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
    return true;
  } catch {
    // No storage (private modes): no way to know whether it already tried, so it does not.
    return false;
  }
}

/** The frame both answers share: the page's title, and a panel saying what happened with one action. */
function ErrorPage(props: {
  title: string;
  panelTitle: string;
  icon: ReactNode;
  action: string;
  children: ReactNode;
}) {
  return (
    <PageFrame title={props.title}>
      <NoticePanel
        role="alert"
        icon={props.icon}
        title={props.panelTitle}
        actions={
          <Button variant="contained" onClick={() => page.reload()}>
            {props.action}
          </Button>
        }
      >
        {props.children}
      </NoticePanel>
    </PageFrame>
  );
}

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && takeChunkReload(Date.now()));
  useEffect(() => {
    if (reloading) page.reload();
  }, [reloading]);
  if (reloading) return <PageLoading />;
  if (chunk) {
    return (
      <ErrorPage
        title="A new version is available"
        panelTitle="Hostfield has been updated"
        icon={<SystemUpdateAltIcon />}
        action="Reload"
      >
        A new version of Hostfield is available. Reload to get it; nothing you saved is lost.
      </ErrorPage>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "The page could not be loaded.";
  return (
    <ErrorPage
      title="Something went wrong"
      panelTitle="This page did not load"
      icon={<ReportProblemIcon />}
      action="Try again"
    >
      {detail} Check your connection and try again.
    </ErrorPage>
  );
}
