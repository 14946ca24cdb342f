import NotificationsNoneIcon from "@mui/icons-material/NotificationsNone";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { PageFrame } from "../../app/layouts/page-frame";
import { RequireSignIn } from "../../app/layouts/require-sign-in";

export function NotificationsPage() {
  return (
    <PageFrame title="Notifications" description="Likes, follows, messages and leads in one place.">
      <RequireSignIn what="your notifications">
        <NoticePanel role="status" icon={<NotificationsNoneIcon />} title="No notifications yet">
          When someone follows you, messages you or answers a request, you will see it here.
        </NoticePanel>
      </RequireSignIn>
    </PageFrame>
  );
}
