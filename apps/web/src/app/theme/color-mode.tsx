// Light, dark or system colour theme, kept in localStorage; system follows prefers-color-scheme.
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { createAppTheme } from "./theme";

export type TColorMode = "light" | "dark" | "system";
export type TResolvedColorMode = "light" | "dark";

export const COLOR_MODE_STORAGE_KEY = "hostfield.colorMode";
export const COLOR_MODES: readonly TColorMode[] = ["light", "dark", "system"];
export const COLOR_MODE_LABELS: Record<TColorMode, string> = {
  light: "Light",
  dark: "Dark",
  system: "System",
};

const DARK_QUERY = "(prefers-color-scheme: dark)";

function isColorMode(value: unknown): value is TColorMode {
  return typeof value === "string" && (COLOR_MODES as readonly string[]).includes(value);
}

export function readStoredColorMode(): TColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

function writeStoredColorMode(mode: TColorMode): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

/** light -> dark -> system -> light */
export function nextColorMode(mode: TColorMode): TColorMode {
  const index = COLOR_MODES.indexOf(mode);
  return COLOR_MODES[(index + 1) % COLOR_MODES.length] ?? "system";
}

function subscribeToSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

type TColorModeContext = {
  mode: TColorMode;
  resolvedMode: TResolvedColorMode;
  setMode(mode: TColorMode): void;
  cycleMode(): void;
};

const ColorModeContext = createContext<TColorModeContext | null>(null);

export function useColorMode(): TColorModeContext {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode must be used inside <ColorModeProvider>.");
  return value;
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<TColorMode>(readStoredColorMode);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  const resolvedMode: TResolvedColorMode =
    mode === "system" ? (prefersDark ? "dark" : "light") : mode;

  const setMode = useCallback((next: TColorMode) => {
    writeStoredColorMode(next);
    setModeState(next);
  }, []);
  const cycleMode = useCallback(() => setMode(nextColorMode(mode)), [mode, setMode]);

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY) setModeState(readStoredColorMode());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Lets native controls and scrollbars match, and gives end-to-end tests something to read. On
  // "system" the page's color-scheme meta ("light dark") already follows the device: an inline
  // style on <html> would only make the browser restyle every element while the app starts.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.colorScheme = resolvedMode;
    root.style.colorScheme = mode === "system" ? "" : resolvedMode;
  }, [mode, resolvedMode]);

  const theme = useMemo(() => createAppTheme(resolvedMode), [resolvedMode]);
  const value = useMemo(
    () => ({ mode, resolvedMode, setMode, cycleMode }),
    [mode, resolvedMode, setMode, cycleMode],
  );

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
