// A hotel's room types: the list with what each sleeps and its rack rate, a dialog that adds or
// edits one (name, beds, max occupancy, rack rate, description) and a confirmed delete, which the
// server refuses (409) while the type has reservations.
import { type TRoomType, type TRoomTypeInput, ZRoomTypeInput } from "@hostfield/domain/contracts";
import AddIcon from "@mui/icons-material/Add";
import BedIcon from "@mui/icons-material/Bed";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { QueryStates } from "../../ui/query-states";
import {
  createRoomType,
  deleteRoomType,
  listRoomTypes,
  roomsKeys,
  updateRoomType,
} from "./rooms-api";
import { formatMoney, plural } from "./rooms-format";

export const NO_ROOM_TYPES = "No room types yet";

type TFields = {
  name: string;
  beds: string;
  maxOccupancy: string;
  rackRate: string;
  description: string;
};
type TFieldErrors = Partial<Record<keyof TFields, string>>;

const fieldsOf = (room: TRoomType | null): TFields => ({
  name: room?.name ?? "",
  beds: room?.beds ?? "",
  maxOccupancy: room ? String(room.maxOccupancy) : "2",
  rackRate: room ? String(room.rackRate) : "",
  description: room?.description ?? "",
});

const numberOrNaN = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The body the fields make, or what is wrong with them field by field. */
function parseFields(
  fields: TFields,
): { ok: true; input: TRoomTypeInput } | { ok: false; errors: TFieldErrors } {
  const result = ZRoomTypeInput.safeParse({
    name: fields.name,
    beds: fields.beds,
    maxOccupancy: numberOrNaN(fields.maxOccupancy),
    rackRate: numberOrNaN(fields.rackRate),
    description: fields.description.trim() === "" ? null : fields.description,
  });
  if (result.success) return { ok: true, input: result.data };
  const messages: Record<keyof TFields, string> = {
    name: "Give the room type a name.",
    beds: "Say which beds it has, e.g. 2 Queens.",
    maxOccupancy: "A whole number of guests from 1 to 20.",
    rackRate: "A nightly rate in dollars, 0 or more.",
    description: "At most 2,000 characters.",
  };
  const isField = (field: unknown): field is keyof TFields =>
    typeof field === "string" && field in messages;
  const errors: TFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] = messages[field];
  }
  return { ok: false, errors };
}

/** What an edit changed, and only that: a field someone else changed meanwhile stays theirs. */
export function changedFields(room: TRoomType, input: TRoomTypeInput): Partial<TRoomTypeInput> {
  const change: Partial<TRoomTypeInput> = {};
  if (input.name !== room.name) change.name = input.name;
  if (input.beds !== room.beds) change.beds = input.beds;
  if (input.maxOccupancy !== room.maxOccupancy) change.maxOccupancy = input.maxOccupancy;
  if (input.rackRate !== room.rackRate) change.rackRate = input.rackRate;
  if ((input.description ?? null) !== room.description) change.description = input.description;
  return change;
}

function RoomTypeDialog({
  hotelId,
  room,
  onClose,
}: {
  hotelId: string;
  room: TRoomType | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [fields, setFields] = useState<TFields>(() => fieldsOf(room));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useMutation({
    mutationFn: (input: TRoomTypeInput) =>
      room
        ? updateRoomType(hotelId, room.id, changedFields(room, input))
        : createRoomType(hotelId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData<TRoomType[]>(roomsKeys.roomTypes(hotelId), (list) =>
        list ? (room ? list.map((r) => (r.id === saved.id ? saved : r)) : [...list, saved]) : list,
      );
      void queryClient.invalidateQueries({ queryKey: roomsKeys.calendars(hotelId) });
      enqueueSnackbar(room ? `${saved.name} was saved.` : `${saved.name} was added.`, {
        variant: "success",
      });
      onClose();
    },
  });
  const field = (key: keyof TFields) => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
  });
  return (
    <FormDialog
      title={room ? `Edit ${room.name}` : "Add a room type"}
      submitText={room ? "Save" : "Add room type"}
      pending={save.isPending}
      error={save.error ? apiErrorMessage(save.error, "The room type was not saved.") : null}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={() => {
        const parsed = parseFields(fields);
        if (!parsed.ok) {
          setErrors(parsed.errors);
          return;
        }
        setErrors({});
        if (room && Object.keys(changedFields(room, parsed.input)).length === 0) {
          onClose();
          return;
        }
        save.mutate(parsed.input);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Name" required autoFocus {...field("name")} />
        <TextField label="Beds" required placeholder="2 Queens" {...field("beds")} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Max occupancy"
            type="number"
            required
            slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }}
            {...field("maxOccupancy")}
          />
          <TextField
            label="Rack rate ($ a night)"
            type="number"
            required
            slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
            {...field("rackRate")}
          />
        </Stack>
        <TextField label="Description" multiline minRows={2} {...field("description")} />
      </Stack>
    </FormDialog>
  );
}

function RoomTypeRow({
  room,
  onEdit,
  onDelete,
  deleting,
}: {
  room: TRoomType;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const id = useId();
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, display: "flex", gap: 2, alignItems: "flex-start" }}
    >
      <BedIcon color="action" aria-hidden sx={{ mt: 0.5 }} />
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={id} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {room.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {room.beds} · sleeps {plural(room.maxOccupancy, "guest")} · rack rate{" "}
          {formatMoney(room.rackRate)}
        </Typography>
        {room.description ? (
          <Typography variant="body2" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {room.description}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <IconButton aria-label={`Edit ${room.name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${room.name}`} onClick={onDelete} disabled={deleting}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

export function useRoomTypes(hotelId: string) {
  return useQuery({
    queryKey: roomsKeys.roomTypes(hotelId),
    queryFn: ({ signal }) => listRoomTypes(hotelId, signal),
  });
}

export function RoomTypesSection({ hotelId }: { hotelId: string }) {
  const rooms = useRoomTypes(hotelId);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<{ room: TRoomType | null } | null>(null);
  const remove = useMutation({
    mutationFn: (room: TRoomType) => deleteRoomType(hotelId, room.id),
    onSuccess: (_reply, room) => {
      queryClient.setQueryData<TRoomType[]>(roomsKeys.roomTypes(hotelId), (list) =>
        list?.filter((r) => r.id !== room.id),
      );
      void queryClient.invalidateQueries({ queryKey: roomsKeys.calendars(hotelId) });
      enqueueSnackbar(`${room.name} was deleted.`, { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The room type was not deleted."), {
        variant: "error",
      }),
  });
  const headingId = useId();
  const list = rooms.data ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
        useFlexGap
      >
        <Typography id={headingId} variant="h5" component="h2">
          Room types
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ room: null })}
        >
          Add room type
        </Button>
      </Stack>
      <QueryStates
        query={rooms}
        isEmpty={list.length === 0}
        loadingLabel="Loading the room types"
        failedTitle="The room types did not load"
        empty={{
          icon: <BedIcon />,
          title: NO_ROOM_TYPES,
          text: "Add the kinds of room you sell; then fill their nights in the rate grid.",
        }}
      >
        {() => (
          <Stack component="ul" spacing={1} aria-label="Room types" sx={{ m: 0, p: 0 }}>
            {list.map((room) => (
              <RoomTypeRow
                key={room.id}
                room={room}
                deleting={remove.isPending && remove.variables?.id === room.id}
                onEdit={() => setEditing({ room })}
                onDelete={async () => {
                  const result = await confirm({
                    title: `Delete ${room.name}?`,
                    description:
                      "Its nights leave the calendar. A room type with reservations cannot be deleted.",
                    confirmText: "Delete room type",
                    confirmButtonType: "danger",
                  });
                  if (result === "confirmed") remove.mutate(room);
                }}
              />
            ))}
          </Stack>
        )}
      </QueryStates>
      {editing ? (
        <RoomTypeDialog hotelId={hotelId} room={editing.room} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
