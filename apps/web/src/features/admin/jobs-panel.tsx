// The background jobs: how many jobs wait, run, wait for later and failed in each queue, and the
// newest failures with their error and a "Run again" button. Refreshed every 15 seconds while open.
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { NoticePanel } from "../../ui/notice-panel";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { adminKeys, getJobs, retryJob, type TJobsOverview } from "./admin-api";
import { AdminRow } from "./admin-row";

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

function QueueTable({ queues }: { queues: TJobsOverview["queues"] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        Queues
      </Typography>
      {/* On a phone the table scrolls sideways instead of squeezing its numbers. */}
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: "auto" }}>
        <Table size="small" aria-labelledby={`${id}-title`}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Queue</TableCell>
              <TableCell scope="col" align="right">
                Waiting
              </TableCell>
              <TableCell scope="col" align="right">
                Running
              </TableCell>
              <TableCell scope="col" align="right">
                Later
              </TableCell>
              <TableCell scope="col" align="right">
                Failed
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {queues.map((q) => (
              <TableRow key={q.name}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: "anywhere" }}>
                  {q.name}
                </TableCell>
                <TableCell align="right">{q.queued}</TableCell>
                <TableCell align="right">{q.active}</TableCell>
                <TableCell align="right">{q.deferred}</TableCell>
                <TableCell
                  align="right"
                  sx={q.failed > 0 ? { color: "error.main", fontWeight: 600 } : undefined}
                >
                  {q.failed}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function FailureList({ failures }: { failures: TFailure[] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        Last failures
      </Typography>
      {failures.length === 0 ? (
        <NoticePanel role="status" icon={<TaskAltIcon />} title={NO_FAILURES}>
          Jobs that run out of retries are kept here with their error, to run again.
        </NoticePanel>
      ) : (
        <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {failures.map((failure) => (
            <FailureItem key={`${failure.queue}/${failure.id}`} failure={failure} />
          ))}
        </Paper>
      )}
    </Box>
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
    <AdminRow label={`${failure.queue} job ${failure.id}`}>
      <Stack direction="row" spacing={1.5} sx={{ minWidth: 0, flexGrow: 1 }}>
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
      <Button
        variant="outlined"
        startIcon={<ReplayIcon />}
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
        sx={{ alignSelf: { xs: "flex-start", sm: "center" }, flexShrink: 0 }}
      >
        {retry.isPending ? "Running…" : "Run again"}
      </Button>
    </AdminRow>
  );
}
