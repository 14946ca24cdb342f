// The admins' RFP overview (/reports/rfps): requests published, leads sent, response rate, median
// response time, awards and room nights over a range, through the same report view as every
// listing's dashboard.
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import QueryStatsIcon from "@mui/icons-material/QueryStats";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Link as RouterLink } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { RangePicker } from "./range-picker";
import { ReportSection } from "./report-page";
import { useReportRange } from "./report-range";
import { leaderboardPath } from "./reports-paths";

export const RFP_OVERVIEW_TITLE = "RFP overview";

function Overview() {
  const { range, choice, choosePreset, chooseCustom } = useReportRange();
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", md: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { md: "flex-start" } }}
      >
        <RangePicker
          key={choice.preset}
          range={range}
          choice={choice}
          onPreset={choosePreset}
          onCustom={chooseCustom}
        />
        <Button
          component={RouterLink}
          to={leaderboardPath("rfps")}
          variant="outlined"
          startIcon={<EmojiEventsIcon />}
          sx={{ alignSelf: "flex-start" }}
        >
          RFP leaderboard
        </Button>
      </Stack>
      <ReportSection source={{ scope: "rfp-overview" }} range={range} subjectLine={false} />
    </Stack>
  );
}

export function RfpOverviewPage() {
  return (
    <PageFrame title={RFP_OVERVIEW_TITLE} icon={<QueryStatsIcon />}>
      <RequireSignIn what="the RFP overview" adminOnly>
        <Overview />
      </RequireSignIn>
    </PageFrame>
  );
}
