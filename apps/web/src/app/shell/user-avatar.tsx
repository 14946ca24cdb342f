import { initials } from "@hostfield/domain/rules";
import Avatar from "@mui/material/Avatar";

/**
 * A user's picture; spec §2/§8: with no picture, or one that fails to load, the initials show
 * (MUI's Avatar renders its children when the image errors).
 */
export function UserAvatar({
  name,
  src,
  size = 40,
}: {
  name: string;
  src: string | null | undefined;
  size?: number;
}) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: "primary.main" }}
    >
      {initials(name) || "?"}
    </Avatar>
  );
}
