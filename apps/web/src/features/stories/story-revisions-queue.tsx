// The admins' queue of published stories whose authors' changes wait for approval (shown on the
// admin's Approvals tab, hidden while none wait): each shows the title and the Markdown body as
// published beside the proposed ones, names the other fields that change, and is approved (the
// changes go live, after a moment in which the admin may take it back) or refused with a reason
// the author reads. The answer names the changes read: if the author changed them meanwhile the
// server refuses, and the queue reloads.
import type { TStory, TStoryRevision } from "@hostfield/domain/contracts";
import { STORY_REJECTION_REASON_MAX } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { ReasonDialog } from "../../ui/confirm/reason-dialog";
import { PageSection } from "../../ui/page-section";
import { RetryAlert } from "../../ui/query-states";
import { UndoableButton, useUndoableAction } from "../../ui/use-undoable-action";
import { PUBLISHING_SOON } from "./pending-stories-queue";
import {
  approveStoryRevision,
  fetchStoryRevisions,
  rejectStoryRevision,
  storyKeys,
} from "./stories-api";
import { storyPath } from "./story-card";

export const STORY_CHANGES_TITLE = "Story changes waiting for approval";
export const changesApprovedMessage = (title: string) => `The changes to “${title}” are published.`;
export const changesRefusedMessage = (title: string) =>
  `The changes to “${title}” are refused; its author is told why.`;

/** The fields besides title and body, as the queue names them when they change. */
const OTHER_FIELDS = [
  ["summary", "summary"],
  ["coverImage", "cover image"],
  ["categories", "categories"],
  ["tags", "tags"],
  ["listingIds", "listings"],
] as const satisfies readonly (readonly [keyof TStoryRevision & keyof TStory, string])[];

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

export function StoryRevisionsQueue() {
  const queue = useQuery({
    queryKey: storyKeys.revisions,
    queryFn: ({ signal }) => fetchStoryRevisions(signal),
  });
  if (queue.isError) {
    return (
      <RetryAlert onRetry={() => queue.refetch()}>
        {apiErrorMessage(queue.error, "The story changes waiting for approval did not load.")}
      </RetryAlert>
    );
  }
  const items = (queue.data?.items ?? []).filter((story) => story.revision);
  if (items.length === 0) return null;
  return (
    <PageSection title={`${STORY_CHANGES_TITLE} (${items.length})`}>
      <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {items.map((story) => (
          <Box
            component="li"
            key={story.id}
            aria-label={`Changes to ${story.title}`}
            sx={{ p: 2, "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" } }}
          >
            <RevisionItem story={story} revision={story.revision!} />
          </Box>
        ))}
      </Paper>
    </PageSection>
  );
}

/** One side of a comparison: a label, and the text as written (Markdown shown as text). */
function Side({ label, text, changed }: { label: string; text: string; changed: boolean }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
          maxHeight: 240,
          overflowY: "auto",
          color: changed ? "text.primary" : "text.secondary",
        }}
      >
        {text || "(empty)"}
      </Typography>
    </Box>
  );
}

/** A field published against proposed, side by side; "unchanged" when they are the same. */
function Comparison({
  name,
  current,
  proposed,
}: {
  name: string;
  current: string;
  proposed: string;
}) {
  const changed = current !== proposed;
  return (
    <Box component="section" aria-label={name}>
      <Typography variant="subtitle2" component="h4">
        {changed ? name : `${name} (unchanged)`}
      </Typography>
      {changed ? (
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <Side label="Published" text={current} changed={false} />
          <Side label="Proposed" text={proposed} changed />
        </Stack>
      ) : null}
    </Box>
  );
}

function RevisionItem({ story, revision }: { story: TStory; revision: TStoryRevision }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [refusing, setRefusing] = useState(false);
  const settled = async () => {
    await queryClient.invalidateQueries({ queryKey: storyKeys.all });
  };
  const failed = (fallback: string) => (error: unknown) => {
    // The author changed them meanwhile: what the admin read is gone, so the queue reloads.
    if (error instanceof ApiError && error.code === "STORY_REVISION_CHANGED") void settled();
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });
  };
  const approve = useMutation({
    mutationFn: () => approveStoryRevision(story.id, revision.id),
    onSuccess: async () => {
      enqueueSnackbar(changesApprovedMessage(revision.title), { variant: "success" });
      await settled();
    },
    onError: failed("The changes could not be approved. Try again."),
  });
  // One-way: sent after a moment in which the admin may take it back.
  const approval = useUndoableAction(() => approve.mutate());
  const refuse = useMutation({
    mutationFn: (reason: string) => rejectStoryRevision(story.id, revision.id, reason),
    onSuccess: async () => {
      setRefusing(false);
      enqueueSnackbar(changesRefusedMessage(story.title), { variant: "success" });
      await settled();
    },
    onError: (error) => {
      // Changes replaced meanwhile: the dialog closes on the new ones; other failures show in it.
      if (error instanceof ApiError && error.code === "STORY_REVISION_CHANGED") {
        setRefusing(false);
        failed("")(error);
      }
    },
  });
  const others = OTHER_FIELDS.filter(([key]) => differs(story[key], revision[key])).map(
    ([, label]) => label,
  );
  const busy = approve.isPending || refuse.isPending;
  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "baseline", flexWrap: "wrap" }}
      >
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <Link component={RouterLink} to={storyPath(story.slug)}>
            {story.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            story.author ? `by ${story.author.name}` : null,
            `changed ${formatDateTime(revision.proposedDate)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      </Stack>
      <Comparison name="Title" current={story.title} proposed={revision.title} />
      <Comparison name="Story" current={story.body} proposed={revision.body} />
      <Typography variant="body2" color="text.secondary">
        {others.length > 0 ? `Also changed: ${others.join(", ")}.` : "Nothing else changes."}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <UndoableButton
          label="Approve changes"
          pendingLabel="Approving…"
          actionName={`Approve the changes to ${story.title}`}
          undoName={`Undo approving the changes to ${story.title}`}
          waitingText={PUBLISHING_SOON}
          waiting={approval.waiting}
          pending={approve.isPending}
          disabled={busy}
          onStart={() => approval.start(`Publishing the changes to “${story.title}”…`)}
          onUndo={approval.undo}
        />
        <Button
          variant="outlined"
          color="error"
          disabled={busy || approval.waiting}
          sx={{ alignSelf: "flex-start" }}
          aria-label={`Refuse the changes to ${story.title}`}
          onClick={() => setRefusing(true)}
        >
          Refuse…
        </Button>
      </Stack>
      {refusing ? (
        <ReasonDialog
          title={`Refuse the changes to “${story.title}”?`}
          description="Readers keep the published story. Its author reads your reason."
          label="Reason"
          hint="Its author reads this."
          maxLength={STORY_REJECTION_REASON_MAX}
          required
          check={(text) =>
            text.trim()
              ? { ok: true, reason: text.trim() }
              : { ok: false, message: "Say why, for the author." }
          }
          confirmText="Refuse the changes"
          danger
          pending={refuse.isPending}
          error={
            refuse.isError
              ? apiErrorMessage(refuse.error, "The changes could not be refused.")
              : null
          }
          onCancel={() => setRefusing(false)}
          onConfirm={(reason) => refuse.mutate(reason ?? "")}
        />
      ) : null}
    </Stack>
  );
}
