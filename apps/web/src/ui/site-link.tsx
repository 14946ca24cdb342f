// The element of a help, contact or 'How it works' link (lib/external-links), for MUI's `component`
// prop: the router's link to one of the app's own pages, or an anchor that opens a deployment's own
// site in a new tab and says so to screen readers.
import Box from "@mui/material/Box";
import type { ComponentProps } from "react";
import { Link as RouterLink } from "react-router";
import { isOwnPage, NEW_TAB_LINK_PROPS } from "../lib/external-links";
import { visuallyHidden } from "./visually-hidden";

export const NEW_TAB_NOTE = " (opens in a new tab)";

export function SiteAnchor({ href, children, ...props }: ComponentProps<"a"> & { href: string }) {
  if (isOwnPage(href))
    return (
      <RouterLink to={href} {...props}>
        {children}
      </RouterLink>
    );
  return (
    <a href={href} {...NEW_TAB_LINK_PROPS} {...props}>
      {children}
      <Box component="span" sx={visuallyHidden}>
        {NEW_TAB_NOTE}
      </Box>
    </a>
  );
}
