// /admin (admins only; the server refuses everyone else too): the approval queue, listings' tier
// and active flag, members, the mail outbox, background jobs, maintenance mode and the assistant's
// low-rated answers, and payments (prices and the ledger), as tabs kept in ?tab=.
import { enumCodec } from "@hostfield/domain/rules";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { useSearchParams } from "react-router";
import { ADMIN_PATH } from "../../lib/paths";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { TabbedPage } from "../../ui/tabbed-page";
import { AssistantPanel } from "../assistant";
import { PaymentsAdminPanel } from "../payments";
import { ApprovalsPanel } from "./approvals-panel";
import { JobsPanel } from "./jobs-panel";
import { ListingsPanel } from "./listings-panel";
import { MailPanel } from "./mail-panel";
import { MaintenancePanel } from "./maintenance-panel";
import { UsersPanel } from "./users-panel";

export const ADMIN_TABS = [
  "approvals",
  "listings",
  "users",
  "mail",
  "jobs",
  "maintenance",
  "assistant",
  "payments",
] as const;
export type TAdminTab = (typeof ADMIN_TABS)[number];
const tabCodec = enumCodec(ADMIN_TABS);
export const ADMIN_TAB_LABELS: Record<TAdminTab, string> = {
  approvals: "Approvals",
  listings: "Listings",
  users: "Users",
  mail: "Mail outbox",
  jobs: "Jobs",
  maintenance: "Maintenance",
  assistant: "Assistant",
  payments: "Payments",
};

// Each tab keeps its own filters in the address; another tab starts from its defaults.
const ADMIN_PAGE_TABS = ADMIN_TABS.map((name) => ({
  value: name,
  label: ADMIN_TAB_LABELS[name],
  to: { pathname: ADMIN_PATH, search: name === "approvals" ? "" : `?tab=${name}` },
}));

function AdminConsole() {
  const [searchParams] = useSearchParams();
  const tab = tabCodec.decode(searchParams.get("tab")) ?? "approvals";
  return (
    <TabbedPage label="Administration sections" tabs={ADMIN_PAGE_TABS} value={tab} replace>
      {tab === "approvals" ? <ApprovalsPanel /> : null}
      {tab === "listings" ? <ListingsPanel /> : null}
      {tab === "users" ? <UsersPanel /> : null}
      {tab === "mail" ? <MailPanel /> : null}
      {tab === "jobs" ? <JobsPanel /> : null}
      {tab === "maintenance" ? <MaintenancePanel /> : null}
      {tab === "assistant" ? <AssistantPanel /> : null}
      {tab === "payments" ? <PaymentsAdminPanel /> : null}
    </TabbedPage>
  );
}

export function AdminPage() {
  return (
    <PageFrame
      title="Administration"
      description="Approvals, listings, members, mail, background jobs, maintenance, the assistant and payments."
      icon={<AdminPanelSettingsIcon />}
    >
      <RequireSignIn what="the admin area" adminOnly>
        <AdminConsole />
      </RequireSignIn>
    </PageFrame>
  );
}
