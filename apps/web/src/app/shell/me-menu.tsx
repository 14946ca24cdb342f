// The signed-in 'Me' menu; on small screens it also carries the bar's items (spec §2, §6). The
// role pages (Pipeline, RFP marketplace, Reports) are those the member's roles use, asked when the
// menu opens; one the tier does not open yet is marked (a lock, "Needs Bronze") and leads to its
// page, which explains and offers the upgrade.

import type { TFeatureAccess, TMemberFeature } from "@hostfield/domain/contracts";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import BookmarksIcon from "@mui/icons-material/Bookmarks";
import CampaignIcon from "@mui/icons-material/Campaign";
import ContactSupportIcon from "@mui/icons-material/ContactSupport";
import ForumIcon from "@mui/icons-material/Forum";
import HelpOutlinedIcon from "@mui/icons-material/HelpOutlined";
import HomeIcon from "@mui/icons-material/Home";
import InsightsIcon from "@mui/icons-material/Insights";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import NotificationsIcon from "@mui/icons-material/Notifications";
import PersonIcon from "@mui/icons-material/Person";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useId } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import type { TAuthContextValue } from "../../lib/auth";
import { howItWorksLinks, type TSiteLinks } from "../../lib/external-links";
import { MY_REQUESTS_PATH, SHORTLISTS_PATH } from "../../lib/paths";
import { LazyMenu } from "../../ui/lazy-overlays";
import { UserAvatar } from "../../ui/user-avatar";
import { visuallyHidden } from "../../ui/visually-hidden";
import { formatBadgeCount } from "./badge-count";
import {
  ACCOUNT_PATH,
  ADMIN_PATH,
  FEATURE_LINKS,
  getMemberRoles,
  HOME_PATH,
  isPathActive,
  lockedNote,
  MESSAGING_PATH,
  memberRolesKey,
  messagingLabel,
  NOTIFICATIONS_PATH,
  notificationsLabel,
  OPEN_MENU_LABEL,
} from "./nav-items";
import { SiteMenuItem } from "./site-menu-item";
import { ThemeMenuItem } from "./theme-toggle";
import { useMenu } from "./use-menu";
import { useMenuSiteLinks } from "./use-menu-site-links";

/** Describes the 'Open menu' button while its dot shows (its name stays 'Open menu'). */
export const NEWS_DESCRIPTION = "New notifications or messages";

/** A count pill (or a dot without a count) at the end of a menu row. */
function Indicator({ count }: { count: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        ml: 2,
        minWidth: count ? 22 : 8,
        height: count ? 20 : 8,
        px: count ? 0.75 : 0,
        borderRadius: 10,
        bgcolor: "secondary.main",
        color: "secondary.contrastText",
        fontSize: 12,
        fontWeight: 700,
        lineHeight: "20px",
        textAlign: "center",
      }}
    >
      {count}
    </Box>
  );
}

/** One of the menu's in-app pages; its accessible name is its label unless told. */
type TMenuLink = {
  label: string;
  path: string;
  icon: ComponentType<SvgIconProps>;
  ariaLabel?: string;
  trailing?: ReactNode;
};

/** The pages every signed-in member reaches from the menu. */
const MEMBER_LINKS: readonly TMenuLink[] = [
  { label: "My account", path: ACCOUNT_PATH, icon: PersonIcon },
  { label: "My requests", path: MY_REQUESTS_PATH, icon: RequestQuoteIcon },
  { label: "Shortlists", path: SHORTLISTS_PATH, icon: BookmarksIcon },
];

const FEATURE_ICONS: Record<TMemberFeature, ComponentType<SvgIconProps>> = {
  pipeline: ViewKanbanIcon,
  rfpMarketplace: CampaignIcon,
  reports: InsightsIcon,
};

/** A role page as a menu row; a locked one wears a lock and the tier it needs, in its name too. */
function featureLink(access: TFeatureAccess): TMenuLink {
  const { label, path } = FEATURE_LINKS[access.feature];
  const note = lockedNote(access);
  return {
    label,
    path,
    icon: FEATURE_ICONS[access.feature],
    ariaLabel: note ? `${label}, locked: ${note}` : undefined,
    trailing: note ? (
      <Box
        component="span"
        title={`${note} to use ${label}; its page says how`}
        sx={{
          ml: 2,
          display: "inline-flex",
          alignItems: "center",
          gap: 0.5,
          color: "text.secondary",
          fontSize: 12,
        }}
      >
        <LockOutlinedIcon aria-hidden sx={{ fontSize: 16 }} />
        {note}
      </Box>
    ) : null,
  };
}

const ADMIN_LINK: TMenuLink = { label: "Admin", path: ADMIN_PATH, icon: AdminPanelSettingsIcon };

const supportLinks = (links: TSiteLinks) =>
  [
    { label: "Help", href: links.helpCenter, icon: HelpOutlinedIcon },
    { label: "Contact", href: links.contact, icon: ContactSupportIcon },
  ] as const;

/** The bar's own pages, which move into the menu on small screens, with their news. */
function barLinks(unopened: number, unread: number): TMenuLink[] {
  const count = formatBadgeCount(unopened);
  return [
    { label: "Home", path: HOME_PATH, icon: HomeIcon },
    {
      label: "Notifications",
      path: NOTIFICATIONS_PATH,
      icon: NotificationsIcon,
      ariaLabel: notificationsLabel(unopened),
      trailing: count ? <Indicator count={count} /> : null,
    },
    {
      label: "Messaging",
      path: MESSAGING_PATH,
      icon: ForumIcon,
      ariaLabel: messagingLabel(unread),
      trailing: unread > 0 ? <Indicator count={null} /> : null,
    },
  ];
}

function LinkItem({
  link,
  active,
  onSelect,
}: {
  link: TMenuLink;
  active: boolean;
  onSelect: () => void;
}) {
  const Icon = link.icon;
  return (
    <MenuItem
      component={RouterLink}
      to={link.path}
      onClick={onSelect}
      selected={active}
      aria-current={active ? "page" : undefined}
      aria-label={link.ariaLabel}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{link.label}</ListItemText>
      {link.trailing}
    </MenuItem>
  );
}

export function MeMenu({ auth, isSmall }: { auth: TAuthContextValue; isSmall: boolean }) {
  const menu = useMenu("Me");
  const { links, buttonProps } = useMenuSiteLinks(menu);
  const { pathname } = useLocation();
  const email = auth.profile?.email ?? auth.user?.email ?? "";
  const unopened = auth.profile?.unopenedNotifications ?? 0;
  const unread = auth.profile?.unreadMessages ?? 0;
  // On small screens the avatar's dot is the only sign of news; say it in words too.
  const hasNews = isSmall && (unopened > 0 || unread > 0);
  const newsId = useId();
  const close = menu.close;
  const userId = auth.user?.id ?? "";
  // Asked once the menu opens: the pages my roles use, and which my tier locks.
  const roles = useQuery({
    queryKey: memberRolesKey(userId),
    queryFn: ({ signal }) => getMemberRoles(signal),
    enabled: menu.open && userId !== "",
    staleTime: 60_000,
  });

  const items: ReactNode[] = [
    // role="none": a menu holds menu items; a heading row of it is no list item (axe:
    // aria-required-children, listitem).
    <ListSubheader
      key="address"
      role="none"
      sx={{ lineHeight: 1.4, py: 1.25, bgcolor: "transparent" }}
    >
      <Typography
        variant="caption"
        component="span"
        sx={{ display: "block", color: "text.secondary" }}
      >
        Signed in as
      </Typography>
      <Typography
        variant="body2"
        component="span"
        noWrap
        title={email}
        sx={{ display: "block", maxWidth: 200, fontWeight: 600, color: "text.primary" }}
      >
        {email}
      </Typography>
    </ListSubheader>,
  ];

  const linkItems = (links: readonly TMenuLink[]) =>
    links.map((link) => (
      <LinkItem
        key={link.path}
        link={link}
        active={isPathActive(pathname, link.path)}
        onSelect={close}
      />
    ));

  if (isSmall) {
    items.push(
      ...linkItems(barLinks(unopened, unread)),
      <ThemeMenuItem key="theme" />,
      <Divider key="divider-small" />,
    );
  }

  items.push(
    ...linkItems(MEMBER_LINKS),
    ...linkItems(roles.data?.features.map(featureLink) ?? []),
    ...supportLinks(links).map(({ label, href, icon: Icon }) => (
      <SiteMenuItem
        key={label}
        href={href}
        label={label}
        icon={
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        }
        onSelect={close}
      />
    )),
  );

  if (auth.isAdmin) items.push(...linkItems([ADMIN_LINK]));

  if (isSmall) {
    // 'How it works' moves in here too; its Help Center entry is the Help item above.
    items.push(
      <Divider key="divider-how" />,
      <ListSubheader
        key="how-it-works"
        role="none"
        sx={{ bgcolor: "transparent", lineHeight: 2.5 }}
      >
        How it works
      </ListSubheader>,
      ...howItWorksLinks(links)
        .filter((link) => link.href !== links.helpCenter)
        .map((link) => <SiteMenuItem key={link.label} {...link} onSelect={close} />),
    );
  }

  items.push(
    <Divider key="divider-end" />,
    <MenuItem
      key="sign-out"
      onClick={() => {
        close();
        void auth.logout();
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Sign out</ListItemText>
    </MenuItem>,
  );

  return (
    <>
      <IconButton
        {...buttonProps}
        aria-label={OPEN_MENU_LABEL}
        aria-describedby={hasNews ? newsId : undefined}
        title="Me"
        sx={{ p: 0.5 }}
      >
        <Badge variant="dot" color="secondary" overlap="circular" invisible={!hasNews}>
          <UserAvatar
            name={auth.profile?.name || auth.user?.name || email}
            src={auth.profile?.avatarUrl}
            size={34}
            inControl
          />
        </Badge>
      </IconButton>
      {hasNews ? (
        <Box component="span" id={newsId} sx={visuallyHidden}>
          {NEWS_DESCRIPTION}
        </Box>
      ) : null}
      <LazyMenu
        {...menu.menuProps}
        slotProps={{
          list: { "aria-label": "Me" },
          paper: { sx: { minWidth: 240, maxHeight: "calc(100% - 80px)" } },
        }}
      >
        {items}
      </LazyMenu>
    </>
  );
}
