// Who a notification comes from: their logo or initials, or a bell for system notifications.
import type { TSenderProfile } from "@hostfield/domain/contracts";
import NotificationsIcon from "@mui/icons-material/Notifications";
import Avatar from "@mui/material/Avatar";
import { UserAvatar } from "../../ui/user-avatar";

export function SenderAvatar({
  sender,
  size = 40,
}: {
  sender: TSenderProfile | null;
  size?: number;
}) {
  if (sender) return <UserAvatar name={sender.name} src={sender.logo} size={size} />;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: "secondary.main",
        "& svg": { fontSize: size * 0.55 },
      }}
    >
      <NotificationsIcon />
    </Avatar>
  );
}
