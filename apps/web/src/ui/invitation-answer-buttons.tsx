// Accept and Decline of one invitation (to a listing, to a group): the invitee's answer, its
// outcome said in a toast, and the caller's caches refreshed.
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../lib/api";

export type TInvitationReply = "accept" | "decline";

export function InvitationAnswerButtons({
  name,
  answer,
  refresh,
  onAnswered,
}: {
  /** What the invitation is to, named in the buttons and the outcome. */
  name: string;
  answer: (reply: TInvitationReply) => Promise<{ answer: string }>;
  /** The queries the answer changes. */
  refresh: readonly QueryKey[];
  onAnswered?: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useMutation({
    mutationFn: answer,
    onSuccess: (reply) => {
      enqueueSnackbar(
        reply.answer === "accepted" ? `You joined ${name}.` : `You declined ${name}.`,
        { variant: "success" },
      );
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
      onAnswered?.();
    },
    onError: (error) =>
      enqueueSnackbar(
        apiErrorMessage(error, "The invitation could not be answered. It may be gone."),
        { variant: "error" },
      ),
  });
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="contained"
        startIcon={<CheckIcon />}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate("accept")}
        aria-label={`Accept the invitation to ${name}`}
      >
        Accept
      </Button>
      <Button
        size="small"
        startIcon={<CloseIcon />}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate("decline")}
        aria-label={`Decline the invitation to ${name}`}
      >
        Decline
      </Button>
    </Stack>
  );
}
