import { initials } from "@hostfield/domain/rules";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import { useIsOnline } from "../lib/presence/presence";
import { visuallyHidden } from "./visually-hidden";

/**
 * A user's picture; spec §2/§8: with no picture, or one that fails to load, the initials show
 * (MUI's Avatar renders its children when the image errors). Given the user's id, a dot tells
 * whether they are online (green) or offline (grey); until that is known there is no dot.
 */
export function UserAvatar({
  name,
  src,
  size = 40,
  userId,
}: {
  name: string;
  src: string | null | undefined;
  size?: number;
  /** Whose presence the dot shows; without it, no dot. */
  userId?: string | null;
}) {
  const online = useIsOnline(userId);
  const avatar = (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: "primary.main" }}
    >
      {initials(name) || "?"}
    </Avatar>
  );
  if (online === undefined) return avatar;
  const dot = Math.max(8, Math.round(size / 4));
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      data-presence={online ? "online" : "offline"}
      sx={{
        "& .MuiBadge-badge": {
          width: dot,
          height: dot,
          minWidth: dot,
          borderRadius: "50%",
          bgcolor: online ? "success.main" : "grey.500",
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
        },
      }}
    >
      {avatar}
      <Box component="span" sx={visuallyHidden}>
        {online ? `${name} is online` : `${name} is offline`}
      </Box>
    </Badge>
  );
}
