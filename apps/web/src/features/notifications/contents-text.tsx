// A notification's contents as the list and the toasts show them: at most three lines.
import Typography from "@mui/material/Typography";

export function ContentsText({ id, children }: { id?: string; children: string }) {
  return (
    <Typography
      {...(id ? { id } : {})}
      variant="body2"
      color="text.secondary"
      sx={{
        overflowWrap: "anywhere",
        display: "-webkit-box",
        WebkitLineClamp: 3,
        WebkitBoxOrient: "vertical",
        overflow: "hidden",
      }}
    >
      {children}
    </Typography>
  );
}
