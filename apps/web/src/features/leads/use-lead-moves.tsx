// Moving one lead, wherever the move starts (a drop on the board, the "Move to…" menu, the lead's
// page): a move to Interested asks for a proposal, a pass asks why, a reopen goes straight out.
import type { TLead, TLeadCard, TPatchOperation, TProposal } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import { proposalDateSpan } from "@hostfield/domain/rules";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { ReasonDialog } from "../../ui/confirm/reason-dialog";
import { moveKind, movePatch, PASS_REASON_PROPS, proposalPatch } from "./lead-rules";
import { leadKeys, patchLead } from "./leads-api";
import { ProposalDialog } from "./proposal-form";
import { leadChanged } from "./use-leads";

export const MOVE_FAILED = "The lead could not be moved. Try again.";

/** What the toast says after a move. */
export function movedMessage(eventName: string, to: TLeadStatus): string {
  if (to === "Interested") return `Proposal sent for ${eventName}.`;
  if (to === "Passed") return `You passed on ${eventName}.`;
  if (to === "Open") return `${eventName} is open again.`;
  return `${eventName} moved to ${to}.`;
}

/** A move asking in a dialog; `proposal` fills it in when the lead's own is known (its page). */
type TOpen = {
  lead: TLeadCard;
  to: TLeadStatus;
  editOnly: boolean;
  proposal: TLead["proposal"];
};
type TMove = {
  lead: TLeadCard;
  ops: TPatchOperation[];
  message: string;
  inDialog: boolean;
};

export function useLeadMoves(): {
  /** Starts a move; the caller has checked it is allowed. */
  request: (lead: TLeadCard, to: TLeadStatus) => void;
  /** Changes an Interested lead's proposal (from its page, which has the proposal). */
  editProposal: (lead: TLead) => void;
  /** The dialog a move is asking with, if any; render it somewhere. */
  dialog: ReactNode;
  /** The lead being sent, while it is. */
  pendingLeadId: string | null;
} {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<TOpen | null>(null);

  const move = useMutation({
    // A proposal's files were uploaded to the lead as they were added; it names them.
    mutationFn: ({ lead, ops }: TMove) => patchLead(lead, ops),
    onSuccess: async (updated, { message }) => {
      setOpen(null);
      enqueueSnackbar(message, { variant: "success" });
      await leadChanged(queryClient, updated);
    },
    onError: (error, { inDialog }) => {
      // A dialog shows its own error; a move without one says it in a toast. Someone else may
      // have moved the lead meanwhile: look again.
      if (!inDialog) enqueueSnackbar(apiErrorMessage(error, MOVE_FAILED), { variant: "error" });
      void queryClient.invalidateQueries({ queryKey: leadKeys.boards });
    },
  });

  const request = (lead: TLeadCard, to: TLeadStatus) => {
    move.reset();
    if (moveKind(to) === "direct") {
      move.mutate({
        lead,
        ops: movePatch(to),
        message: movedMessage(lead.event.name, to),
        inDialog: false,
      });
    } else {
      // A card does not carry the proposal; a new one starts blank.
      setOpen({ lead, to, editOnly: false, proposal: null });
    }
  };

  const editProposal = (lead: TLead) => {
    move.reset();
    setOpen({ lead, to: "Interested", editOnly: true, proposal: lead.proposal });
  };

  const close = () => {
    setOpen(null);
    move.reset();
  };
  const error = move.isError ? apiErrorMessage(move.error, MOVE_FAILED) : null;

  let dialog: ReactNode = null;
  if (open && moveKind(open.to) === "proposal") {
    const { lead, editOnly, proposal } = open;
    // A lead's page knows the request's date options, whose days a proposal may name too; a card
    // on a board offers the event's own days.
    const days = proposalDateSpan(
      lead.event,
      (lead as Partial<Pick<TLead, "request">>).request?.dateOptions ?? null,
    );
    dialog = (
      <ProposalDialog
        lead={lead}
        title={editOnly ? "Update your proposal" : "Respond with a proposal"}
        eventName={lead.event.name}
        startDate={days.startDate}
        endDate={days.endDate}
        initial={proposal}
        submitText={editOnly ? "Update proposal" : "Send proposal"}
        pending={move.isPending}
        error={error}
        onClose={close}
        onSubmit={(proposal: TProposal) =>
          move.mutate({
            lead,
            ops: editOnly ? proposalPatch(proposal) : movePatch("Interested", { proposal }),
            message: editOnly
              ? "Your proposal was updated."
              : movedMessage(lead.event.name, "Interested"),
            inDialog: true,
          })
        }
      />
    );
  } else if (open) {
    const { lead, to } = open;
    dialog = (
      <ReasonDialog
        {...PASS_REASON_PROPS}
        title={`Pass on ${lead.event.name}?`}
        description="The organizer is told you passed, with your reason. You can reopen the lead later."
        pending={move.isPending}
        error={error}
        onCancel={close}
        onConfirm={(reason) =>
          move.mutate({
            lead,
            ops: movePatch(to, { reason }),
            message: movedMessage(lead.event.name, to),
            inDialog: true,
          })
        }
      />
    );
  }

  return {
    request,
    editProposal,
    dialog,
    pendingLeadId: move.isPending ? (move.variables?.lead.id ?? null) : null,
  };
}
