// /destinations/{id}/crm: a destination's CRM for its managers (the manage menu's "CRM"): a tab
// per connection with its setup (choose the pipeline, test the credentials), sync now, switch off
// or disconnect, and its sync log a page at a time; and a tab to connect a CRM (a signed webhook,
// HubSpot or Salesforce). Secrets are written here and never shown again (only their last four).
import {
  CRM_CONNECTOR_LABELS,
  CRM_CONNECTORS,
  CRM_SECRET_LABELS,
  type TCrmConnectorKind,
  type TDestinationCrm,
} from "@hostfield/domain/contracts";
import AddLinkIcon from "@mui/icons-material/AddLink";
import HistoryIcon from "@mui/icons-material/History";
import LockIcon from "@mui/icons-material/Lock";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { ListingNotFound } from "../../ui/listing-not-found";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel, QueryStates } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import {
  CRM_LOG_PAGE,
  createCrm,
  crmKeys,
  deleteCrm,
  listCrmAccounts,
  listCrmLogs,
  listCrms,
  setCrmEnabled,
  setUpCrm,
  syncCrm,
} from "./crm-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NEW_TAB = "new";
const SETUP_LABELS = { pending: "Not set up", ready: "Ready", failed: "Test failed" } as const;
const SETUP_COLORS = { pending: "default", ready: "success", failed: "error" } as const;
const LOG_COLORS = { succeeded: "success", retrying: "warning", failed: "error" } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

// ---- the log ----

function SyncLog({ destinationId, crmId }: { destinationId: string; crmId: string }) {
  const [page, setPage] = useState(0);
  const logs = useQuery({
    queryKey: crmKeys.logs(destinationId, crmId, page),
    queryFn: ({ signal }) => listCrmLogs(destinationId, crmId, page, signal),
    // A change syncs in the background: the log catches up on its own.
    refetchInterval: 3000,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
  const items = logs.data?.items ?? [];
  return (
    <Stack spacing={1} component="section" aria-label="Sync log">
      <Typography variant="h6" component="h3">
        Sync log
      </Typography>
      <QueryStates
        query={logs}
        isEmpty={items.length === 0}
        loadingLabel="Loading the sync log"
        failedTitle="The sync log did not load"
        empty={{
          icon: <HistoryIcon />,
          title: "Nothing synced yet",
          text: "Every sync shows here: when, which way, what it sent and any error from the CRM.",
        }}
      >
        {() => (
          <Paper variant="outlined">
            <Table size="small" aria-label="Sync log entries">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Direction</TableCell>
                  <TableCell>Started by</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Created · updated · unchanged · failed</TableCell>
                  <TableCell>Error</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((log) => (
                  <TableRow key={log.id}>
                    <TableCell>{when(log.createdDate)}</TableCell>
                    <TableCell>{log.direction === "check" ? "Test" : "To the CRM"}</TableCell>
                    <TableCell>
                      {log.trigger === "change"
                        ? "A lead changed"
                        : log.trigger === "manual"
                          ? "Sync now"
                          : "Setup"}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={LOG_COLORS[log.status]} label={log.status} />
                      {log.attempt > 1 ? ` (attempt ${log.attempt})` : ""}
                    </TableCell>
                    <TableCell>
                      {`${log.counts.created} · ${log.counts.updated} · ${log.counts.unchanged} · ${log.counts.failed}`}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 320, overflowWrap: "anywhere" }}>
                      {log.error ?? ""}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={logs.data?.count ?? 0}
              page={page}
              rowsPerPage={CRM_LOG_PAGE}
              rowsPerPageOptions={[CRM_LOG_PAGE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          </Paper>
        )}
      </QueryStates>
    </Stack>
  );
}

// ---- one connection ----

function Connection({ crm }: { crm: TDestinationCrm }) {
  const { destinationId, id } = crm;
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const hosted = crm.connector !== "webhook";
  const [accountId, setAccountId] = useState(crm.mapping?.accountId ?? "");
  const accounts = useQuery({
    queryKey: crmKeys.accounts(destinationId, id),
    queryFn: ({ signal }) => listCrmAccounts(destinationId, id, signal),
    enabled: hosted,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: crmKeys.list(destinationId) });
  const refreshLogs = () =>
    queryClient.invalidateQueries({ queryKey: ["crm", destinationId, id, "logs"] });
  const failed = (fallback: string) => (error: unknown) => {
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });
    void refresh();
    void refreshLogs();
  };
  const setup = useMutation({
    mutationFn: () => setUpCrm(destinationId, id, hosted && accountId ? { accountId } : {}),
    onSuccess: () => {
      enqueueSnackbar("The connection works: leads will sync.", { variant: "success" });
      void refresh();
      void refreshLogs();
    },
    onError: failed("The test failed."),
  });
  const sync = useMutation({
    mutationFn: () => syncCrm(destinationId, id),
    onSuccess: () => {
      enqueueSnackbar("Sync started: the log shows it when done.", { variant: "info" });
      setTimeout(() => void refreshLogs(), 1500);
    },
    onError: failed("The sync could not start."),
  });
  const toggle = useMutation({
    mutationFn: () => setCrmEnabled(destinationId, id, !crm.isEnabled),
    onSuccess: () => void refresh(),
    onError: failed("The connection could not be changed."),
  });
  const remove = useMutation({
    mutationFn: () => deleteCrm(destinationId, id),
    onSuccess: () => {
      enqueueSnackbar(`${crm.name} was disconnected.`, { variant: "success" });
      void refresh();
    },
    onError: failed("The connection could not be removed."),
  });
  const busy = setup.isPending || sync.isPending || toggle.isPending || remove.isPending;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          <Typography variant="h5" component="h2">
            {crm.name}
          </Typography>
          <Chip size="small" label={CRM_CONNECTOR_LABELS[crm.connector]} />
          <Chip
            size="small"
            color={SETUP_COLORS[crm.setupStatus]}
            label={SETUP_LABELS[crm.setupStatus]}
          />
          {crm.isEnabled ? null : <Chip size="small" label="Switched off" />}
        </Stack>
        <Typography color="text.secondary">
          {crm.settings.url ? `Sends to ${crm.settings.url}. ` : ""}
          {`${CRM_SECRET_LABELS[crm.connector]}: ${crm.hasSecret ? `saved, ending ${crm.secretLast4 ?? "…"}` : "none"}. `}
          {`${crm.syncedLeads} lead${crm.syncedLeads === 1 ? "" : "s"} synced.`}
        </Typography>
        {crm.setupError ? <Alert severity="error">{crm.setupError}</Alert> : null}
      </Stack>
      {hosted ? (
        accounts.isError ? (
          <Alert severity="warning">
            {apiErrorMessage(accounts.error, "The CRM's pipelines did not load.")}
          </Alert>
        ) : (
          <TextField
            select
            label={crm.connector === "hubspot" ? "Deal pipeline" : "Object"}
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            disabled={accounts.isPending}
            helperText="Where leads go; their status picks the stage."
            sx={{ maxWidth: 360 }}
          >
            {(accounts.data?.items ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
        )
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" onClick={() => setup.mutate()} disabled={busy}>
          {crm.setupStatus === "ready" ? "Test again" : "Set up and test"}
        </Button>
        <Button
          variant="outlined"
          startIcon={<SyncAltIcon />}
          onClick={() => sync.mutate()}
          disabled={busy || crm.setupStatus !== "ready" || !crm.isEnabled}
        >
          Sync now
        </Button>
        <Button onClick={() => toggle.mutate()} disabled={busy}>
          {crm.isEnabled ? "Switch off" : "Switch on"}
        </Button>
        <Button
          color="error"
          disabled={busy}
          onClick={async () => {
            const result = await confirm({
              title: `Disconnect ${crm.name}?`,
              description: "Its log goes too. Nothing is deleted in the CRM.",
              confirmText: "Disconnect",
              confirmButtonType: "danger",
            });
            if (result === "confirmed") remove.mutate();
          }}
        >
          Disconnect
        </Button>
      </Stack>
      <SyncLog destinationId={destinationId} crmId={id} />
    </Stack>
  );
}

// ---- connecting one ----

function ConnectForm({
  destinationId,
  onConnected,
}: {
  destinationId: string;
  onConnected: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [connector, setConnector] = useState<TCrmConnectorKind>("webhook");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [clientId, setClientId] = useState("");
  const [secret, setSecret] = useState("");
  const create = useMutation({
    mutationFn: () =>
      createCrm(destinationId, {
        connector,
        name: name.trim() || CRM_CONNECTOR_LABELS[connector],
        secret,
        url: connector === "webhook" ? url.trim() : null,
        clientId: connector === "salesforce" ? clientId.trim() : null,
      }),
    onSuccess: async (crm) => {
      setSecret("");
      enqueueSnackbar(`${crm.name} is connected. Set it up and test it next.`, {
        variant: "success",
      });
      await queryClient.invalidateQueries({ queryKey: crmKeys.list(destinationId) });
      onConnected(crm.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      aria-label="Connect a CRM"
      sx={{ maxWidth: 560 }}
    >
      <Typography color="text.secondary">
        Leads that reach this destination, their status changes, proposals and awards are copied to
        the CRM on every change.
      </Typography>
      <TextField
        select
        label="Connector"
        value={connector}
        onChange={(event) => setConnector(event.target.value as TCrmConnectorKind)}
      >
        {CRM_CONNECTORS.map((c) => (
          <MenuItem key={c} value={c}>
            {CRM_CONNECTOR_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      {connector === "webhook" ? (
        <TextField
          label="Webhook address"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          helperText="Each POST is signed: HMAC-SHA256 of “timestamp.body” with the shared secret."
        />
      ) : null}
      {connector === "salesforce" ? (
        <TextField
          label="Consumer key"
          required
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
        />
      ) : null}
      <TextField
        label={CRM_SECRET_LABELS[connector]}
        type="password"
        required
        autoComplete="new-password"
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        helperText="Stored encrypted; never shown again."
      />
      {create.isError ? (
        <Alert severity="error">
          {apiErrorMessage(create.error, "The CRM could not be connected.")}
        </Alert>
      ) : null}
      <div>
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddLinkIcon />}
          disabled={create.isPending}
        >
          Connect
        </Button>
      </div>
    </Stack>
  );
}

// ---- the page ----

function CrmConnections({ destinationId }: { destinationId: string }) {
  const crms = useQuery({
    queryKey: crmKeys.list(destinationId),
    queryFn: ({ signal }) => listCrms(destinationId, signal),
  });
  const [tab, setTab] = useState<string | null>(null);
  if (crms.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading the CRM connections">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (crms.isError) {
    if (crms.error instanceof ApiError && crms.error.status === 403) {
      return (
        <NoticePanel icon={<LockIcon />} title="Managers only">
          Only the destination's owners and managers connect its CRM.
        </NoticePanel>
      );
    }
    if (crms.error instanceof ApiError && [400, 404].includes(crms.error.status))
      return <ListingNotFound title="This destination was not found" />;
    return (
      <LoadFailedPanel
        title="The CRM connections did not load"
        error={crms.error}
        onRetry={() => void crms.refetch()}
      />
    );
  }
  const items = crms.data.items;
  const current =
    tab && (tab === NEW_TAB || items.some((c) => c.id === tab)) ? tab : (items[0]?.id ?? NEW_TAB);
  const shown = items.find((c) => c.id === current);
  return (
    <Stack spacing={3}>
      <Tabs
        value={current}
        onChange={(_event, value: string) => setTab(value)}
        variant="scrollable"
        aria-label="CRM connections"
      >
        {items.map((c) => (
          <Tab key={c.id} value={c.id} label={c.name} />
        ))}
        <Tab value={NEW_TAB} label="Connect a CRM" icon={<AddLinkIcon />} iconPosition="start" />
      </Tabs>
      {shown ? (
        <Connection key={shown.id} crm={shown} />
      ) : (
        <ConnectForm destinationId={destinationId} onConnected={setTab} />
      )}
    </Stack>
  );
}

export function CrmPage() {
  const { id = "" } = useParams();
  return (
    <PageFrame
      title="CRM"
      description="Send the destination's leads to its CRM and see every sync."
      icon={<SyncAltIcon />}
    >
      <RequireSignIn what="the destination's CRM">
        {UUID.test(id) ? (
          <CrmConnections destinationId={id} />
        ) : (
          <ListingNotFound title="This destination was not found" />
        )}
      </RequireSignIn>
    </PageFrame>
  );
}
