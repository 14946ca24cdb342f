// A score out of 100 that explains itself: hovering, focusing or tapping the chip shows what makes
// the number (the parts of the rule that computes it, from the domain) and, when given, why this
// one scored as it did. Escape, leaving, or tapping elsewhere closes it; while it shows, the chip is
// described by it.
import type { TScorePart } from "@hostfield/domain/rules";
import Box from "@mui/material/Box";
import Chip, { type ChipProps } from "@mui/material/Chip";
import ClickAwayListener from "@mui/material/ClickAwayListener";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";

export const SCORE_PARTS_TITLE = "What makes the score (out of 100)";

function Explanation({
  parts,
  reasons,
  reasonsTitle,
}: {
  parts: readonly TScorePart[];
  reasons: readonly string[];
  reasonsTitle: string;
}) {
  const list = { m: 0, mt: 0.5, pl: 2 } as const;
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="subtitle2" component="p">
        {SCORE_PARTS_TITLE}
      </Typography>
      <Box component="ul" sx={list}>
        {parts.map((part) => (
          <li key={part.what}>{`Up to ${part.points}: ${part.what}`}</li>
        ))}
      </Box>
      {reasons.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
            {reasonsTitle}
          </Typography>
          <Box component="ul" sx={list}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}

export function ScoreChip({
  label,
  name,
  parts,
  reasons = [],
  reasonsTitle = "This one",
  sx,
}: {
  /** What the chip reads: "Match 34/100", "Score 77". */
  label: string;
  /**
   * Its accessible name when the label alone says too little ("Score 77 out of 100"); it must
   * contain the label's words (axe: label-content-name-mismatch). Without it, the label names it.
   */
  name?: string;
  parts: readonly TScorePart[];
  reasons?: readonly string[];
  reasonsTitle?: string;
  sx?: ChipProps["sx"];
}) {
  const [open, setOpen] = useState(false);
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <span>
        <Tooltip
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          title={<Explanation parts={parts} reasons={reasons} reasonsTitle={reasonsTitle} />}
          describeChild
          arrow
          // A tap opens it (onClick) and it stays until a tap elsewhere; no long-press timers.
          disableTouchListener
        >
          <Chip
            size="small"
            variant="outlined"
            label={label}
            aria-label={name ?? label}
            onClick={() => setOpen(true)}
            // Reached by Tab it opens too, whatever the browser thinks of focus-visible.
            onFocus={() => setOpen(true)}
            sx={sx}
          />
        </Tooltip>
      </span>
    </ClickAwayListener>
  );
}
