// State and ARIA wiring shared by the top bar's dropdown menus.
import type { MenuProps } from "@mui/material/Menu";
import { type MouseEvent, useCallback, useId, useState } from "react";
import { preloadOverlays } from "../../ui/lazy-overlays";
import { useOnRouteChange } from "./use-route-change";

export function useMenu(label: string) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const open = anchorEl !== null;
  const close = useCallback(() => setAnchorEl(null), []);
  useOnRouteChange(close);

  return {
    open,
    close,
    buttonProps: {
      id: buttonId,
      "aria-haspopup": "menu" as const,
      "aria-expanded": open,
      "aria-controls": open ? menuId : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchorEl(event.currentTarget),
      // The menu's code loads on the way to a click (see LazyMenu).
      onPointerEnter: preloadOverlays,
      onFocus: preloadOverlays,
    },
    menuProps: {
      id: menuId,
      anchorEl,
      open,
      onClose: close,
      anchorOrigin: { vertical: "bottom", horizontal: "right" },
      transformOrigin: { vertical: "top", horizontal: "right" },
      slotProps: { list: { "aria-label": label } },
    } satisfies Partial<MenuProps>,
  };
}
