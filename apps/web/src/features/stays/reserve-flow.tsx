// The reserve flow's steps and where it is: the rooms (reserve-rooms-step.tsx), the guest
// (reserve-guest-step.tsx, skipped when changing a stay) and the review (reserve-review-step.tsx).
// The search lives in the address, so a link or a reload lands on the same offers.
import type { TReservation, TRoomOffer } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { GuestForm, type TGuest } from "./reserve-guest-step";
import { ReviewStep, type TAction, type TStay } from "./reserve-review-step";
import { RoomsStep } from "./reserve-rooms-step";
import type { TAddress, TDraft, TWindow } from "./reserve-search";
import { getEventStayInfo, stayKeys } from "./stays-api";
import { TeamLinkNotice } from "./team-link-notice";

export const RESERVE_STEPS = ["Dates and rooms", "Guest details", "Review and book"] as const;
/** The stepper's labels: short, so that three fit side by side on a phone. */
const STEP_LABELS = ["Rooms", "Guest", "Review"] as const;
/** Changing a stay skips the guest details: the flow's steps it shows, with their headings. */
const CHANGE_STEPS = [
  { step: 0, label: "Rooms", heading: "New dates and rooms" },
  { step: 2, label: "Review", heading: "Review and change" },
] as const;
const BOOK_STEPS = STEP_LABELS.map((label, step) => ({
  step,
  label,
  heading: RESERVE_STEPS[step],
}));

/** Where the flow is; when changing a stay, step 2 has no guest (the reservation keeps its own). */
type TFlow =
  | { step: 0 }
  | { step: 1; offer: TRoomOffer; stay: TStay }
  | { step: 2; offer: TRoomOffer; stay: TStay; guest: TGuest | null };

export function ReserveFlow({
  hotelId,
  address,
  changing = null,
}: {
  hotelId: string;
  address: TAddress;
  /** The reservation whose stay this flow changes; null to book a new one. */
  changing?: TReservation | null;
}) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<TFlow>({ step: 0 });
  const [guest, setGuest] = useState<TGuest | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const stepHeading = useId();
  const info = useQuery({
    queryKey: stayKeys.event(address.eventId ?? ""),
    queryFn: ({ signal }) => getEventStayInfo(address.eventId ?? "", signal),
    enabled: Boolean(address.eventId),
  });

  if (address.eventId && info.isPending) {
    return <ListSkeleton label="Loading the event's dates" rows={2} height={72} />;
  }
  if (address.eventId && info.isError) {
    return (
      <RetryAlert onRetry={() => void info.refetch()}>
        {apiErrorMessage(info.error, "The event's stay dates did not load.")}
      </RetryAlert>
    );
  }
  const stayWindow: TWindow | null = info.data
    ? { checkIn: info.data.checkIn, checkOut: info.data.checkOut, bookable: info.data.bookable }
    : null;

  const onSearch = (draft: TDraft) => {
    setMessage(null);
    setParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("checkIn", draft.checkIn);
        next.set("checkOut", draft.checkOut);
        next.set("rooms", String(Number(draft.rooms)));
        next.set("guests", String(Number(draft.guests)));
        return next;
      },
      { replace: true },
    );
  };

  const onUnavailable = (text: string) => {
    setMessage(text);
    setFlow({ step: 0 });
    void queryClient.invalidateQueries({ queryKey: ["stays", "availability", hotelId] });
  };

  const steps = changing ? CHANGE_STEPS : BOOK_STEPS;
  const active = Math.max(
    0,
    steps.findIndex((s) => s.step === flow.step),
  );
  const action: TAction | null = changing
    ? { kind: "change", reservation: changing }
    : flow.step === 2 && flow.guest
      ? {
          kind: "book",
          guest: flow.guest,
          onEditGuest: () => setFlow({ step: 1, offer: flow.offer, stay: flow.stay }),
          teamLink: address.teamLink,
        }
      : null;

  return (
    <Stack spacing={3}>
      {address.teamLink && !changing ? <TeamLinkNotice token={address.teamLink} /> : null}
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-label={changing ? "Change steps" : "Booking steps"}
      >
        {steps.map(({ label }) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-labelledby={stepHeading}>
        <Typography id={stepHeading} variant="h6" component="h2" sx={{ mb: 2 }}>
          {steps[active]?.heading}
        </Typography>
        {flow.step === 0 ? (
          <RoomsStep
            hotelId={hotelId}
            address={address}
            stayWindow={stayWindow}
            changing={changing}
            message={message}
            onDismissMessage={() => setMessage(null)}
            onSearch={onSearch}
            onChoose={(offer, availability) => {
              const stay = {
                checkIn: availability.checkIn,
                checkOut: availability.checkOut,
                rooms: availability.rooms,
                guests: availability.guests,
              };
              setFlow(changing ? { step: 2, offer, stay, guest: null } : { step: 1, offer, stay });
            }}
          />
        ) : null}
        {flow.step === 1 ? (
          <GuestForm
            initial={guest}
            forTeam={Boolean(address.teamLink)}
            onBack={() => setFlow({ step: 0 })}
            onNext={(next) => {
              setGuest(next);
              setFlow({ step: 2, offer: flow.offer, stay: flow.stay, guest: next });
            }}
          />
        ) : null}
        {flow.step === 2 && action ? (
          <ReviewStep
            hotelId={hotelId}
            offer={flow.offer}
            stay={flow.stay}
            action={action}
            onBack={() => setFlow({ step: 0 })}
            onUnavailable={onUnavailable}
          />
        ) : null}
      </Box>
    </Stack>
  );
}
