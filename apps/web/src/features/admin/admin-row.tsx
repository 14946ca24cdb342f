// One row of an admin list (members, listings, failed jobs): stacked on a phone, a line from sm up.
import Box from "@mui/material/Box";
import type { ReactNode } from "react";

export function AdminRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{
        display: "flex",
        flexDirection: { xs: "column", sm: "row" },
        alignItems: { sm: "center" },
        gap: 1.5,
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
      }}
    >
      {children}
    </Box>
  );
}
