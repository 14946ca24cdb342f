// /shortlists/{id}: one of my shortlists compared side by side, with rename, delete, the share
// link (copy, new link, stop sharing) and "Send a request to all N" (the request wizard, set to
// send straight to every listed venue on it).
import type { TShortlistRow } from "@hostfield/domain/contracts";
import BookmarksIcon from "@mui/icons-material/Bookmarks";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { SHORTLISTS_PATH, sharedShortlistPath, shortlistRequestPath } from "../../lib/paths";
import { useConfirm } from "../../ui/confirm";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { CompareView } from "./compare-view";
import { DistanceFrom, useDistanceFrom } from "./distance-from";
import { NameDialog } from "./name-dialog";
import { removeFromShortlist, shortlistKeys } from "./save-api";
import {
  deleteShortlist,
  getShortlist,
  renameShortlist,
  setSharing,
  type TShortlistDetail,
} from "./shortlists-api";

const sendLabel = (n: number) => (n === 1 ? "Send a request to it" : `Send a request to all ${n}`);

function ShareLink({ list }: { list: TShortlistDetail }) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const share = useMutation({
    mutationFn: (on: boolean) => setSharing(list.id, on),
    onSuccess: () => void client.invalidateQueries({ queryKey: shortlistKeys.all }),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The link was not changed."), { variant: "error" }),
  });
  if (!list.shareToken) {
    return (
      <Button variant="outlined" onClick={() => share.mutate(true)} disabled={share.isPending}>
        Share a read-only link
      </Button>
    );
  }
  const url = `${window.location.origin}${sharedShortlistPath(list.shareToken)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar("Link copied.", { variant: "success" });
    } catch {
      enqueueSnackbar("Copy the link from the box.", { variant: "info" });
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label="Read-only link"
        value={url}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        <Button size="small" variant="contained" onClick={() => void copy()}>
          Copy link
        </Button>
        <Button size="small" onClick={() => share.mutate(true)} disabled={share.isPending}>
          New link
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => share.mutate(false)}
          disabled={share.isPending}
        >
          Stop sharing
        </Button>
      </Stack>
    </Stack>
  );
}

function Shortlist({ id }: { id: string }) {
  const from = useDistanceFrom();
  const client = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [renaming, setRenaming] = useState(false);
  const detail = useQuery({
    queryKey: shortlistKeys.detail(id, from),
    queryFn: ({ signal }) => getShortlist(id, from, signal),
    placeholderData: (previous) => previous,
  });
  const refresh = () => client.invalidateQueries({ queryKey: shortlistKeys.all });
  const remove = useMutation({
    mutationFn: (row: TShortlistRow) => removeFromShortlist(id, row.id),
    onSuccess: () => void refresh(),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "It was not removed."), { variant: "error" }),
  });
  const drop = useMutation({
    mutationFn: () => deleteShortlist(id),
    onSuccess: () => {
      void refresh();
      void navigate(SHORTLISTS_PATH);
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The shortlist was not deleted."), {
        variant: "error",
      }),
  });

  if (detail.isPending) return <ListSkeleton label="Loading the shortlist" rows={4} height={72} />;
  if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <NoticePanel
        role="status"
        icon={<BookmarksIcon />}
        title="Shortlist not found"
        actions={
          <Button component={RouterLink} to={SHORTLISTS_PATH}>
            My shortlists
          </Button>
        }
      >
        It was deleted, or it is someone else's.
      </NoticePanel>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <LoadFailedPanel
        title="The shortlist did not load"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const list = detail.data;
  const sendable = list.rows.filter((row) => row.listed).length;
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {list.name}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setRenaming(true)}>Rename</Button>
          <Button
            color="error"
            disabled={drop.isPending}
            onClick={async () => {
              const result = await confirm({
                title: `Delete ${list.name}?`,
                description: "The list and its share link go; the venues stay listed.",
                confirmText: "Delete shortlist",
                confirmButtonType: "danger",
              });
              if (result === "confirmed") drop.mutate();
            }}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
      {detail.isError ? (
        <Alert severity="error">
          {apiErrorMessage(detail.error, "The comparison did not refresh.")}
        </Alert>
      ) : null}
      <Stack
        direction={{ xs: "column", md: "row" }}
        spacing={2}
        sx={{ alignItems: { md: "flex-start" }, justifyContent: "space-between" }}
      >
        <DistanceFrom />
        {sendable > 0 ? (
          <Button
            component={RouterLink}
            to={shortlistRequestPath(list.id)}
            variant="contained"
            startIcon={<RequestQuoteIcon />}
          >
            {sendLabel(sendable)}
          </Button>
        ) : null}
      </Stack>
      {list.origin ? (
        <Typography variant="body2" color="text.secondary">
          Distances from {list.origin.label}, as the crow flies.
        </Typography>
      ) : null}
      {list.rows.length === 0 ? (
        <NoticePanel role="status" icon={<BookmarksIcon />} title="Nothing saved here yet">
          Use Save on a facility's or destination's card, map window or page to add it to this list.
        </NoticePanel>
      ) : (
        <CompareView rows={list.rows} onRemove={(row) => remove.mutate(row)} />
      )}
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Share
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Anyone with the link sees the public facts of these venues, without your notes. A new link
          ends the old one.
        </Typography>
        <ShareLink list={list} />
      </Stack>
      {renaming ? (
        <NameDialog
          title="Rename the shortlist"
          submitText="Rename"
          initial={list.name}
          save={(name) => renameShortlist(list.id, name)}
          onSaved={() => {
            setRenaming(false);
            void refresh();
          }}
          onClose={() => setRenaming(false)}
        />
      ) : null}
    </Stack>
  );
}

export function ShortlistPage() {
  const { shortlistId } = useParams();
  return (
    <PageFrame title="Compare venues" icon={<BookmarksIcon />}>
      <RequireSignIn what="your shortlist">
        <Shortlist id={shortlistId ?? ""} />
      </RequireSignIn>
    </PageFrame>
  );
}
