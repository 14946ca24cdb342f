// The map view of a marketplace (lazy-loaded): every matching profile as a marker, loaded in the
// server's largest pages up to a step at a time, clustered, each linking to its profile page.
import type { TProfileSearchFilter } from "@hostfield/domain/contracts";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { fetchMapConfig, NO_MAP_TILES } from "../../lib/auth/client-config";
import { profilePath } from "../marketplace/card-display";
import type { TClientFilter } from "../marketplace/marketplace-filters";
import type { TMarketplaceKind } from "../marketplace/marketplace-kinds";
import { type TMapPoint, useMapPoints } from "./map-points";
import { MapView } from "./map-view";

export const MAP_CONFIG_KEY = ["client-config", "map"] as const;

const linkFor = (point: TMapPoint) => profilePath(point);

export function useMapTiles() {
  return useQuery({
    queryKey: MAP_CONFIG_KEY,
    queryFn: ({ signal }) => fetchMapConfig(signal),
    staleTime: Infinity,
    // Without the setting the map still works, on a plain background.
    retry: false,
  });
}

export default function MarketplaceMap({
  kind,
  filter,
  clientFilter,
}: {
  kind: TMarketplaceKind;
  filter: TProfileSearchFilter;
  clientFilter: TClientFilter | null;
}) {
  const tiles = useMapTiles();
  const data = useMapPoints(kind, filter, clientFilter);
  const near = filter.near;
  const center: [number, number] | undefined =
    near?.lat !== undefined && near.lng !== undefined ? [near.lat, near.lng] : undefined;

  if (data.isPending || tiles.isPending) {
    return (
      <Skeleton
        variant="rectangular"
        aria-label="Loading the map"
        sx={{ height: { xs: 420, md: 600 }, borderRadius: 2 }}
      />
    );
  }

  if (data.error && data.points.length === 0) {
    const placeMissing = data.error instanceof ApiError && data.error.code === "PLACE_NOT_FOUND";
    return (
      <NoticePanel
        role="alert"
        icon={<ReportProblemIcon />}
        title={
          placeMissing
            ? "We could not find that place"
            : `The map of ${kind.noun.many} did not load`
        }
        actions={
          placeMissing ? null : (
            <Button variant="contained" onClick={data.retry}>
              Retry
            </Button>
          )
        }
      >
        {placeMissing
          ? 'Try a city and state such as "Austin, TX", or a ZIP code.'
          : apiErrorMessage(data.error, "Check your connection and try again.")}
      </NoticePanel>
    );
  }

  const without = data.loaded - data.points.length;
  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          {data.count === 0
            ? `No ${kind.noun.many} match your search. Try a wider radius or fewer filters.`
            : `${data.points.length.toLocaleString("en-US")} of ${data.count.toLocaleString("en-US")} ${kind.noun.many} on the map${
                without > 0 && !clientFilter
                  ? ` (${without.toLocaleString("en-US")} without a location)`
                  : ""
              }`}
        </Typography>
        {data.canShowMore ? (
          <Button size="small" variant="outlined" onClick={data.showMore}>
            Show more on the map
          </Button>
        ) : null}
      </Stack>
      {data.isLoadingMore ? <LinearProgress aria-label={`Loading more ${kind.noun.many}`} /> : null}
      {data.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={data.retry}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(data.error, `Some ${kind.noun.many} could not be loaded.`)}
        </Alert>
      ) : null}
      <MapView
        points={data.points}
        tiles={tiles.data ?? NO_MAP_TILES}
        linkFor={linkFor}
        center={center}
        label={`Map of ${kind.noun.many}`}
      />
      {tiles.data?.tileUrl ? null : (
        <Typography variant="caption" color="text.secondary">
          No map tiles are configured on this server, so the markers show on a plain background.
        </Typography>
      )}
    </Stack>
  );
}
