// Where a top-bar menu's help, contact and 'How it works' entries go, asked of the server on the
// way to opening the menu (its button pointed at, focused or clicked), not on every page load.
import { useState } from "react";
import { type TSiteLinks, useSiteLinks } from "../../lib/external-links";
import type { useMenu } from "./use-menu";

export function useMenuSiteLinks(menu: ReturnType<typeof useMenu>): {
  links: TSiteLinks;
  buttonProps: ReturnType<typeof useMenu>["buttonProps"];
} {
  const [wanted, setWanted] = useState(false);
  const links = useSiteLinks(wanted || menu.open);
  const want = () => {
    menu.buttonProps.onPointerEnter();
    setWanted(true);
  };
  return { links, buttonProps: { ...menu.buttonProps, onPointerEnter: want, onFocus: want } };
}
