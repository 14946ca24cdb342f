// The upsell where a tier matters (the marketplace's hot-lead delay notice, the locked RFP
// marketplace, locked organization stats): what a higher tier opens, with a link to the membership
// section of each of my listings it would help. Shown only when payments are on (GET config) and
// I have such a listing; otherwise nothing, and the page keeps its own text.
import type { TTieredKind } from "@hostfield/domain/contracts";
import { tierAllowsHotLeads, tierAllowsRfpMarketplace } from "@hostfield/domain/rules";
import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremium";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../lib/auth";
import {
  getPaymentsConfig,
  listMyTieredListings,
  paymentsKeys,
  type TMyTieredListing,
} from "./payments-api";
import { HOT_LEADS_TIER, MARKETPLACE_TIER } from "./payments-format";
import { membershipPath } from "./payments-paths";

export type TUpsellNeed = "hotLeads" | "marketplace" | "stats";

/** The most listings the upsell links to. */
const MAX_LINKS = 5;

type TNeed = {
  /** The kinds whose tier opens it (the marketplace and hot leads: destinations and facilities). */
  kinds: readonly TTieredKind[];
  /** Whether a listing's tier lacks it. */
  lacks: (listing: TMyTieredListing) => boolean;
  text: string;
};

const NEEDS: Record<TUpsellNeed, TNeed> = {
  hotLeads: {
    kinds: ["destination", "facility"],
    lacks: (listing) => !tierAllowsHotLeads(listing),
    text: `Upgrade to ${HOT_LEADS_TIER} to see hot requests as soon as they are published.`,
  },
  marketplace: {
    kinds: ["destination", "facility"],
    lacks: (listing) => !tierAllowsRfpMarketplace(listing),
    text: `Choose a ${MARKETPLACE_TIER} plan or higher for your listing to open the RFP marketplace.`,
  },
  stats: {
    kinds: ["destination", "facility", "business"],
    lacks: () => true,
    text: `Choose a plan for your listing, from ${MARKETPLACE_TIER} up, to see organization stats.`,
  },
};

/** Whether payments are on (cached for the session's pages; a failure reads as off). */
export function usePaymentsEnabled(): boolean {
  const config = useQuery({
    queryKey: paymentsKeys.config,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: 5 * 60_000,
  });
  return config.data?.enabled === true;
}

export function MembershipUpsell({ need }: { need: TUpsellNeed }) {
  const { kinds, lacks, text } = NEEDS[need];
  const { user } = useAuth();
  const enabled = usePaymentsEnabled();
  const mine = useQuery({
    queryKey: [...paymentsKeys.myListings(user?.id ?? ""), kinds],
    queryFn: ({ signal }) => listMyTieredListings(kinds, signal),
    enabled: enabled && !!user,
  });
  const listings = (mine.data ?? []).filter(lacks).slice(0, MAX_LINKS);
  if (!enabled || listings.length === 0) return null;
  const only = listings.length === 1;
  return (
    <Alert
      severity="info"
      role="note"
      icon={<WorkspacePremiumIcon fontSize="inherit" />}
      sx={{ textAlign: "start" }}
    >
      {text}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: "wrap" }}>
        {listings.map((listing) => (
          <Button
            key={`${listing.kind}/${listing.id}`}
            component={RouterLink}
            to={membershipPath(listing.kind, listing.id)}
            size="small"
            variant="outlined"
            color="inherit"
          >
            {only ? "See plans" : `See plans for ${listing.name}`}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}
