// A lightweight map of an event's hotels around its venue: positions drawn to scale on a plain
// background, with no map tiles (nothing is fetched). Each hotel is a numbered link to its page,
// reachable with the keyboard; the venue is a star at the middle.

import type { TEventStayInfo } from "@hostfield/domain/contracts";
import { milesText, profileLink } from "@hostfield/domain/rules";
import PlaceIcon from "@mui/icons-material/Place";
import StarIcon from "@mui/icons-material/Star";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import type { TMatchRow } from "./event-stays-api";

/** Width over height of the drawing. */
const ASPECT = 4 / 3;
/** How far from the middle the farthest marker sits, as a share of the half-width or half-height. */
const REACH = 0.8;

type TPlaced = { row: TMatchRow; number: number; left: number; top: number };

/**
 * Where each hotel with coordinates goes, in percent of the box: around the venue (or the hotels'
 * middle without one), east to the right and north up, one scale on both axes.
 */
export function placeHotels(
  rows: readonly TMatchRow[],
  venue: TEventStayInfo["venue"],
): { placed: TPlaced[]; venue: { left: number; top: number } | null } {
  const located = rows
    .map((row, index) => ({ row, number: index + 1, lat: row.hotel.lat, lng: row.hotel.lng }))
    .filter(
      (p): p is { row: TMatchRow; number: number; lat: number; lng: number } =>
        p.lat !== null && p.lng !== null,
    );
  const all = [...located, ...(venue ? [venue] : [])];
  if (all.length === 0) return { placed: [], venue: null };
  const center = venue ?? {
    lat: all.reduce((sum, p) => sum + p.lat, 0) / all.length,
    lng: all.reduce((sum, p) => sum + p.lng, 0) / all.length,
  };
  const shrink = Math.cos((center.lat * Math.PI) / 180);
  const offsets = located.map((p) => ({
    ...p,
    x: (p.lng - center.lng) * shrink,
    y: p.lat - center.lat,
  }));
  const maxX = Math.max(1e-6, ...offsets.map((p) => Math.abs(p.x)));
  const maxY = Math.max(1e-6, ...offsets.map((p) => Math.abs(p.y)));
  // Units per degree so the farthest point reaches REACH of the half-box on its tighter axis.
  const scale = Math.min((REACH * ASPECT) / maxX, REACH / maxY);
  const at = (x: number, y: number) => ({
    left: 50 + ((x * scale) / ASPECT) * 50,
    top: 50 - y * scale * 50,
  });
  return {
    placed: offsets.map((p) => ({ row: p.row, number: p.number, ...at(p.x, p.y) })),
    venue: venue ? at(0, 0) : null,
  };
}

function distanceText(row: TMatchRow): string {
  return row.distanceMiles === null ? "" : `, ${milesText(row.distanceMiles)} from the venue`;
}

export function HotelsMap({
  rows,
  venue,
}: {
  rows: readonly TMatchRow[];
  venue: TEventStayInfo["venue"];
}) {
  const { placed, venue: venueAt } = placeHotels(rows, venue);
  const missing = rows.length - placed.length;
  if (placed.length === 0) {
    return (
      <Typography color="text.secondary" role="status">
        None of these hotels has a location to draw on the map.
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <Box
        role="region"
        aria-label="Map of the hotels and the venue"
        sx={(theme) => ({
          position: "relative",
          aspectRatio: `${ASPECT}`,
          width: "100%",
          maxHeight: 480,
          borderRadius: 2,
          border: 1,
          borderColor: "divider",
          overflow: "hidden",
          background: theme.palette.mode === "dark" ? "#1f2a33" : "#e8eef2",
        })}
      >
        {venueAt && venue ? (
          <Box
            role="img"
            aria-label={venue.name ? `Venue: ${venue.name}` : "The event's place"}
            title={venue.name ?? "The event's place"}
            sx={{
              position: "absolute",
              left: `${venueAt.left}%`,
              top: `${venueAt.top}%`,
              transform: "translate(-50%, -50%)",
              color: "warning.main",
              display: "grid",
              placeItems: "center",
              "& svg": { fontSize: 36, filter: "drop-shadow(0 1px 2px rgba(0,0,0,0.4))" },
            }}
          >
            <StarIcon />
          </Box>
        ) : null}
        {placed.map(({ row, number, left, top }) => (
          <Link
            key={row.id}
            component={RouterLink}
            to={profileLink("hotel", row.hotel.id)}
            aria-label={`${number}. ${row.hotel.name}${distanceText(row)}`}
            title={row.hotel.name}
            underline="none"
            sx={{
              position: "absolute",
              left: `${left}%`,
              top: `${top}%`,
              transform: "translate(-50%, -50%)",
              width: 32,
              height: 32,
              borderRadius: "50%",
              display: "grid",
              placeItems: "center",
              fontWeight: 700,
              fontSize: 14,
              bgcolor: row.blockId ? "success.main" : "primary.main",
              color: "common.white",
              border: "2px solid rgba(255,255,255,0.9)",
              boxShadow: 2,
              "&:focus-visible": { outline: "3px solid", outlineColor: "text.primary" },
            }}
          >
            {number}
          </Link>
        ))}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        {venue ? (
          <Typography variant="body2" color="text.secondary" sx={{ display: "flex", gap: 0.5 }}>
            <StarIcon fontSize="small" sx={{ color: "warning.main" }} aria-hidden />
            {venue.name}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ display: "flex", gap: 0.5 }}>
          <PlaceIcon fontSize="small" sx={{ color: "success.main" }} aria-hidden />
          Green: group rate for the event
        </Typography>
        {missing > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {missing === 1
              ? "1 hotel has no location and is not drawn."
              : `${missing} hotels have no location and are not drawn.`}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
