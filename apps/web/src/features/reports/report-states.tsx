// What a dashboard shows instead of a report: a skeleton while it loads, and why it did not (not
// a manager of the listing, the organization stats gate (with the plans of my listings when payments
// are on), a listing that is not there, or a failure with Retry).
import EventBusyIcon from "@mui/icons-material/EventBusy";
import LockIcon from "@mui/icons-material/Lock";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { ApiError } from "../../lib/api";
import { NoticePanel } from "../../ui/notice-panel";
import { LoadFailedPanel } from "../../ui/query-states";
import { MembershipUpsell } from "../payments";

export const REPORT_FORBIDDEN = "Only the listing's owners and managers see its reports";
export const STATS_LOCKED = "Organization stats come with a membership";
export const REPORT_NOT_FOUND = "This listing was not found";
export const RANGE_REFUSED = "These days cannot be reported";

export function ReportSkeleton({ label = "Loading the report" }: { label?: string }) {
  return (
    <Stack spacing={2} role="status" aria-label={label}>
      <Stack direction="row" spacing={2}>
        {[0, 1, 2].map((tile) => (
          <Skeleton key={tile} variant="rounded" height={104} sx={{ flex: 1 }} />
        ))}
      </Stack>
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}

export function ReportFailure({
  error,
  onRetry,
  failedTitle = "The report did not load",
}: {
  error: unknown;
  onRetry: () => void;
  failedTitle?: string;
}) {
  if (error instanceof ApiError && error.code === "ORGANIZATION_STATS_LOCKED") {
    return (
      <Stack spacing={2}>
        <NoticePanel role="alert" icon={<LockIcon />} title={STATS_LOCKED}>
          {error.message}
        </NoticePanel>
        <MembershipUpsell need="stats" />
      </Stack>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return (
      <NoticePanel role="alert" icon={<LockIcon />} title={REPORT_FORBIDDEN}>
        Ask one of its owners to add you as a manager.
      </NoticePanel>
    );
  }
  if (error instanceof ApiError && error.code === "REPORT_RANGE_INVALID") {
    return (
      <NoticePanel role="alert" icon={<EventBusyIcon />} title={RANGE_REFUSED}>
        {error.message}
      </NoticePanel>
    );
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <NoticePanel role="alert" icon={<SearchOffIcon />} title={REPORT_NOT_FOUND}>
        It may have been removed, or the address is mistyped.
      </NoticePanel>
    );
  }
  return <LoadFailedPanel title={failedTitle} error={error} onRetry={onRetry} />;
}
