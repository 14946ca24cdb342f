// The background jobs: how many jobs wait, run, wait for later and failed in each queue, and the
// newest failures with their error and a "Run again" button. Refreshed every 15 seconds while open.
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { AdminTable, AdminTableRow, type TAdminColumn } from "../../ui/admin-table";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { adminKeys, getJobs, retryJob, type TJobsOverview } from "./admin-api";

/** How often the counts refresh while the tab is open. */
export const JOBS_REFRESH_MS = 15_000;
export const JOBS_EMPTY = "No background jobs yet";
export const NO_FAILURES = "No failed jobs";

type TFailure = TJobsOverview["failures"][number];

export function JobsPanel() {
  const query = useQuery({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: JOBS_REFRESH_MS,
  });
  const queues = query.data?.queues ?? [];
  const failures = query.data?.failures ?? [];
  return (
    <QueryStates
      query={query}
      isEmpty={queues.length === 0}
      loadingLabel="Loading the job queues"
      skeleton={{ rows: 3 }}
      failedTitle="The job queues did not load"
      empty={{
        icon: <TaskAltIcon />,
        title: JOBS_EMPTY,
        text: "Event deliveries and upkeep (pruning old sign-in records and events) show up here once the server has run them.",
      }}
    >
      {() => (
        <Stack spacing={3}>
          {query.isError ? (
            <RetryAlert onRetry={() => void query.refetch()}>
              {apiErrorMessage(query.error, "The counts did not refresh.")}
            </RetryAlert>
          ) : null}
          <QueueTable queues={queues} />
          <FailureList failures={failures} />
        </Stack>
      )}
    </QueryStates>
  );
}

const QUEUE_COLUMNS: readonly TAdminColumn<TJobsOverview["queues"][number]>[] = [
  { key: "name", label: "Queue", rowHeader: true, cell: (q) => q.name },
  { key: "queued", label: "Waiting", align: "right", cell: (q) => q.queued },
  { key: "active", label: "Running", align: "right", cell: (q) => q.active },
  { key: "deferred", label: "Later", align: "right", cell: (q) => q.deferred },
  {
    key: "failed",
    label: "Failed",
    align: "right",
    cell: (q) => q.failed,
    cellSx: (q) => (q.failed > 0 ? { color: "error.main", fontWeight: 600 } : undefined),
  },
];

/** A part of the panel under its own heading, which names what it holds. */
function JobsSection({
  title,
  children,
}: {
  title: string;
  children: (titleId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children(`${id}-title`)}
    </Box>
  );
}

function QueueTable({ queues }: { queues: TJobsOverview["queues"] }) {
  return (
    <JobsSection title="Queues">
      {(titleId) => (
        <AdminTable
          labelledBy={titleId}
          items={queues}
          rowKey={(q) => q.name}
          columns={QUEUE_COLUMNS}
          empty={JOBS_EMPTY}
        />
      )}
    </JobsSection>
  );
}

function FailureList({ failures }: { failures: TFailure[] }) {
  return (
    <JobsSection title="Last failures">
      {(titleId) => (
        <AdminTable
          labelledBy={titleId}
          items={failures}
          rowKey={(failure) => `${failure.queue}/${failure.id}`}
          empty={{
            icon: <TaskAltIcon />,
            title: NO_FAILURES,
            text: "Jobs that run out of retries are kept here with their error, to run again.",
          }}
          row={(failure) => <FailureItem failure={failure} />}
        />
      )}
    </JobsSection>
  );
}

function FailureItem({ failure }: { failure: TFailure }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const retry = useMutation({
    mutationFn: () => retryJob(failure),
    onSuccess: () => {
      enqueueSnackbar(`The ${failure.queue} job runs again.`, { variant: "success" });
    },
    onError: (error) => {
      enqueueSnackbar(apiErrorMessage(error, "The job could not be run again. Try again."), {
        variant: "error",
      });
    },
    // Either way the list is stale: the job left it, or someone else ran it first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
  });
  const when = formatDateTime(failure.failedDate);
  return (
    <AdminTableRow
      label={`${failure.queue} job ${failure.id}`}
      actions={
        <Button
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? "Running…" : "Run again"}
        </Button>
      }
    >
      <Stack direction="row" spacing={1.5}>
        <ErrorOutlineIcon color="error" sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {failure.queue}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {when ? `Failed ${when}` : "Failed"} after {failure.retries}{" "}
            {failure.retries === 1 ? "retry" : "retries"}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{ m: 0, mt: 0.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {failure.error || "No error was recorded."}
          </Typography>
        </Box>
      </Stack>
    </AdminTableRow>
  );
}
