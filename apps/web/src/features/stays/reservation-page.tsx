// /reservations/{id}: one booking as its guest sees it — the confirmation number first, the hotel,
// event, room, nights with their rates and the total, who stays, and until when the guest may
// change it. Until then the guest can change the stay (the reserve flow in its change mode), the
// guest details or cancel; after it, only the hotel. When the hotel requires a card guarantee, its
// terms and state ("Card needed to hold this booking: add a card", "Guaranteed by Visa ending
// 4242"); back from the card page, the reservation is asked again until the card is confirmed.
import type { TReservation } from "@hostfield/domain/contracts";
import { profileLink, todayUtc } from "@hostfield/domain/rules";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useLocation, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { ACCOUNT_PATH } from "../../lib/paths";
import { useConfirm } from "../../ui/confirm";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { RetryAlert } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { GUARANTEE_RETURN_PARAM, GuestGuarantee } from "../payments";
import { ReservationStatusChip } from "./reservation-status-chip";
import { NightsTable } from "./stay-offers";
import { changeStayPath, reservationPath } from "./stay-paths";
import {
  cancelReservation,
  changeReservation,
  getReservation,
  isErrorCode,
  stayKeys,
} from "./stays-api";
import { formatDay, formatMoney, guestMayChange, plural, stayLabel } from "./stays-format";

export const RESERVATION_NOT_FOUND = "This reservation was not found";
export const HOTEL_ONLY_TEXT =
  "The time to change or cancel this reservation online has passed; only the hotel can change it now.";
export const MY_RESERVATIONS_PATH = `${ACCOUNT_PATH}?tab=reservations`;
/** How often, and how long, the reservation is asked again after the card page. */
export const GUARANTEE_POLL_MS = 2_000;
export const GUARANTEE_POLL_LIMIT_MS = 60_000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Box>
    </Box>
  );
}

const factGrid = {
  m: 0,
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "minmax(140px, max-content) 1fr" },
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
} as const;

type TGuestDraft = { guestName: string; phone: string; team: string };

function ChangeGuestDialog({
  reservation,
  onClose,
}: {
  reservation: TReservation;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<TGuestDraft>({
    guestName: reservation.guestName,
    phone: reservation.phone ?? "",
    team: reservation.team ?? "",
  });
  const change = useMutation({
    mutationFn: () =>
      changeReservation(reservation.id, {
        guestName: draft.guestName.trim(),
        phone: draft.phone.trim(),
        team: draft.team.trim() === "" ? null : draft.team.trim(),
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(stayKeys.reservation(next.id), next);
      void queryClient.invalidateQueries({ queryKey: ["stays", "mine"] });
      enqueueSnackbar("The guest details are changed.", { variant: "success" });
      onClose();
    },
  });
  const nameError = draft.guestName.trim() === "" ? "Enter the guest's name." : null;
  const phoneError =
    draft.phone.trim().length < 3 ? "Enter a phone number (at least 3 characters)." : null;
  const set = (name: keyof TGuestDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));
  return (
    <FormDialog
      title="Change guest details"
      submitText="Save"
      pending={change.isPending}
      submitDisabled={Boolean(nameError || phoneError)}
      error={change.isError ? apiErrorMessage(change.error, "The change was not saved.") : null}
      onSubmit={() => change.mutate()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Guest name"
          required
          autoFocus
          value={draft.guestName}
          onChange={set("guestName")}
          error={Boolean(nameError)}
          helperText={nameError}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          value={draft.phone}
          onChange={set("phone")}
          error={Boolean(phoneError)}
          helperText={phoneError}
        />
        <TextField label="Team (optional)" value={draft.team} onChange={set("team")} />
      </Stack>
    </FormDialog>
  );
}

function Actions({ reservation }: { reservation: TReservation }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelReservation(reservation.id),
    onSuccess: (next) => {
      queryClient.setQueryData(stayKeys.reservation(next.id), next);
      void queryClient.invalidateQueries({ queryKey: ["stays", "mine"] });
      enqueueSnackbar("The reservation is cancelled.", { variant: "success" });
    },
  });
  if (reservation.status === "Cancelled") {
    return <Typography color="text.secondary">This reservation is cancelled.</Typography>;
  }
  if (!guestMayChange(reservation, todayUtc())) {
    return <Typography color="text.secondary">{HOTEL_ONLY_TEXT}</Typography>;
  }
  const onCancel = async () => {
    const result = await confirm({
      title: "Cancel this reservation?",
      description: `${reservation.hotel.name}, ${stayLabel(reservation.checkIn, reservation.checkOut)}. The rooms go back to the hotel.`,
      confirmText: "Cancel reservation",
      cancelText: "Keep it",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") cancel.mutate();
  };
  const pastCutoff = cancel.isError && isErrorCode(cancel.error, "PAST_CUTOFF");
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        You can change or cancel it until {formatDay(reservation.changeableUntil)}.
      </Typography>
      {cancel.isError ? (
        <Alert severity="error" role="alert">
          {pastCutoff
            ? HOTEL_ONLY_TEXT
            : apiErrorMessage(cancel.error, "The reservation was not cancelled. Try again.")}
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        <Button variant="outlined" component={RouterLink} to={changeStayPath(reservation)}>
          Change dates or rooms
        </Button>
        <Button variant="outlined" onClick={() => setEditing(true)}>
          Change guest details
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={cancel.isPending}
          onClick={() => void onCancel()}
        >
          {cancel.isPending ? "Cancelling…" : "Cancel reservation"}
        </Button>
      </Stack>
      {editing ? (
        <ChangeGuestDialog reservation={reservation} onClose={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}

function ReservationView({
  reservation,
  confirming,
}: {
  reservation: TReservation;
  /** Back from the card page, the card not confirmed yet. */
  confirming: boolean;
}) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
        >
          <Box>
            <Typography color="text.secondary" variant="body2">
              Confirmation number
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700, letterSpacing: 1, overflowWrap: "anywhere" }}
            >
              {reservation.confirmationNumber}
            </Typography>
          </Box>
          <Box>
            <ReservationStatusChip reservation={reservation} />
          </Box>
        </Stack>
      </Paper>
      <Paper
        component="section"
        aria-label="The stay"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          <Box component="dl" sx={factGrid}>
            <Fact label="Hotel">
              <Link component={RouterLink} to={profileLink("hotel", reservation.hotel.id)}>
                {reservation.hotel.name}
              </Link>
            </Fact>
            {reservation.event ? (
              <Fact label="Event">
                <Link component={RouterLink} to={profileLink("event", reservation.event.id)}>
                  {reservation.event.name}
                </Link>
              </Fact>
            ) : null}
            <Fact label="Room">{reservation.roomType.name}</Fact>
            <Fact label="Stay">{stayLabel(reservation.checkIn, reservation.checkOut)}</Fact>
            <Fact label="Rooms and guests">
              {plural(reservation.rooms, "room")}, {plural(reservation.guests, "guest")}
            </Fact>
          </Box>
          <NightsTable
            nights={reservation.nights}
            rooms={reservation.rooms}
            label="Nights and rates"
          />
          <Typography sx={{ fontWeight: 700, fontSize: 20 }}>
            Total {formatMoney(reservation.total)}
          </Typography>
        </Stack>
      </Paper>
      {reservation.guarantee ? (
        <GuestGuarantee
          reservationId={reservation.id}
          guarantee={reservation.guarantee}
          cancelled={reservation.status === "Cancelled"}
          returnPath={reservationPath(reservation.id)}
          confirming={confirming}
        />
      ) : null}
      <Paper component="section" aria-label="Guest" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="dl" sx={factGrid}>
          <Fact label="Guest">{reservation.guestName}</Fact>
          {reservation.email ? <Fact label="E-mail">{reservation.email}</Fact> : null}
          {reservation.phone ? <Fact label="Phone">{reservation.phone}</Fact> : null}
          {reservation.team ? <Fact label="Team">{reservation.team}</Fact> : null}
          <Fact label="Changeable until">{formatDay(reservation.changeableUntil)}</Fact>
        </Box>
      </Paper>
      <Paper
        component="section"
        aria-label="Change or cancel"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Actions reservation={reservation} />
      </Paper>
      <Box>
        <Button component={RouterLink} to={MY_RESERVATIONS_PATH}>
          All my reservations
        </Button>
      </Box>
    </Stack>
  );
}

function ReservationLoader({ id }: { id: string }) {
  const location = useLocation();
  const returned = new URLSearchParams(location.search).get(GUARANTEE_RETURN_PARAM) === "saved";
  const [since] = useState(() => Date.now());
  const reservation = useQuery({
    queryKey: stayKeys.reservation(id),
    queryFn: ({ signal }) => getReservation(id, signal),
    // Back from the card page: asked again until the card is confirmed (for a minute at most).
    refetchInterval: (query) =>
      returned &&
      query.state.data?.guarantee?.state === "awaiting_card" &&
      Date.now() - since < GUARANTEE_POLL_LIMIT_MS
        ? GUARANTEE_POLL_MS
        : false,
  });
  if (reservation.data) {
    return <ReservationView reservation={reservation.data} confirming={returned} />;
  }
  if (reservation.error instanceof ApiError && [400, 403, 404].includes(reservation.error.status)) {
    return (
      <NoticePanel role="alert" icon={<SearchOffIcon />} title={RESERVATION_NOT_FOUND}>
        It may belong to another account, or the address is mistyped.
      </NoticePanel>
    );
  }
  if (reservation.isError) {
    return (
      <RetryAlert onRetry={() => void reservation.refetch()}>
        {apiErrorMessage(reservation.error, "The reservation did not load.")}
      </RetryAlert>
    );
  }
  return (
    <Stack spacing={2} role="status" aria-label="Loading the reservation">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

export function ReservationPage() {
  const { reservationId = "" } = useParams();
  return (
    <PageFrame title="Reservation" icon={<EventAvailableIcon />}>
      <RequireSignIn what="this reservation">
        <ReservationLoader id={reservationId} />
      </RequireSignIn>
    </PageFrame>
  );
}
