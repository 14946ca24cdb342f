// A proposal's revisions as the organizer sees them beside its decision, in the list and in the
// columns alike: "Ask to revise" while it can be asked, "Revision asked <date>" and what instead
// while an ask is open, and "Version N" with its versions once the venue revised it.
import type { TLead } from "@hostfield/domain/contracts";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { formatDate } from "../../lib/date-format";
import {
  canAskRevision,
  hasEarlierVersions,
  openRevisionRequest,
  revisionChangesText,
} from "../leads";
export type TRevisionHandlers = {
  onRevise: (lead: TLead) => void;
  onVersions: (lead: TLead) => void;
};

export function RevisionControls({
  lead,
  onRevise,
  onVersions,
}: { lead: TLead } & TRevisionHandlers) {
  const name = lead.owner.name;
  const asked = openRevisionRequest(lead);
  const canAsk = canAskRevision(lead);
  const versions = hasEarlierVersions(lead);
  if (!asked && !canAsk && !versions) return null;
  const changes = asked ? revisionChangesText(asked.changes) : null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      {canAsk ? (
        <Button
          variant="outlined"
          size="small"
          // The visible words first, then whose: a speech user says what they see.
          aria-label={`Ask to revise: ${name}`}
          onClick={() => onRevise(lead)}
        >
          Ask to revise
        </Button>
      ) : null}
      {asked ? (
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Revision asked{" "}
            <time dateTime={asked.requestedDate}>{formatDate(asked.requestedDate)}</time>
          </Typography>
          {changes ? (
            <Typography variant="body2" color="text.secondary">
              {changes}
            </Typography>
          ) : null}
        </div>
      ) : null}
      {versions ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2">Version {lead.proposalVersion}</Typography>
          <Button
            size="small"
            aria-label={`Versions of ${name}'s proposal`}
            onClick={() => onVersions(lead)}
          >
            Versions
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
