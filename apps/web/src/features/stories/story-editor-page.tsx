// The story editor (/stories/new, /stories/{id}/edit): title, summary, cover image (uploaded to
// our file store), the Markdown body in a plain textarea beside a live preview (the server's own
// rendering, sanitized, so it shows what readers will see), categories, tags and the listings it
// is about, picked among the author's own (a new story opened from a listing's manage menu starts
// with that one). Once the story is published, its author's edits wait for an admin's approval:
// the editor says so, opens on the waiting changes ("Your changes are waiting for approval"),
// offers to discard them, and says why an admin refused the last ones. An admin's edits are
// published at once.
import type { TStory, TStoryInput } from "@hostfield/domain/contracts";
import { STORY_CATEGORIES, type TStoryCategory } from "@hostfield/domain/reference";
import ImageIcon from "@mui/icons-material/Image";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { useDebounced } from "../../ui/use-debounced";
import {
  createStory,
  fetchStory,
  previewStory,
  storyKeys,
  updateStory,
  uploadStoryImage,
} from "./stories-api";
import { StoryCover, storyPath } from "./story-card";
import {
  CHANGES_REFUSED_TITLE,
  CHANGES_WAITING_TITLE,
  PUBLISHED_EDIT_NOTE,
  shownVersion,
} from "./story-changes";
import { StoryListingsField, type TListingChip } from "./story-listings-field";
import { useDiscardChanges } from "./use-discard-changes";

type TDraft = {
  title: string;
  summary: string;
  coverImage: string;
  body: string;
  categories: TStoryCategory[];
  tags: string;
  listings: TListingChip[];
};

const draftOf = (story: TStory | null, start: TListingChip | null): TDraft => ({
  title: story?.title ?? "",
  summary: story?.summary ?? "",
  coverImage: story?.coverImage ?? "",
  body: story?.body ?? "",
  categories: story?.categories ?? [],
  tags: story?.tags.join(", ") ?? "",
  listings: story
    ? story.listingIds.map((id) => ({
        id,
        name: story.listings.find((l) => l.id === id)?.name ?? "A listing not yet listed",
      }))
    : start
      ? [start]
      : [],
});

const inputOf = (d: TDraft): TStoryInput => ({
  title: d.title.trim(),
  summary: d.summary.trim(),
  // A stored image's address loses its grant: the server keeps the file's key.
  coverImage: d.coverImage ? d.coverImage.split("?")[0]! : null,
  body: d.body,
  categories: d.categories,
  tags: d.tags
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean),
  listingIds: d.listings.map((l) => l.id),
});

function Preview({ body }: { body: string }) {
  const settled = useDebounced(body, 400);
  const preview = useQuery({
    queryKey: ["stories", "preview", settled],
    queryFn: ({ signal }) => previewStory(settled, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <Paper
      variant="outlined"
      aria-label="Preview"
      aria-live="polite"
      sx={{
        p: 2,
        minHeight: 280,
        overflowWrap: "anywhere",
        "& img": { maxWidth: "100%", height: "auto" },
      }}
    >
      {preview.isError ? (
        <Alert severity="warning">{apiErrorMessage(preview.error, "No preview just now.")}</Alert>
      ) : preview.data ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server.
        <Box dangerouslySetInnerHTML={{ __html: preview.data }} />
      ) : (
        <Typography color="text.secondary">The preview shows here as you write.</Typography>
      )}
    </Paper>
  );
}

/** Whether the author's edits of this story wait for approval, and what waits or was refused. */
function ApprovalState({ story }: { story: TStory }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { discard, pending } = useDiscardChanges(story, (next) => navigate(storyPath(next.slug)));
  if (auth.isAdmin || story.status !== "approved") return null;
  if (story.revision) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" disabled={pending} onClick={() => void discard()}>
            Discard my changes
          </Button>
        }
      >
        <AlertTitle>{CHANGES_WAITING_TITLE}</AlertTitle>
        You are editing them: saving again replaces them. Readers see the published story until an
        admin approves them.
      </Alert>
    );
  }
  return (
    <Stack spacing={1}>
      {story.revisionRejection ? (
        <Alert severity="warning">
          <AlertTitle>{CHANGES_REFUSED_TITLE}</AlertTitle>
          {story.revisionRejection.reason}
        </Alert>
      ) : null}
      <Alert severity="info">{PUBLISHED_EDIT_NOTE}</Alert>
    </Stack>
  );
}

function Editor({ story, start }: { story: TStory | null; start: TListingChip | null }) {
  const auth = useAuth();
  const [draft, setDraft] = useState(() => draftOf(shownVersion(story, auth.isAdmin), start));
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const fileId = useId();
  const save = useMutation({
    mutationFn: () => (story ? updateStory(story.id, inputOf(draft)) : createStory(inputOf(draft))),
    onSuccess: async (saved) => {
      queryClient.setQueryData(storyKeys.slug(saved.slug), saved);
      await queryClient.invalidateQueries({ queryKey: storyKeys.all });
      enqueueSnackbar(
        saved.revision && !auth.isAdmin
          ? `${CHANGES_WAITING_TITLE}: readers see the published story until then.`
          : `“${saved.title}” is saved.`,
        { variant: "success" },
      );
      navigate(storyPath(saved.slug));
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadStoryImage(file),
    onSuccess: (url) => set("coverImage", url),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The image could not be uploaded."), {
        variant: "error",
      }),
  });
  // A story by anyone but an admin is about one of their listings: said here, before the server.
  const [missingListing, setMissingListing] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!auth.isAdmin && draft.listings.length === 0) {
      setMissingListing(true);
      return;
    }
    save.mutate();
  };
  const issues =
    save.error instanceof ApiError
      ? ((save.error.details as { issues?: { path?: string; message: string }[] } | undefined)
          ?.issues ?? [])
      : [];
  const issueOf = (field: string) =>
    issues.find((i) => i.path === `data.${field}` || i.path?.startsWith(`${field}`))?.message;

  return (
    <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
      {story ? <ApprovalState story={story} /> : null}
      {save.isError ? (
        <Alert severity="error" role="alert">
          {apiErrorMessage(save.error, "The story could not be saved.")}
        </Alert>
      ) : null}
      <TextField
        label="Title"
        required
        value={draft.title}
        onChange={(e) => set("title", e.target.value)}
        error={Boolean(issueOf("title"))}
        helperText={
          issueOf("title") ??
          (story
            ? `Its address stays ${storyPath(story.slug)}`
            : "The story's address comes from it")
        }
        slotProps={{ htmlInput: { maxLength: 140 } }}
      />
      <TextField
        label="Summary"
        value={draft.summary}
        onChange={(e) => set("summary", e.target.value)}
        multiline
        minRows={2}
        helperText="A line or two for the list and link previews (the start of the story otherwise)"
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h2">
          Cover image
        </Typography>
        {draft.coverImage ? (
          <Box sx={{ maxWidth: 360 }}>
            <StoryCover src={draft.coverImage} />
          </Box>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button component="label" htmlFor={fileId} variant="outlined" startIcon={<ImageIcon />}>
            {upload.isPending
              ? "Uploading…"
              : draft.coverImage
                ? "Replace the image"
                : "Upload an image"}
            <input
              id={fileId}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = "";
              }}
            />
          </Button>
          {draft.coverImage ? (
            <Button onClick={() => set("coverImage", "")}>Remove the image</Button>
          ) : null}
        </Stack>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Story (Markdown)"
            value={draft.body}
            onChange={(e) => set("body", e.target.value)}
            multiline
            minRows={14}
            fullWidth
            error={Boolean(issueOf("body"))}
            helperText={
              issueOf("body") ??
              "## headings, **bold**, *italic*, - lists, [links](https://…), ![images](/media/…)"
            }
            slotProps={{ htmlInput: { style: { fontFamily: "monospace" } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Preview body={draft.body} />
        </Grid>
      </Grid>
      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography variant="subtitle2" component="legend">
          Categories
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {STORY_CATEGORIES.map((c) => {
            const on = draft.categories.includes(c);
            return (
              <Chip
                key={c}
                label={c}
                clickable
                aria-pressed={on}
                color={on ? "primary" : "default"}
                variant={on ? "filled" : "outlined"}
                onClick={() =>
                  set(
                    "categories",
                    on ? draft.categories.filter((x) => x !== c) : [...draft.categories, c],
                  )
                }
              />
            );
          })}
        </Stack>
      </Stack>
      <TextField
        label="Tags"
        value={draft.tags}
        onChange={(e) => set("tags", e.target.value)}
        error={Boolean(issueOf("tags"))}
        helperText={issueOf("tags") ?? "Separated by commas: volleyball, hardwood, youth"}
      />
      <StoryListingsField
        value={draft.listings}
        onChange={(next) => {
          setMissingListing(false);
          set("listings", next);
        }}
        required={!auth.isAdmin}
        error={
          issueOf("listingIds") ??
          (missingListing ? "Choose at least one of your listings." : undefined)
        }
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {story ? "Save changes" : "Save draft"}
        </Button>
        <Button onClick={() => navigate(-1)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

function EditStory({ id }: { id: string }) {
  const story = useQuery({
    queryKey: storyKeys.id(id),
    queryFn: ({ signal }) => fetchStory(id, signal),
  });
  if (story.isPending) return <ListSkeleton label="Loading the story" rows={4} height={80} />;
  if (story.isError) {
    return (
      <LoadFailedPanel
        title="The story could not be loaded"
        error={story.error}
        onRetry={() => story.refetch()}
      />
    );
  }
  return <Editor story={story.data} start={null} />;
}

export function StoryEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const listing = params.get("listing");
  const start = listing ? { id: listing, name: params.get("name") || "This listing" } : null;
  const title = id ? "Edit the story" : "Write a story";
  return (
    <PageFrame title={title} description="Stories are published once an admin has approved them.">
      <RequireSignIn what="the story editor">
        {id ? <EditStory id={id} /> : <Editor story={null} start={start} />}
      </RequireSignIn>
    </PageFrame>
  );
}
