// /stories/{slug}: one story, painted by the server on first view (title, description and Open
// Graph image in the head): its cover, the HTML the server made and sanitized from its Markdown,
// its categories and tags (links to the filtered list), and the listings it is about as cards.
// Its author and admins see its state and what they may do: change it, send it, approve it, read
// its report (views and visitors). Once it is published, its author's changes wait for an admin:
// the author sees them here ("Your changes are waiting for approval") and may discard them, and is
// told why when an admin refused them; admins see what readers see, with a way to the queue.
import type { TStory } from "@hostfield/domain/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/date-format";
import { useTrackView } from "../../lib/tracking";
import { useDocumentTitle } from "../../ui/document-title";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { PageSection } from "../../ui/page-section";
import { LoadFailedPanel } from "../../ui/query-states";
import { UNDO_LABEL, useUndoableAction } from "../../ui/use-undoable-action";
import { PlaceCards } from "../places";
import { reportPath } from "../reports";
import { STATUS_LABELS } from "./my-stories";
import { approveStory, fetchStoryBySlug, storyKeys, submitStory } from "./stories-api";
import { editStoryPath } from "./stories-paths";
import { StoryCover } from "./story-card";
import {
  AUTHORS_CHANGES_WAITING,
  CHANGES_REFUSED_TITLE,
  CHANGES_WAITING_TEXT,
  CHANGES_WAITING_TITLE,
  shownVersion,
} from "./story-changes";
import { useDiscardChanges } from "./use-discard-changes";

export const STORY_NOT_FOUND_TITLE = "We have no story at this address";

const filterLink = (name: "categories" | "tags", value: string) =>
  `/stories?${new URLSearchParams({ [name]: value }).toString()}`;

function AuthorActions({ story }: { story: TStory }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const mine = auth.isAdmin || (auth.profile?.id && story.author?.id === auth.profile.id);
  const done = (message: string) => async (next: TStory) => {
    queryClient.setQueryData(storyKeys.slug(next.slug), next);
    await queryClient.invalidateQueries({ queryKey: storyKeys.all });
    enqueueSnackbar(message, { variant: "success" });
  };
  const failed = (error: unknown) =>
    enqueueSnackbar(apiErrorMessage(error, "That did not work; try again."), { variant: "error" });
  const submit = useMutation({
    mutationFn: () => submitStory(story.id),
    onSuccess: done("Sent: an admin will review your story."),
    onError: failed,
  });
  const approve = useMutation({
    mutationFn: () => approveStory(story.id),
    onSuccess: done("Approved: the story is published."),
    onError: failed,
  });
  // Publishing is one-way: it waits a few seconds for an Undo, as the Approvals tab's does.
  const approval = useUndoableAction(() => approve.mutate());
  const { discard, pending } = useDiscardChanges(story);
  if (!mine) return null;
  const waiting = Boolean(story.revision);
  return (
    <Alert
      severity={waiting ? "warning" : story.status === "approved" ? "success" : "info"}
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button color="inherit" size="small" component={RouterLink} to={editStoryPath(story.id)}>
            Edit
          </Button>
          {story.status === "draft" ? (
            <Button
              color="inherit"
              size="small"
              disabled={submit.isPending}
              onClick={() => submit.mutate()}
            >
              Send for approval
            </Button>
          ) : null}
          {waiting && !auth.isAdmin ? (
            <Button color="inherit" size="small" disabled={pending} onClick={() => void discard()}>
              Discard my changes
            </Button>
          ) : null}
          {waiting && auth.isAdmin ? (
            <Button color="inherit" size="small" component={RouterLink} to="/admin">
              Review
            </Button>
          ) : null}
          {story.status === "approved" ? (
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={reportPath("story", story.id)}
            >
              Report
            </Button>
          ) : null}
          {auth.isAdmin && story.status !== "approved" ? (
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              disabled={approve.isPending}
              aria-label={approval.waiting ? `Undo approving ${story.title}` : undefined}
              onClick={
                approval.waiting
                  ? approval.undo
                  : () =>
                      approval.start(
                        `Approving “${story.title}”: it is published in a few seconds.`,
                      )
              }
            >
              {approval.waiting ? UNDO_LABEL : "Approve"}
            </Button>
          ) : null}
        </Stack>
      }
    >
      {waiting ? (
        auth.isAdmin ? (
          AUTHORS_CHANGES_WAITING
        ) : (
          <>
            <AlertTitle>{CHANGES_WAITING_TITLE}</AlertTitle>
            {CHANGES_WAITING_TEXT}
          </>
        )
      ) : (
        STATUS_LABELS[story.status]
      )}
    </Alert>
  );
}

/** Why an admin refused the author's last changes: to its author, until they edit again. */
function RefusedChanges({ story }: { story: TStory }) {
  const auth = useAuth();
  const refusal = story.revisionRejection;
  if (!refusal || story.revision || auth.isAdmin) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>{CHANGES_REFUSED_TITLE}</AlertTitle>
      {refusal.reason} Readers see the published story; edit it to send new changes.
    </Alert>
  );
}

function StorySkeleton() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={2} role="status" aria-label="Loading the story">
        <Skeleton variant="text" sx={{ fontSize: "2.5rem" }} width="80%" />
        <Skeleton variant="rounded" sx={{ aspectRatio: "16 / 9", height: "auto" }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="90%" />
      </Stack>
    </Container>
  );
}

function StoryView({ story: stored }: { story: TStory }) {
  const auth = useAuth();
  const story = shownVersion(stored, auth.isAdmin);
  useDocumentTitle(story.title, {
    description: story.summary || null,
    image: story.coverImage,
  });
  useTrackView("story", story.id);
  return (
    <Container component="article" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Button
          component={RouterLink}
          to="/stories"
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: "flex-start" }}
        >
          All stories
        </Button>
        <AuthorActions story={stored} />
        <RefusedChanges story={stored} />
        <Box>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, overflowWrap: "anywhere" }}
          >
            {story.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {[
              story.author?.name,
              story.publishedDate ? formatDate(story.publishedDate.slice(0, 10)) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Typography>
        </Box>
        {story.summary ? (
          <Typography variant="h6" component="p" color="text.secondary">
            {story.summary}
          </Typography>
        ) : null}
        {story.coverImage ? (
          <Box sx={{ borderRadius: 1, overflow: "hidden" }}>
            <StoryCover src={story.coverImage} />
          </Box>
        ) : null}
        <Box
          className="story-body"
          // The server rendered this from the story's Markdown and sanitized it (no scripts, no
          // handlers, only http(s), mailto and our own links): it is shown as given.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server.
          dangerouslySetInnerHTML={{ __html: story.bodyHtml }}
          sx={{
            typography: "body1",
            lineHeight: 1.7,
            overflowWrap: "anywhere",
            "& img": { maxWidth: "100%", height: "auto", borderRadius: 1 },
            "& blockquote": {
              borderLeft: 4,
              borderColor: "divider",
              m: 0,
              pl: 2,
              color: "text.secondary",
            },
            "& pre": { overflowX: "auto" },
            "& table": { borderCollapse: "collapse", display: "block", overflowX: "auto" },
            "& th, & td": { border: 1, borderColor: "divider", p: 1 },
          }}
        />
        {story.categories.length + story.tags.length > 0 ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            {story.categories.map((c) => (
              <Chip
                key={c}
                label={c}
                component={RouterLink}
                to={filterLink("categories", c)}
                clickable
                color="primary"
                variant="outlined"
              />
            ))}
            {story.tags.map((tag) => (
              <Chip
                key={tag}
                label={`#${tag}`}
                component={RouterLink}
                to={filterLink("tags", tag)}
                clickable
              />
            ))}
          </Stack>
        ) : null}
        {story.listings.length ? (
          <PageSection title="In this story">
            <PlaceCards items={story.listings} />
          </PageSection>
        ) : null}
      </Stack>
    </Container>
  );
}

export function StoryPage() {
  const slug = useParams().slug ?? "";
  const story = useQuery({
    queryKey: storyKeys.slug(slug),
    queryFn: ({ signal }) => fetchStoryBySlug(slug, signal),
  });
  if (story.isPending) return <StorySkeleton />;
  if (story.isError) {
    if (story.error instanceof ApiError && story.error.status === 404) {
      return (
        <PageFrame title="Story not found">
          <NoticePanel
            role="alert"
            icon={<SearchOffIcon />}
            title={STORY_NOT_FOUND_TITLE}
            actions={
              <Button component={RouterLink} to="/stories" variant="contained">
                Read other stories
              </Button>
            }
          >
            It may have moved, or not be published yet.
          </NoticePanel>
        </PageFrame>
      );
    }
    return (
      <PageFrame title="Story">
        <LoadFailedPanel
          title="The story could not be loaded"
          error={story.error}
          onRetry={() => story.refetch()}
        />
      </PageFrame>
    );
  }
  return <StoryView story={story.data} />;
}
