// The top bar's layout knobs (spec §3 "Navbar config"); a page can change them while it is shown.
import { NAVBAR } from "@hostfield/domain/reference";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

export type TNavbarConfig = {
  /** Bar height in px. */
  height: number;
  /** Height of a sub-header that sticks under the bar (page tabs, filters), in px. */
  stickyChildHeight: number;
  /** Keep the bar's content inside the page's max-width container. */
  contained: boolean;
  /** Scroll away with the page until it sticks (sticky) instead of staying fixed on top. */
  sticky: boolean;
};

export const DEFAULT_NAVBAR_CONFIG: TNavbarConfig = {
  height: NAVBAR.height,
  stickyChildHeight: NAVBAR.stickyChildHeight,
  contained: true,
  sticky: false,
};

type TNavbarConfigContext = {
  config: TNavbarConfig;
  setOverrides(overrides: Partial<TNavbarConfig> | null): void;
};

const NavbarConfigContext = createContext<TNavbarConfigContext>({
  config: DEFAULT_NAVBAR_CONFIG,
  setOverrides: () => {},
});

export function NavbarConfigProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: Partial<TNavbarConfig>;
}) {
  const [overrides, setOverrides] = useState<Partial<TNavbarConfig> | null>(null);
  const value = useMemo(
    () => ({ config: { ...DEFAULT_NAVBAR_CONFIG, ...initial, ...overrides }, setOverrides }),
    [initial, overrides],
  );
  return <NavbarConfigContext.Provider value={value}>{children}</NavbarConfigContext.Provider>;
}

export function useNavbarConfig(): TNavbarConfig {
  return useContext(NavbarConfigContext).config;
}

/** Applies layout overrides while the calling page is mounted (e.g. a full-width map). */
export function useNavbarOverrides(overrides: Partial<TNavbarConfig>): void {
  const { setOverrides } = useContext(NavbarConfigContext);
  const { height, stickyChildHeight, contained, sticky } = overrides;
  useEffect(() => {
    const entries = Object.entries({ height, stickyChildHeight, contained, sticky });
    setOverrides(Object.fromEntries(entries.filter(([, value]) => value !== undefined)));
    return () => setOverrides(null);
  }, [setOverrides, height, stickyChildHeight, contained, sticky]);
}
