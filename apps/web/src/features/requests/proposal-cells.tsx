// What the compare page says of one lead, in a table's cells and a phone's cards alike: its venue
// (and the venue a destination proposes), status, proposal, why it reached them, how fast it was
// answered, and the actions on it (award, decline, conversation, history, revisions).
import type { TLead } from "@hostfield/domain/contracts";
import { formatEventDate, lossReasonText, ownerLink } from "@hostfield/domain/rules";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { leadConversationPath } from "../../lib/paths";
import {
  canDecide,
  heldBackLeadNote,
  LeadStatusChip,
  reachesVenueOn,
  respondedIn,
  showsStatusReason,
} from "../leads";
import { ReasonChips } from "./reason-chips";
import { RevisionControls, type TRevisionHandlers } from "./revision-controls";

export type TDecision = { lead: TLead; kind: "award" | "decline" };

export const venueName = (lead: TLead) => lead.owner.name;
const place = (lead: TLead) => [lead.owner.city, lead.owner.state].filter(Boolean).join(", ");

export function StatusCell({ lead }: { lead: TLead }) {
  // A lead its venue cannot see yet is not waiting on the venue: it is on its way.
  const onItsWay = reachesVenueOn(lead, new Date()) !== null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      {onItsWay ? (
        <Chip size="small" variant="outlined" label="On its way" sx={{ fontWeight: 700 }} />
      ) : (
        <LeadStatusChip status={lead.status} markFinal />
      )}
      {showsStatusReason(lead.status) &&
      lossReasonText(lead.statusReasonCode, lead.statusReason) ? (
        <Typography variant="body2" color="text.secondary">
          “{lossReasonText(lead.statusReasonCode, lead.statusReason)}”
        </Typography>
      ) : null}
    </Stack>
  );
}

export function VenueCell({ lead, proposes }: { lead: TLead; proposes: string | null }) {
  return (
    <Stack spacing={0.25} sx={proposes ? { pl: 1.5, borderLeft: 2, borderColor: "divider" } : null}>
      <Link
        component={RouterLink}
        to={ownerLink(lead.owner)}
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {venueName(lead)}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {[lead.owner.ownerType, place(lead)].filter(Boolean).join(" · ")}
      </Typography>
      {proposes ? (
        <Typography variant="body2" color="text.secondary">
          Proposes {proposes}
        </Typography>
      ) : null}
    </Stack>
  );
}

export function ProposalCell({ lead }: { lead: TLead }) {
  const proposal = lead.proposal;
  if (!proposal) {
    return (
      <Typography variant="body2" color="text.secondary">
        {lead.status === "Open" ? "No proposal yet" : "No proposal"}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5}>
      <Typography
        variant="body2"
        title={proposal.message}
        // Three lines keep the rows comparable; the whole message is in the conversation.
        sx={{
          whiteSpace: "pre-line",
          overflowWrap: "anywhere",
          display: "-webkit-box",
          WebkitLineClamp: 3,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
        }}
      >
        {proposal.message}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {proposal.dates.length > 0
          ? `Offers ${proposal.dates.map((date) => formatEventDate(date)).join("; ")}`
          : "No dates offered"}
      </Typography>
    </Stack>
  );
}

/** Why it reached them (a grouped lead's repeats are already gone). */
export function ReasonsCell({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return <Typography variant="body2">—</Typography>;
  return <ReasonChips reasons={reasons} label="Why it reached them" />;
}

export function ResponseCell({ lead }: { lead: TLead }) {
  const reaches = reachesVenueOn(lead, new Date());
  if (reaches) {
    return (
      <Stack spacing={0.25}>
        <Typography variant="body2">{reaches}</Typography>
        <Typography variant="body2" color="text.secondary">
          {heldBackLeadNote()}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{respondedIn(lead) ?? "No response yet"}</Typography>
      {lead.owner.responseTime ? (
        <Typography variant="body2" color="text.secondary">
          {lead.owner.responseTime}
        </Typography>
      ) : null}
    </Stack>
  );
}

export function LeadActions({
  lead,
  onDecide,
  onHistory,
  ...revisions
}: { lead: TLead } & THandlers) {
  const name = venueName(lead);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {canDecide(lead.status) ? (
          <>
            <Button
              variant="contained"
              size="small"
              aria-label={`Award ${name}`}
              onClick={() => onDecide({ lead, kind: "award" })}
            >
              Award
            </Button>
            <Button
              variant="outlined"
              size="small"
              color="error"
              aria-label={`Decline ${name}`}
              onClick={() => onDecide({ lead, kind: "decline" })}
            >
              Decline
            </Button>
          </>
        ) : null}
        {lead.groupId ? (
          <Button
            component={RouterLink}
            to={leadConversationPath(lead.groupId)}
            size="small"
            aria-label={`Conversation with ${name}`}
          >
            Conversation
          </Button>
        ) : null}
        <Button size="small" aria-label={`History of ${name}`} onClick={() => onHistory(lead)}>
          History
        </Button>
      </Stack>
      <RevisionControls lead={lead} {...revisions} />
    </Stack>
  );
}

export type THandlers = {
  onDecide: (decision: TDecision) => void;
  onHistory: (lead: TLead) => void;
} & TRevisionHandlers;
