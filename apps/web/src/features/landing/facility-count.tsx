// The landing page's claim of venue discovery, with the network's real number of facilities: the
// facilities marketplace's own public search, one result, read for its count. The server stops
// counting at its cap (SEARCH_COUNT_CAP), so a large network reads "1,000+" and never costs a scan.
import { formatTotal } from "@hostfield/domain/rules";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { MARKETPLACE_KINDS, searchProfiles } from "../marketplace";

const facilities = MARKETPLACE_KINDS.facilities;

/** "Discover venues across 1,000+ facilities"; without a number while it loads or if it fails. */
export function FacilityCount() {
  const total = useQuery({
    queryKey: ["landing", "facility-count"],
    queryFn: ({ signal }) => searchProfiles(facilities, {}, { offset: 0, take: 1 }, { signal }),
    staleTime: 5 * 60_000,
  });
  const count = total.data && total.data.count > 0 ? total.data : null;
  return (
    <Typography color="text.secondary" sx={{ mt: 1.5 }} aria-live="polite">
      {count
        ? `Discover venues across ${formatTotal(count)} ${count.count === 1 && !count.capped ? "facility" : "facilities"} in the network.`
        : "Discover venues across the network's facilities."}
    </Typography>
  );
}
