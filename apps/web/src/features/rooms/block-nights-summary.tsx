// A block's nights at a glance on its card, both sides: one line per night (and room type when the
// block has more than one). An offer on the table (Proposed, Declined) reads its shape, "Thu, Apr 9:
// 5 rooms at $119"; a held block (Accepted, Released) its pickup, "Thu, Apr 9: 5 held · 3 booked".
import type { TBlock } from "@hostfield/domain/contracts";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { formatMoney, formatNight, plural } from "./rooms-format";

/** The words of one night of the block. */
export function blockNightText(
  block: Pick<TBlock, "status">,
  night: TBlock["nights"][number],
  withType: boolean,
): string {
  const when = `${formatNight(night.night)}${withType ? ` (${night.roomTypeName})` : ""}`;
  const held = block.status === "Accepted" || block.status === "Released";
  return held
    ? `${when}: ${night.held} held · ${night.booked} booked`
    : `${when}: ${plural(night.held, "room")} at ${formatMoney(night.rate)}`;
}

export function BlockNightsSummary({ block }: { block: TBlock }) {
  if (block.nights.length === 0) return null;
  const withType = new Set(block.nights.map((n) => n.roomTypeId)).size > 1;
  const held = block.status === "Accepted" || block.status === "Released";
  return (
    <Stack
      component="ul"
      aria-label={held ? "Held and booked per night" : "Rooms per night"}
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: "wrap", m: 0, p: 0, listStyle: "none" }}
    >
      {block.nights.map((n) => (
        <Chip
          component="li"
          key={`${n.roomTypeId}/${n.night}`}
          size="small"
          variant="outlined"
          color={held && n.booked >= n.held ? "success" : "default"}
          label={blockNightText(block, n, withType)}
          sx={{ maxWidth: "100%" }}
        />
      ))}
    </Stack>
  );
}
