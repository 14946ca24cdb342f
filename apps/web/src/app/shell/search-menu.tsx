// The 'Search' dropdown: the five marketplace sections with title, description and icon, and
// below them the stories.

import ArticleIcon from "@mui/icons-material/Article";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import SearchIcon from "@mui/icons-material/Search";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { Link as RouterLink, useLocation } from "react-router";
import { MARKETPLACE_SECTIONS, type TMarketplaceSection } from "../../features/marketplace";
import { STORIES_PATH } from "../../features/stories";
import { LazyMenu } from "../../ui/lazy-overlays";
import { isPathActive } from "./nav-items";
import { useMenu } from "./use-menu";

function MarketplaceMenuItem({
  section,
  selected,
  onSelect,
}: {
  section: Pick<TMarketplaceSection, "path" | "title" | "description" | "Icon">;
  selected: boolean;
  onSelect: () => void;
}) {
  const { Icon } = section;
  // Named by all it shows, the title then the description (axe: label-content-name-mismatch; a
  // name of the title alone left the description's visible words out of it).
  return (
    <MenuItem
      component={RouterLink}
      to={section.path}
      selected={selected}
      onClick={onSelect}
      aria-current={selected ? "page" : undefined}
      sx={{ py: 1.25, alignItems: "flex-start" }}
    >
      <ListItemIcon sx={{ mt: 0.5, color: "primary.main" }}>
        <Icon />
      </ListItemIcon>
      <ListItemText
        // The space keeps "Events" and "Look for new events" two words in the name.
        primary={`${section.title} `}
        secondary={section.description}
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
    </MenuItem>
  );
}

const STORIES_SECTION = {
  path: STORIES_PATH,
  title: "Stories",
  description: "How destinations and venues host events",
  Icon: ArticleIcon,
};

export function SearchMenu() {
  const menu = useMenu("Marketplaces");
  const { pathname } = useLocation();
  return (
    <>
      <Button
        {...menu.buttonProps}
        color="inherit"
        startIcon={<SearchIcon />}
        endIcon={<ExpandMoreIcon />}
        sx={{ flexShrink: 0 }}
      >
        Search
      </Button>
      <LazyMenu
        {...menu.menuProps}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        transformOrigin={{ vertical: "top", horizontal: "left" }}
        slotProps={{
          list: { "aria-label": "Marketplaces" },
          paper: { sx: { width: 360, maxWidth: "calc(100% - 32px)" } },
        }}
      >
        {MARKETPLACE_SECTIONS.map((section) => (
          <MarketplaceMenuItem
            key={section.id}
            section={section}
            selected={isPathActive(pathname, section.path)}
            onSelect={menu.close}
          />
        ))}
        <Divider />
        <MarketplaceMenuItem
          section={STORIES_SECTION}
          selected={isPathActive(pathname, STORIES_PATH)}
          onSelect={menu.close}
        />
      </LazyMenu>
    </>
  );
}
