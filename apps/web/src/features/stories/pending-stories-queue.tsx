// The admins' queue of new stories sent for approval (shown on the admin's Approvals tab, hidden
// while none wait), the longest waiting first: each with its author, when it was sent and its
// summary, opened to be read in full, and approved (published: one-way, so it is sent only after
// a moment in which the admin may take it back).
import type { TStorySummary } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { PageSection } from "../../ui/page-section";
import { RetryAlert } from "../../ui/query-states";
import { UndoableButton, useUndoableAction } from "../../ui/use-undoable-action";
import { approveStory, fetchPendingStories, storyKeys } from "./stories-api";
import { storyPath } from "./story-card";

export const PENDING_STORIES_TITLE = "Stories waiting for approval";
export const storyPublishedMessage = (title: string) => `“${title}” is approved and published.`;
export const publishingMessage = (title: string) => `Publishing “${title}”…`;
export const PUBLISHING_SOON = "Publishing in a few seconds";

export function PendingStoriesQueue() {
  const queue = useQuery({
    queryKey: storyKeys.pending,
    queryFn: ({ signal }) => fetchPendingStories(signal),
  });
  if (queue.isError) {
    return (
      <RetryAlert onRetry={() => queue.refetch()}>
        {apiErrorMessage(queue.error, "The stories waiting for approval did not load.")}
      </RetryAlert>
    );
  }
  const items = queue.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <PageSection title={`${PENDING_STORIES_TITLE} (${items.length})`}>
      <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {items.map((story) => (
          <Box
            component="li"
            key={story.id}
            aria-label={story.title}
            sx={{ p: 2, "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" } }}
          >
            <PendingStory story={story} />
          </Box>
        ))}
      </Paper>
    </PageSection>
  );
}

function PendingStory({ story }: { story: TStorySummary }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const approve = useMutation({
    mutationFn: () => approveStory(story.id),
    onSuccess: async () => {
      enqueueSnackbar(storyPublishedMessage(story.title), { variant: "success" });
      await queryClient.invalidateQueries({ queryKey: storyKeys.all });
    },
    onError: (error) =>
      enqueueSnackbar(
        apiErrorMessage(error, `“${story.title}” could not be approved. Try again.`),
        {
          variant: "error",
        },
      ),
  });
  const approval = useUndoableAction(() => approve.mutate());
  return (
    <Stack
      direction={{ xs: "column", md: "row" }}
      spacing={2}
      sx={{ alignItems: { md: "flex-start" } }}
    >
      <Stack spacing={0.75} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: "anywhere" }}
        >
          {story.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            story.author ? `by ${story.author.name}` : null,
            `sent ${formatDateTime(story.updatedDate)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
        {story.summary ? (
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {story.summary}
          </Typography>
        ) : null}
      </Stack>
      <Stack
        direction={{ xs: "row", md: "column" }}
        spacing={1}
        useFlexGap
        sx={{ flexShrink: 0, flexWrap: "wrap", alignItems: { md: "stretch" } }}
      >
        <UndoableButton
          label="Approve"
          pendingLabel="Approving…"
          actionName={`Approve the story ${story.title}`}
          undoName={`Undo approving the story ${story.title}`}
          waitingText={PUBLISHING_SOON}
          waiting={approval.waiting}
          pending={approve.isPending}
          onStart={() => approval.start(publishingMessage(story.title))}
          onUndo={approval.undo}
        />
        <Button
          component={RouterLink}
          to={storyPath(story.slug)}
          variant="outlined"
          aria-label={`Read the story ${story.title}`}
        >
          Read
        </Button>
      </Stack>
    </Stack>
  );
}
