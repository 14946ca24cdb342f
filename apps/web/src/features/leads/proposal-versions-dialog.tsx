// Every version of a lead's proposal, newest first: who sent it and when, its message, dates and
// priced lines and terms (proposal-view's pieces) or its one price, the version the award accepted
// marked. Both sides open it (the organizer comparing proposals, the venue on its lead page), each
// caching the versions under its own key, as the history does, so its own changes refresh them.
import type { TLead, TProposalVersion } from "@hostfield/domain/contracts";
import { formatEventDate } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { pricedDays, proposalPriceText } from "../../lib/proposal-format";
import { Facts } from "../../ui/facts";
import { ProposalLines, ProposalTerms } from "../../ui/proposal-view";
import { useSmallScreen } from "../../ui/use-small-screen";
import { getProposalVersions } from "./leads-api";

type TVersionsLead = Pick<TLead, "eventId" | "id" | "event" | "owner" | "acceptedVersion">;

function Version({ version, lead }: { version: TProposalVersion; lead: TVersionsLead }) {
  const headId = useId();
  const { proposal } = version;
  const accepted = version.version === lead.acceptedVersion;
  const facts: [string, ReactNode][] = [
    [
      "Message",
      <Typography
        key="m"
        component="span"
        variant="body2"
        sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        {proposal.message}
      </Typography>,
    ],
    [
      "Dates",
      proposal.dates.length > 0
        ? proposal.dates.map((date) => formatEventDate(date)).join("; ")
        : "No dates offered",
    ],
  ];
  // Priced lines carry their own total (below); a proposal without them has its one price.
  if (proposal.lines.length === 0) {
    facts.push(["Price", proposalPriceText(proposal, pricedDays(lead.event)) ?? "No price"]);
  }
  return (
    <Box
      component="li"
      aria-labelledby={headId}
      sx={{ py: 2, "& + &": { borderTop: 1, borderColor: "divider" } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography id={headId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Version {version.version}
        </Typography>
        {accepted ? <Chip size="small" color="success" label="Accepted" /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {version.submittedBy ? `Sent by ${version.submittedBy.name} · ` : "Sent "}
        <time dateTime={version.submittedDate}>{formatDateTime(version.submittedDate)}</time>
      </Typography>
      <Stack spacing={2}>
        <Facts items={facts} />
        <ProposalLines proposal={proposal} event={lead.event} />
        <ProposalTerms proposal={proposal} lead={lead} />
      </Stack>
    </Box>
  );
}

function Versions({ lead, queryKey }: { lead: TVersionsLead; queryKey: QueryKey }) {
  const versions = useQuery({
    queryKey,
    queryFn: ({ signal }) => getProposalVersions(lead.eventId, lead.id, signal),
  });
  if (versions.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading the versions">
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (versions.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void versions.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(versions.error, "The versions did not load.")}
      </Alert>
    );
  }
  if (versions.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No proposal yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Versions, newest first" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {[...versions.data]
        .sort((a, b) => b.version - a.version)
        .map((version) => (
          <Version key={version.version} version={version} lead={lead} />
        ))}
    </Box>
  );
}

export function ProposalVersionsDialog({
  lead,
  queryKey,
  onClose,
}: {
  lead: TVersionsLead;
  /** Each side caches the versions under its own keys, so its own changes refresh them. */
  queryKey: QueryKey;
  onClose: () => void;
}) {
  const id = useId();
  const small = useSmallScreen();
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} maxWidth="md" fullWidth fullScreen={small}>
      <DialogTitle id={id}>Versions of {lead.owner.name}'s proposal</DialogTitle>
      <DialogContent dividers>
        <Versions lead={lead} queryKey={queryKey} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
