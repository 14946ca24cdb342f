import ForumIcon from "@mui/icons-material/Forum";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { PageFrame } from "../../app/layouts/page-frame";
import { RequireSignIn } from "../../app/layouts/require-sign-in";

export function MessagingPage() {
  return (
    <PageFrame title="Messaging" description="Group conversations with organizers and hosts.">
      <RequireSignIn what="your messages">
        <NoticePanel role="status" icon={<ForumIcon />} title="No conversations yet">
          Start a conversation from an event or a host's page and it will appear here.
        </NoticePanel>
      </RequireSignIn>
    </PageFrame>
  );
}
