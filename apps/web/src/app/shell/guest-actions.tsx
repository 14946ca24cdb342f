// What a signed-out visitor sees on the right of the bar; on small screens it folds into a menu.
import LoginIcon from "@mui/icons-material/Login";
import MenuIcon from "@mui/icons-material/Menu";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import TravelExploreIcon from "@mui/icons-material/TravelExplore";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { Link as RouterLink, useLocation } from "react-router";
import { FIND_EVENT_HOST_PATH } from "../../features/marketplace";
import { areGuestActionsDisabled, preloadSignIn, type TAuthContextValue } from "../../lib/auth";
import { returnPathAfterSignIn } from "../../lib/sign-in-return";
import { LazyMenu } from "../../ui/lazy-overlays";
import { OPEN_MENU_LABEL } from "./nav-items";
import { useMenu } from "./use-menu";

export const LOG_IN_LABEL = "Log in";
export const SIGN_UP_LABEL = "Sign up";
export const FIND_EVENT_HOST_LABEL = "Find new event host";

/** The sign-in code loads on the way to a click on Log in or Sign up (see preloadSignIn). */
const SIGN_IN_INTENT = { onPointerEnter: preloadSignIn, onFocus: preloadSignIn };

/** The guest menu holds Log in and Sign up: reaching for it loads the sign-in code too. */
function preloadMenuAndSignIn(preloadMenu: () => void) {
  return () => {
    preloadMenu();
    void preloadSignIn();
  };
}

function GuestMenu({ auth, disabled }: { auth: TAuthContextValue; disabled: boolean }) {
  const menu = useMenu("Menu");
  const location = useLocation();
  const returnTo = returnPathAfterSignIn(location);
  return (
    <>
      <IconButton
        {...menu.buttonProps}
        onPointerEnter={preloadMenuAndSignIn(menu.buttonProps.onPointerEnter)}
        onFocus={preloadMenuAndSignIn(menu.buttonProps.onFocus)}
        color="inherit"
        aria-label={OPEN_MENU_LABEL}
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      <LazyMenu {...menu.menuProps} slotProps={{ list: { "aria-label": "Menu" } }}>
        <MenuItem
          disabled={disabled}
          onClick={() => {
            menu.close();
            void auth.login({ returnTo });
          }}
        >
          <ListItemIcon>
            <LoginIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{LOG_IN_LABEL}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={disabled}
          onClick={() => {
            menu.close();
            void auth.signup({ returnTo });
          }}
        >
          <ListItemIcon>
            <PersonAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{SIGN_UP_LABEL}</ListItemText>
        </MenuItem>
        <MenuItem
          component={RouterLink}
          to={FIND_EVENT_HOST_PATH}
          disabled={disabled}
          onClick={menu.close}
        >
          <ListItemIcon>
            <TravelExploreIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{FIND_EVENT_HOST_LABEL}</ListItemText>
        </MenuItem>
      </LazyMenu>
    </>
  );
}

export function GuestActions({ auth, isSmall }: { auth: TAuthContextValue; isSmall: boolean }) {
  const disabled = areGuestActionsDisabled(auth);
  const location = useLocation();
  if (isSmall) return <GuestMenu auth={auth} disabled={disabled} />;
  const returnTo = returnPathAfterSignIn(location);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Button
        component={RouterLink}
        to={FIND_EVENT_HOST_PATH}
        variant="outlined"
        disabled={disabled}
      >
        {FIND_EVENT_HOST_LABEL}
      </Button>
      <Button
        color="inherit"
        disabled={disabled}
        onClick={() => void auth.login({ returnTo })}
        {...SIGN_IN_INTENT}
      >
        {LOG_IN_LABEL}
      </Button>
      <Button
        variant="contained"
        disabled={disabled}
        onClick={() => void auth.signup({ returnTo })}
        {...SIGN_IN_INTENT}
      >
        {SIGN_UP_LABEL}
      </Button>
    </Stack>
  );
}
