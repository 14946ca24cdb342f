// Plain labelled inputs and selects for the search and filter bars. The marketplace is a first
// page for many visitors: native controls keep MUI's TextField (13 KB) out of its first load,
// and a native select is what phones and keyboards handle best anyway.
import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import { visuallyHidden } from "../../ui/visually-hidden";

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

/** The id of the enclosing field's label text, which names its control. */
const LabelId = createContext<string | undefined>(undefined);

/**
 * A label above its control. The control sits inside the label (a click on the label focuses it)
 * and is named by the label's text by reference: a wrapping label alone also lends a select its
 * options' text in Chrome ("Sort by Best match Nearest …", which made "Near" ambiguous).
 */
export function Field({
  label,
  children,
  width,
  hideLabel = false,
}: {
  label: string;
  children: ReactNode;
  width?: number | string | Record<string, number | string>;
  /** Read, not shown: where the control's placeholder and place say what it is (a phone's line). */
  hideLabel?: boolean;
}) {
  const labelId = useId();
  return (
    <Box
      component="label"
      sx={{ display: "flex", flexDirection: "column", gap: 0.5, minWidth: 0, width }}
    >
      <Box
        component="span"
        id={labelId}
        sx={
          hideLabel
            ? visuallyHidden
            : { fontSize: 12, fontWeight: 600, color: "text.secondary", lineHeight: 1.2 }
        }
      >
        {label}
      </Box>
      <LabelId.Provider value={labelId}>{children}</LabelId.Provider>
    </Box>
  );
}

export function TextInput(props: ComponentProps<"input">) {
  const labelledBy = useContext(LabelId);
  return <Box component="input" aria-labelledby={labelledBy} {...props} sx={controlSx} />;
}

export function SelectInput(props: ComponentProps<"select">) {
  const labelledBy = useContext(LabelId);
  return (
    <Box
      component="select"
      aria-labelledby={labelledBy}
      {...props}
      sx={[controlSx, { pr: 0.5, cursor: "pointer" }]}
    />
  );
}
