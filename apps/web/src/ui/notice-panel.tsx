// A centred panel for empty, signed-out and forbidden states.
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export function NoticePanel({
  icon,
  title,
  children,
  actions,
  role,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  role?: "status" | "alert";
}) {
  return (
    <Paper
      variant="outlined"
      role={role}
      sx={{
        px: { xs: 3, sm: 6 },
        py: { xs: 5, sm: 7 },
        textAlign: "center",
        borderStyle: "dashed",
      }}
    >
      <Stack spacing={1.5} sx={{ alignItems: "center", maxWidth: 520, mx: "auto" }}>
        {icon ? (
          <Stack aria-hidden sx={{ color: "primary.main", "& svg": { fontSize: 44 } }}>
            {icon}
          </Stack>
        ) : null}
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children ? <Typography color="text.secondary">{children}</Typography> : null}
        {actions ? (
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ pt: 1, flexWrap: "wrap", justifyContent: "center" }}
          >
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
