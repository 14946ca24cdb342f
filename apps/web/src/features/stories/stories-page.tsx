// /stories: the published stories, newest first, filtered by category and tag (both in the
// address, so a filtered list can be shared), in numbered pages; painted by the server on first
// view. Signed in, "Write a story" and my stories (admins: the ones waiting for approval) too.
import { STORY_CATEGORIES } from "@hostfield/domain/reference";
import { enumArrayCodec, numberCodec, stringArrayCodec } from "@hostfield/domain/rules";
import ArticleIcon from "@mui/icons-material/Article";
import EditNoteIcon from "@mui/icons-material/EditNote";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../lib/auth";
import { useQueryParams } from "../../lib/query-params";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import { MyStories } from "./my-stories";
import { fetchStories, STORIES_PAGE_SIZE, storyKeys } from "./stories-api";
import { StoryCard } from "./story-card";

/** A filter's change goes back to the first page (`page: null`). */
const FILTER_CODECS = {
  categories: enumArrayCodec(STORY_CATEGORIES),
  tags: stringArrayCodec,
  page: numberCodec,
};

export const STORIES_TITLE = "Stories";
export const NO_STORIES_TEXT = "No stories match these filters yet";

export function StoriesPage() {
  const auth = useAuth();
  const [filters, setFilters] = useQueryParams(FILTER_CODECS);
  const categories = filters.categories ?? [];
  const tags = filters.tags ?? [];
  const { page, range, goTo } = useUrlPage(STORIES_PAGE_SIZE);
  const wanted = { categories, tags };
  const list = useQuery({
    queryKey: storyKeys.list(wanted, range.offset),
    queryFn: ({ signal }) => fetchStories(wanted, range.offset, signal),
  });

  const toggleCategory = (category: (typeof STORY_CATEGORIES)[number]) => {
    const next = categories.includes(category)
      ? categories.filter((c) => c !== category)
      : [...categories, category];
    setFilters({ categories: next, page: null });
  };
  const removeTag = (tag: string) =>
    setFilters({ tags: tags.filter((t) => t !== tag), page: null });

  return (
    <PageFrame
      title={STORIES_TITLE}
      icon={<ArticleIcon />}
      description="How destinations and venues host events: recaps, venue guides, spotlights and planning tips."
      actions={
        auth.isAuthenticated ? (
          <Button
            component={RouterLink}
            to="/stories/new"
            variant="contained"
            startIcon={<EditNoteIcon />}
          >
            Write a story
          </Button>
        ) : null
      }
    >
      <Stack spacing={3}>
        {auth.isAuthenticated ? <MyStories isAdmin={auth.isAdmin} /> : null}
        <Stack
          component="nav"
          aria-label="Story filters"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: "wrap" }}
        >
          {STORY_CATEGORIES.map((category) => {
            const on = categories.includes(category);
            return (
              <Chip
                key={category}
                label={category}
                clickable
                color={on ? "primary" : "default"}
                variant={on ? "filled" : "outlined"}
                aria-pressed={on}
                onClick={() => toggleCategory(category)}
              />
            );
          })}
          {tags.map((tag) => (
            <Chip
              key={`tag-${tag}`}
              label={`#${tag}`}
              color="secondary"
              onDelete={() => removeTag(tag)}
              aria-label={`Tag ${tag}: remove the filter`}
            />
          ))}
        </Stack>
        {list.isPending ? (
          <ListSkeleton label="Loading stories" rows={3} height={220} />
        ) : list.isError ? (
          <LoadFailedPanel
            title="The stories could not be loaded"
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : list.data.posts.length === 0 ? (
          <NoticePanel role="status" icon={<SearchOffIcon />} title={NO_STORIES_TEXT}>
            {categories.length || tags.length ? (
              <Button onClick={() => setFilters({ categories: [], tags: [], page: null })}>
                Show every story
              </Button>
            ) : (
              "Stories appear here once an admin has approved them."
            )}
          </NoticePanel>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {list.data.count === 1 ? "1 story" : `${list.data.count} stories`}
            </Typography>
            <Grid container spacing={3} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {list.data.posts.map((story) => (
                <Grid key={story.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                  <StoryCard story={story} />
                </Grid>
              ))}
            </Grid>
            <UrlPager
              page={page}
              pages={pageCount(list.data.count, STORIES_PAGE_SIZE)}
              onPage={goTo}
              label="Pages of stories"
            />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
