import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import type { ReactNode } from "react";
import { NEW_TAB_LINK_PROPS } from "../../lib/external-links";
import { visuallyHidden } from "../../ui/visually-hidden";

/** A menu entry that opens an external page in a new tab, and says so to screen readers. */
export function ExternalMenuItem({
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
    <MenuItem component="a" href={href} {...NEW_TAB_LINK_PROPS} onClick={onSelect}>
      {icon}
      <ListItemText>
        {label}
        <Box component="span" sx={visuallyHidden}>
          {" (opens in a new tab)"}
        </Box>
      </ListItemText>
      <OpenInNewIcon fontSize="inherit" sx={{ ml: 2, color: "text.secondary" }} aria-hidden />
    </MenuItem>
  );
}
