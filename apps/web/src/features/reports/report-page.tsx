// One listing's dashboard (/reports/{kind}/{id}[/{section}]), for its owners and managers: a tab per
// report call of its kind (plus the economic impact of a destination), the date range (in the
// address), and the report of the tab through the one report view.
import {
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  type TTrackedKind,
} from "@hostfield/domain/contracts";
import { PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import InsightsIcon from "@mui/icons-material/Insights";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { TabbedPage } from "../../ui/tabbed-page";
import { ImpactView } from "./impact-view";
import { RangePicker } from "./range-picker";
import { rangeSearch, useReportRange } from "./report-range";
import { ReportFailure, ReportSkeleton } from "./report-states";
import { ReportView } from "./report-view";
import {
  downloadReportCsv,
  getImpact,
  getReport,
  LEAD_STATUSES,
  reportKey,
  reportsKeys,
  type TDateRange,
  type TLeadStatus,
  type TReportSource,
} from "./reports-api";
import {
  IMPACT_TAB,
  isLeaderboardBoard,
  isTrackedKind,
  leaderboardPath,
  reportPath,
  type TReportTab,
} from "./reports-paths";

export const REPORTS_TITLE = "Reports";

const TAB_LABELS: Record<TReportTab, string> = {
  ...REPORT_SECTION_LABELS,
  [IMPACT_TAB]: "Economic impact",
};

/** The tabs of a kind's dashboard: its report sections, then the impact for destinations. */
export function reportTabs(kind: TTrackedKind): readonly TReportTab[] {
  const sections = REPORT_SECTIONS[kind];
  return kind === "destination" ? [...sections, IMPACT_TAB] : sections;
}

const isProfileKind = (kind: TTrackedKind): kind is TProfileKind =>
  (PROFILE_KINDS as readonly string[]).includes(kind);

/** "For Riverside Sports Complex", linking back to the listing's page. */
function SubjectLine({ kind, id, name }: { kind: TTrackedKind; id: string; name: string }) {
  return (
    <Typography color="text.secondary">
      For{" "}
      {isProfileKind(kind) ? (
        <Link component={RouterLink} to={profileLink(kind, id)}>
          {name}
        </Link>
      ) : (
        name
      )}
    </Typography>
  );
}

export const reportFileName = (source: TReportSource, range: TDateRange) =>
  source.scope === "listing"
    ? `report-${source.kind}-${source.section}-${source.id}-${range.startDate}-${range.endDate}.csv`
    : `rfp-overview-${range.startDate}-${range.endDate}.csv`;

/** A report call's answer through the report view, with its states. */
export function ReportSection({
  source,
  range,
  subjectLine = true,
}: {
  source: TReportSource;
  range: TDateRange;
  subjectLine?: boolean;
}) {
  const report = useQuery({
    queryKey: reportKey(source, range),
    queryFn: ({ signal }) => getReport(source, range, signal),
  });
  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    return <ReportFailure error={report.error} onRetry={() => void report.refetch()} />;
  }
  const subject = report.data.subject;
  return (
    <Stack spacing={2}>
      {subjectLine && subject ? (
        <SubjectLine kind={subject.kind} id={subject.id} name={subject.name} />
      ) : null}
      <ReportView
        report={report.data}
        csv={{
          fileName: reportFileName(source, range),
          download: () => downloadReportCsv(source, range),
        }}
      />
    </Stack>
  );
}

function ImpactSection({ id, range }: { id: string; range: TDateRange }) {
  const impact = useQuery({
    queryKey: reportsKeys.impact(id, range),
    queryFn: ({ signal }) => getImpact(id, range, signal),
  });
  if (impact.isPending) return <ReportSkeleton label="Loading the economic impact" />;
  if (impact.isError) {
    return (
      <ReportFailure
        error={impact.error}
        onRetry={() => void impact.refetch()}
        failedTitle="The economic impact did not load"
      />
    );
  }
  const { destination } = impact.data;
  return (
    <Stack spacing={2}>
      <SubjectLine kind="destination" id={destination.id} name={destination.name} />
      <ImpactView impact={impact.data} range={range} />
    </Stack>
  );
}

function LeadStatusFilter({
  status,
  onChange,
}: {
  status: TLeadStatus | null;
  onChange: (status: TLeadStatus | null) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Lead status"
      value={status ?? ""}
      onChange={(event) => onChange((event.target.value || null) as TLeadStatus | null)}
      sx={{ minWidth: 180, alignSelf: "flex-start" }}
    >
      <MenuItem value="">All leads</MenuItem>
      {LEAD_STATUSES.map((value) => (
        <MenuItem key={value} value={value}>
          {value}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Dashboard({ kind, id, tab }: { kind: TTrackedKind; id: string; tab: TReportTab }) {
  const { range, choice, choosePreset, chooseCustom } = useReportRange();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status = (LEAD_STATUSES as readonly string[]).includes(rawStatus ?? "")
    ? (rawStatus as TLeadStatus)
    : null;
  const search = rangeSearch(params);
  return (
    <TabbedPage
      label="Report sections"
      tabs={reportTabs(kind).map((value) => ({
        value,
        label: TAB_LABELS[value],
        to: `${reportPath(kind, id, value)}${search}`,
      }))}
      value={tab}
    >
      <Stack spacing={3}>
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={2}
          sx={{ alignItems: { md: "flex-start" }, justifyContent: "space-between" }}
        >
          <RangePicker
            key={choice.preset}
            range={range}
            choice={choice}
            onPreset={choosePreset}
            onCustom={chooseCustom}
          />
          {isLeaderboardBoard(kind) ? (
            <Button
              component={RouterLink}
              to={leaderboardPath(kind)}
              variant="outlined"
              startIcon={<EmojiEventsIcon />}
              sx={{ alignSelf: "flex-start" }}
            >
              Leaderboard
            </Button>
          ) : null}
          {tab === "leads" ? (
            <LeadStatusFilter
              status={status}
              onChange={(next) =>
                setParams((current) => {
                  const updated = new URLSearchParams(current);
                  if (next) updated.set("status", next);
                  else updated.delete("status");
                  return updated;
                })
              }
            />
          ) : null}
        </Stack>
        {tab === IMPACT_TAB ? (
          <ImpactSection id={id} range={range} />
        ) : (
          <ReportSection
            source={{
              scope: "listing",
              kind,
              id,
              section: tab,
              ...(tab === "leads" && status ? { status } : {}),
            }}
            range={range}
          />
        )}
      </Stack>
    </TabbedPage>
  );
}

function NotFound() {
  return (
    <NoticePanel role="alert" icon={<SearchOffIcon />} title="There is no such report">
      The address names a kind of listing or a part of its reports that does not exist.
    </NoticePanel>
  );
}

export function ReportPage() {
  const { kind = "", id = "", section } = useParams();
  const tab = (section ?? "profile") as TReportTab;
  const known = isTrackedKind(kind) && reportTabs(kind).includes(tab) && id !== "";
  return (
    <PageFrame title={REPORTS_TITLE} icon={<InsightsIcon />}>
      <RequireSignIn what="this listing's reports">
        {known ? <Dashboard kind={kind} id={id} tab={tab} /> : <NotFound />}
      </RequireSignIn>
    </PageFrame>
  );
}
