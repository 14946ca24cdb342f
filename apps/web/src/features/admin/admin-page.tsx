import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { PageFrame } from "../../app/layouts/page-frame";
import { RequireSignIn } from "../../app/layouts/require-sign-in";

export function AdminPage() {
  return (
    <PageFrame title="Administration" description="Approvals, members and platform settings.">
      <RequireSignIn what="the admin area" adminOnly>
        <NoticePanel icon={<AdminPanelSettingsIcon />} title="Nothing waiting for review">
          Profiles submitted for approval will be listed here.
        </NoticePanel>
      </RequireSignIn>
    </PageFrame>
  );
}
