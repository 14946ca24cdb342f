// The brand's colours, read by the MUI theme, the installed app's manifest and icons
// (build/pwa.ts, scripts/app-icons.ts) and the offline page: one place for each.
export const BRAND = {
  name: "Hostfield",
  /** The theme's primary (light palette): the top bar, the app icon's field. */
  primary: "#1554D1",
  /** The icon's dot (the favicon's orange). */
  accent: "#FF7A2F",
  /** The light palette's page background and text. */
  background: "#F5F7FB",
  text: "#0F1B2D",
} as const;
