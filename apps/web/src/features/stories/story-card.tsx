// One story in a list: its cover, title (the link to the story), summary, categories and date.
import type { TStorySummary } from "@hostfield/domain/contracts";
import ArticleOutlinedIcon from "@mui/icons-material/ArticleOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../lib/date-format";
import { mediaImage } from "../../lib/media-url";

export const storyPath = (slug: string) => `/stories/${encodeURIComponent(slug)}`;

export function StoryCover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const image = mediaImage(src, "card");
  return (
    <Box
      sx={(theme) => ({
        aspectRatio: "16 / 9",
        display: "grid",
        placeItems: "center",
        color: "primary.main",
        bgcolor: alpha(theme.palette.primary.main, 0.08),
        overflow: "hidden",
      })}
    >
      {image && !failed ? (
        <Box
          component="img"
          {...image}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: "100%", height: "100%", objectFit: "cover" }}
        />
      ) : (
        <ArticleOutlinedIcon fontSize="large" aria-hidden />
      )}
    </Box>
  );
}

export function StoryCard({ story }: { story: Partial<TStorySummary> & { id: string } }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: "100%" }}>
      <StoryCover src={story.coverImage ?? null} />
      <Stack spacing={1} sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
          <Link component={RouterLink} to={storyPath(story.slug ?? story.id)} underline="hover">
            {story.title}
          </Link>
        </Typography>
        {story.summary ? (
          <Typography variant="body2" color="text.secondary">
            {story.summary}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {(story.categories ?? []).map((c) => (
            <Chip key={c} label={c} size="small" variant="outlined" />
          ))}
        </Stack>
        {story.publishedDate ? (
          <Typography variant="caption" color="text.secondary">
            {formatDate(story.publishedDate.slice(0, 10))}
            {story.author ? ` · ${story.author.name}` : ""}
          </Typography>
        ) : null}
      </Stack>
    </Card>
  );
}
