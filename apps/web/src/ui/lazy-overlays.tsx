// Menus, popovers and sheets whose code (MUI's Popover, Modal, Portal, transitions: about 15 kB gzipped)
// loads when one is first opened, or when its button is pointed at or focused, not with the page.
import type { DrawerProps } from "@mui/material/Drawer";
import type { MenuProps } from "@mui/material/Menu";
import type { PopoverProps } from "@mui/material/Popover";
import { lazy, Suspense, useState } from "react";

const loadMenu = () => import("@mui/material/Menu");
const loadPopover = () => import("@mui/material/Popover");
const loadDrawer = () => import("@mui/material/Drawer");
const Menu = lazy(loadMenu);
const Popover = lazy(loadPopover);
const Drawer = lazy(loadDrawer);

/** Starts loading the overlays' code; for a button's onPointerEnter and onFocus. */
export function preloadOverlays(): void {
  void loadMenu();
  void loadPopover();
}

/** Starts loading a sheet's code (a bottom drawer); for its button's onPointerEnter and onFocus. */
export function preloadDrawer(): void {
  void loadDrawer();
}

/** True from the first time `open` is; it stays mounted after that, so closing can animate. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyMenu(props: MenuProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

export function LazyPopover(props: PopoverProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}

export function LazyDrawer(props: DrawerProps) {
  const opened = useOpenedOnce(Boolean(props.open));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
