// The approval queue: pending listings of every kind with what they say about themselves, each
// approved with one click (approval is one-way: the listing goes live).
import DoneAllIcon from "@mui/icons-material/DoneAll";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { removeCachedItem } from "../../lib/offset-pages";
import { NoticePanel } from "../../ui/notice-panel";
import {
  approveListing,
  ListingGroups,
  listingPagePath,
  listingPlace,
  listListings,
  type TListing,
  type TListingKind,
  type TListingLoader,
} from "../account";
import { adminKeys } from "./admin-api";

export const APPROVALS_EMPTY = "Nothing waiting for review";
export const approvedMessage = (name: string) => `${name} is approved and now listed.`;

const loadPending: TListingLoader = (kind, page, signal) =>
  listListings(kind, { status: "pending" }, page, signal);

export function ApprovalsPanel() {
  return (
    <ListingGroups
      queryKey={adminKeys.approvals}
      load={loadPending}
      loadingLabel="Loading the approval queue"
      failedTitle={(kind) => `Pending ${kind.plural.toLowerCase()} did not load.`}
      summary={(total) => (
        <Typography color="text.secondary" role="status">
          {total === 1 ? "1 listing is" : `${total} listings are`} waiting for approval.
        </Typography>
      )}
      empty={
        <NoticePanel role="status" icon={<DoneAllIcon />} title={APPROVALS_EMPTY}>
          Listings submitted for approval, of every kind, show up here.
        </NoticePanel>
      }
      renderRow={(listing, kind, queryKey) => (
        <PendingListing listing={listing} kind={kind} queryKey={queryKey} />
      )}
    />
  );
}

/** Descriptions longer than this start folded. */
const LONG_DESCRIPTION = 280;

function PendingListing({
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
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const approve = useMutation({
    mutationFn: () => approveListing(kind, listing.id),
    onSuccess: () => {
      removeCachedItem(queryClient, queryKey, listing.id);
      // The listings tab and the members' own lists show the status too.
      void queryClient.invalidateQueries({ queryKey: adminKeys.listings });
      void queryClient.invalidateQueries({ queryKey: ["listings"] });
      enqueueSnackbar(approvedMessage(listing.name), { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, `${listing.name} could not be approved. Try again.`), {
        variant: "error",
      }),
  });

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
        <Button
          variant="contained"
          disabled={approve.isPending}
          aria-label={`Approve: ${listing.name}`}
          onClick={() => approve.mutate()}
        >
          {approve.isPending ? "Approving…" : "Approve"}
        </Button>
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
