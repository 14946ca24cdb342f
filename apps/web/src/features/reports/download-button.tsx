// A button that fetches a file the server makes for me (CSV, PDF) with my token and saves it as a
// download of the browser, saying so while it runs and in a snackbar when it fails.
import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { saveFile } from "../../lib/save-file";

export function DownloadButton({
  label,
  fileName,
  download,
}: {
  /** "Download CSV". */
  label: string;
  fileName: string;
  download: () => Promise<Blob>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useMutation({
    mutationFn: download,
    onSuccess: (blob) => saveFile(blob, fileName),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The file did not download."), { variant: "error" }),
  });
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={save.isPending}
      onClick={() => save.mutate()}
    >
      {save.isPending ? "Downloading…" : label}
    </Button>
  );
}
