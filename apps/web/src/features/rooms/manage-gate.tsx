// The door of every rooms page: signed in, the listing found, and I manage it (its
// `profile.update` ability: a hotel's managers, an event's organizers). Anyone else gets an honest
// panel instead of a page that fails call by call.
import { profileLink } from "@hostfield/domain/rules";
import LockIcon from "@mui/icons-material/Lock";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import {
  getListingAbilities,
  getManagedListing,
  roomsKeys,
  type TManagedKind,
  type TManagedListing,
} from "./rooms-api";

export const MANAGE_ABILITY = "profile.update";

const WORDS: Record<TManagedKind, { label: string; people: string }> = {
  hotel: { label: "hotel", people: "managers" },
  event: { label: "event", people: "organizers" },
};

export const managersOnlyTitle = (kind: TManagedKind, what: string) =>
  `Only the ${WORDS[kind].label}'s ${WORDS[kind].people} can ${what}`;

function Gate({
  kind,
  id,
  what,
  children,
}: {
  kind: TManagedKind;
  id: string;
  what: string;
  children: (listing: TManagedListing) => ReactNode;
}) {
  const auth = useAuth();
  const viewer = auth.user?.id ?? "anonymous";
  const listing = useQuery({
    queryKey: roomsKeys.listing(kind, id),
    queryFn: ({ signal }) => getManagedListing(kind, id, signal),
  });
  const abilities = useQuery({
    queryKey: roomsKeys.access(kind, id, viewer),
    queryFn: ({ signal }) => getListingAbilities(kind, id, signal),
  });
  const missing = [listing.error, abilities.error].some(
    (error) => error instanceof ApiError && (error.status === 404 || error.status === 400),
  );
  if (missing) {
    return (
      <NoticePanel
        role="alert"
        icon={<SearchOffIcon />}
        title={`This ${WORDS[kind].label} was not found`}
      >
        It may have been removed, or the address is mistyped.
      </NoticePanel>
    );
  }
  const failed = listing.isError ? listing : abilities.isError ? abilities : null;
  if (failed) {
    return (
      <LoadFailedPanel
        title={`The ${WORDS[kind].label} did not load`}
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (!listing.data || !abilities.data) {
    return <ListSkeleton label={`Loading the ${WORDS[kind].label}`} rows={4} height={72} />;
  }
  if (!abilities.data.includes(MANAGE_ABILITY)) {
    return (
      <NoticePanel
        icon={<LockIcon />}
        title={managersOnlyTitle(kind, what)}
        actions={
          <Button component={RouterLink} to={profileLink(kind, id)} variant="outlined">
            Back to {listing.data.name}
          </Button>
        }
      >
        Ask one of its {WORDS[kind].people} to add you to the {WORDS[kind].label}.
      </NoticePanel>
    );
  }
  return children(listing.data);
}

/** The page's content once I am known to manage the listing `id` of `kind`. */
export function ManageGate(props: {
  kind: TManagedKind;
  id: string;
  /** Completes "Only the hotel's managers can …". */
  what: string;
  /** Completes "Sign in to see …". */
  seeWhat: string;
  children: (listing: TManagedListing) => ReactNode;
}) {
  const { seeWhat, ...gate } = props;
  return (
    <RequireSignIn what={seeWhat}>
      <Gate {...gate} />
    </RequireSignIn>
  );
}

/** "For Harbor Inn", linking back to the listing's page. */
export function ListingLine({ kind, listing }: { kind: TManagedKind; listing: TManagedListing }) {
  return (
    <>
      For{" "}
      <Link component={RouterLink} to={profileLink(kind, listing.id)}>
        {listing.name}
      </Link>
    </>
  );
}
