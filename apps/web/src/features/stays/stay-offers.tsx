// The pieces the booking pages share: one room offer (type, beds, occupancy, each night's rate and
// where it comes from, total, rooms left) and a stay's nights as a small table.

import type { TRateSource, TRoomOffer } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { formatMoney, formatNight, plural, RATE_SOURCE_LABELS } from "./stays-format";

type TNightRow = { night: string; rate: number; source: TRateSource; roomsLeft?: number };

export function NightsTable({
  nights,
  rooms,
  label,
}: {
  nights: readonly TNightRow[];
  rooms: number;
  label: string;
}) {
  const showLeft = nights.some((n) => n.roomsLeft !== undefined);
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Night</TableCell>
            <TableCell align="right">Rate{rooms > 1 ? " per room" : ""}</TableCell>
            <TableCell>Rate type</TableCell>
            {showLeft ? <TableCell align="right">Rooms left</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {nights.map((night) => (
            <TableRow key={night.night}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatNight(night.night)}</TableCell>
              <TableCell align="right">{formatMoney(night.rate)}</TableCell>
              <TableCell>{RATE_SOURCE_LABELS[night.source]}</TableCell>
              {showLeft ? <TableCell align="right">{night.roomsLeft ?? ""}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The rate sources an offer's nights use, as chips ("Group rate", "Live rate", "Hotel rate"). */
function SourceChips({ offer }: { offer: TRoomOffer }) {
  const sources = [...new Set(offer.nights.map((n) => n.source))];
  return (
    <>
      {sources.map((source) => (
        <Chip
          key={source}
          size="small"
          color={source === "block" ? "success" : "default"}
          label={RATE_SOURCE_LABELS[source]}
        />
      ))}
    </>
  );
}

export function OfferCard({
  offer,
  rooms,
  onChoose,
}: {
  offer: TRoomOffer;
  rooms: number;
  /** Without it the card only shows the offer. */
  onChoose?: () => void;
}) {
  const { roomType } = offer;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={roomType.name}
      sx={{
        p: { xs: 1.5, sm: 2 },
        listStyle: "none",
        opacity: offer.available ? 1 : 0.75,
        minWidth: 0,
      }}
    >
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {roomType.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {roomType.beds} · Sleeps {roomType.maxOccupancy}
            </Typography>
          </Box>
          <Box sx={{ textAlign: { sm: "right" } }}>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }}>
              {formatMoney(offer.total)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Total for {plural(rooms, "room")}, {plural(offer.nights.length, "night")}
            </Typography>
          </Box>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: "wrap", alignItems: "center" }}
        >
          <SourceChips offer={offer} />
          <Typography variant="body2" color="text.secondary">
            {plural(offer.roomsLeft, "room")} left
          </Typography>
        </Stack>
        <NightsTable
          nights={offer.nights}
          rooms={rooms}
          label={`Nightly rates for the ${roomType.name}`}
        />
        {offer.available ? null : (
          <Typography variant="body2" color="error.main">
            {offer.reason ?? "Not available for this stay."}
          </Typography>
        )}
        {onChoose ? (
          <Box>
            <Button
              variant="contained"
              disabled={!offer.available || !offer.quote}
              onClick={onChoose}
              aria-label={`Choose the ${roomType.name}`}
              sx={{ width: { xs: "100%", sm: "auto" } }}
            >
              {offer.available ? "Choose" : "Unavailable"}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
