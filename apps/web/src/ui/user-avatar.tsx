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
  inControl = false,
}: {
  name: string;
  src: string | null | undefined;
  size?: number;
  /** Whose presence the dot shows; without it, no dot. */
  userId?: string | null;
  /**
   * Inside a control named otherwise ("Open menu"): the initials are drawn, not text, so the
   * control's name need not contain them (axe: label-content-name-mismatch).
   */
  inControl?: boolean;
}) {
  const online = useIsOnline(userId);
  const letters = initials(name) || "?";
  const avatar = (
    <Avatar
      src={src ?? undefined}
      alt={inControl ? "" : name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: "primary.main" }}
    >
      {inControl ? (
        <Box
          component="span"
          aria-hidden
          data-initials={letters}
          sx={{ "&::before": { content: "attr(data-initials)" } }}
        />
      ) : (
        letters
      )}
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
