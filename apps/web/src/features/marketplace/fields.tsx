// Plain labelled inputs and selects for the search and filter bars. The marketplace is a first
// page for many visitors: native controls keep MUI's TextField (13 KB) out of its first load,
// and a native select is what phones and keyboards handle best anyway.
import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import type { ComponentProps, ReactNode } from "react";

export const controlSx = (theme: Theme) => ({
  boxSizing: "border-box" as const,
  width: "100%",
  height: 40,
  px: 1.25,
  font: "inherit",
  fontSize: 15,
  color: theme.palette.text.primary,
  bgcolor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.mode === "dark" ? "rgba(255,255,255,0.23)" : "rgba(0,0,0,0.23)"}`,
  borderRadius: 1,
  colorScheme: theme.palette.mode,
  "&:hover": { borderColor: theme.palette.text.primary },
  "&:focus-visible": {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -1,
    borderColor: theme.palette.primary.main,
  },
  "&::placeholder": { color: theme.palette.text.secondary, opacity: 1 },
});

/** A label above its control; the control is inside the label, so it is named by it. */
export function Field({
  label,
  children,
  width,
}: {
  label: string;
  children: ReactNode;
  width?: number | string | Record<string, number | string>;
}) {
  return (
    <Box
      component="label"
      sx={{ display: "flex", flexDirection: "column", gap: 0.5, minWidth: 0, width }}
    >
      <Box
        component="span"
        sx={{ fontSize: 12, fontWeight: 600, color: "text.secondary", lineHeight: 1.2 }}
      >
        {label}
      </Box>
      {children}
    </Box>
  );
}

export function TextInput(props: ComponentProps<"input">) {
  return <Box component="input" {...props} sx={controlSx} />;
}

export function SelectInput(props: ComponentProps<"select">) {
  return <Box component="select" {...props} sx={[controlSx, { pr: 0.5, cursor: "pointer" }]} />;
}
