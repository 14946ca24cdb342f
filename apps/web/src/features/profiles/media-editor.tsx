// A listing's gallery or documents with an editor's tools: upload (with progress), reorder by
// dragging or with Move earlier/later buttons, rename, replace and delete, and pick the header image
// and logo from the gallery. It loads only for editors (media-section.tsx shows the list to all).
import { computePatch } from "@hostfield/domain/rules";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import UploadIcon from "@mui/icons-material/Upload";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type DragEvent, type FormEvent, useRef, useState } from "react";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { MEDIA_WORDS, MediaItems } from "./media-section";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
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
import { type useProfileMedia, useUpdateCachedProfile } from "./use-profiles";

const TITLE_MAX = 120;

const ACCEPT: Record<TMediaSegment, string> = {
  images: "image/png,image/jpeg,image/webp,image/gif,image/avif",
  documents:
    ".pdf,.docx,.xlsx,.pptx,.txt,.csv,application/pdf,text/plain,text/csv,image/png,image/jpeg,image/webp,image/gif,image/avif",
};

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

/** The gallery or documents with an editor's tools (media-section.tsx shows it to editors). */
export function MediaEditor({
  config,
  profile,
  segment,
  media,
  canSetImages,
}: {
  config: TKindConfig;
  profile: TProfile;
  segment: TMediaSegment;
  /** The list, as the section asked for it. */
  media: ReturnType<typeof useProfileMedia>;
  /** May set the header image and logo (profile.update). */
  canSetImages: boolean;
}) {
  const words = MEDIA_WORDS[segment];
  const kind = config.kind;
  const queryKey = profileKeys.child(kind, profile.id, segment);
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
  const dragProps = (item: TProfileMedia, index: number) => ({
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
  });

  const controls = (item: TProfileMedia, index: number) => (
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
  );

  const closeMenu = () => setMenu(null);
  const chosen = menu?.item;

  return (
    <ProfileSection
      title={words.title}
      actions={
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
      }
    >
      <Box
        onDragOver={(event: DragEvent) => {
          if (!dragId && event.dataTransfer.types.includes("Files")) {
            event.preventDefault();
          }
        }}
        onDrop={(event: DragEvent) => {
          if (dragId) return;
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
        <MediaItems
          segment={segment}
          profile={profile}
          media={media}
          emptyHint=" Upload some, or drop files here."
          itemProps={dragProps}
          controls={controls}
          dragId={dragId}
        />
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
