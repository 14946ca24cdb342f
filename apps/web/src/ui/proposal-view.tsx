// A sent proposal, read only, in pieces both sides show: its priced lines as a table with their
// total, what each day comes to, its terms (concessions, deposit, expiry) and its files, each a
// button that downloads it with the signed-in user's token (the server serves them to the lead's
// two sides only, never from a bare address). The venue's lead page shows them under its proposal;
// the organizer's comparison may set them side by side. Amounts are the domain's proposalTotals
// over the event's days, in the proposal's currency.

import type { TProposal, TProposalAttachment } from "@hostfield/domain/contracts";
import { attachmentType, proposalTotals, todayUtc } from "@hostfield/domain/rules";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableFooter from "@mui/material/TableFooter";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { apiErrorMessage, apiGetBlob } from "../lib/api";
import { formatBytes } from "../lib/file-size";
import {
  depositRefundText,
  depositText,
  expiryText,
  formatMoney,
  formatShortDay,
  LINE_KIND_LABELS,
  leadAttachmentPath,
  lineDatesText,
  lineRateText,
  pricedDays,
} from "../lib/proposal-format";
import { saveFile } from "../lib/save-file";
import { Facts } from "./facts";

type TEventDates = { startDate: string; endDate: string };
/** The lead a proposal answers: where its files are fetched. */
type TLeadRef = { eventId: string; id: string };
type TPriced = Pick<TProposal, "lines" | "currency" | "price" | "priceUnit">;

/** The proposal's lines (description, dates, quantity × unit price, amount) and their total; nothing without lines. */
export function ProposalLines({ proposal, event }: { proposal: TPriced; event: TEventDates }) {
  if (proposal.lines.length === 0) return null;
  const totals = proposalTotals(proposal, pricedDays(event));
  const money = (amount: number) => formatMoney(amount, proposal.currency);
  const amount = { textAlign: "right", whiteSpace: "nowrap" } as const;
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Priced lines">
        <TableHead>
          <TableRow>
            <TableCell>Description</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell>Qty × unit price</TableCell>
            <TableCell sx={amount}>Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {proposal.lines.map((line, i) => (
            // Lines have no id; two alike are still two rows.
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is what names it
            <TableRow key={i}>
              <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
                {line.description}
                <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                  {LINE_KIND_LABELS[line.kind]}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>{lineDatesText(line.dates)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {lineRateText(line, proposal.currency)}
              </TableCell>
              <TableCell sx={amount}>{money(totals.lines[i] ?? 0)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell sx={{ ...amount, fontWeight: 700 }}>{money(totals.total ?? 0)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** What each of the event's days comes to (and what no day carries); nothing without lines. */
export function ProposalPerDay({ proposal, event }: { proposal: TPriced; event: TEventDates }) {
  const titleId = useId();
  if (proposal.lines.length === 0) return null;
  const { perDay, undated } = proposalTotals(proposal, pricedDays(event));
  if (perDay.length === 0) return null;
  const money = (amount: number) => formatMoney(amount, proposal.currency);
  return (
    <Box>
      <Typography id={titleId} variant="subtitle2" color="text.secondary">
        Per day
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ m: 0, pl: 2.5 }}>
        {perDay.map(({ date, amount }) => (
          <li key={date}>
            {formatShortDay(date)}: {money(amount)}
          </li>
        ))}
        {undated > 0 ? <li>Not tied to a day: {money(undated)}</li> : null}
      </Box>
    </Box>
  );
}

export const DOWNLOAD_FAILED = "The file did not download. Try again.";

/** One file of a proposal: a button that saves it, its size and type, and why it did not come. */
function AttachmentDownload({
  attachment,
  lead,
}: {
  attachment: TProposalAttachment;
  lead: TLeadRef;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await apiGetBlob(leadAttachmentPath(lead, attachment.id)), attachment.name);
    } catch (error) {
      setFailure(apiErrorMessage(error, DOWNLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  };
  const type = attachmentType(attachment.contentType)?.label ?? "File";
  return (
    <Box component="li">
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={busy}
        aria-label={`Download ${attachment.name}`}
        onClick={() => void download()}
        sx={{ textTransform: "none", textAlign: "left", overflowWrap: "anywhere" }}
      >
        {attachment.name}
      </Button>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
        {busy ? "Downloading…" : `${type} · ${formatBytes(attachment.size)}`}
      </Typography>
      {failure ? (
        <Typography role="alert" variant="caption" color="error" sx={{ display: "block" }}>
          {failure}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The proposal's files, each a button that downloads it; nothing without files. */
export function ProposalAttachments({
  attachments,
  lead,
}: {
  attachments: readonly TProposalAttachment[];
  lead: TLeadRef;
}) {
  if (attachments.length === 0) return null;
  return (
    <Box component="ul" aria-label="Attachments" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {attachments.map((attachment) => (
        <AttachmentDownload key={attachment.id} attachment={attachment} lead={lead} />
      ))}
    </Box>
  );
}

/**
 * The proposal's terms as a list of facts: its concessions, deposit (with its refund terms) and
 * expiry (marked once past `today`, YYYY-MM-DD), and, given the `lead` it answers, its files to
 * download; nothing when it has none.
 */
export function ProposalTerms({
  proposal,
  lead,
  today = todayUtc(),
}: {
  proposal: Pick<TProposal, "concessions" | "deposit" | "expiresOn"> &
    Partial<Pick<TProposal, "attachments">>;
  lead?: TLeadRef;
  today?: string;
}) {
  const facts: [string, ReactNode][] = [];
  if (proposal.concessions.length > 0) {
    facts.push([
      "Concessions",
      <Box key="c" component="ul" sx={{ m: 0, pl: 2.5 }}>
        {proposal.concessions.map((concession, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same words twice are still two
          <li key={i}>{concession}</li>
        ))}
      </Box>,
    ]);
  }
  const deposit = depositText(proposal.deposit);
  if (deposit) facts.push(["Deposit", deposit]);
  const refund = depositRefundText(proposal.deposit);
  if (refund) facts.push(["Deposit refund", refund]);
  const expiry = expiryText(proposal, today);
  if (expiry) facts.push(["Valid until", expiry]);
  if (lead && proposal.attachments && proposal.attachments.length > 0) {
    facts.push([
      "Attachments",
      <ProposalAttachments key="a" attachments={proposal.attachments} lead={lead} />,
    ]);
  }
  if (facts.length === 0) return null;
  return <Facts items={facts} />;
}
