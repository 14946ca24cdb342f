// The states every query-driven list shows before and around its rows: a skeleton while the first
// page loads, a panel with Retry when it failed, an empty panel, and the "Load more" footer with
// its own Retry.
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { SxProps, Theme } from "@mui/material/styles";
import { lazy, type ReactNode, Suspense } from "react";
import { apiErrorMessage } from "../lib/api";
import { NoticePanel } from "./notice-panel";

// MUI's Alert (about 2 kB gzipped) loads when a failure is to be shown: most pages never show one.
const Alert = lazy(() => import("@mui/material/Alert"));

export const RETRY_HINT = "Check your connection and try again.";

export type TSkeletonShape = {
  /** 3 unless told. */
  rows?: number;
  /** Each row a rounded block this tall (56 unless told)... */
  height?: number;
  /** ...or a picture of this shape beside two lines of text. */
  avatar?: "circular" | "rounded";
};

/** Placeholder rows, announced by `label` ("Loading members"). */
export function ListSkeleton({
  label,
  rows = 3,
  height = 56,
  avatar,
}: TSkeletonShape & { label: string }) {
  const keys = Array.from({ length: rows }, (_, row) => row);
  return (
    <Stack spacing={avatar ? 1.5 : 1} role="status" aria-label={label}>
      {keys.map((row) =>
        avatar ? (
          <Stack key={row} direction="row" spacing={2} sx={{ alignItems: "center", px: 1 }}>
            <Skeleton variant={avatar} width={40} height={40} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="45%" />
              <Skeleton variant="text" width="75%" />
            </Box>
          </Stack>
        ) : (
          <Skeleton key={row} variant="rounded" height={height} />
        ),
      )}
    </Stack>
  );
}

/** What failed, the server's reason (or how to recover), and Retry. */
export function LoadFailedPanel({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <NoticePanel
      role="alert"
      icon={<ReportProblemIcon />}
      title={title}
      actions={
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {apiErrorMessage(error, RETRY_HINT)}
    </NoticePanel>
  );
}

/** A failure inside a page that still shows other things: one line with Retry. */
export function RetryAlert({
  onRetry,
  children,
  sx,
}: {
  onRetry: () => void;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Suspense fallback={null}>
      <Alert
        severity="error"
        sx={sx}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {children}
      </Alert>
    </Suspense>
  );
}

export type TEmptyNotice = {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
};

/** The parts of a query these states read (a plain or an infinite query). */
export type TListQueryState = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The first load, its failure and an empty list, or else the list itself (`children`, called only
 * then). A failed refresh of a list that has rows keeps showing them.
 */
export function QueryStates({
  query,
  isEmpty,
  loadingLabel,
  skeleton,
  failedTitle,
  empty,
  children,
}: {
  query: TListQueryState;
  isEmpty: boolean;
  loadingLabel: string;
  skeleton?: TSkeletonShape;
  failedTitle: string;
  empty: TEmptyNotice;
  children: () => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} {...skeleton} />;
  if (query.isError && isEmpty) {
    return (
      <LoadFailedPanel
        title={failedTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty) {
    return (
      <NoticePanel role="status" icon={empty.icon} title={empty.title} actions={empty.actions}>
        {empty.text}
      </NoticePanel>
    );
  }
  return children();
}

/** The parts of an infinite query the footer reads. */
export type TNextPageState = {
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** "Load more" under a paged list; when the next page failed, why, with Retry instead. */
export function LoadMoreFooter({
  query,
  failedText,
  label = "Load more",
  sx,
}: {
  query: TNextPageState;
  /** "More members did not load." */
  failedText: string;
  label?: string;
  sx?: SxProps<Theme>;
}) {
  const more = () => void query.fetchNextPage();
  if (query.isFetchNextPageError) {
    return (
      <RetryAlert onRetry={more} sx={sx}>
        {apiErrorMessage(query.error, failedText)}
      </RetryAlert>
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <Box sx={[{ display: "flex", justifyContent: "center" }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button variant="outlined" disabled={query.isFetchingNextPage} onClick={more}>
        {query.isFetchingNextPage ? "Loading…" : label}
      </Button>
    </Box>
  );
}
