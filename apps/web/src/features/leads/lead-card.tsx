// One lead on the pipeline board: event, dates, the venue on a board of several, urgency, the first match reasons, score and who
// has it; dragged to another column, or moved from its "Move to…" menu without a mouse. Memoized:
// the board hands every card the same callbacks and move lists, so selecting or dragging one card
// redraws that card, not the board's hundred (a click took about 220 ms when each redrew them all).
import type { TLeadCard } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import { formatEventDates, LEAD_SCORE_PARTS } from "@hostfield/domain/rules";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type DragEvent, memo, useId, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { leadPath } from "../../lib/paths";
import { LazyMenu, preloadOverlays } from "../../ui/lazy-overlays";
import { ScoreChip } from "../../ui/score-chip";
import { UserAvatar } from "../../ui/user-avatar";
import { isNeedDateReason, moveLabel, NEED_DATES_MATCH, needDatesFirst } from "./lead-rules";
import { UrgencyChip } from "./urgency-chip";

const LEAD_SCORE_PART_LIST = Object.values(LEAD_SCORE_PARTS);

/** How many match reasons a card shows; the lead's page has them all. */
export const CARD_REASONS = 2;

export const MOVE_TO_LABEL = "Move to…";

/** The drag payload's type: a lead id. */
export const LEAD_DRAG_TYPE = "application/x-hostfield-lead";

export const LeadCard = memo(function LeadCard({
  lead,
  showVenue = false,
  moves,
  selectable,
  selected,
  busy,
  onSelect,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  lead: TLeadCard;
  /** Name the venue it went to (a board of several venues). */
  showVenue?: boolean;
  /** Where I may move it; none means it stays (final, or not mine to answer). */
  moves: readonly TLeadStatus[];
  selectable: boolean;
  selected: boolean;
  busy: boolean;
  onSelect: (lead: TLeadCard, on: boolean) => void;
  onMove: (lead: TLeadCard, to: TLeadStatus) => void;
  onDragStart: (lead: TLeadCard) => void;
  onDragEnd: () => void;
}) {
  const titleId = useId();
  const menuId = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const draggable = moves.length > 0 && !busy;
  const name = lead.event.name;
  // A need-date match is the first reason a card shows.
  const reasons = needDatesFirst(lead.reasons);
  const needDates = reasons.some(isNeedDateReason);

  const startDrag = (event: DragEvent) => {
    event.dataTransfer?.setData(LEAD_DRAG_TYPE, lead.id);
    event.dataTransfer?.setData("text/plain", name);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    onDragStart(lead);
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      draggable={draggable}
      onDragStart={draggable ? startDrag : undefined}
      onDragEnd={onDragEnd}
      sx={{
        listStyle: "none",
        p: 1.5,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        cursor: draggable ? "grab" : undefined,
        opacity: busy ? 0.6 : 1,
        borderColor: selected ? "primary.main" : undefined,
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-start" }}>
        {selectable ? (
          <Checkbox
            size="small"
            checked={selected}
            disabled={busy}
            onChange={(event) => onSelect(lead, event.target.checked)}
            slotProps={{ input: { "aria-label": `Select ${name}` } }}
            sx={{ p: 0.5, mt: -0.25 }}
          />
        ) : null}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Link
            id={titleId}
            component={RouterLink}
            to={leadPath(lead.eventId, lead.id)}
            sx={{ fontWeight: 700, overflowWrap: "break-word", hyphens: "auto" }}
          >
            {name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {formatEventDates(lead.event)}
          </Typography>
          {showVenue ? (
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: "break-word" }}>
              {`For ${lead.owner.name}`}
            </Typography>
          ) : null}
        </Box>
        {draggable ? (
          <DragIndicatorIcon
            aria-hidden
            fontSize="small"
            sx={{ color: "text.disabled", display: { xs: "none", md: "block" } }}
          />
        ) : null}
      </Stack>

      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
        <UrgencyChip priority={lead.event.urgency} />
        {lead.score !== null ? (
          <ScoreChip
            label={`Score ${lead.score}`}
            name={`Score ${lead.score} out of 100`}
            parts={LEAD_SCORE_PART_LIST}
            reasons={reasons}
            reasonsTitle="Why it reached you"
          />
        ) : null}
        {needDates ? <Chip size="small" color="success" label={NEED_DATES_MATCH} /> : null}
      </Stack>

      {reasons.length > 0 ? (
        <Box
          component="ul"
          aria-label="Why it reached you"
          sx={{ m: 0, pl: 2.25, color: "text.secondary", fontSize: 14 }}
        >
          {reasons.slice(0, CARD_REASONS).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </Box>
      ) : null}

      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", justifyContent: "space-between" }}
      >
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", minWidth: 0 }}>
          {lead.assignedUser ? (
            <>
              <UserAvatar
                name={lead.assignedUser.name}
                src={lead.assignedUser.avatarUrl}
                size={24}
              />
              <Typography variant="body2" noWrap>
                <Box component="span" sx={{ color: "text.secondary" }}>
                  Assigned to{" "}
                </Box>
                {lead.assignedUser.name}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Unassigned
            </Typography>
          )}
        </Stack>
        {moves.length > 0 ? (
          <>
            <Button
              ref={anchor}
              size="small"
              endIcon={<ExpandMoreIcon />}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              aria-describedby={titleId}
              disabled={busy}
              onClick={() => setMenuOpen(true)}
              onPointerEnter={preloadOverlays}
              onFocus={preloadOverlays}
              sx={{ flexShrink: 0 }}
            >
              {MOVE_TO_LABEL}
            </Button>
            <LazyMenu
              id={menuId}
              open={menuOpen}
              anchorEl={anchor.current}
              onClose={() => setMenuOpen(false)}
              slotProps={{ list: { "aria-label": `Move ${name} to` } }}
            >
              {moves.map((to) => (
                <MenuItem
                  key={to}
                  onClick={() => {
                    setMenuOpen(false);
                    onMove(lead, to);
                  }}
                >
                  {moveLabel(to)}
                </MenuItem>
              ))}
            </LazyMenu>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
});
