// Business constants and limits of spec §9 that both the server and the web app rely on.

export const BRAND = "Hostfield";
export const DEFAULT_TITLE = "Your sports event starts here";
/** Page titles read '%s | Hostfield'. */
export const TITLE_TEMPLATE = `%s | ${BRAND}`;

export const NAVBAR = { height: 60, stickyChildHeight: 76 } as const;

/** Durations in ms; a toast pauses on hover or blur and resumes after half its lifetime. */
export const TOAST = {
  max: 3,
  lifetime: 5000,
  enter: 225,
  exit: 195,
  position: "bottom-left",
} as const;

/** Notification and message badges show at most this number. */
export const BADGE_CAP = 99;

/** Clock leeway of the web shell's token checks. */
export const TOKEN_LEEWAY_SECONDS = 30;
/** Clock leeway when verifying identity tokens. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;
export const POST_LOGIN_REDIRECT_DELAY_MS = 500;
export const TOKEN_REFRESH_MS = 1_800_000;
/** Skipped while the tab is unfocused. */
export const SESSION_POLL_MS = 600_000;
/** Waits before each reconnect attempt of the session hub, in order. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000, 60000, 120000] as const;

export const POPUP = { width: 400, height: 600 } as const;

export const MEDIA_DEFAULTS = { quality: 85, fit: "scale-down", format: "auto" } as const;

export const MAP_INFO_WINDOW = { minWidth: 250, maxWidth: 400 } as const;

/** Marker defaults; a profile without a marker type is drawn as a pin. */
export const MAP_MARKERS = {
  pin: { color: "red", scale: 0.055 },
  circle: { color: "grey", scale: 0.04 },
  star: { color: "yellow", scale: 0.05 },
} as const;
export type TMapMarkerKind = keyof typeof MAP_MARKERS;
/** The colours a kind's marker may wear (the web draws each name in a fill of its own). */
export const MARKER_COLORS = [
  "red",
  "grey",
  "yellow",
  "purple",
  "blue",
  "orange",
  "green",
  "brown",
] as const;
export type TMarkerColor = (typeof MARKER_COLORS)[number];

/** Days before an event start that switch the hotel banner wording. */
export const HOTEL_BANNER_DAYS = { early: 30, scoreBig: 7 } as const;
/** Longer events fall back to a one-night hotel search. */
export const HOTEL_MAX_STAY_EVENT_DAYS = 7;

export const DATE_PICKER_BOUNDS = { min: "1900-01-01", max: "2099-12-31" } as const;

/** The nil identity: all zeros. */
export const NIL_ID = "00000000-0000-0000-0000-000000000000";

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type TBreakpoint = keyof typeof BREAKPOINTS;

export const DIALOG_MARGIN = 32;
