// The two forms of a block's negotiation: proposing a new block (the hotel to an event, or the
// organizer to a hotel: one room type, its rooms and rate night by night, shaped from the rooms
// on the peak night with fewer on the shoulders, and the terms), and putting new terms on a block
// (night by night, the same grid: block-nights-field.tsx): a counter-proposal while it is open, an
// amendment the other side answers once it is accepted. The organizer's peak starts from the
// event's teams' needs, else from the awarded request's room nights, else 10.
import {
  type TBlock,
  type TBlockChange,
  type TBlockCreate,
  type TTeamsOverview,
  ZBlockChange,
  ZBlockCreate,
} from "@hostfield/domain/contracts";
import { addDays, peakForRoomNights, stayNights, todayUtc } from "@hostfield/domain/rules";
import Autocomplete from "@mui/material/Autocomplete";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { useDebounced } from "../../ui/use-debounced";
import {
  BlockNightsField,
  MAX_BLOCK_ROOMS,
  nightRowsProblem,
  nightsBody,
  shapedRows,
  type TNightRow,
} from "./block-nights-field";
import {
  changeBlock,
  createBlock,
  getEventTeams,
  getLeadRoomNights,
  getManagedListing,
  listRoomTypes,
  roomsKeys,
  searchListings,
  type TManagedKind,
  type TPickable,
} from "./rooms-api";

// ---- the terms both forms share ----

type TTerms = {
  cutoffDate: string;
  minNights: string;
  attritionPercent: string;
  compPerPaid: string;
  note: string;
  /** A card guarantee for the block's bookings: the hotel's setting, or required or not over it. */
  cardGuarantee: "hotel" | "required" | "none";
};

const termsOf = (block: TBlock | null): TTerms => ({
  cutoffDate: block?.cutoffDate ?? addDays(todayUtc(), 30),
  minNights: String(block?.minNights ?? 1),
  attritionPercent: String(block?.attritionPercent ?? 20),
  compPerPaid: block?.compPerPaid ? String(block.compPerPaid) : "",
  note: block?.note ?? "",
  cardGuarantee:
    block?.requireCardGuarantee === true
      ? "required"
      : block?.requireCardGuarantee === false
        ? "none"
        : "hotel",
});

const termsBody = (terms: TTerms) => ({
  cutoffDate: terms.cutoffDate,
  minNights: Number(terms.minNights),
  attritionPercent: Number(terms.attritionPercent),
  compPerPaid: terms.compPerPaid.trim() === "" ? null : Number(terms.compPerPaid),
  note: terms.note.trim() === "" ? null : terms.note.trim(),
  requireCardGuarantee: terms.cardGuarantee === "hotel" ? null : terms.cardGuarantee === "required",
});

const CARD_GUARANTEE_CHOICES = [
  { value: "hotel", label: "As the hotel's booking settings" },
  { value: "required", label: "Required" },
  { value: "none", label: "Not required" },
] as const;

const TERMS_PROBLEM =
  "Check the terms: a cut-off date, a minimum stay of 1 to 30 nights, an attrition allowance of 0 to 100%, and a comp policy of 1 or more (or empty for none).";

function TermsFields({ terms, onChange }: { terms: TTerms; onChange: (terms: TTerms) => void }) {
  const set = (key: keyof TTerms) => (e: { target: { value: string } }) =>
    onChange({ ...terms, [key]: e.target.value });
  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label="Cut-off date"
          type="date"
          value={terms.cutoffDate}
          onChange={set("cutoffDate")}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Unbooked rooms go back to the hotel after it."
          fullWidth
        />
        <TextField
          label="Minimum stay (nights)"
          type="number"
          value={terms.minNights}
          onChange={set("minNights")}
          slotProps={{ htmlInput: { min: 1, max: 30, step: 1 } }}
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label="Attrition allowance (%)"
          type="number"
          value={terms.attritionPercent}
          onChange={set("attritionPercent")}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
          helperText="Share of the room nights that may go unsold without penalty."
          fullWidth
        />
        <TextField
          label="One comp night per … paid"
          type="number"
          value={terms.compPerPaid}
          onChange={set("compPerPaid")}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          helperText="Empty for no comp nights."
          fullWidth
        />
      </Stack>
      <TextField
        select
        label="Card guarantee"
        value={terms.cardGuarantee}
        onChange={(e) => {
          const value = CARD_GUARANTEE_CHOICES.find((c) => c.value === e.target.value)?.value;
          if (value) onChange({ ...terms, cardGuarantee: value });
        }}
        helperText="Whether guests save a card to hold their bookings in the block (while payments are on)."
      >
        {CARD_GUARANTEE_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Note" multiline minRows={2} value={terms.note} onChange={set("note")} />
    </>
  );
}

/**
 * The server's block in place in the lists that show it; the lists reload (a new block joins the
 * lists whose scope and status it fits from the server, not by guess).
 */
export function useKeepBlock() {
  const queryClient = useQueryClient();
  return (block: TBlock) => {
    queryClient.setQueriesData<TBlock[]>({ queryKey: roomsKeys.blocks }, (list) =>
      list?.map((b) => (b.id === block.id ? block : b)),
    );
    void queryClient.invalidateQueries({ queryKey: roomsKeys.blocks });
    void queryClient.invalidateQueries({ queryKey: roomsKeys.pickup(block.id) });
  };
}

// ---- new terms on an open block ----

export function ChangeBlockDialog({ block, onClose }: { block: TBlock; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const keepBlock = useKeepBlock();
  // An accepted block is amended: it keeps its nights until the other side accepts the change.
  const held = block.status === "Accepted";
  const [terms, setTerms] = useState<TTerms>(() => termsOf(block));
  const [nights, setNights] = useState<TNightRow[]>(() =>
    block.nights.map((n) => ({
      roomTypeId: n.roomTypeId,
      roomTypeName: n.roomTypeName,
      night: n.night,
      rooms: String(n.held),
      rate: String(n.rate),
      booked: n.booked,
    })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: TBlockChange) => changeBlock(block.id, change),
    onSuccess: (changed) => {
      keepBlock(changed);
      enqueueSnackbar(
        held
          ? "Your change was sent. The block stays as it is until it is accepted."
          : "Your terms were sent.",
        { variant: "success" },
      );
      onClose();
    },
  });
  return (
    <FormDialog
      title={
        held ? `A change to the block at ${block.hotel.name}` : `New terms for ${block.hotel.name}`
      }
      description={
        held
          ? `For ${block.event.name}. The block keeps its nights and terms until the other side accepts your change; a night may not hold fewer rooms than are booked on it.`
          : `For ${block.event.name}. The block goes back to Proposed, by you, until the other side answers.`
      }
      submitText={held ? "Propose change" : "Send terms"}
      maxWidth="sm"
      pending={save.isPending}
      error={
        problem ?? (save.error ? apiErrorMessage(save.error, "The terms were not sent.") : null)
      }
      onClose={onClose}
      onSubmit={() => {
        const wrong = nightRowsProblem(nights);
        if (wrong) return setProblem(wrong);
        const parsed = ZBlockChange.safeParse({ nights: nightsBody(nights), ...termsBody(terms) });
        if (!parsed.success) return setProblem(TERMS_PROBLEM);
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <BlockNightsField rows={nights} onChange={setNights} />
        <TermsFields terms={terms} onChange={setTerms} />
      </Stack>
    </FormDialog>
  );
}

// ---- proposing a block ----

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The listing id in what was pasted: an id, or a page address that holds one. */
export function idIn(text: string): string | null {
  return UUID.exec(text)?.[0]?.toLowerCase() ?? null;
}

/** Picks a hotel or an event by name (the marketplace's search), `suggested` first. */
function ListingPicker({
  kind,
  label,
  value,
  onChange,
  suggested = [],
}: {
  kind: TManagedKind;
  label: string;
  value: TPickable | null;
  onChange: (value: TPickable | null) => void;
  suggested?: TPickable[];
}) {
  const [text, setText] = useState("");
  const search = useDebounced(text.trim());
  const results = useQuery({
    queryKey: roomsKeys.search(kind, search),
    queryFn: ({ signal }) => searchListings(kind, search, signal),
    enabled: search.length >= 2,
  });
  const found = results.data ?? [];
  const options = [...suggested, ...found.filter((f) => !suggested.some((s) => s.id === f.id))];
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_e, next) => setText(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={results.isFetching}
      noOptionsText={search.length < 2 ? "Type 2 or more letters" : "Nothing found"}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Stack>
              <Typography variant="body2">{option.name}</Typography>
              {option.detail ? (
                <Typography variant="caption" color="text.secondary">
                  {option.detail}
                </Typography>
              ) : null}
            </Stack>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

type TProposeFields = {
  roomTypeId: string;
  /** Rooms on the peak night, as typed: the shape's core nights; null while it is the one proposed. */
  peak: string | null;
  rate: string;
  /** Hold the night of the event's last day too. */
  lastNight: boolean;
};

const DEFAULT_PEAK = 10;

/**
 * The peak the dialog proposes, and where it came from (null for the plain default): the sum of
 * the rooms the event's teams need, else the room nights the awarded request estimated spread over
 * the event's nights (the shoulders at half make up the nights before and after), else 10.
 */
export function suggestedPeak(input: {
  teams?: TTeamsOverview;
  roomNights?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}): { peak: number; from: string | null } {
  const teams = input.teams?.teams ?? [];
  if (teams.length > 0) {
    const need = teams.reduce((sum, team) => sum + team.roomsNeeded, 0);
    return {
      peak: Math.min(need, MAX_BLOCK_ROOMS),
      from: `From your ${teams.length} team${teams.length === 1 ? "'s" : "s'"} needs.`,
    };
  }
  const { roomNights, startDate, endDate } = input;
  if (roomNights && startDate && endDate) {
    const nights = Math.max(stayNights(startDate.slice(0, 10), endDate.slice(0, 10)).length, 1);
    const peak = peakForRoomNights(roomNights, nights);
    if (peak > 0)
      return {
        peak: Math.min(peak, MAX_BLOCK_ROOMS),
        from: `From the ${roomNights} room nights your request estimated.`,
      };
  }
  return { peak: DEFAULT_PEAK, from: null };
}

/**
 * Proposes a block. From a hotel's page the hotel is fixed and the event is picked (searched, or
 * its id or page address pasted); from an event's page the event is fixed and the hotel is picked
 * (its linked hotels first). The room type comes from the hotel's rooms.
 */
export function ProposeBlockDialog({
  side,
  hotelId: fixedHotel,
  eventId: fixedEvent,
  suggestedHotels,
  leadId,
  onClose,
}: {
  side: "hotel" | "organizer";
  hotelId?: string;
  eventId?: string;
  suggestedHotels?: TPickable[];
  /** The awarded lead the block comes from; the block carries its request. */
  leadId?: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const keepBlock = useKeepBlock();
  const [event, setEvent] = useState<TPickable | null>(null);
  const [pastedEvent, setPastedEvent] = useState("");
  const [hotel, setHotel] = useState<TPickable | null>(null);
  const [fields, setFields] = useState<TProposeFields>({
    roomTypeId: "",
    peak: null,
    rate: "",
    lastNight: false,
  });
  // The nights as edited; null while they follow the shape of the fields above.
  const [edited, setEdited] = useState<TNightRow[] | null>(null);
  const [terms, setTerms] = useState<TTerms>(() => termsOf(null));
  const [problem, setProblem] = useState<string | null>(null);
  const hotelId = fixedHotel ?? hotel?.id ?? null;
  const eventId = fixedEvent ?? event?.id ?? idIn(pastedEvent);
  const rooms = useQuery({
    queryKey: roomsKeys.roomTypes(hotelId ?? ""),
    queryFn: ({ signal }) => listRoomTypes(hotelId ?? "", signal),
    enabled: hotelId !== null,
  });
  const eventListing = useQuery({
    queryKey: roomsKeys.listing("event", eventId ?? ""),
    queryFn: ({ signal }) => getManagedListing("event", eventId ?? "", signal),
    enabled: eventId !== null,
  });
  // What the peak starts from: the organizer's teams (none, or no access: a 403 or 404 is no
  // teams), the awarded request's room nights.
  const teams = useQuery({
    queryKey: roomsKeys.eventTeams(eventId ?? ""),
    queryFn: ({ signal }) => getEventTeams(eventId ?? "", signal),
    enabled: side === "organizer" && eventId !== null,
    retry: false,
  });
  const requestNights = useQuery({
    queryKey: roomsKeys.leadRoomNights(leadId ?? ""),
    queryFn: ({ signal }) => getLeadRoomNights(eventId ?? "", leadId ?? "", signal),
    enabled: side === "organizer" && eventId !== null && leadId !== undefined,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: TBlockCreate) => createBlock(body),
    onSuccess: (block) => {
      keepBlock(block);
      enqueueSnackbar(
        side === "hotel"
          ? `The block was proposed to ${block.event.name}'s organizers.`
          : `The block was proposed to ${block.hotel.name}.`,
        { variant: "success" },
      );
      onClose();
    },
  });
  const roomTypes = rooms.data ?? [];
  const roomType = roomTypes.find((t) => t.id === fields.roomTypeId) ?? null;
  const dates = eventListing.data;
  const suggested = suggestedPeak({
    teams: teams.data,
    roomNights: requestNights.data,
    startDate: dates?.startDate,
    endDate: dates?.endDate,
  });
  const peak = fields.peak ?? String(suggested.peak);
  const shaped =
    roomType && dates?.startDate && dates.endDate
      ? shapedRows({
          startDate: dates.startDate.slice(0, 10),
          endDate: dates.endDate.slice(0, 10),
          peak: Number(peak),
          lastNight: fields.lastNight,
          rate: fields.rate,
          roomType,
          today: todayUtc(),
        })
      : null;
  const nights = edited ?? shaped;
  // A change above reshapes the nights (and drops the edits made to them).
  const setShape = (change: Partial<TProposeFields>) => {
    setFields((f) => ({ ...f, ...change }));
    setEdited(null);
  };
  return (
    <FormDialog
      title={side === "hotel" ? "Propose a block to an event" : "Propose a block to a hotel"}
      description={`${leadId ? "For the awarded proposal: the block records the request it came from. " : ""}Rooms and rate night by night, from the night before the event to the night before its last day, fewer on the first and last nights; change any night. The other side accepts, declines or answers with new terms.`}
      submitText="Propose block"
      maxWidth="sm"
      pending={save.isPending}
      error={
        problem ?? (save.error ? apiErrorMessage(save.error, "The block was not proposed.") : null)
      }
      onClose={onClose}
      onSubmit={() => {
        if (!eventId) return setProblem("Choose the event, or paste its id or page address.");
        if (!hotelId) return setProblem("Choose the hotel.");
        if (!fields.roomTypeId) return setProblem("Choose a room type.");
        if (!nights) return setProblem("The event's dates have not loaded yet.");
        if (nights.length === 0) return setProblem("The event has no nights left to hold.");
        const wrong = nightRowsProblem(nights);
        if (wrong) return setProblem(wrong);
        const parsed = ZBlockCreate.safeParse({
          eventId,
          hotelId,
          ...(leadId ? { leadId } : {}),
          nights: nightsBody(nights),
          ...termsBody(terms),
        });
        if (!parsed.success) return setProblem(TERMS_PROBLEM);
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {side === "hotel" ? (
          <>
            <ListingPicker kind="event" label="Event" value={event} onChange={setEvent} />
            <TextField
              label="Or the event's id or page address"
              value={pastedEvent}
              onChange={(e) => setPastedEvent(e.target.value)}
              disabled={event !== null}
              error={pastedEvent.trim() !== "" && !idIn(pastedEvent)}
              helperText={
                pastedEvent.trim() !== "" && !idIn(pastedEvent)
                  ? "That holds no event id."
                  : "Copy it from the event's page."
              }
            />
          </>
        ) : (
          <ListingPicker
            kind="hotel"
            label="Hotel"
            value={hotel}
            onChange={(next) => {
              setHotel(next);
              setShape({ roomTypeId: "" });
            }}
            suggested={suggestedHotels}
          />
        )}
        <TextField
          select
          label="Room type"
          value={fields.roomTypeId}
          onChange={(e) => {
            const type = roomTypes.find((t) => t.id === e.target.value);
            setShape({
              roomTypeId: type?.id ?? "",
              rate: fields.rate === "" && type ? String(type.rackRate) : fields.rate,
            });
          }}
          disabled={hotelId === null || roomTypes.length === 0}
          helperText={
            hotelId === null
              ? "Choose the hotel first."
              : rooms.isError
                ? apiErrorMessage(rooms.error, "The room types did not load.")
                : rooms.data && roomTypes.length === 0
                  ? "This hotel has no room types yet."
                  : undefined
          }
          error={rooms.isError}
        >
          {roomTypes.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name} ({type.beds})
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Rooms on the peak night"
            type="number"
            value={peak}
            onChange={(e) => setShape({ peak: e.target.value })}
            slotProps={{ htmlInput: { min: 1, max: 10_000, step: 1 } }}
            helperText={`${fields.peak === null && suggested.from ? `${suggested.from} ` : ""}The first and last nights get half, rounded up.`}
            fullWidth
          />
          <TextField
            label="Group rate ($ a night)"
            type="number"
            value={fields.rate}
            onChange={(e) => setShape({ rate: e.target.value })}
            slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
            helperText="Changing these refills the nights below."
            fullWidth
          />
        </Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={fields.lastNight}
              onChange={(e) => setShape({ lastNight: e.target.checked })}
            />
          }
          label="Also hold the night of the last day"
        />
        {roomType === null ? null : eventListing.isError ? (
          <Typography variant="body2" color="error" role="alert">
            {apiErrorMessage(eventListing.error, "The event's dates did not load.")}
          </Typography>
        ) : nights === null ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {eventId === null
              ? "Choose the event first."
              : eventListing.isPending
                ? "Loading the event's dates…"
                : "The event has no dates yet."}
          </Typography>
        ) : nights.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status">
            The event has no nights left to hold.
          </Typography>
        ) : (
          <BlockNightsField rows={nights} onChange={setEdited} />
        )}
        <TermsFields terms={terms} onChange={setTerms} />
      </Stack>
    </FormDialog>
  );
}
