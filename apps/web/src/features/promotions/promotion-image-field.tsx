// A deal's image in its form: uploaded like the listing's own images (a file, with progress), never
// typed as a link; shown once uploaded, replaced or removed. The server takes only the addresses its
// upload answered.
import ImageIcon from "@mui/icons-material/Image";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { mediaImage } from "../../lib/media-url";
import { visuallyHidden } from "../../ui/visually-hidden";
import { uploadPromotionImage } from "./promotions-api";

export const CHOOSE_DEAL_IMAGE = "Choose the deal's image";

export function PromotionImageField({
  businessId,
  value,
  onChange,
  onUploading,
}: {
  businessId: string;
  /** The image's address, "" for none. */
  value: string;
  onChange: (url: string) => void;
  /** Told when an upload starts and ends: the form waits for it before it is sent. */
  onUploading: (uploading: boolean) => void;
}) {
  const labelId = useId();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPromotionImage(businessId, file, setProgress),
    onMutate: () => {
      setProgress(0);
      onUploading(true);
    },
    onSuccess: onChange,
    onSettled: () => onUploading(false),
  });
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again still counts as a choice
    if (file) upload.mutate(file);
  };
  const shown = mediaImage(value, "card");
  return (
    <Stack spacing={1} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId}>Image</FormLabel>
      {shown ? (
        <Box
          component="img"
          src={shown.src}
          srcSet={shown.srcSet}
          alt="The deal's image"
          sx={{ width: "100%", maxWidth: shown.width, borderRadius: 1, objectFit: "cover" }}
        />
      ) : null}
      {upload.isPending ? (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={`Uploading ${upload.variables?.name ?? "the image"}`}
        />
      ) : null}
      {upload.isError ? (
        <Alert severity="error">
          {apiErrorMessage(upload.error, "The image could not be uploaded.")}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<ImageIcon />}
          disabled={upload.isPending}
        >
          {upload.isPending ? "Uploading…" : value ? "Replace the image" : "Upload an image"}
          <Box
            component="input"
            type="file"
            accept="image/*"
            aria-label={CHOOSE_DEAL_IMAGE}
            tabIndex={-1}
            onChange={onChoose}
            sx={visuallyHidden}
          />
        </Button>
        {value && !upload.isPending ? (
          <Button color="inherit" onClick={() => onChange("")}>
            Remove the image
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
