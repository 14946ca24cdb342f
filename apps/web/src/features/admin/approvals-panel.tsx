// The approval queue: pending listings of every kind, newest submitted first, searched by name and
// filtered by kind (both kept in the address), with how many wait of each kind. Approval is
// one-way (they go live): one is approved with a moment to take it back (Undo) before it is sent,
// several at once after a confirmation. Above them, new stories sent for approval and published
// stories whose authors' changes wait (the stories feature's queues). Each queue is a section
// under its own h2 (the page's h1 above), each item an h3.
import { MAX_BULK_APPROVALS } from "@hostfield/domain/contracts";
import { PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { enumCodec, stringCodec } from "@hostfield/domain/rules";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { removeCachedItem, useOffsetPages } from "../../lib/offset-pages";
import { useQueryParam } from "../../lib/query-params";
import { AdminTable, AdminTableRow } from "../../ui/admin-table";
import { useConfirm } from "../../ui/confirm";
import { SearchBar } from "../../ui/search-bar";
import { UndoableButton, useUndoableAction } from "../../ui/use-undoable-action";
import {
  approveListing,
  getListingKind,
  LISTING_KINDS,
  listingPagePath,
  listingPlace,
  type TListingKind,
} from "../account";
import { PendingStoriesQueue, StoryRevisionsQueue } from "../stories";
import {
  adminKeys,
  approveListings,
  getApprovalCounts,
  listPendingListings,
  type TApprovalsFilter,
  type TBulkApprovalResult,
  type TPendingListing,
} from "./admin-api";

export const APPROVALS_EMPTY = "Nothing waiting for review";
export const LISTINGS_TITLE = "Listings waiting for approval";
export const APPROVALS_NO_MATCH = "No pending listings match";
export const approvedMessage = (name: string) => `${name} is approved and now listed.`;
export const approvingMessage = (name: string) => `Approving ${name}…`;
/** Beside an approval that waits for a possible Undo. */
export const APPROVING_SOON = "Approving in a few seconds";
export const bulkApprovedMessage = (n: number) =>
  n === 1 ? "1 listing is approved and now listed." : `${n} listings are approved and now listed.`;

/** How many pending listings one "Load more" brings. */
export const APPROVALS_PAGE_SIZE = 20;
/** At most this many are approved at once (the server's limit too). */
const MAX_SELECTED = MAX_BULK_APPROVALS;

const ALL = "all";
type TKindFilter = TProfileKind | typeof ALL;
const kindCodec = enumCodec<TKindFilter>([ALL, ...PROFILE_KINDS]);

const withCount = (label: string, n: number | undefined) =>
  n === undefined ? label : `${label} (${n})`;

export function ApprovalsPanel() {
  const [kindName, setKindName] = useQueryParam<TKindFilter>("kind", kindCodec, ALL);
  const [text, setText] = useQueryParam("q", stringCodec, "");
  const [draft, setDraft] = useState(text);
  // Counts follow the words searched, not the kind: the kind filter shows them all.
  const counts = useQuery({
    queryKey: adminKeys.approvalCounts(text),
    queryFn: ({ signal }) => getApprovalCounts(text, signal),
  });
  const filter: TApprovalsFilter = { text, kind: kindName === ALL ? null : kindName };
  const headingId = useId();

  return (
    <Stack spacing={3}>
      <PendingStoriesQueue />
      <StoryRevisionsQueue />
      <Stack component="section" aria-labelledby={headingId} spacing={2}>
        <Typography id={headingId} variant="h6" component="h2">
          {LISTINGS_TITLE}
        </Typography>
        <SearchBar
          ariaLabel="Find pending listings"
          label="Name contains"
          value={draft}
          onChange={setDraft}
          onSubmit={setText}
          minWidth={200}
          before={
            <TextField
              select
              size="small"
              label="Kind"
              value={kindName}
              onChange={(event) => setKindName(event.target.value as TKindFilter)}
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 190 }}
            >
              <option value={ALL}>{withCount("All kinds", counts.data?.total)}</option>
              {LISTING_KINDS.map((option) => (
                <option key={option.kind} value={option.kind}>
                  {withCount(option.plural, counts.data?.kinds[option.kind])}
                </option>
              ))}
            </TextField>
          }
        />
        <PendingQueue key={`${kindName}|${text}`} filter={filter} />
      </Stack>
    </Stack>
  );
}

function queueSummary(count: number, shown: number, filter: TApprovalsFilter): string {
  const kind = filter.kind ? getListingKind(filter.kind) : null;
  const noun = kind
    ? (count === 1 ? kind.label : kind.plural).toLowerCase()
    : count === 1
      ? "listing"
      : "listings";
  const waiting = `${count} ${noun} ${count === 1 ? "is" : "are"} waiting for approval`;
  const matching = filter.text ? ` with "${filter.text}" in the name` : "";
  const showing = shown < count ? ` (showing ${shown})` : "";
  return `${waiting}${matching}.${showing}`;
}

function PendingQueue({ filter }: { filter: TApprovalsFilter }) {
  const queryKey = adminKeys.pending(filter);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const { query, items, count } = useOffsetPages({
    queryKey,
    load: (page, signal) => listPendingListings(filter, page, signal),
    pageSize: APPROVALS_PAGE_SIZE,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<TBulkApprovalResult | null>(null);
  // Only what still shows counts as chosen (a row approved on its own leaves the list).
  const chosen = items.filter((listing) => selected.has(listing.id));
  const allChosen = items.length > 0 && chosen.length === items.length;
  const filtered = Boolean(filter.text || filter.kind);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.approvals });
    // The listings tab and the members' own lists show the status too.
    void queryClient.invalidateQueries({ queryKey: adminKeys.listings });
    void queryClient.invalidateQueries({ queryKey: ["listings"] });
  };
  const bulk = useMutation({
    // The listings themselves, not only their ids: a refusal names them.
    mutationFn: (listings: TPendingListing[]) => approveListings(listings.map((l) => l.id)),
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      setSelected(new Set());
      setOutcome(result);
      refresh();
      if (result.approved.length > 0) {
        enqueueSnackbar(bulkApprovedMessage(result.approved.length), { variant: "success" });
      }
    },
    // Nothing was approved; the list may be out of date (a listing deleted meanwhile).
    onError: refresh,
  });

  const approveChosen = async () => {
    const names = chosen.map((listing) => listing.name);
    const n = names.length;
    const result = await confirm({
      title: n === 1 ? "Approve 1 listing?" : `Approve ${n} listings?`,
      description: (
        <>
          They go live in the marketplace at once and their people are told. Approval cannot be
          undone.
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }}>
            {names.slice(0, 8).map((name, index) => (
              // Names may repeat; their place in the list does not.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while it shows
              <li key={index}>{name}</li>
            ))}
            {n > 8 ? <li>and {n - 8} more</li> : null}
          </Box>
        </>
      ),
      confirmText: n === 1 ? "Approve 1" : `Approve ${n}`,
    });
    if (result === "confirmed") bulk.mutate(chosen);
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack spacing={1.5}>
      {outcome ? <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      {bulk.isError ? (
        <Alert severity="error" onClose={() => bulk.reset()}>
          {bulkRefusal(bulk.error, bulk.variables ?? [])}
        </Alert>
      ) : null}
      <AdminTable
        label={LISTINGS_TITLE}
        items={items}
        rowKey={(listing) => listing.id}
        load={{
          query,
          loadingLabel: "Loading the approval queue",
          failedTitle: "The approval queue did not load",
          more: {
            failedText: "More pending listings did not load.",
            label: "Load more pending listings",
          },
        }}
        empty={
          filtered
            ? {
                icon: <SearchOffIcon />,
                title: APPROVALS_NO_MATCH,
                text: "No listing waiting for approval matches this search.",
              }
            : {
                icon: <DoneAllIcon />,
                title: APPROVALS_EMPTY,
                text: "Listings submitted for approval, of every kind, show up here.",
              }
        }
        summary={queueSummary(count, items.length, filter)}
        toolbar={
          <>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: "center", flexWrap: "wrap" }}
            >
              {/* It selects the rows loaded so far, not every one waiting: it says how many. */}
              <FormControlLabel
                label={`Select all ${items.length} shown`}
                control={
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={(event) =>
                      setSelected(
                        new Set(event.target.checked ? items.map((listing) => listing.id) : []),
                      )
                    }
                  />
                }
              />
              <Typography color="text.secondary" aria-live="polite" sx={{ mr: "auto" }}>
                {chosen.length > 0 ? `${chosen.length} selected` : ""}
              </Typography>
              <Button
                variant="contained"
                startIcon={<DoneAllIcon />}
                disabled={chosen.length === 0 || chosen.length > MAX_SELECTED || bulk.isPending}
                onClick={() => void approveChosen()}
              >
                {bulk.isPending
                  ? "Approving…"
                  : `Approve selected${chosen.length > 0 ? ` (${chosen.length})` : ""}`}
              </Button>
            </Stack>
            {chosen.length > MAX_SELECTED ? (
              <Typography variant="body2" color="error">
                Approve at most {MAX_SELECTED} listings at once.
              </Typography>
            ) : null}
          </>
        }
        row={(listing) => (
          <AdminTableRow
            label={listing.name}
            leading={
              <Checkbox
                checked={selected.has(listing.id)}
                onChange={(event) => toggle(listing.id, event.target.checked)}
                slotProps={{ input: { "aria-label": `Select: ${listing.name}` } }}
                sx={{ mt: -0.5 }}
              />
            }
          >
            <PendingListing
              listing={listing}
              kind={getListingKind(listing.kind)}
              queryKey={queryKey}
            />
          </AdminTableRow>
        )}
      />
    </Stack>
  );
}

/**
 * Why a bulk approval wrote nothing. When some of the chosen listings are gone (deleted since the
 * list loaded), the server refuses them all (404 with their ids): the message names them and says
 * what to do, as the list has been refreshed and the others are still selected.
 */
function bulkRefusal(error: unknown, sent: readonly TPendingListing[]): string {
  const fallback = "The listings could not be approved. Nothing was approved. Try again.";
  if (!(error instanceof ApiError) || error.code !== "PROFILE_NOT_FOUND") {
    return apiErrorMessage(error, fallback);
  }
  const ids = (error.details as { ids?: unknown } | undefined)?.ids;
  const gone = Array.isArray(ids) ? sent.filter((listing) => ids.includes(listing.id)) : [];
  if (gone.length === 0) return apiErrorMessage(error, fallback);
  const names = gone.map((listing) => listing.name).join(", ");
  const left = sent.length - gone.length;
  const them = gone.length === 1 ? `${names} is` : `${names} are`;
  const rest =
    left === 0
      ? ""
      : left === 1
        ? " The other one is still selected: approve it again."
        : ` The other ${left} are still selected: approve them again.`;
  return `Nothing was approved: ${them} no longer in the queue (deleted meanwhile) and left the list.${rest}`;
}

/** What a bulk approval did: how many went live, and which were left alone and why. */
function BulkOutcome({ outcome, onClose }: { outcome: TBulkApprovalResult; onClose: () => void }) {
  const { approved, notApproved } = outcome;
  return (
    <Alert severity={notApproved.length > 0 ? "warning" : "success"} onClose={onClose}>
      {bulkApprovedMessage(approved.length)}
      {notApproved.length > 0 ? (
        <>
          {" "}
          {notApproved.length === 1 ? "1 was not:" : `${notApproved.length} were not:`}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {notApproved.map((listing) => (
              <li key={listing.id}>
                {listing.name}: {listing.reason}
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

/** Descriptions longer than this start folded. */
const LONG_DESCRIPTION = 280;

function PendingListing({
  listing,
  kind,
  queryKey,
}: {
  listing: TPendingListing;
  kind: TListingKind;
  queryKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const approve = useMutation({
    mutationFn: () => approveListing(kind, listing.id),
    onSuccess: () => {
      removeCachedItem(queryClient, queryKey, listing.id);
      // The counts on the kind filter, the listings tab and the members' own lists change too.
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.approvals, "counts"] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.listings });
      void queryClient.invalidateQueries({ queryKey: ["listings"] });
      enqueueSnackbar(approvedMessage(listing.name), { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, `${listing.name} could not be approved. Try again.`), {
        variant: "error",
      }),
  });
  // One-way: sent after a moment in which the admin may take it back.
  const approval = useUndoableAction(() => approve.mutate());

  const where = listingPlace(listing);
  const submitted = formatDate(listing.createdDate);
  const description = listing.description?.trim() ?? "";
  const long = description.length > LONG_DESCRIPTION;
  const contacts = [
    listing.website ? { label: "Website", value: listing.website, href: listing.website } : null,
    listing.email
      ? { label: "E-mail", value: listing.email, href: `mailto:${listing.email}` }
      : null,
    listing.phone ? { label: "Phone", value: listing.phone, href: `tel:${listing.phone}` } : null,
  ].filter((contact) => contact !== null);

  return (
    <Stack
      direction={{ xs: "column", md: "row" }}
      spacing={2}
      sx={{ alignItems: { md: "flex-start" } }}
    >
      <Stack spacing={0.75} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 700, overflowWrap: "anywhere" }}
          >
            {listing.name}
          </Typography>
          <Chip size="small" label={kind.label} />
          {listing.tier ? <Chip size="small" variant="outlined" label={listing.tier} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[where, submitted ? `Submitted ${submitted}` : null].filter(Boolean).join(" · ") ||
            "No place given"}
        </Typography>
        {description ? (
          <Box>
            <Typography
              id={descriptionId}
              variant="body2"
              sx={{
                whiteSpace: "pre-line",
                overflowWrap: "anywhere",
                ...(long && !expanded
                  ? {
                      display: "-webkit-box",
                      WebkitLineClamp: 3,
                      WebkitBoxOrient: "vertical",
                      overflow: "hidden",
                    }
                  : {}),
              }}
            >
              {description}
            </Typography>
            {long ? (
              <Button
                size="small"
                aria-expanded={expanded}
                aria-controls={descriptionId}
                onClick={() => setExpanded((value) => !value)}
                sx={{ px: 0.5, minWidth: 0 }}
              >
                {expanded ? "Show less" : "Show the whole description"}
              </Button>
            ) : null}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
            No description yet.
          </Typography>
        )}
        {listing.sports && listing.sports.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            Sports: {listing.sports.join(", ")}
          </Typography>
        ) : null}
        {contacts.length > 0 ? (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gridTemplateColumns: "auto 1fr",
              columnGap: 1,
              rowGap: 0.25,
              typography: "body2",
              "& dt": { color: "text.secondary" },
              "& dd": { m: 0, minWidth: 0, overflowWrap: "anywhere" },
            }}
          >
            {contacts.map((contact) => (
              <Box key={contact.label} sx={{ display: "contents" }}>
                <dt>{contact.label}</dt>
                <dd>
                  <Link
                    href={contact.href}
                    target={contact.label === "Website" ? "_blank" : undefined}
                    rel={contact.label === "Website" ? "noopener noreferrer" : undefined}
                  >
                    {contact.value}
                  </Link>
                </dd>
              </Box>
            ))}
          </Box>
        ) : null}
      </Stack>
      <Stack
        direction={{ xs: "row", md: "column" }}
        spacing={1}
        useFlexGap
        sx={{ flexShrink: 0, flexWrap: "wrap", alignItems: { md: "stretch" } }}
      >
        <UndoableButton
          label="Approve"
          pendingLabel="Approving…"
          actionName={`Approve: ${listing.name}`}
          undoName={`Undo approving: ${listing.name}`}
          waitingText={APPROVING_SOON}
          waiting={approval.waiting}
          pending={approve.isPending}
          onStart={() => approval.start(approvingMessage(listing.name))}
          onUndo={approval.undo}
        />
        <Button
          component={RouterLink}
          to={listingPagePath(kind, listing.id)}
          variant="outlined"
          aria-label={`Open: ${listing.name}`}
        >
          Open
        </Button>
      </Stack>
    </Stack>
  );
}
