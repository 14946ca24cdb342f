// How a block is selling, for the event's organizers: night by night a bar of the rooms held with
// the booked part filled in, the totals, the pickup percentage, the comp nights earned, and the
// server's attrition warning when pickup is short close to the cut-off.
import type { TPickup } from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { getPickup, roomsKeys } from "./rooms-api";
import { nightParts } from "./rooms-format";

const BAR_HEIGHT = 120;

/** The bars: held as the whole column, booked as its filled part, the tallest night full height. */
export function PickupChart({ pickup }: { pickup: TPickup }) {
  const most = Math.max(1, ...pickup.nights.map((n) => Math.max(n.held, n.booked)));
  const captionId = useId();
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
      <Typography id={captionId} component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        Pickup per night (held vs booked)
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Stack
          component="ul"
          aria-label="Pickup per night"
          direction="row"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: "none", alignItems: "flex-end", minWidth: "min-content" }}
        >
          {pickup.nights.map((n) => {
            const { weekday, day } = nightParts(n.night);
            const label = `${weekday}, ${day}: ${n.booked} of ${n.held} booked`;
            return (
              <Box
                component="li"
                key={n.night}
                aria-label={label}
                sx={{ width: 44, flexShrink: 0 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    height: BAR_HEIGHT,
                    display: "flex",
                    alignItems: "flex-end",
                    justifyContent: "center",
                  }}
                >
                  <Box
                    sx={{
                      position: "relative",
                      width: 28,
                      height: `${(n.held / most) * 100}%`,
                      minHeight: n.held > 0 ? 2 : 0,
                      bgcolor: "action.selected",
                      borderRadius: "4px 4px 0 0",
                      overflow: "hidden",
                    }}
                  >
                    <Box
                      sx={{
                        position: "absolute",
                        bottom: 0,
                        left: 0,
                        right: 0,
                        height: n.held > 0 ? `${Math.min(100, (n.booked / n.held) * 100)}%` : 0,
                        bgcolor: "primary.main",
                      }}
                    />
                  </Box>
                </Box>
                <Typography
                  variant="caption"
                  aria-hidden
                  sx={{ display: "block", textAlign: "center" }}
                >
                  {n.booked}/{n.held}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  aria-hidden
                  sx={{ display: "block", textAlign: "center", lineHeight: 1.2 }}
                >
                  {weekday}
                  <br />
                  {day}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1 }} aria-hidden>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <Box sx={{ width: 12, height: 12, bgcolor: "primary.main", borderRadius: 0.5 }} />
          <Typography variant="caption">Booked</Typography>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <Box sx={{ width: 12, height: 12, bgcolor: "action.selected", borderRadius: 0.5 }} />
          <Typography variant="caption">Held</Typography>
        </Stack>
      </Stack>
    </Box>
  );
}

export function PickupPanel({ blockId }: { blockId: string }) {
  const pickup = useQuery({
    queryKey: roomsKeys.pickup(blockId),
    queryFn: ({ signal }) => getPickup(blockId, signal),
  });
  if (pickup.isPending) return <ListSkeleton label="Loading the pickup" rows={1} height={160} />;
  if (pickup.isError) {
    return (
      <RetryAlert onRetry={() => void pickup.refetch()}>
        {apiErrorMessage(pickup.error, "The pickup did not load.")}
      </RetryAlert>
    );
  }
  const p = pickup.data;
  return (
    <Stack spacing={2} component="section" aria-label="Pickup">
      {p.attritionWarning ? <Alert severity="warning">{p.attritionWarning}</Alert> : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: "repeat(auto-fit, minmax(110px, 1fr))",
        }}
      >
        {[
          ["Pickup", `${p.pickupPercent}%`],
          ["Booked", `${p.booked} of ${p.held} room nights`],
          ["Comp nights earned", String(p.compNights)],
        ].map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {label}
            </Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {p.nights.length > 0 ? <PickupChart pickup={p} /> : null}
    </Stack>
  );
}
