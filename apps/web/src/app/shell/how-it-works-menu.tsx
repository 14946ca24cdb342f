import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Button from "@mui/material/Button";
import { HOW_IT_WORKS_LINKS } from "../../lib/external-links";
import { LazyMenu } from "../../ui/lazy-overlays";
import { ExternalMenuItem } from "./external-menu-item";
import { useMenu } from "./use-menu";

export function HowItWorksMenu() {
  const menu = useMenu("How it works");
  return (
    <>
      <Button {...menu.buttonProps} color="inherit" endIcon={<ExpandMoreIcon />}>
        How it works
      </Button>
      <LazyMenu {...menu.menuProps}>
        {HOW_IT_WORKS_LINKS.map((link) => (
          <ExternalMenuItem key={link.label} {...link} onSelect={menu.close} />
        ))}
      </LazyMenu>
    </>
  );
}
