import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Button from "@mui/material/Button";
import { howItWorksLinks } from "../../lib/external-links";
import { LazyMenu } from "../../ui/lazy-overlays";
import { SiteMenuItem } from "./site-menu-item";
import { useMenu } from "./use-menu";
import { useMenuSiteLinks } from "./use-menu-site-links";

export function HowItWorksMenu() {
  const menu = useMenu("How it works");
  const { links, buttonProps } = useMenuSiteLinks(menu);
  return (
    <>
      <Button {...buttonProps} color="inherit" endIcon={<ExpandMoreIcon />}>
        How it works
      </Button>
      <LazyMenu {...menu.menuProps}>
        {howItWorksLinks(links).map((link) => (
          <SiteMenuItem key={link.label} {...link} onSelect={menu.close} />
        ))}
      </LazyMenu>
    </>
  );
}
