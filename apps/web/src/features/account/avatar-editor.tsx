// The profile photo: pick a file, see it, upload it with progress; initials when there is none.
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { MY_PROFILE_QUERY_KEY, type TUserProfile, updateCachedProfile } from "../../lib/auth";
import { useFilePicker } from "../../ui/use-file-picker";
import { UserAvatar } from "../../ui/user-avatar";
import { uploadAvatar } from "./account-api";

export const PHOTO_UPDATED = "Your photo is updated.";
const AVATAR_SIZE = 88;

type TPreview = { file: File; url: string };

export function AvatarEditor({ profile }: { profile: TUserProfile }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  // The preview's object URL lives exactly as long as the preview.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(profile.id, file, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (image) => {
      updateCachedProfile(queryClient, { avatarUrl: image.url });
      // The server decides which image is the avatar; read back what it chose.
      void queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
      setPreview(null);
      enqueueSnackbar(PHOTO_UPDATED, { variant: "success" });
    },
  });

  const picker = useFilePicker({
    accept: "image/*",
    label: "Choose a profile photo",
    onFiles: ([file]) => {
      if (!file) return;
      upload.reset();
      if (!file.type.startsWith("image/")) {
        setProblem("Choose an image file (JPEG, PNG, WebP or GIF).");
        setPreview(null);
        return;
      }
      setProblem(null);
      setPreview({ file, url: URL.createObjectURL(file) });
    },
  });

  const shown = preview?.url ?? profile.avatarUrl;
  const error =
    problem ?? (upload.isError ? apiErrorMessage(upload.error, "Upload failed.") : null);

  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={2}
      sx={{ alignItems: { xs: "flex-start", sm: "center" } }}
    >
      <UserAvatar name={profile.name} src={shown} size={AVATAR_SIZE} />
      <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
        {preview ? (
          <Typography variant="body2" color="text.secondary" noWrap title={preview.file.name}>
            Preview of {preview.file.name}
          </Typography>
        ) : null}
        {upload.isPending ? (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label="Uploading photo"
          />
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {preview ? (
            <>
              <Button
                variant="contained"
                disabled={upload.isPending}
                onClick={() => upload.mutate(preview.file)}
              >
                {upload.isPending ? "Uploading…" : "Save photo"}
              </Button>
              <Button
                color="inherit"
                disabled={upload.isPending}
                onClick={() => {
                  setPreview(null);
                  upload.reset();
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={picker.open}>
                {profile.avatarUrl ? "Change photo" : "Add a photo"}
              </Button>
              {picker.input}
            </>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
