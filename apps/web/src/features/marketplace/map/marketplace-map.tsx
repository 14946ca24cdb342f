// The map view of a marketplace (lazy-loaded): the matching profiles in the part of the map on
// screen, searched again when a move or zoom settles, clustered, each linking to its profile page.

import type { TProfileSearchFilter } from "@hostfield/domain/contracts";
import { isShortlistKind } from "@hostfield/domain/reference";
import { formatCount } from "@hostfield/domain/rules";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiErrorMessage } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { fetchMapConfig, NO_MAP_TILES } from "../../../lib/auth/client-config";
import { NoticePanel } from "../../../ui/notice-panel";
import { SaveToShortlist } from "../../shortlists";
import { profilePath } from "../card-display";
import type { TMarketplaceKind } from "../marketplace-kinds";
import { basemapSource } from "./basemap-source";
import {
  areaOf,
  holds,
  isWorld,
  nextArea,
  type TMapArea,
  type TMapView,
  VIEW_SETTLE_MS,
  WORLD,
} from "./map-area";
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
}: {
  kind: TMarketplaceKind;
  filter: TProfileSearchFilter;
}) {
  const tiles = useMapTiles();
  const auth = useAuth();
  const [area, setArea] = useState<TMapArea | null>(null);
  // What is on screen: the area searched may be larger (padding, or the world).
  const [visible, setVisible] = useState<TMapArea | null>(null);
  const data = useMapPoints(kind, filter, area);
  const complete = useRef(data.complete);
  complete.current = data.complete;
  // The first view is searched at once; later ones once the map has rested (a wheel zoom or a
  // few arrow-key pans are one search, of where they ended).
  const first = useRef(true);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const onViewChange = useCallback((view: TMapView) => {
    setVisible(areaOf(view));
    const search = () =>
      setArea((current) =>
        nextArea(current ? { area: current, complete: complete.current } : null, view),
      );
    clearTimeout(settle.current);
    if (first.current) {
      first.current = false;
      search();
    } else {
      settle.current = setTimeout(search, VIEW_SETTLE_MS);
    }
  }, []);

  // Until a point has shown, an area without any widens to the world once: the matches may lie
  // off screen (the map then fits itself to them).
  const [found, setFound] = useState(false);
  const nothingHere = data.complete && data.count === 0;
  useEffect(() => {
    if (data.points.length > 0) setFound(true);
    else if (!found && area && nothingHere && !isWorld(area)) setArea(WORLD);
  }, [data.points.length, found, area, nothingHere]);

  const near = filter.near;
  const center: [number, number] | undefined =
    near?.lat !== undefined && near.lng !== undefined ? [near.lat, near.lng] : undefined;

  if (tiles.isPending) {
    return (
      <Skeleton
        variant="rectangular"
        aria-label="Loading the map"
        role="status"
        sx={{ height: { xs: 420, md: 600 }, borderRadius: 2 }}
      />
    );
  }

  // No place, no search: nothing to show wherever the map is moved.
  if (data.error instanceof ApiError && data.error.code === "PLACE_NOT_FOUND") {
    return (
      <NoticePanel role="alert" icon={<ReportProblemIcon />} title="We could not find that place">
        Try a city and state such as "Austin, TX", or a ZIP code.
      </NoticePanel>
    );
  }

  const n = formatCount;
  const widening = !found && area !== null && !isWorld(area) && nothingHere;
  // With every match of the area loaded, those on screen can be counted exactly.
  const onScreen = visible
    ? data.points.filter((point) => holds(visible, point)).length
    : data.points.length;
  const status =
    data.error && data.points.length === 0
      ? `The ${kind.noun.many} here did not load`
      : data.isSearching || widening
        ? `Looking for ${kind.noun.many}…`
        : data.count === 0 && area && isWorld(area)
          ? `No ${kind.noun.many} match your search. Try a wider radius or fewer filters.`
          : data.complete
            ? onScreen === 0
              ? `No ${kind.noun.many} in this part of the map. Move the map or zoom out to see more.`
              : `${n(onScreen)} ${onScreen === 1 ? kind.noun.one : kind.noun.many} in this area`
            : `${n(data.points.length)} of ${n(data.count)} ${kind.noun.many} in this area: zoom in to see them all`;

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          {status}
        </Typography>
        {data.canShowMore ? (
          <Button size="small" variant="outlined" onClick={data.showMore}>
            Show more on the map
          </Button>
        ) : null}
      </Stack>
      {data.isLoading ? <LinearProgress aria-label={`Loading ${kind.noun.many}`} /> : null}
      {data.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={data.retry}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(data.error, `The ${kind.noun.many} here could not be loaded.`)}
        </Alert>
      ) : null}
      <MapView
        points={data.points}
        tiles={tiles.data ?? NO_MAP_TILES}
        linkFor={linkFor}
        actionFor={(point) =>
          isShortlistKind(point.kind) ? (
            <SaveToShortlist kind={point.kind} id={point.id} name={point.name} />
          ) : null
        }
        center={center}
        radiusMiles={near?.dist ?? undefined}
        label={`Map of ${kind.noun.many}`}
        kinds={[kind.kind]}
        onViewChange={onViewChange}
      />
      {basemapSource(tiles.data ?? NO_MAP_TILES).kind !== "builtin" || !auth.isAdmin ? null : (
        // For the people who run the site: visitors see a whole map either way.
        <Typography variant="caption" color="text.secondary">
          No street map is configured on this server (MAP_PMTILES_URL or MAP_TILE_URL), so the map
          draws its own basemap: outlines, lakes and cities, without streets.
        </Typography>
      )}
    </Stack>
  );
}
