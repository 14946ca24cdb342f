// The rate grid of a hotel: nights across (14 or 28 at a time, from today on), room types down,
// each cell the rooms to sell and the rate with what blocks hold and guests booked. A cell opens
// that night's editor; "Fill nights" sets many nights of many types at once (only some weekdays
// if asked). Both write through PUT calendar; the server refuses (409) to sell fewer rooms than
// are held and booked, and its message shows where the change was made.
import {
  type TCalendar,
  type TCalendarCell,
  type TCalendarFill,
  type TRoomType,
  ZCalendarFill,
} from "@hostfield/domain/contracts";
import { addDays, todayUtc } from "@hostfield/domain/rules";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import DateRangeIcon from "@mui/icons-material/DateRange";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId, useState } from "react";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { isRecord } from "../../lib/is-record";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { ListSkeleton, LoadFailedPanel, RetryAlert } from "../../ui/query-states";
import { fillCalendar, getCalendar, roomsKeys } from "./rooms-api";
import { formatMoney, formatNight, nightParts, plural, WEEKDAYS } from "./rooms-format";

export const PAGE_SIZES = [14, 28] as const;
type TPageSize = (typeof PAGE_SIZES)[number];

/** The nights from `from`, `count` of them. */
export function nightsFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

const cellKey = (roomTypeId: string, night: string) => `${roomTypeId}/${night}`;

/**
 * What the server said of a refused fill, in full: its message, and the nights its details name
 * (INVENTORY_BELOW_COMMITTED names them) when it names any.
 */
export function fillErrorText(error: unknown): string {
  const message = apiErrorMessage(error, "The nights were not saved.");
  if (!(error instanceof ApiError) || error.code !== "INVENTORY_BELOW_COMMITTED") return message;
  const details = error.details;
  const nights = isRecord(details) && Array.isArray(details.nights) ? details.nights : [];
  const named = nights.flatMap((n) =>
    typeof n === "string" ? [n] : isRecord(n) && typeof n.night === "string" ? [n.night] : [],
  );
  return named.length > 0 && !named.every((n) => message.includes(n))
    ? `${message} (${named.map(formatNight).join("; ")})`
    : message;
}

/** Puts the nights a fill answered into every cached calendar of the hotel that shows them. */
function useKeepFilled(hotelId: string) {
  const queryClient = useQueryClient();
  return (filled: TCalendar) => {
    const fresh = new Map(filled.cells.map((c) => [cellKey(c.roomTypeId, c.night), c]));
    const filledTypes = new Set(filled.roomTypes.map((t) => t.id));
    queryClient.setQueriesData<TCalendar>(
      { queryKey: roomsKeys.calendars(hotelId) },
      (calendar) => {
        if (!calendar) return calendar;
        const inRange = (c: TCalendarCell) =>
          c.night >= filled.from && c.night <= filled.to && filledTypes.has(c.roomTypeId);
        const kept = calendar.cells.filter((c) => !inRange(c));
        const added = [...fresh.values()].filter(
          (c) => c.night >= calendar.from && c.night <= calendar.to,
        );
        return { ...calendar, cells: [...kept, ...added] };
      },
    );
    void queryClient.invalidateQueries({ queryKey: roomsKeys.calendars(hotelId) });
  };
}

// ---- one night of one room type ----

function NightDialog({
  hotelId,
  roomType,
  night,
  cell,
  onClose,
}: {
  hotelId: string;
  roomType: TRoomType;
  night: string;
  cell: TCalendarCell | undefined;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const keepFilled = useKeepFilled(hotelId);
  const [rooms, setRooms] = useState(String(cell?.roomsToSell ?? 0));
  const [rate, setRate] = useState(cell?.rate == null ? "" : String(cell.rate));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (fill: TCalendarFill) => fillCalendar(hotelId, fill),
    onSuccess: (calendar) => {
      keepFilled(calendar);
      enqueueSnackbar(`${roomType.name} on ${formatNight(night)} was saved.`, {
        variant: "success",
      });
      onClose();
    },
  });
  const committed = (cell?.held ?? 0) + (cell?.booked ?? 0);
  return (
    <FormDialog
      title={`${roomType.name}, ${formatNight(night)}`}
      description={`${plural(cell?.held ?? 0, "room")} held by blocks, ${cell?.booked ?? 0} booked.`}
      submitText="Save night"
      pending={save.isPending}
      error={problem ?? (save.error ? fillErrorText(save.error) : null)}
      onClose={onClose}
      onSubmit={() => {
        const parsed = ZCalendarFill.safeParse({
          roomTypeIds: [roomType.id],
          from: night,
          to: night,
          roomsToSell: rooms.trim() === "" ? undefined : Number(rooms),
          rate: rate.trim() === "" ? undefined : Number(rate),
        });
        if (!parsed.success) {
          setProblem("Give a whole number of rooms and a rate of 0 or more.");
          return;
        }
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Rooms to sell"
          type="number"
          value={rooms}
          onChange={(e) => setRooms(e.target.value)}
          helperText={committed > 0 ? `At least ${committed} (held and booked).` : undefined}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          autoFocus
        />
        <TextField
          label="Rate ($ a night)"
          type="number"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          helperText="Leave empty to keep the rate as it is."
          slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
        />
      </Stack>
    </FormDialog>
  );
}

// ---- many nights at once ----

type TFillFields = {
  roomTypeIds: string[];
  from: string;
  to: string;
  weekdays: number[];
  roomsToSell: string;
  rate: string;
};

function BulkFillDialog({
  hotelId,
  roomTypes,
  from,
  onClose,
}: {
  hotelId: string;
  roomTypes: TRoomType[];
  from: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const keepFilled = useKeepFilled(hotelId);
  const labelId = useId();
  const [fields, setFields] = useState<TFillFields>({
    roomTypeIds: roomTypes.map((t) => t.id),
    from,
    to: addDays(from, 13),
    weekdays: WEEKDAYS.map((w) => w.day),
    roomsToSell: "",
    rate: "",
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (fill: TCalendarFill) => fillCalendar(hotelId, fill),
    onSuccess: (calendar, fill) => {
      keepFilled(calendar);
      enqueueSnackbar(
        `Nights from ${formatNight(fill.from)} to ${formatNight(fill.to)} were saved.`,
        { variant: "success" },
      );
      onClose();
    },
  });
  const set = <K extends keyof TFillFields>(key: K, value: TFillFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const everyDay = fields.weekdays.length === WEEKDAYS.length;
    if (fields.roomTypeIds.length === 0) return setProblem("Choose at least one room type.");
    if (fields.weekdays.length === 0) return setProblem("Choose at least one weekday.");
    if (fields.roomsToSell.trim() === "" && fields.rate.trim() === "") {
      return setProblem("Give rooms to sell, a rate or both.");
    }
    const parsed = ZCalendarFill.safeParse({
      roomTypeIds: fields.roomTypeIds,
      from: fields.from,
      to: fields.to,
      roomsToSell: fields.roomsToSell.trim() === "" ? undefined : Number(fields.roomsToSell),
      rate: fields.rate.trim() === "" ? undefined : Number(fields.rate),
      weekdays: everyDay ? undefined : [...fields.weekdays].sort((a, b) => a - b),
    });
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return setProblem(
        first?.path[0] === "to" && first.message.startsWith("from")
          ? "The last night must not come before the first."
          : "Check the dates (both needed), the rooms (a whole number) and the rate (0 or more).",
      );
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title="Fill nights"
      description="Set the rooms to sell and/or the rate of many nights at once. What you leave empty stays as it is."
      submitText="Fill nights"
      pending={save.isPending}
      error={problem ?? (save.error ? fillErrorText(save.error) : null)}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <FormLabel component="legend">Room types</FormLabel>
          <FormGroup row>
            {roomTypes.map((type) => (
              <FormControlLabel
                key={type.id}
                label={type.name}
                control={
                  <Checkbox
                    checked={fields.roomTypeIds.includes(type.id)}
                    onChange={(e) =>
                      set(
                        "roomTypeIds",
                        e.target.checked
                          ? [...fields.roomTypeIds, type.id]
                          : fields.roomTypeIds.filter((id) => id !== type.id),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="First night"
            type="date"
            value={fields.from}
            onChange={(e) => set("from", e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            label="Last night"
            type="date"
            value={fields.to}
            onChange={(e) => set("to", e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
        <div>
          <FormLabel id={labelId}>Weekdays</FormLabel>
          <ToggleButtonGroup
            aria-labelledby={labelId}
            value={fields.weekdays}
            onChange={(_e, days: number[]) => set("weekdays", days)}
            size="small"
            sx={{ display: "flex", flexWrap: "wrap", mt: 0.5 }}
          >
            {WEEKDAYS.map((w) => (
              <ToggleButton key={w.day} value={w.day} aria-label={w.long} sx={{ flexGrow: 1 }}>
                {w.short}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FormHelperText>Only the nights that start on these days change.</FormHelperText>
        </div>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Rooms to sell"
            type="number"
            value={fields.roomsToSell}
            onChange={(e) => set("roomsToSell", e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            fullWidth
          />
          <TextField
            label="Rate ($ a night)"
            type="number"
            value={fields.rate}
            onChange={(e) => set("rate", e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
            fullWidth
          />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

// ---- the grid ----

const STICKY = {
  position: "sticky",
  left: 0,
  zIndex: 2,
  bgcolor: "background.paper",
  borderRight: 1,
  borderRightColor: "divider",
} as const;

function CellButton({
  roomType,
  night,
  cell,
  onOpen,
}: {
  roomType: TRoomType;
  night: string;
  cell: TCalendarCell | undefined;
  onOpen: () => void;
}) {
  const rooms = cell?.roomsToSell ?? 0;
  const rate = cell?.rate ?? null;
  const held = cell?.held ?? 0;
  const booked = cell?.booked ?? 0;
  const label = `${roomType.name}, ${formatNight(night)}: ${plural(rooms, "room")} to sell at ${
    rate === null ? "no rate" : formatMoney(rate)
  }, ${held} held, ${booked} booked. Edit`;
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={label}
      focusRipple
      sx={{
        width: "100%",
        minHeight: 56,
        px: 0.5,
        py: 0.75,
        borderRadius: 1,
        flexDirection: "column",
        alignItems: "center",
        bgcolor: rooms === 0 ? "action.hover" : "transparent",
        "&:hover, &.Mui-focusVisible": { bgcolor: "action.selected" },
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {rooms}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {rate === null ? "—" : formatMoney(rate)}
      </Typography>
      {held + booked > 0 ? (
        <Typography variant="caption" color="warning.main">
          {held}+{booked}
        </Typography>
      ) : null}
    </ButtonBase>
  );
}

export function RateGrid({ hotelId }: { hotelId: string }) {
  const today = todayUtc();
  const [from, setFrom] = useState(today);
  const [size, setSize] = useState<TPageSize>(14);
  const to = addDays(from, size - 1);
  const calendar = useQuery({
    queryKey: roomsKeys.calendar(hotelId, from, to),
    queryFn: ({ signal }) => getCalendar(hotelId, { from, to }, signal),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ roomType: TRoomType; night: string } | null>(null);
  const [filling, setFilling] = useState(false);
  const headingId = useId();
  const nights = nightsFrom(from, size);
  const cells = new Map(
    (calendar.data?.cells ?? []).map((c) => [cellKey(c.roomTypeId, c.night), c]),
  );
  const roomTypes = calendar.data?.roomTypes ?? [];

  let body: ReactNode;
  if (calendar.isPending) {
    body = <ListSkeleton label="Loading the rate grid" rows={3} height={64} />;
  } else if (calendar.isError && !calendar.data) {
    body = (
      <LoadFailedPanel
        title="The rate grid did not load"
        error={calendar.error}
        onRetry={() => void calendar.refetch()}
      />
    );
  } else if (roomTypes.length === 0) {
    body = <Alert severity="info">Add a room type first; its nights then show here to fill.</Alert>;
  } else {
    body = (
      <>
        {calendar.isError ? (
          <RetryAlert onRetry={() => void calendar.refetch()} sx={{ mb: 1 }}>
            {apiErrorMessage(calendar.error, "These nights did not load.")}
          </RetryAlert>
        ) : null}
        <Paper variant="outlined" sx={{ overflowX: "auto" }} data-testid="rate-grid-scroller">
          <Table
            size="small"
            aria-labelledby={headingId}
            sx={{ "& td, & th": { px: 0.5 }, minWidth: 160 + size * 64 }}
          >
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ ...STICKY, minWidth: 140 }}>
                  Room type
                </TableCell>
                {nights.map((night) => {
                  const { weekday, day } = nightParts(night);
                  return (
                    <TableCell
                      key={night}
                      component="th"
                      scope="col"
                      align="center"
                      sx={{ minWidth: 64 }}
                    >
                      <Typography variant="caption" sx={{ display: "block" }}>
                        {weekday}
                      </Typography>
                      <Typography variant="caption" sx={{ display: "block", fontWeight: 600 }}>
                        {day}
                      </Typography>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {roomTypes.map((roomType) => (
                <TableRow key={roomType.id}>
                  <TableCell component="th" scope="row" sx={STICKY}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {roomType.name}
                    </Typography>
                  </TableCell>
                  {nights.map((night) => (
                    <TableCell key={night} align="center" sx={{ p: 0.25 }}>
                      <CellButton
                        roomType={roomType}
                        night={night}
                        cell={cells.get(cellKey(roomType.id, night))}
                        onOpen={() => setEditing({ roomType, night })}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Typography variant="caption" color="text.secondary">
          Each night: rooms to sell, the rate, and (when any) rooms held by blocks + booked.
        </Typography>
      </>
    );
  }

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          Rate grid
        </Typography>
        <Button
          variant="contained"
          startIcon={<DateRangeIcon />}
          disabled={roomTypes.length === 0}
          onClick={() => setFilling(true)}
        >
          Fill nights
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", flexWrap: "wrap" }}
        role="group"
        aria-label="Nights shown"
      >
        <Button
          startIcon={<ChevronLeftIcon />}
          disabled={from <= today}
          onClick={() => setFrom((f) => (addDays(f, -size) < today ? today : addDays(f, -size)))}
        >
          Earlier
        </Button>
        <Typography variant="body2" aria-live="polite" sx={{ minWidth: 0 }}>
          {formatNight(from)} – {formatNight(to)}
        </Typography>
        <Button endIcon={<ChevronRightIcon />} onClick={() => setFrom((f) => addDays(f, size))}>
          Later
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={size}
          onChange={(_e, next: TPageSize | null) => {
            if (next) setSize(next);
          }}
          aria-label="Nights at a time"
          sx={{ ml: "auto" }}
        >
          {PAGE_SIZES.map((n) => (
            <ToggleButton key={n} value={n} aria-label={`${n} nights`}>
              {n}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {body}
      {editing ? (
        <NightDialog
          hotelId={hotelId}
          roomType={editing.roomType}
          night={editing.night}
          cell={cells.get(cellKey(editing.roomType.id, editing.night))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {filling ? (
        <BulkFillDialog
          hotelId={hotelId}
          roomTypes={roomTypes}
          from={from}
          onClose={() => setFilling(false)}
        />
      ) : null}
    </Stack>
  );
}
