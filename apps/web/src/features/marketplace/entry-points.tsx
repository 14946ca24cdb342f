// Ways in when nothing is chosen yet: the sport categories and the states with landing content
// (spec §3, §9). Each is a link that sets filters, so it can be opened in a new tab or shared.

import {
  LANDING_STATES,
  MARKETPLACE_CATEGORIES,
  type TLandingStateEntry,
  type TMarketplaceCategoryEntry,
} from "@hostfield/domain/reference";
import { encodeQuery, featuredStatesOn, todayUtc } from "@hostfield/domain/rules";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import SportsIcon from "@mui/icons-material/Sports";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { MARKETPLACE_QUERY_CODECS, type TMarketplaceQuery } from "./marketplace-filters";
import type { TMarketplaceKind } from "./marketplace-kinds";

/**
 * The states' tiles: today's FEATURED_STATE_COUNT featured states first (featuredStatesOn), then
 * the other flagged states, then the rest, each group in the reference order.
 */
export function orderedStates(featured: ReadonlySet<string>): readonly TLandingStateEntry[] {
  const rank = (state: TLandingStateEntry) =>
    featured.has(state.name) ? 0 : state.featured ? 1 : 2;
  return [...LANDING_STATES].sort((a, b) => rank(a) - rank(b));
}

/** Featured categories first. */
export const ORDERED_CATEGORIES: readonly TMarketplaceCategoryEntry[] = [
  ...MARKETPLACE_CATEGORIES.filter((category) => category.featured),
  ...MARKETPLACE_CATEGORIES.filter((category) => !category.featured),
];

/** The filters a category sets: its sports, and its age group where the kind filters by age. */
export function categoryQuery(
  category: TMarketplaceCategoryEntry,
  kind: TMarketplaceKind,
): TMarketplaceQuery {
  const query: TMarketplaceQuery = { sports: [...category.sports] };
  if (category.ageGroup && kind.filters.includes("ageGroup")) query.ageGroup = category.ageGroup;
  return query;
}

/**
 * The address of the marketplace at `path` (this page when empty) with `query` (and the current
 * view and order) applied.
 */
function hrefOf(base: TMarketplaceQuery, query: TMarketplaceQuery, path = ""): string {
  const params = new URLSearchParams(
    encodeQuery({ view: base.view, sort: base.sort, ...query }, MARKETPLACE_QUERY_CODECS),
  );
  return `${path}?${params.toString()}`;
}

/** Tiles a wide screen shows before scrolling a row: their pictures load at once, the rest lazily. */
const FIRST_TILES = 6;

/** A picture that quietly gives way to the tile's colour when it cannot be loaded. */
function TileImage({
  src,
  width,
  height,
  index,
}: {
  src: string;
  width: number;
  height: number;
  /** Position in its row; the first ones are in view, often the largest paint of the page. */
  index: number;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      loading={index < FIRST_TILES ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }}
    />
  );
}

function Row({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: "grid",
          gridAutoFlow: "column",
          gridAutoColumns: { xs: "42%", sm: "28%", md: "19%", lg: "15.5%" },
          gap: 1.5,
          m: 0,
          p: 0,
          pb: 1,
          listStyle: "none",
          overflowX: "auto",
          scrollSnapType: "x mandatory",
          "& > li": { scrollSnapAlign: "start" },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

const tileSx = {
  position: "relative",
  display: "flex",
  alignItems: "flex-end",
  // Lower on a phone, so the results' first card still starts in the first screen below them.
  height: { xs: 64, sm: 96 },
  borderRadius: 2,
  overflow: "hidden",
  color: "common.white",
  textDecoration: "none",
  "&:focus-visible": {
    outline: 3,
    outlineColor: "primary.main",
    outlineStyle: "solid",
    outlineOffset: 2,
  },
} as const;

const shadeSx = {
  position: "relative",
  width: "100%",
  p: 1.25,
  background: "linear-gradient(transparent, rgba(0,0,0,0.7))",
} as const;

export type TEntryRow = "sports" | "states";

export function EntryPoints({
  kind,
  query,
  path = "",
  rows = ["sports", "states"],
  stateHref,
}: {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  /** The marketplace the tiles open; this page when not given (home links to a marketplace). */
  path?: string;
  rows?: readonly TEntryRow[];
  /** Where a state tile leads instead of this marketplace narrowed to it (home: the state's page). */
  stateHref?: (state: TLandingStateEntry) => string;
}) {
  const featured = featuredStatesOn(LANDING_STATES, todayUtc());
  return (
    <Stack spacing={2.5}>
      {kind.sportCategories && rows.includes("sports") ? (
        <Row title="Browse by sport">
          {ORDERED_CATEGORIES.map((category, index) => (
            <li key={category.name}>
              <Box
                component={RouterLink}
                to={hrefOf(query, categoryQuery(category, kind), path)}
                sx={(theme) => ({
                  ...tileSx,
                  bgcolor: category.featured
                    ? theme.palette.primary.dark
                    : alpha(theme.palette.primary.dark, 0.75),
                })}
              >
                <TileImage src={category.headerImage} width={240} height={96} index={index} />
                <SportsIcon
                  aria-hidden
                  sx={{ position: "absolute", top: 10, right: 10, opacity: 0.5 }}
                />
                <Box sx={shadeSx}>
                  <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{category.name}</Typography>
                </Box>
              </Box>
            </li>
          ))}
        </Row>
      ) : null}
      {rows.includes("states") ? (
        <Row title="Browse by state">
          {orderedStates(featured).map((state, index) => (
            <li key={state.name}>
              <Stack spacing={0.5}>
                <Box
                  component={RouterLink}
                  to={stateHref?.(state) ?? hrefOf(query, { states: [state.name] }, path)}
                  sx={(theme) => ({ ...tileSx, bgcolor: theme.palette.secondary.dark })}
                >
                  <TileImage src={state.headerImage} width={240} height={96} index={index} />
                  <Box sx={shadeSx}>
                    <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{state.name}</Typography>
                  </Box>
                  {/* After the name: the link is named by what it shows, "Alabama Featured". */}
                  {featured.has(state.name) ? (
                    <Chip
                      label="Featured"
                      size="small"
                      color="warning"
                      sx={{ position: "absolute", top: 8, left: 8, fontWeight: 700 }}
                    />
                  ) : null}
                </Box>
                {state.featuredVideo ? (
                  <Link
                    href={state.featuredVideo}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="body2"
                    sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
                  >
                    <OndemandVideoIcon aria-hidden fontSize="small" />
                    Watch {state.name} video
                  </Link>
                ) : null}
              </Stack>
            </li>
          ))}
        </Row>
      ) : null}
    </Stack>
  );
}
