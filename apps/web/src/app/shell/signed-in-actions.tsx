// What a signed-in member sees on the right of the bar (wide screens); small screens get the Me menu.
import ForumIcon from "@mui/icons-material/Forum";
import HomeIcon from "@mui/icons-material/Home";
import NotificationsIcon from "@mui/icons-material/Notifications";
import Badge from "@mui/material/Badge";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { Link as RouterLink, useLocation } from "react-router";
import type { TAuthContextValue } from "../../lib/auth";
import { formatBadgeCount } from "./badge-count";
import { HowItWorksMenu } from "./how-it-works-menu";
import { MeMenu } from "./me-menu";
import {
  HOME_PATH,
  isPathActive,
  MESSAGING_PATH,
  messagingLabel,
  NOTIFICATIONS_PATH,
  notificationsLabel,
} from "./nav-items";
import { ThemeToggleButton } from "./theme-toggle";

export function SignedInActions({ auth, isSmall }: { auth: TAuthContextValue; isSmall: boolean }) {
  const { pathname } = useLocation();
  if (isSmall) return <MeMenu auth={auth} isSmall />;

  const unopened = auth.profile?.unopenedNotifications ?? 0;
  const unread = auth.profile?.unreadMessages ?? 0;
  const homeActive = isPathActive(pathname, HOME_PATH);
  const notificationsActive = isPathActive(pathname, NOTIFICATIONS_PATH);
  const messagingActive = isPathActive(pathname, MESSAGING_PATH);

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <Button
        component={RouterLink}
        to={HOME_PATH}
        color={homeActive ? "primary" : "inherit"}
        aria-current={homeActive ? "page" : undefined}
        startIcon={<HomeIcon />}
      >
        Home
      </Button>
      <IconButton
        component={RouterLink}
        to={NOTIFICATIONS_PATH}
        color={notificationsActive ? "primary" : "inherit"}
        aria-current={notificationsActive ? "page" : undefined}
        aria-label={notificationsLabel(unopened)}
        title="Notifications"
      >
        <Badge badgeContent={formatBadgeCount(unopened)} color="secondary">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <IconButton
        component={RouterLink}
        to={MESSAGING_PATH}
        color={messagingActive ? "primary" : "inherit"}
        aria-current={messagingActive ? "page" : undefined}
        aria-label={messagingLabel(unread)}
        title="Messaging"
      >
        <Badge variant="dot" color="secondary" invisible={unread <= 0}>
          <ForumIcon />
        </Badge>
      </IconButton>
      <HowItWorksMenu />
      <ThemeToggleButton />
      <MeMenu auth={auth} isSmall={false} />
    </Stack>
  );
}
