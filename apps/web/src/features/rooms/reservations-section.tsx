// The reservations of a hotel (its managers) or of an event (its organizers): filtered by status
// and by the dates a stay overlaps, a page at a time, each with the guest's contact; the hotel's
// managers may cancel one at any time, and charge a guaranteed one's card for a no-show or a late
// cancellation when the rules allow. "Export CSV" downloads the same filter as a file.
import {
  RESERVATION_STATUSES,
  type TReservation,
  type TReservationStatus,
} from "@hostfield/domain/contracts";
import DownloadIcon from "@mui/icons-material/Download";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { saveFile } from "../../lib/save-file";
import { useConfirm } from "../../ui/confirm";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import { visuallyHidden } from "../../ui/visually-hidden";
import { HotelGuarantee } from "../payments";
import {
  cancelReservation,
  exportReservations,
  listReservations,
  roomsKeys,
  type TReservationFilter,
} from "./rooms-api";
import { formatDay, formatMoney, plural } from "./rooms-format";

export const RESERVATIONS_PAGE_SIZE = 25;
export const NO_RESERVATIONS = "No reservations";

/** The file name of an export: "reservations-hotel-{id}.csv". */
export function exportFileName(filter: TReservationFilter): string {
  const id = filter.scope === "hotel" ? filter.hotelId : filter.eventId;
  return `reservations-${filter.scope}-${id}.csv`;
}

type TFilterFields = { status: TReservationStatus | ""; from: string; to: string };

function GuestCell({ reservation: r }: { reservation: TReservation }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
        {r.guestName}
      </Typography>
      {r.email ? (
        <Link href={`mailto:${r.email}`} variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {r.email}
        </Link>
      ) : null}
      {r.phone ? (
        <Link href={`tel:${r.phone}`} variant="body2">
          {r.phone}
        </Link>
      ) : null}
      {r.team ? (
        <Typography variant="body2" color="text.secondary">
          {r.team}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ExportButton({ filter }: { filter: TReservationFilter }) {
  const { enqueueSnackbar } = useSnackbar();
  const download = useMutation({
    mutationFn: () => exportReservations(filter),
    onSuccess: (blob) => saveFile(blob, exportFileName(filter)),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The export did not download."), {
        variant: "error",
      }),
  });
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {download.isPending ? "Exporting…" : "Export CSV"}
    </Button>
  );
}

export function ReservationsSection({
  scope,
  id,
  canCancel,
  heading = "Reservations",
}: {
  scope: "hotel" | "event";
  id: string;
  /** The hotel's managers may cancel any reservation, any time. */
  canCancel: boolean;
  heading?: string;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const { page, range, goTo, reset } = useUrlPage(RESERVATIONS_PAGE_SIZE);
  const [fields, setFields] = useState<TFilterFields>({ status: "", from: "", to: "" });
  const narrowing = {
    status: fields.status || undefined,
    from: fields.from || undefined,
    to: fields.to || undefined,
  };
  const filter: TReservationFilter =
    scope === "hotel" ? { scope, hotelId: id, ...narrowing } : { scope, eventId: id, ...narrowing };
  const list = useQuery({
    queryKey: roomsKeys.reservationList(filter, range),
    queryFn: ({ signal }) => listReservations(filter, range, signal),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (reservation: TReservation) => cancelReservation(reservation.id),
    onSuccess: (cancelled) => {
      enqueueSnackbar(`Reservation ${cancelled.confirmationNumber} was cancelled.`, {
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.reservations });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.calendars(cancelled.hotel.id) });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.pickups });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The reservation was not cancelled."), {
        variant: "error",
      }),
  });
  const setField = <K extends keyof TFilterFields>(key: K, value: TFilterFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    reset();
  };
  const items = list.data?.items ?? [];
  const filtered = Boolean(fields.status || fields.from || fields.to);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {heading}
          {list.data ? ` (${list.data.count})` : ""}
        </Typography>
        <ExportButton filter={filter} />
      </Stack>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        role="search"
        aria-label="Filter the reservations"
      >
        <TextField
          select
          label="Status"
          value={fields.status}
          onChange={(e) => {
            const value = RESERVATION_STATUSES.find((s) => s === e.target.value);
            setField("status", value ?? "");
          }}
          sx={{ minWidth: 160 }}
          size="small"
        >
          <MenuItem value="">Any status</MenuItem>
          {RESERVATION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Staying from"
          type="date"
          size="small"
          value={fields.from}
          onChange={(e) => setField("from", e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Staying to"
          type="date"
          size="small"
          value={fields.to}
          onChange={(e) => setField("to", e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {list.isError && list.data ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, "The reservations did not refresh.")}
        </RetryAlert>
      ) : null}
      <QueryStates
        query={list}
        isEmpty={items.length === 0}
        loadingLabel="Loading the reservations"
        failedTitle="The reservations did not load"
        empty={{
          icon: <EventBusyIcon />,
          title: NO_RESERVATIONS,
          text: filtered ? "None match these filters." : "Bookings show here as guests make them.",
        }}
      >
        {() => (
          <Paper variant="outlined" sx={{ overflowX: "auto" }}>
            <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Confirmation</TableCell>
                  <TableCell>Guest</TableCell>
                  <TableCell>Stay</TableCell>
                  <TableCell>Room</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Status</TableCell>
                  {canCancel ? (
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
                        {r.confirmationNumber}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {scope === "hotel" ? (r.event?.name ?? "No event") : r.hotel.name}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <GuestCell reservation={r} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">
                        {formatDay(r.checkIn)} – {formatDay(r.checkOut)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {plural(r.nights.length, "night")}
                        {r.blockId ? " · in a block" : ""}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{r.roomType.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {plural(r.rooms, "room")} · {plural(r.guests, "guest")}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatMoney(r.total)}</TableCell>
                    <TableCell>
                      <Stack spacing={0.75} sx={{ alignItems: "flex-start" }}>
                        <Chip
                          size="small"
                          label={r.status}
                          color={r.status === "Confirmed" ? "success" : "default"}
                        />
                        {r.guarantee && scope === "hotel" && canCancel ? (
                          <HotelGuarantee
                            reservationId={r.id}
                            confirmationNumber={r.confirmationNumber}
                            guestName={r.guestName}
                            guarantee={r.guarantee}
                            onCharged={() =>
                              void queryClient.invalidateQueries({
                                queryKey: roomsKeys.reservations,
                              })
                            }
                          />
                        ) : null}
                      </Stack>
                    </TableCell>
                    {canCancel ? (
                      <TableCell>
                        {r.status === "Confirmed" ? (
                          <Button
                            size="small"
                            color="error"
                            disabled={cancel.isPending && cancel.variables?.id === r.id}
                            aria-label={`Cancel reservation ${r.confirmationNumber}`}
                            onClick={async () => {
                              const result = await confirm({
                                title: `Cancel ${r.guestName}'s reservation?`,
                                description: `Reservation ${r.confirmationNumber}, ${formatDay(r.checkIn)} – ${formatDay(r.checkOut)}. The guest is told; the rooms go back on sale.`,
                                confirmText: "Cancel reservation",
                                cancelText: "Keep it",
                                confirmButtonType: "danger",
                              });
                              if (result === "confirmed") cancel.mutate(r);
                            }}
                          >
                            Cancel
                          </Button>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
      </QueryStates>
      <UrlPager
        page={page}
        pages={pageCount(list.data?.count ?? 0, RESERVATIONS_PAGE_SIZE)}
        onPage={goTo}
        label="Reservation pages"
      />
    </Stack>
  );
}
