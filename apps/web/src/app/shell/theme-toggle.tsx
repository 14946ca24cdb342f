// The colour theme control, as a bar button and as a menu item; both cycle light -> dark -> system.
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import SettingsBrightnessIcon from "@mui/icons-material/SettingsBrightness";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useId } from "react";
import { visuallyHidden } from "../../ui/visually-hidden";
import {
  COLOR_MODE_LABELS,
  nextColorMode,
  type TColorMode,
  useColorMode,
} from "../theme/color-mode";

export const THEME_TOGGLE_LABEL = "Toggle colour theme";

function ColorModeIcon({ mode }: { mode: TColorMode }) {
  if (mode === "light") return <LightModeIcon fontSize="small" />;
  if (mode === "dark") return <DarkModeIcon fontSize="small" />;
  return <SettingsBrightnessIcon fontSize="small" />;
}

export function ThemeToggleButton() {
  const { mode, cycleMode } = useColorMode();
  const descriptionId = useId();
  const current = COLOR_MODE_LABELS[mode];
  const next = COLOR_MODE_LABELS[nextColorMode(mode)];
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={THEME_TOGGLE_LABEL}
        aria-describedby={descriptionId}
        // A native hint keeps MUI's Tooltip (and Popper) out of the first page load.
        title={`Colour theme: ${current} (switch to ${next})`}
        onClick={cycleMode}
      >
        <ColorModeIcon mode={mode} />
      </IconButton>
      <Box component="span" id={descriptionId} sx={visuallyHidden}>
        {`Colour theme: ${current}`}
      </Box>
    </>
  );
}

/** For the small-screen menus: stays open so the visitor sees the theme change. */
export function ThemeMenuItem() {
  const { mode, cycleMode } = useColorMode();
  const current = COLOR_MODE_LABELS[mode];
  return (
    <MenuItem onClick={cycleMode} aria-label={`Colour theme: ${current}`}>
      <ListItemIcon>
        <ColorModeIcon mode={mode} />
      </ListItemIcon>
      {/* The space keeps the shown words apart, as the name has them (axe reads "themeSystem"). */}
      <ListItemText primary="Colour theme " secondary={current} />
    </MenuItem>
  );
}
