// A listing's gallery or documents, in their order, for everyone. Editors get the same list with
// their tools (upload, reorder, rename, replace, delete, header image and logo): media-editor.tsx,
// which loads only for them.
import DescriptionIcon from "@mui/icons-material/Description";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { HTMLAttributes, ReactNode } from "react";
import { apiErrorMessage } from "../../lib/api";
import { NEW_TAB_LINK_PROPS } from "../../lib/external-links";
import { formatBytes } from "../../lib/file-size";
import { mediaImage } from "../../lib/media-url";
import { EditorPart, MediaEditor } from "./lazy-editors";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import type { TMediaSegment, TProfile, TProfileMedia } from "./profiles-api";
import { useProfileMedia } from "./use-profiles";

export const MEDIA_WORDS: Record<TMediaSegment, { title: string; upload: string; empty: string }> =
  {
    images: { title: "Gallery", upload: "Upload images", empty: "No images yet." },
    documents: { title: "Documents", upload: "Upload documents", empty: "No documents yet." },
  };

function fileKind(contentType: string): string {
  const known: Record<string, string> = {
    "application/pdf": "PDF",
    "text/plain": "Text",
    "text/csv": "CSV",
  };
  if (known[contentType]) return known[contentType];
  if (contentType.includes("wordprocessingml")) return "Word";
  if (contentType.includes("spreadsheetml")) return "Excel";
  if (contentType.includes("presentationml")) return "PowerPoint";
  if (contentType.startsWith("image/")) return "Image";
  return "File";
}

type TMediaList = ReturnType<typeof useProfileMedia>;

/** The list's states: a failure with a retry, loading, empty, or the items. */
export function MediaItems({
  segment,
  profile,
  media,
  emptyHint = "",
  itemProps,
  controls,
  dragId = null,
}: {
  segment: TMediaSegment;
  profile: TProfile;
  media: TMediaList;
  /** Said after "No images yet.", e.g. how to add some. */
  emptyHint?: string;
  /** Extra props of each item (an editor's drag and drop). */
  itemProps?: (item: TProfileMedia, index: number) => HTMLAttributes<HTMLElement>;
  /** An editor's buttons under each item. */
  controls?: (item: TProfileMedia, index: number) => ReactNode;
  /** The item being dragged, shown faded. */
  dragId?: string | null;
}) {
  const words = MEDIA_WORDS[segment];
  const items = media.data?.items ?? [];
  if (media.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void media.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(media.error, `The ${words.title.toLowerCase()} did not load.`)}
      </Alert>
    );
  }
  if (media.isPending) return <Skeleton variant="rounded" height={120} />;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary">
        {words.empty}
        {emptyHint}
      </Typography>
    );
  }
  return segment === "images" ? (
    <Box
      component="ol"
      aria-label={`${words.title} in order`}
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: {
          xs: "repeat(2, minmax(0, 1fr))",
          sm: "repeat(auto-fill, minmax(180px, 1fr))",
        },
      }}
    >
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.id}
          {...itemProps?.(item, index)}
          sx={{
            opacity: dragId === item.id ? 0.4 : 1,
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            overflow: "hidden",
            minWidth: 0,
          }}
        >
          <Link href={item.url} {...NEW_TAB_LINK_PROPS} aria-label={`Open ${item.title}`}>
            <Box
              component="img"
              {...mediaImage(item.url, "tile")}
              sizes="(min-width: 600px) 240px, 50vw"
              alt={item.title}
              loading="lazy"
              draggable={false}
              sx={{
                width: "100%",
                height: "auto",
                aspectRatio: "4 / 3",
                objectFit: "cover",
                display: "block",
              }}
            />
          </Link>
          <Stack sx={{ px: 1, py: 0.5 }} spacing={0.5}>
            <Typography variant="caption" noWrap title={item.title}>
              {item.title}
            </Typography>
            {profile.headerImage === item.url || profile.logo === item.url ? (
              <Stack direction="row" spacing={0.5}>
                {profile.headerImage === item.url ? <Chip size="small" label="Header" /> : null}
                {profile.logo === item.url ? <Chip size="small" label="Logo" /> : null}
              </Stack>
            ) : null}
            {controls?.(item, index)}
          </Stack>
        </Box>
      ))}
    </Box>
  ) : (
    <Box
      component="ol"
      aria-label={`${words.title} in order`}
      sx={{ listStyle: "none", m: 0, p: 0 }}
    >
      {items.map((item, index) => (
        <Stack
          component="li"
          key={item.id}
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          {...itemProps?.(item, index)}
          sx={{
            py: 1,
            borderBottom: 1,
            borderColor: "divider",
            alignItems: { sm: "center" },
            opacity: dragId === item.id ? 0.4 : 1,
          }}
        >
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: "center", minWidth: 0, flexGrow: 1 }}
          >
            <DescriptionIcon color="action" aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Link href={item.url} {...NEW_TAB_LINK_PROPS} sx={{ overflowWrap: "anywhere" }}>
                {item.title}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div">
                {fileKind(item.contentType)} · {formatBytes(item.size)}
              </Typography>
            </Box>
          </Stack>
          {controls?.(item, index)}
        </Stack>
      ))}
    </Box>
  );
}

export function MediaSection({
  config,
  profile,
  segment,
  canWrite,
  canSetImages,
}: {
  config: TKindConfig;
  profile: TProfile;
  segment: TMediaSegment;
  canWrite: boolean;
  /** May set the header image and logo (profile.update). */
  canSetImages: boolean;
}) {
  const media = useProfileMedia(config.kind, profile.id, segment);
  const view = (
    <ProfileSection title={MEDIA_WORDS[segment].title}>
      <MediaItems segment={segment} profile={profile} media={media} />
    </ProfileSection>
  );
  if (canWrite) {
    // The list shows while the editor's code loads.
    return (
      <EditorPart fallback={view}>
        <MediaEditor
          config={config}
          profile={profile}
          segment={segment}
          media={media}
          canSetImages={canSetImages}
        />
      </EditorPart>
    );
  }
  const empty = (media.data?.items ?? []).length === 0;
  if (media.isPending || (empty && !media.isError)) return null;
  return view;
}
