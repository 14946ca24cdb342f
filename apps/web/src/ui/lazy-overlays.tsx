// Menus and popovers whose code (MUI's Popover, Modal, Portal, transitions: about 15 kB gzipped)
// loads when one is first opened, or when its button is pointed at or focused, not with the page.
import type { MenuProps } from "@mui/material/Menu";
import type { PopoverProps } from "@mui/material/Popover";
import { lazy, Suspense, useState } from "react";

const loadMenu = () => import("@mui/material/Menu");
const loadPopover = () => import("@mui/material/Popover");
const Menu = lazy(loadMenu);
const Popover = lazy(loadPopover);

/** Starts loading the overlays' code; for a button's onPointerEnter and onFocus. */
export function preloadOverlays(): void {
  void loadMenu();
  void loadPopover();
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
