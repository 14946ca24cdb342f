import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/** One titled card of the account page; a region named by its heading. */
export function AccountSection({
  title,
  description,
  tone = "normal",
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: "normal" | "danger";
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: tone === "danger" ? "error.main" : undefined }}
    >
      <Stack spacing={2}>
        <div>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {description ? (
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
