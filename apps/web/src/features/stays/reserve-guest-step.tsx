// The reserve flow's second step, who stays: the guest's name, e-mail, phone and (unless a team's
// booking link names it) team, checked against the booking's contract. Signing in is required.
import { type TReservationCreate, ZReservationCreate } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { isSignedInWithProfile, useAuth } from "../../lib/auth";
import { SignInPanel } from "../../ui/require-sign-in";

export const SIGN_IN_TO_BOOK = "Sign in to book";

export type TGuest = Omit<TReservationCreate, "quote">;
type TGuestDraft = { guestName: string; email: string; phone: string; team: string };

const ZGuest = ZReservationCreate.omit({ quote: true });

function guestOf(draft: TGuestDraft): { guest: TGuest | null; errors: Partial<TGuestDraft> } {
  const parsed = ZGuest.safeParse({
    guestName: draft.guestName,
    email: draft.email.trim(),
    phone: draft.phone,
    team: draft.team.trim() === "" ? null : draft.team,
  });
  if (parsed.success) return { guest: parsed.data, errors: {} };
  const errors: Partial<TGuestDraft> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "guestName") errors.guestName = "Enter the guest's name.";
    if (field === "email") errors.email = "Enter an e-mail address, like name@example.com.";
    if (field === "phone") errors.phone = "Enter a phone number (at least 3 characters).";
    if (field === "team") errors.team = "At most 200 characters.";
  }
  return { guest: null, errors };
}

function SignInToBook() {
  return (
    <SignInPanel title={SIGN_IN_TO_BOOK}>
      Reservations belong to a Hostfield account, so you can find, change or cancel them later.
    </SignInPanel>
  );
}

export function GuestForm({
  initial,
  forTeam = false,
  onBack,
  onNext,
}: {
  initial: TGuest | null;
  /** Booked through a team's link: the link names the team, so no team is typed. */
  forTeam?: boolean;
  onBack: () => void;
  onNext: (guest: TGuest) => void;
}) {
  const auth = useAuth();
  const [draft, setDraft] = useState<TGuestDraft>(() => ({
    guestName: initial?.guestName ?? auth.profile?.name ?? "",
    email: initial?.email ?? auth.profile?.email ?? "",
    phone: initial?.phone ?? "",
    team: initial?.team ?? "",
  }));
  const [shown, setShown] = useState(false);
  if (!isSignedInWithProfile(auth)) {
    if (auth.isLoading) return <Skeleton variant="rounded" height={200} />;
    return (
      <Stack spacing={2}>
        <SignInToBook />
        <Box>
          <Button onClick={onBack}>Back to the rooms</Button>
        </Box>
      </Stack>
    );
  }
  const { guest, errors } = guestOf(draft);
  const visible = shown ? errors : {};
  const set = (name: keyof TGuestDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (guest) onNext(guest);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Guest details">
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <TextField
          label="Guest name"
          required
          autoComplete="name"
          value={draft.guestName}
          onChange={set("guestName")}
          error={Boolean(visible.guestName)}
          helperText={visible.guestName}
        />
        <TextField
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          value={draft.email}
          onChange={set("email")}
          error={Boolean(visible.email)}
          helperText={visible.email ?? "The confirmation goes here."}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          value={draft.phone}
          onChange={set("phone")}
          error={Boolean(visible.phone)}
          helperText={visible.phone}
        />
        {forTeam ? null : (
          <TextField
            label="Team (optional)"
            value={draft.team}
            onChange={set("team")}
            error={Boolean(visible.team)}
            helperText={visible.team}
          />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "space-between" }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained">
          Review
        </Button>
      </Stack>
    </Box>
  );
}
