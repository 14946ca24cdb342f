// Any listing's tier and active flag, by kind, with a text search and a status filter (all kept
// in the address). Each change is a one-operation JSON Patch.
import {
  PROFILE_KINDS,
  PROFILE_STATUSES,
  TIERS,
  type TProfileKind,
  type TTier,
} from "@hostfield/domain/reference";
import { enumCodec, stringCodec } from "@hostfield/domain/rules";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { replaceCachedItem } from "../../lib/offset-pages";
import { useQueryParam } from "../../lib/query-params";
import { AdminTable, AdminTableRow } from "../../ui/admin-table";
import { SearchBar } from "../../ui/search-bar";
import {
  changeListing,
  getListingKind,
  LISTING_KINDS,
  LISTING_STATUS_LABELS,
  ListingStatusChip,
  listingPagePath,
  listListings,
  type TListing,
  type TListingChange,
  type TListingFilter,
  type TListingKind,
  useListingPages,
} from "../account";
import { adminKeys } from "./admin-api";

const STATUS_FILTERS = ["all", ...PROFILE_STATUSES] as const;
type TStatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_LABELS: Record<TStatusFilter, string> = {
  all: "Any status",
  ...LISTING_STATUS_LABELS,
};
const kindCodec = enumCodec(PROFILE_KINDS);
const statusCodec = enumCodec(STATUS_FILTERS);
const NO_TIER = "";

export const LISTINGS_EMPTY = "No listings match";

export function ListingsPanel() {
  const [kindName, setKindName] = useQueryParam<TProfileKind>("kind", kindCodec, "hotel");
  const [status, setStatus] = useQueryParam("status", statusCodec, "all");
  const [text, setText] = useQueryParam("q", stringCodec, "");
  const [draft, setDraft] = useState(text);
  const kind = getListingKind(kindName);

  return (
    <Stack spacing={2}>
      <SearchBar
        ariaLabel="Find listings"
        label="Name contains"
        value={draft}
        onChange={setDraft}
        onSubmit={setText}
        minWidth={200}
        before={
          <>
            <TextField
              select
              size="small"
              label="Kind"
              value={kindName}
              onChange={(event) => setKindName(event.target.value as TProfileKind)}
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 190 }}
            >
              {LISTING_KINDS.map((option) => (
                <option key={option.kind} value={option.kind}>
                  {option.plural}
                </option>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.target.value as TStatusFilter)}
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 170 }}
            >
              {STATUS_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {STATUS_LABELS[option]}
                </option>
              ))}
            </TextField>
          </>
        }
      />
      <ListingTable
        key={`${kindName}|${status}|${text}`}
        kind={kind}
        filter={{ text: text || undefined, status: status === "all" ? undefined : status }}
      />
    </Stack>
  );
}

function ListingTable({ kind, filter }: { kind: TListingKind; filter: TListingFilter }) {
  const queryKey = [...adminKeys.listings, kind.kind, filter];
  const { query, items, count } = useListingPages(queryKey, (page, signal) =>
    listListings(kind, filter, page, signal),
  );

  return (
    <AdminTable
      label={kind.plural}
      items={items}
      rowKey={(listing) => listing.id}
      load={{
        query,
        loadingLabel: "Loading listings",
        failedTitle: "The listings did not load",
        more: { failedText: "More listings did not load." },
      }}
      empty={{
        icon: <SearchOffIcon />,
        title: LISTINGS_EMPTY,
        text: `No ${kind.plural.toLowerCase()} match these filters.`,
      }}
      summary={`Showing ${items.length} of ${count} ${kind.plural.toLowerCase()}`}
      row={(listing) => <ListingRow listing={listing} kind={kind} queryKey={queryKey} />}
    />
  );
}

function changedMessage(name: string, change: TListingChange): string {
  if (change.path === "/isActive") {
    return change.value
      ? `${name} is active again.`
      : `${name} is inactive and hidden from the marketplace.`;
  }
  return change.value ? `${name} is now ${String(change.value)}.` : `${name} has no tier now.`;
}

function ListingRow({
  listing,
  kind,
  queryKey,
}: {
  listing: TListing;
  kind: TListingKind;
  queryKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const change = useMutation({
    mutationFn: (next: TListingChange) => changeListing(kind, listing.id, next),
    onSuccess: (updated, next) => {
      replaceCachedItem(queryClient, queryKey, { ...listing, ...updated });
      enqueueSnackbar(changedMessage(listing.name, next), { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, `${listing.name} could not be changed. Try again.`), {
        variant: "error",
      }),
  });
  // While a change is on its way, the control shows what was asked for.
  const asked = change.isPending ? change.variables : undefined;
  const tier = asked?.path === "/tier" ? (asked.value as TTier | null) : listing.tier;
  const active = asked?.path === "/isActive" ? (asked.value as boolean) : listing.isActive;

  return (
    <AdminTableRow
      label={listing.name}
      actions={
        <>
          <TextField
            select
            size="small"
            label="Tier"
            value={tier ?? NO_TIER}
            disabled={change.isPending}
            onChange={(event) => {
              const value = event.target.value;
              change.mutate({ path: "/tier", value: value === NO_TIER ? null : (value as TTier) });
            }}
            slotProps={{
              select: { native: true },
              htmlInput: { "aria-label": `Tier of ${listing.name}` },
            }}
            sx={{ minWidth: 130 }}
          >
            <option value={NO_TIER}>No tier</option>
            {TIERS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </TextField>
          <FormControlLabel
            label="Active"
            sx={{ mr: 0 }}
            control={
              <Switch
                checked={active}
                disabled={change.isPending}
                onChange={(event) =>
                  change.mutate({ path: "/isActive", value: event.target.checked })
                }
                slotProps={{ input: { "aria-label": `Active: ${listing.name}` } }}
              />
            }
          />
        </>
      }
    >
      <Link
        component={RouterLink}
        to={listingPagePath(kind, listing.id)}
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
      >
        {listing.name}
      </Link>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: "wrap" }}>
        <Chip size="small" label={kind.label} />
        <ListingStatusChip listing={listing} />
        {listing.isActive ? null : <Chip size="small" color="default" label="Inactive" />}
      </Stack>
    </AdminTableRow>
  );
}
