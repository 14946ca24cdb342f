// A block's nights as the dialogs edit them: one row per night and room type (the night with its
// weekday, rooms, rate), prefilled from the event's shape (proposedBlockNights: fewer rooms on the
// arrival and departure shoulders) or from the block on the table (a held block's nights may not go
// below what is booked on them). 0 rooms drops a night. The rows are a grid on a wide screen and
// stacked rows on a phone; every field is named for its night.
import type { TBlockNightInput } from "@hostfield/domain/contracts";
import { proposedBlockNights } from "@hostfield/domain/rules";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { formatNight } from "./rooms-format";

export type TNightRow = {
  roomTypeId: string;
  roomTypeName: string;
  night: string;
  /** As typed: a whole number 0..10,000 (0 drops the night). */
  rooms: string;
  /** As typed: dollars, 0 or more. */
  rate: string;
  /** Rooms already booked on the night (a held block's): the night may not hold fewer. */
  booked?: number;
};

export const MAX_BLOCK_ROOMS = 10_000;

/** The rows of the event's shape for one room type, past nights left out. */
export function shapedRows(input: {
  startDate: string;
  endDate: string;
  peak: number;
  lastNight: boolean;
  rate: string;
  roomType: { id: string; name: string };
  today: string;
}): TNightRow[] {
  return proposedBlockNights({
    startDate: input.startDate,
    endDate: input.endDate,
    peakRooms: input.peak,
    lastNight: input.lastNight,
  })
    .filter((n) => n.night >= input.today)
    .map((n) => ({
      roomTypeId: input.roomType.id,
      roomTypeName: input.roomType.name,
      night: n.night,
      rooms: String(n.rooms),
      rate: input.rate,
    }));
}

const nameOf = (row: TNightRow) => `${row.roomTypeName}, ${formatNight(row.night)}`;

/**
 * What is wrong with the rows, in words that name the night, or null: rooms a whole number from 0
 * to 10,000, a rate of 0 or more on each night with rooms, and rooms on at least one night.
 */
export function nightRowsProblem(rows: readonly TNightRow[]): string | null {
  for (const row of rows) {
    const rooms = Number(row.rooms);
    if (row.rooms.trim() === "" || !Number.isInteger(rooms) || rooms < 0 || rooms > MAX_BLOCK_ROOMS)
      return `Rooms on ${nameOf(row)}: a whole number from 0 to 10,000 (0 leaves the night out).`;
    if (row.booked && rooms < row.booked)
      return `Rooms on ${nameOf(row)}: ${row.booked} ${row.booked === 1 ? "is" : "are"} booked already, so hold at least ${row.booked}.`;
    const rate = Number(row.rate);
    if (rooms > 0 && (row.rate.trim() === "" || !Number.isFinite(rate) || rate < 0))
      return `Rate on ${nameOf(row)}: give a rate of $0 or more.`;
  }
  if (!rows.some((row) => Number(row.rooms) > 0))
    return "Hold rooms on at least one night (0 leaves a night out).";
  return null;
}

/** The nights to send: those with rooms (check nightRowsProblem first). */
export function nightsBody(rows: readonly TNightRow[]): TBlockNightInput[] {
  return rows
    .filter((row) => Number(row.rooms) > 0)
    .map((row) => ({
      roomTypeId: row.roomTypeId,
      night: row.night,
      rooms: Number(row.rooms),
      rate: Number(row.rate),
    }));
}

export function BlockNightsField({
  rows,
  onChange,
  label = "Rooms and rate per night",
}: {
  rows: readonly TNightRow[];
  onChange: (rows: TNightRow[]) => void;
  label?: string;
}) {
  const labelId = useId();
  const types = new Set(rows.map((r) => r.roomTypeId));
  const set = (index: number, key: "rooms" | "rate", value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const total = rows.reduce((s, r) => s + (Number(r.rooms) > 0 ? Number(r.rooms) : 0), 0);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="p">
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {total} room night{total === 1 ? "" : "s"}. 0 rooms leaves a night out.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }}>
        {rows.map((row, index) => {
          const name = nameOf(row);
          return (
            <Box
              component="li"
              key={`${row.roomTypeId}/${row.night}`}
              sx={{
                display: "grid",
                gap: 1,
                alignItems: "center",
                gridTemplateColumns: { xs: "1fr 1fr", sm: "minmax(0, 1fr) 110px 130px" },
              }}
            >
              <Box sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatNight(row.night)}
                </Typography>
                {types.size > 1 ? (
                  <Typography variant="caption" color="text.secondary">
                    {row.roomTypeName}
                  </Typography>
                ) : null}
              </Box>
              <TextField
                type="number"
                size="small"
                label="Rooms"
                value={row.rooms}
                onChange={(e) => set(index, "rooms", e.target.value)}
                slotProps={{
                  htmlInput: {
                    min: 0,
                    max: MAX_BLOCK_ROOMS,
                    step: 1,
                    "aria-label": `Rooms, ${name}`,
                  },
                }}
              />
              <TextField
                type="number"
                size="small"
                label="Rate ($)"
                value={row.rate}
                onChange={(e) => set(index, "rate", e.target.value)}
                slotProps={{ htmlInput: { min: 0, step: "0.01", "aria-label": `Rate, ${name}` } }}
              />
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
