import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import type { ReactNode } from "react";
import { isOwnPage } from "../../lib/external-links";
import { SiteAnchor } from "../../ui/site-link";

/**
 * A menu entry for a help, contact or 'How it works' page: one of the app's own, or a deployment's
 * own site's, which opens in a new tab (marked with an icon, and said to screen readers).
 */
export function SiteMenuItem({
  href,
  label,
  icon,
  onSelect,
}: {
  href: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}) {
  return (
    <MenuItem component={SiteAnchor} href={href} onClick={onSelect}>
      {icon}
      <ListItemText>{label}</ListItemText>
      {isOwnPage(href) ? null : (
        <OpenInNewIcon fontSize="inherit" sx={{ ml: 2, color: "text.secondary" }} aria-hidden />
      )}
    </MenuItem>
  );
}
