// Discarding an author's changes that wait for approval, asked first, from the story's page or its
// editor: the published story stays as readers see it, and the caches learn the story as it is.
import type { TStory } from "@hostfield/domain/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { storyKeys, withdrawStoryRevision } from "./stories-api";

/** `discard()` asks, then withdraws the waiting changes; `then` runs with the story after. */
export function useDiscardChanges(story: TStory, then?: (next: TStory) => void) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const withdraw = useMutation({
    mutationFn: () => withdrawStoryRevision(story.id),
    onSuccess: async (next) => {
      queryClient.setQueryData(storyKeys.slug(next.slug), next);
      await queryClient.invalidateQueries({ queryKey: storyKeys.all });
      enqueueSnackbar("Your changes are discarded: the published story stays as it is.", {
        variant: "success",
      });
      then?.(next);
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "Your changes could not be discarded."), {
        variant: "error",
      }),
  });
  const discard = async () => {
    const answer = await confirm({
      title: "Discard your changes?",
      description: "The published story stays as readers see it now.",
      confirmText: "Discard",
      confirmButtonType: "danger",
    });
    if (answer === "confirmed") withdraw.mutate();
  };
  return { discard, pending: withdraw.isPending };
}
