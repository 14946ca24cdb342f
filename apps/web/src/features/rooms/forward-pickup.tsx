// The hotel's forward pickup (the blocks page's "Forward pickup" view, its managers): each open
// block as its cut-off approaches: night by night the rooms held with the booked part filled in and
// what goes back to the hotel at the cut-off, the days left, and the forecast: what will be booked
// at the cut-off if bookings go on at their recent pace (the server's, from rules/block-forecast).
import type { TForwardBlock } from "@hostfield/domain/contracts";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { QueryStates } from "../../ui/query-states";
import { visuallyHidden } from "../../ui/visually-hidden";
import { getForwardPickup, roomsKeys } from "./rooms-api";
import { formatDay, formatNight, plural } from "./rooms-format";

export const NO_OPEN_BLOCKS = "No open blocks";

const roomNights = (n: number) => plural(n, "room night");

/** "today", "tomorrow", "in 12 days". */
export function cutoffIn(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

/** A room-nights-a-day figure: one decimal, none when whole. */
const perDay = (n: number) => (Math.round(n * 10) / 10).toString();

/** What the forecast says, in words: the pace it was read over and what it leads to. */
export function forecastText(block: TForwardBlock): string {
  if (block.forecast === null || block.pace === null) {
    return "Nothing can be booked until the block is accepted.";
  }
  const over =
    block.pace.days === 1 ? "today's pace" : `the pace of the last ${block.pace.days} days`;
  const rate = perDay(block.pace.perDay);
  const back = block.forecastRelease ?? 0;
  return `At ${over} (${rate} room night${rate === "1" ? "" : "s"} a day), about ${block.forecast} of ${roomNights(block.held)} will be booked by the cut-off and ${back === 0 ? "none" : roomNights(back)} will go back to the hotel.`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
        {detail ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {` ${detail}`}
          </Typography>
        ) : null}
      </Typography>
    </Box>
  );
}

/** A night's bar: held as the track, booked filled in (the table's figures say the same). */
function NightBar({ held, booked }: { held: number; booked: number }) {
  const share = held > 0 ? Math.min(100, (booked / held) * 100) : 0;
  return (
    <Box
      aria-hidden
      sx={{
        height: 10,
        minWidth: 60,
        borderRadius: 5,
        bgcolor: "action.selected",
        overflow: "hidden",
      }}
    >
      <Box sx={{ height: "100%", width: `${share}%`, bgcolor: "primary.main" }} />
    </Box>
  );
}

export function ForwardBlockCard({ block }: { block: TForwardBlock }) {
  const titleId = useId();
  // On a phone the figures say it all: the bars would squeeze the table past the screen's width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Typography id={titleId} variant="h6" component="h3">
              {block.event.name}
            </Typography>
            <Chip
              size="small"
              label={block.status}
              color={block.status === "Accepted" ? "success" : "default"}
            />
          </Stack>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" },
            }}
          >
            <Figure
              label="Cut-off"
              value={formatDay(block.cutoffDate)}
              detail={`(${cutoffIn(block.daysToCutoff)})`}
            />
            <Figure
              label="Booked"
              value={`${block.booked} of ${roomNights(block.held)}`}
              detail={`(${block.pickupPercent}%)`}
            />
            <Figure label="To release at the cut-off" value={roomNights(block.toRelease)} />
            <Figure
              label="Forecast at the cut-off"
              value={
                block.forecast === null
                  ? "—"
                  : `${block.forecast} booked, ${block.forecastRelease ?? 0} released`
              }
            />
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TrendingUpIcon fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" color="text.secondary">
              {forecastText(block)}
            </Typography>
          </Stack>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={`Nights of the block for ${block.event.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Night</TableCell>
                  <TableCell align="right">Held</TableCell>
                  <TableCell align="right">Booked</TableCell>
                  <TableCell align="right">To release</TableCell>
                  {wide ? (
                    <TableCell sx={{ width: "35%" }}>
                      <Box component="span" sx={visuallyHidden}>
                        Booked of held
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {block.nights.map((n) => (
                  <TableRow key={n.night}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatNight(n.night)}</TableCell>
                    <TableCell align="right">{n.held}</TableCell>
                    <TableCell align="right">{n.booked}</TableCell>
                    <TableCell align="right">{n.toRelease}</TableCell>
                    {wide ? (
                      <TableCell>
                        <NightBar held={n.held} booked={n.booked} />
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function ForwardPickup({ hotelId }: { hotelId: string }) {
  const headingId = useId();
  const blocks = useQuery({
    queryKey: roomsKeys.forward(hotelId),
    queryFn: ({ signal }) => getForwardPickup(hotelId, signal),
  });
  const list = blocks.data ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Box>
        <Typography id={headingId} variant="h5" component="h2">
          Forward pickup
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Each open block up to its cut-off: what is booked, what goes back to the hotel at the
          cut-off, and where bookings are heading.
        </Typography>
      </Box>
      <QueryStates
        query={blocks}
        isEmpty={list.length === 0}
        loadingLabel="Loading the forward pickup"
        skeleton={{ rows: 2, height: 200 }}
        failedTitle="The forward pickup did not load"
        empty={{
          icon: <TrendingUpIcon />,
          title: NO_OPEN_BLOCKS,
          text: "Blocks proposed or accepted, and not yet released at their cut-off, show here.",
        }}
      >
        {() => (
          <Stack spacing={2}>
            {list.map((block) => (
              <ForwardBlockCard key={block.blockId} block={block} />
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}
