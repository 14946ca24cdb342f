// Hostfield's MUI theme: Plus Jakarta Sans, spec §2 breakpoints, a field-blue and energy-orange palette.
import { BREAKPOINTS, DIALOG_MARGIN } from "@hostfield/domain/reference";
import { alpha, createTheme, type PaletteMode, type Theme } from "@mui/material/styles";
import { BRAND } from "./brand";

export const FONT_FAMILY = [
  '"Plus Jakarta Sans"',
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  "Helvetica",
  "Arial",
  "sans-serif",
].join(",");

const PALETTES = {
  light: {
    primary: { main: BRAND.primary, dark: "#0E3C99", light: "#4C7FE6", contrastText: "#FFFFFF" },
    // Dark enough for white chip text and for orange text on the page (4.5:1; theme.test.ts).
    secondary: { main: "#C2410C", dark: "#B54508", light: "#FF8A45", contrastText: "#FFFFFF" },
    success: { main: "#16884A" },
    // Dark enough for white chip text (MUI's #0288D1 is 3.85:1: a state's "info" chips).
    info: { main: "#0B6BA8" },
    // Dark enough for white chip text and for warning text on the page background (4.5:1).
    warning: { main: "#9E5E00" },
    error: { main: "#C62828" },
    background: { default: BRAND.background, paper: "#FFFFFF" },
    text: { primary: BRAND.text, secondary: "#4A5A70" },
    divider: "rgba(15, 27, 45, 0.12)",
  },
  dark: {
    primary: { main: "#7FA6FF", dark: "#4C7FE6", light: "#A9C3FF", contrastText: "#0B1220" },
    secondary: { main: "#FF8A45", dark: "#E8590C", light: "#FFB085", contrastText: "#0B1220" },
    success: { main: "#4ED28A" },
    info: { main: "#6CC4F5" },
    warning: { main: "#FFB547" },
    error: { main: "#FF7474" },
    background: { default: "#0B1220", paper: "#121B2E" },
    text: { primary: "#EEF2F8", secondary: "#A7B3C6" },
    divider: "rgba(238, 242, 248, 0.12)",
  },
} as const;

export function createAppTheme(mode: PaletteMode): Theme {
  const palette = PALETTES[mode];
  return createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: { mode, ...palette },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontWeight: 700, letterSpacing: "-0.02em" },
      h2: { fontWeight: 700, letterSpacing: "-0.02em" },
      h3: { fontWeight: 700, letterSpacing: "-0.01em" },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { fontWeight: 600, textTransform: "none" },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 999 } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: "inherit" },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: alpha(theme.palette.background.paper, 0.92),
            backdropFilter: "saturate(180%) blur(8px)",
            borderBottom: `1px solid ${theme.palette.divider}`,
          }),
        },
      },
      MuiDialog: {
        styleOverrides: {
          paper: {
            margin: DIALOG_MARGIN,
            maxWidth: `calc(100% - ${DIALOG_MARGIN * 2}px)`,
          },
          paperWidthSm: { maxWidth: BREAKPOINTS.sm },
        },
      },
      MuiMenu: {
        defaultProps: { slotProps: { paper: { elevation: 4 } } },
      },
      MuiCard: {
        defaultProps: { variant: "outlined" },
      },
      MuiLink: {
        // Underlined: a link in a sentence must not rely on its colour alone (axe:
        // link-in-text-block; our blue is 2.65:1 against body text, 3:1 is needed).
        defaultProps: { underline: "always" },
      },
      MuiFormHelperText: {
        styleOverrides: {
          // A disabled field's help says why ("Choose the hotel first"): it must stay readable
          // (MUI's text.disabled is 2.67:1).
          root: ({ theme }) => ({
            "&.Mui-disabled": { color: theme.palette.text.secondary },
          }),
        },
      },
      MuiToggleButton: {
        styleOverrides: {
          // MUI's default (action.active, 54% black) is 4.49:1 on the page background, just short.
          root: ({ theme }) => ({
            color: theme.palette.text.secondary,
            "&.Mui-selected": { color: theme.palette.text.primary },
          }),
        },
      },
    },
  });
}
