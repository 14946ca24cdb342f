// A listing's gallery or documents. Everyone sees them in order; editors upload (with progress),
// reorder by dragging or with Move earlier/later buttons, rename, replace and delete, and pick the
// header image and logo from the gallery.
import { computePatch } from "@hostfield/domain/rules";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import DescriptionIcon from "@mui/icons-material/Description";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import UploadIcon from "@mui/icons-material/Upload";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type DragEvent, type FormEvent, useRef, useState } from "react";
import { useConfirm } from "../../app/confirm";
import { NEW_TAB_LINK_PROPS } from "../../app/external-links";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import type { TKindConfig } from "./profile-kinds";
import { mediaImageProps, ProfileSection } from "./profile-section";
import {
  deleteMedia,
  moveMedia,
  patchMedia,
  patchProfile,
  profileKeys,
  replaceMediaFile,
  type TMediaSegment,
  type TProfile,
  type TProfileMedia,
  uploadMedia,
} from "./profiles-api";
import { useProfileMedia, useUpdateCachedProfile } from "./use-profiles";

const TILE = { w: 480, h: 360 };
const TITLE_MAX = 120;

const ACCEPT: Record<TMediaSegment, string> = {
  images: "image/png,image/jpeg,image/webp,image/gif,image/avif",
  documents:
    ".pdf,.docx,.xlsx,.pptx,.txt,.csv,application/pdf,text/plain,text/csv,image/png,image/jpeg,image/webp,image/gif,image/avif",
};

const WORDS: Record<TMediaSegment, { title: string; upload: string; empty: string }> = {
  images: { title: "Gallery", upload: "Upload images", empty: "No images yet." },
  documents: { title: "Documents", upload: "Upload documents", empty: "No documents yet." },
};

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

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

type TUpload = { key: number; label: string; fraction: number };
type TMove = { id: string; afterId: string | null; order: TProfileMedia[] };

/** The new order and the `afterId` that says it, for moving the item at `from` to `to`. */
export function planMove(items: readonly TProfileMedia[], from: number, to: number): TMove | null {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return null;
  const order = [...items];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return { id: moved!.id, afterId: to === 0 ? null : order[to - 1]!.id, order };
}

function RenameDialog({
  item,
  onClose,
  onSave,
  saving,
}: {
  item: TProfileMedia;
  onClose: () => void;
  onSave: (title: string) => void;
  saving: boolean;
}) {
  const [title, setTitle] = useState(item.title);
  const trimmed = title.trim();
  const problem =
    trimmed.length === 0
      ? "Enter a title."
      : trimmed.length > TITLE_MAX
        ? `Use at most ${TITLE_MAX} characters.`
        : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!problem) onSave(trimmed);
        }}
      >
        <DialogTitle>Rename {item.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Title"
            fullWidth
            sx={{ mt: 1 }}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={problem !== null}
            helperText={problem ?? " "}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={problem !== null || saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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
  const words = WORDS[segment];
  const kind = config.kind;
  const queryKey = profileKeys.child(kind, profile.id, segment);
  const media = useProfileMedia(kind, profile.id, segment);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const updateProfile = useUpdateCachedProfile(kind, profile.id);
  const uploadInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replaceTarget = useRef<TProfileMedia | null>(null);
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: TProfileMedia } | null>(null);
  const [renaming, setRenaming] = useState<TProfileMedia | null>(null);
  const items = media.data?.items ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const fail = (error: unknown, fallback: string) =>
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });

  const move = useMutation({
    mutationFn: ({ id, afterId }: TMove) => moveMedia(kind, profile.id, segment, id, afterId),
    onMutate: async ({ order }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TListResult<TProfileMedia>>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, items: order });
      return { previous };
    },
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      fail(error, "The new order could not be saved.");
    },
    onSettled: () => void refresh(),
  });
  const rename = useMutation({
    mutationFn: ({ item, title }: { item: TProfileMedia; title: string }) =>
      patchMedia(
        kind,
        profile.id,
        segment,
        item.id,
        computePatch({ title: item.title }, { title }),
      ),
    onSuccess: () => {
      setRenaming(null);
      void refresh();
    },
    onError: (error) => fail(error, "The title could not be saved."),
  });
  const remove = useMutation({
    mutationFn: (item: TProfileMedia) => deleteMedia(kind, profile.id, segment, item.id),
    onSuccess: (_reply, item) => {
      enqueueSnackbar(`${item.title} was deleted.`, { variant: "success" });
      void refresh();
    },
    onError: (error) => fail(error, "The file could not be deleted."),
  });
  const useAs = useMutation({
    mutationFn: ({ field, url }: { field: "headerImage" | "logo"; url: string }) =>
      patchProfile(kind, profile.id, computePatch({ [field]: profile[field] }, { [field]: url })),
    onSuccess: (updated, { field }) => {
      updateProfile((current) => ({ ...current, ...updated, myReaction: current.myReaction }));
      enqueueSnackbar(field === "logo" ? "The logo is changed." : "The header image is changed.", {
        variant: "success",
      });
    },
    onError: (error) => fail(error, "The listing could not be changed."),
  });

  /** Runs uploads one after another, each with its own progress bar. */
  const sendFiles = async (
    files: File[],
    send: (file: File, onProgress: (f: number) => void) => Promise<unknown>,
    verb: string,
  ) => {
    setProblem(null);
    for (const file of files) {
      nextKey.current += 1;
      const key = nextKey.current;
      setUploads((current) => [...current, { key, label: `${verb} ${file.name}`, fraction: 0 }]);
      try {
        await send(file, (fraction) =>
          setUploads((current) => current.map((u) => (u.key === key ? { ...u, fraction } : u))),
        );
      } catch (error) {
        setProblem(`${file.name}: ${apiErrorMessage(error, "The upload failed. Try again.")}`);
      } finally {
        setUploads((current) => current.filter((u) => u.key !== key));
        void refresh();
      }
    }
  };
  const upload = (files: File[]) =>
    sendFiles(
      files,
      (file, onProgress) => uploadMedia(kind, profile.id, segment, file, onProgress),
      "Uploading",
    );
  const replace = (item: TProfileMedia, file: File) =>
    sendFiles(
      [file],
      (chosen, onProgress) =>
        replaceMediaFile(kind, profile.id, segment, item.id, chosen, onProgress),
      "Replacing with",
    );

  if (!canWrite && (media.isPending || (items.length === 0 && !media.isError))) return null;

  const moveBy = (index: number, delta: number) => {
    const plan = planMove(items, index, index + delta);
    if (plan) move.mutate(plan);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    const from = items.findIndex((item) => item.id === dragId);
    setDragId(null);
    const plan = planMove(items, from, index);
    if (plan) move.mutate(plan);
  };
  const dragProps = (item: TProfileMedia, index: number) =>
    canWrite
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            setDragId(item.id);
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", item.id);
          },
          onDragOver: (event: DragEvent) => {
            if (dragId) event.preventDefault();
          },
          onDrop: (event: DragEvent) => onDrop(event, index),
          onDragEnd: () => setDragId(null),
        }
      : {};

  const controls = (item: TProfileMedia, index: number) =>
    canWrite ? (
      <Stack direction="row" sx={{ alignItems: "center" }}>
        <DragIndicatorIcon
          fontSize="small"
          color="action"
          aria-hidden
          sx={{ cursor: "grab", display: { xs: "none", sm: "block" } }}
        />
        <IconButton
          size="small"
          aria-label={`Move ${item.title} earlier`}
          disabled={index === 0 || move.isPending}
          onClick={() => moveBy(index, -1)}
        >
          <ArrowBackIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${item.title} later`}
          disabled={index === items.length - 1 || move.isPending}
          onClick={() => moveBy(index, 1)}
        >
          <ArrowForwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`More actions for ${item.title}`}
          aria-haspopup="menu"
          onClick={(event) => setMenu({ anchor: event.currentTarget, item })}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Stack>
    ) : null;

  const closeMenu = () => setMenu(null);
  const chosen = menu?.item;

  return (
    <ProfileSection
      title={words.title}
      actions={
        canWrite ? (
          <>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              onClick={() => uploadInput.current?.click()}
            >
              {words.upload}
            </Button>
            <input
              ref={uploadInput}
              type="file"
              multiple
              hidden
              accept={ACCEPT[segment]}
              aria-label={words.upload}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (files.length) void upload(files);
              }}
            />
            <input
              ref={replaceInput}
              type="file"
              hidden
              accept={ACCEPT[segment]}
              aria-label={`Replacement for ${words.title.toLowerCase()}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                const target = replaceTarget.current;
                if (file && target) void replace(target, file);
              }}
            />
          </>
        ) : null
      }
    >
      <Box
        onDragOver={(event: DragEvent) => {
          if (canWrite && !dragId && event.dataTransfer.types.includes("Files")) {
            event.preventDefault();
          }
        }}
        onDrop={(event: DragEvent) => {
          if (!canWrite || dragId) return;
          event.preventDefault();
          const files = Array.from(event.dataTransfer.files);
          if (files.length) void upload(files);
        }}
      >
        {uploads.length ? (
          <Stack spacing={1} sx={{ mb: 2 }}>
            {uploads.map((u) => (
              <Box key={u.key}>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {u.label}… {Math.round(u.fraction * 100)}%
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(u.fraction * 100)}
                  aria-label={u.label}
                />
              </Box>
            ))}
          </Stack>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        ) : null}
        {media.isError ? (
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
        ) : media.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : items.length === 0 ? (
          <Typography color="text.secondary">
            {words.empty}
            {canWrite ? " Upload some, or drop files here." : ""}
          </Typography>
        ) : segment === "images" ? (
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
                {...dragProps(item, index)}
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
                    {...mediaImageProps(item.url, TILE)}
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
                      {profile.headerImage === item.url ? (
                        <Chip size="small" label="Header" />
                      ) : null}
                      {profile.logo === item.url ? <Chip size="small" label="Logo" /> : null}
                    </Stack>
                  ) : null}
                  {controls(item, index)}
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
                {...dragProps(item, index)}
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
                {controls(item, index)}
              </Stack>
            ))}
          </Box>
        )}
      </Box>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={closeMenu}>
        <MenuItem
          onClick={() => {
            replaceTarget.current = chosen ?? null;
            closeMenu();
            replaceInput.current?.click();
          }}
        >
          Replace file…
        </MenuItem>
        <MenuItem
          onClick={() => {
            setRenaming(chosen ?? null);
            closeMenu();
          }}
        >
          Rename…
        </MenuItem>
        {segment === "images" && canSetImages
          ? [
              <MenuItem
                key="header"
                disabled={!chosen || profile.headerImage === chosen.url}
                onClick={() => {
                  if (chosen) useAs.mutate({ field: "headerImage", url: chosen.url });
                  closeMenu();
                }}
              >
                Use as header image
              </MenuItem>,
              <MenuItem
                key="logo"
                disabled={!chosen || profile.logo === chosen.url}
                onClick={() => {
                  if (chosen) useAs.mutate({ field: "logo", url: chosen.url });
                  closeMenu();
                }}
              >
                Use as logo
              </MenuItem>,
            ]
          : null}
        <MenuItem
          sx={{ color: "error.main" }}
          onClick={async () => {
            closeMenu();
            if (!chosen) return;
            const result = await confirm({
              title: `Delete ${chosen.title}?`,
              description: `It is removed from the ${words.title.toLowerCase()} for good.`,
              confirmText: "Delete",
              confirmButtonType: "danger",
            });
            if (result === "confirmed") remove.mutate(chosen);
          }}
        >
          Delete…
        </MenuItem>
      </Menu>
      {renaming ? (
        <RenameDialog
          item={renaming}
          saving={rename.isPending}
          onClose={() => setRenaming(null)}
          onSave={(title) => rename.mutate({ item: renaming, title })}
        />
      ) : null}
    </ProfileSection>
  );
}
