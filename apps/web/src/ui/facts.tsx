// A list of facts: each term beside its value (above it on a phone), as a description list.
import Box from "@mui/material/Box";
import type { ReactNode } from "react";

export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "minmax(120px, max-content) 1fr" },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        "& dt": { color: "text.secondary", fontWeight: 600, mt: { xs: 1, sm: 0 } },
        "& dd": { m: 0 },
      }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: "contents" }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
