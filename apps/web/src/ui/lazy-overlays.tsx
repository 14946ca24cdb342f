// Menus, popovers and sheets whose code (MUI's Popover, Modal, Portal, transitions: about 15 kB gzipped)
// loads when one is first opened, or when its button is pointed at or focused, not with the page.
import type { DrawerProps } from "@mui/material/Drawer";
import type { MenuProps } from "@mui/material/Menu";
import type { PopoverProps } from "@mui/material/Popover";
import { type ComponentType, lazy, Suspense, useState } from "react";

/** True from the first time `open` is; it stays mounted after that, so closing can animate. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

type TOverlayProps = { open?: boolean };

/**
 * An overlay whose module (`load`) is fetched when it is first opened, or earlier by `preload`
 * (for its button's onPointerEnter and onFocus). Nothing renders until then: a closed overlay
 * draws nothing anyway, so the server's first view and the first render agree.
 */
export function lazyOverlay<P extends TOverlayProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Loaded = lazy(load);
  function LazyOverlay(props: P) {
    const opened = useOpenedOnce(Boolean(props.open));
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyOverlay, { preload: (): void => void load() });
}

export const LazyMenu = lazyOverlay<MenuProps>(() => import("@mui/material/Menu"));
export const LazyPopover = lazyOverlay<PopoverProps>(() => import("@mui/material/Popover"));
export const LazyDrawer = lazyOverlay<DrawerProps>(() => import("@mui/material/Drawer"));

/** Starts loading the overlays' code; for a button's onPointerEnter and onFocus. */
export function preloadOverlays(): void {
  LazyMenu.preload();
  LazyPopover.preload();
}

/** Starts loading a sheet's code (a bottom drawer); for its button's onPointerEnter and onFocus. */
export const preloadDrawer = LazyDrawer.preload;
