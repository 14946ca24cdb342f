// What changes an accepted block, on its card: the amendment on the table as a banner (what it
// changes: each term from → to, and each night whose rooms or rate differ), with Accept and Decline
// for the side that did not propose it and Withdraw for its proposer (the block keeps its nights
// until it is accepted); and the organizer's "Release rooms": a dialog with each night's rooms to
// give back to the hotel now (at most held − booked), closed once the cut-off day has ended.
import type { TBlock, TBlockRelease, TBlockSide } from "@hostfield/domain/contracts";
import { todayUtc } from "@hostfield/domain/rules";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import UndoIcon from "@mui/icons-material/Undo";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { useKeepBlock } from "./block-dialogs";
import { answerAmendment, releaseBlockRooms } from "./rooms-api";
import { formatDay, formatMoney, formatNight, plural } from "./rooms-format";

const SIDE_NAMES: Record<TBlockSide, string> = { hotel: "The hotel", organizer: "The organizer" };
const OTHER_SIDE: Record<TBlockSide, string> = { hotel: "the organizer", organizer: "the hotel" };

const comps = (perPaid: number | null) => (perPaid ? `1 free per ${perPaid} paid` : "None");
/** A block's card-guarantee term in words. */
export const cardGuaranteeText = (required: boolean | null) =>
  required === null ? "As the hotel's settings" : required ? "Required" : "Not required";
const key = (n: { roomTypeId: string; night: string }) => `${n.roomTypeId}/${n.night}`;

/** What the block's amendment changes, a line each: the terms, then the nights that differ. */
export function amendmentChanges(block: TBlock): string[] {
  const a = block.amendment;
  if (!a) return [];
  const lines: string[] = [];
  if (a.cutoffDate !== undefined)
    lines.push(`Cut-off: ${formatDay(block.cutoffDate)} → ${formatDay(a.cutoffDate)}`);
  if (a.minNights !== undefined)
    lines.push(`Minimum stay: ${block.minNights} → ${plural(a.minNights, "night")}`);
  if (a.attritionPercent !== undefined)
    lines.push(`Attrition allowance: ${block.attritionPercent}% → ${a.attritionPercent}%`);
  if (a.compPerPaid !== undefined)
    lines.push(`Comp policy: ${comps(block.compPerPaid)} → ${comps(a.compPerPaid)}`);
  if (a.note !== undefined) lines.push(a.note ? `Note: “${a.note}”` : "Note: none");
  if (a.requireCardGuarantee !== undefined)
    lines.push(
      `Card guarantee: ${cardGuaranteeText(block.requireCardGuarantee)} → ${cardGuaranteeText(a.requireCardGuarantee)}`,
    );
  if (a.nights) {
    const types = new Set([...block.nights, ...a.nights].map((n) => n.roomTypeId));
    const name = (n: { roomTypeName: string; night: string }) =>
      `${formatNight(n.night)}${types.size > 1 ? `, ${n.roomTypeName}` : ""}`;
    const now = new Map(block.nights.map((n) => [key(n), n]));
    const next = new Map(a.nights.map((n) => [key(n), n]));
    const all = [...new Set([...now.keys(), ...next.keys()])]
      .map((k) => (now.get(k) ?? next.get(k))!)
      .sort(
        (x, y) => x.night.localeCompare(y.night) || x.roomTypeName.localeCompare(y.roomTypeName),
      );
    for (const n of all) {
      const was = now.get(key(n));
      const will = next.get(key(n));
      if (was && !will) lines.push(`${name(n)}: left out (${plural(was.held, "room")} now)`);
      else if (!was && will)
        lines.push(
          `${name(n)}: ${plural(will.rooms, "room")} at ${formatMoney(will.rate)} (a new night)`,
        );
      else if (was && will) {
        const parts: string[] = [];
        if (was.held !== will.rooms) parts.push(`${was.held} → ${plural(will.rooms, "room")}`);
        if (was.rate !== will.rate)
          parts.push(`rate ${formatMoney(was.rate)} → ${formatMoney(will.rate)}`);
        if (parts.length > 0) lines.push(`${name(n)}: ${parts.join(", ")}`);
      }
    }
  }
  return lines;
}

/** The amendment on the table, and the answers the viewing side may give. */
export function AmendmentBanner({ block, side }: { block: TBlock; side: TBlockSide }) {
  const listId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const keepBlock = useKeepBlock();
  const a = block.amendment;
  const mine = a?.side === side;
  const answer = useMutation({
    mutationFn: (verb: "accept" | "decline") => answerAmendment(block.id, verb),
    onSuccess: (answered, verb) => {
      keepBlock(answered);
      enqueueSnackbar(
        verb === "accept"
          ? "The change was accepted: the block holds the new nights and terms."
          : mine
            ? "Your change was withdrawn."
            : "The change was declined; the block stays as it was.",
        { variant: "success" },
      );
    },
  });
  if (!a) return null;
  const changes = amendmentChanges(block);
  return (
    <Alert
      severity={mine ? "info" : "warning"}
      role="region"
      aria-label="Proposed change"
      sx={{ "& .MuiAlert-message": { width: "100%" } }}
    >
      <AlertTitle>
        {mine
          ? `You proposed a change; waiting for ${OTHER_SIDE[side]} to answer.`
          : `${SIDE_NAMES[a.side]}${a.by ? ` (${a.by.name})` : ""} proposed a change on ${formatDateTime(a.date)}.`}
      </AlertTitle>
      <Typography variant="body2" id={listId}>
        The block holds its current nights and terms until the change is accepted.
      </Typography>
      <Box component="ul" aria-labelledby={listId} sx={{ my: 1, pl: 2.5 }}>
        {changes.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      {answer.error ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
          {apiErrorMessage(answer.error, "That did not work. Try again.")}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {mine ? (
          <Button
            size="small"
            variant="outlined"
            disabled={answer.isPending}
            onClick={() => answer.mutate("decline")}
          >
            Withdraw change
          </Button>
        ) : (
          <>
            <Button
              size="small"
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              disabled={answer.isPending}
              onClick={() => answer.mutate("accept")}
            >
              Accept change
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<CloseIcon />}
              disabled={answer.isPending}
              onClick={() => answer.mutate("decline")}
            >
              Decline change
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** Why rooms cannot be given back now, or null when they can. */
export function releaseClosedReason(block: TBlock, today: string): string | null {
  if (today > block.cutoffDate)
    return "The cut-off has passed: the rooms nobody booked go back to the hotel on their own.";
  if (block.nights.every((n) => n.held <= n.booked))
    return "Every room of the block is booked: there are none to give back.";
  return null;
}

/** The organizer's "Release rooms" on an accepted block, and why it is closed when it is. */
export function ReleaseRooms({ block }: { block: TBlock }) {
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const closed = releaseClosedReason(block, todayUtc());
  return (
    <>
      <Button
        startIcon={<UndoIcon />}
        disabled={closed !== null}
        aria-describedby={closed ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        Release rooms
      </Button>
      {closed ? (
        <Typography id={reasonId} variant="caption" color="text.secondary">
          {closed}
        </Typography>
      ) : null}
      {open ? <ReleaseRoomsDialog block={block} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReleaseRoomsDialog({ block, onClose }: { block: TBlock; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const keepBlock = useKeepBlock();
  const types = new Set(block.nights.map((n) => n.roomTypeId));
  const rows = block.nights.map((n) => ({
    ...n,
    free: Math.max(n.held - n.booked, 0),
    name: `${formatNight(n.night)}${types.size > 1 ? `, ${n.roomTypeName}` : ""}`,
  }));
  const [values, setValues] = useState<string[]>(() => rows.map(() => "0"));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (release: TBlockRelease) => releaseBlockRooms(block.id, release),
    onSuccess: (released, release) => {
      keepBlock(released);
      const total = release.nights.reduce((s, n) => s + n.rooms, 0);
      enqueueSnackbar(`${plural(total, "room night")} went back to ${block.hotel.name}.`, {
        variant: "success",
      });
      onClose();
    },
  });
  return (
    <FormDialog
      title={`Release rooms at ${block.hotel.name}`}
      description={`Give rooms nobody booked back to the hotel now, before the cut-off (${formatDay(block.cutoffDate)}). They stop being held for ${block.event.name}; this cannot be undone.`}
      submitText="Release rooms"
      danger
      maxWidth="sm"
      pending={save.isPending}
      error={
        problem ?? (save.error ? apiErrorMessage(save.error, "No rooms were released.") : null)
      }
      onClose={onClose}
      onSubmit={() => {
        const nights: TBlockRelease["nights"] = [];
        for (const [i, row] of rows.entries()) {
          const text = values[i]!.trim();
          const rooms = Number(text);
          if (text === "" || !Number.isInteger(rooms) || rooms < 0 || rooms > row.free)
            return setProblem(
              `Rooms to give back on ${row.name}: a whole number from 0 to ${row.free}.`,
            );
          if (rooms > 0) nights.push({ roomTypeId: row.roomTypeId, night: row.night, rooms });
        }
        if (nights.length === 0) return setProblem("Give back at least one room.");
        setProblem(null);
        save.mutate({ nights });
      }}
    >
      <Stack component="ul" spacing={1.5} sx={{ m: 0, pt: 1, pl: 0, listStyle: "none" }}>
        {rows.map((row, i) => (
          <Box
            component="li"
            key={key(row)}
            sx={{
              display: "grid",
              gap: 1,
              alignItems: "center",
              gridTemplateColumns: { xs: "1fr", sm: "minmax(0, 1fr) 160px" },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {row.held} held · {row.booked} booked
              </Typography>
            </Box>
            <TextField
              type="number"
              size="small"
              label="Give back"
              value={values[i]}
              onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))}
              disabled={row.free === 0}
              helperText={row.free === 0 ? "All booked" : `At most ${row.free}`}
              slotProps={{
                htmlInput: {
                  min: 0,
                  max: row.free,
                  step: 1,
                  "aria-label": `Rooms to give back, ${row.name}`,
                },
              }}
            />
          </Box>
        ))}
      </Stack>
    </FormDialog>
  );
}
