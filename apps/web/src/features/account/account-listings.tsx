// The account's "My listings" and "Liked and followed" tabs: every kind, grouped, with links.
import AddIcon from "@mui/icons-material/Add";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import StorefrontIcon from "@mui/icons-material/Storefront";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { NoticePanel } from "../../ui/notice-panel";
import { ListingGroups, ListingStatusChip } from "./listing-groups";
import {
  listingPagePath,
  listingPlace,
  loadMyListings,
  loadMyReacted,
  type TListing,
  type TListingKind,
} from "./listing-kinds";

export const MY_LISTINGS_EMPTY = "You have no listings yet";
export const CREATE_LISTING = "Create a listing";
export const REACTED_EMPTY = "Nothing liked or followed yet";

export const accountListingKeys = {
  mine: (userId: string) => ["listings", "my", userId] as const,
  reacted: (userId: string) => ["listings", "reacted", userId] as const,
};

function ListingLinkRow({ listing, kind }: { listing: TListing; kind: TListingKind }) {
  const where = listingPlace(listing);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={listing.logo ?? undefined}
        alt=""
        sx={{ bgcolor: "primary.main", width: 40, height: 40 }}
      >
        {listing.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={listingPagePath(kind, listing.id)}
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {listing.name}
        </Link>
        {where ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {where}
          </Typography>
        ) : null}
      </Box>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={0.5}
        sx={{ alignItems: "flex-end", flexShrink: 0 }}
      >
        <Chip size="small" label={kind.label} />
        <ListingStatusChip listing={listing} />
      </Stack>
    </Stack>
  );
}

export function MyListings({ userId }: { userId: string }) {
  return (
    <Stack spacing={2}>
      <Box>
        <Button
          component={RouterLink}
          to="/listings/new"
          variant="contained"
          startIcon={<AddIcon />}
        >
          {CREATE_LISTING}
        </Button>
      </Box>
      <ListingGroups
        queryKey={accountListingKeys.mine(userId)}
        load={loadMyListings}
        loadingLabel="Loading your listings"
        failedTitle={(kind) => `Your ${kind.plural.toLowerCase()} did not load.`}
        summary={(total) => (
          <Typography color="text.secondary" role="status">
            {total === 1 ? "You belong to 1 listing." : `You belong to ${total} listings.`} New ones
            show as pending until an admin approves them.
          </Typography>
        )}
        empty={
          <NoticePanel role="status" icon={<StorefrontIcon />} title={MY_LISTINGS_EMPTY}>
            Hotels, venues, events and organizations you create or manage show up here.
          </NoticePanel>
        }
        renderRow={(listing, kind) => <ListingLinkRow listing={listing} kind={kind} />}
      />
    </Stack>
  );
}

export function LikedAndFollowed({ userId }: { userId: string }) {
  return (
    <ListingGroups
      queryKey={accountListingKeys.reacted(userId)}
      load={loadMyReacted}
      loadingLabel="Loading what you like and follow"
      failedTitle={(kind) =>
        `The ${kind.plural.toLowerCase()} you ${kind.reaction === "likes" ? "like" : "follow"} did not load.`
      }
      empty={
        <NoticePanel role="status" icon={<FavoriteBorderIcon />} title={REACTED_EMPTY}>
          Like hotels, facilities, businesses and events, or follow destinations, companies and
          event organizations, and you will find them here.
        </NoticePanel>
      }
      renderRow={(listing, kind) => <ListingLinkRow listing={listing} kind={kind} />}
    />
  );
}
