// One report, whatever its call (a listing's overview, leads, hotels, pickup…, or the admin RFP
// overview): its headline figures with their change, the daily series as a line chart, clicks by
// where they led as a bar chart, its tables, its notes and "Download CSV" (the same call as a file).
// Every dashboard page renders its report through this; none has its own section page.
import type { TReport, TReportKpi } from "@hostfield/domain/contracts";
import InsightsIcon from "@mui/icons-material/Insights";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { NoticePanel } from "../../ui/notice-panel";
import { DownloadButton } from "./download-button";
import { KpiTiles } from "./kpi-tiles";
import { BarsChart, DailyChart, type TBar } from "./report-charts";
import { formatDateTimeLine, formatDayRange } from "./report-format";
import { ReportTables } from "./report-tables";

/** The per-target click figures (`clicks.website`, …) as bars, when there are two or more. */
export function clickBars(kpis: readonly TReportKpi[]): TBar[] {
  const bars = kpis
    .filter((kpi) => kpi.metric.startsWith("clicks."))
    .map((kpi) => ({ label: kpi.label, value: kpi.total }));
  return bars.length >= 2 ? bars : [];
}

/** Whether the daily series recorded anything at all in the range. */
export function hasDailyData(report: TReport): boolean {
  return report.daily.series.some((series) => series.values.some((value) => value !== 0));
}

/** "No views recorded in these days yet", after the report's first series. */
export function emptyText(report: TReport): string {
  const first = report.daily.series[0]?.label.toLowerCase() ?? "figures";
  return `No ${first} recorded in these days yet`;
}

export function ReportView({
  report,
  csv,
  chartWidth,
}: {
  report: TReport;
  /** "Download CSV": the file's name and how to fetch it; absent, no button. */
  csv?: { fileName: string; download: () => Promise<Blob> };
  /** A fixed chart width (tests); the charts fill their box otherwise. */
  chartWidth?: number;
}) {
  const bars = clickBars(report.kpis);
  const seriesTitle = report.daily.series.map((series) => series.label).join(" and ");
  return (
    <Stack spacing={3} component="section" aria-label={report.title}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2">
            {report.title}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {formatDayRange(report.range.startDate, report.range.endDate)} · compared with{" "}
            {formatDayRange(report.range.previousStartDate, report.range.previousEndDate)}
          </Typography>
        </Box>
        {csv ? (
          <DownloadButton label="Download CSV" fileName={csv.fileName} download={csv.download} />
        ) : null}
      </Stack>
      <KpiTiles kpis={report.kpis} days={report.range.days} />
      {report.daily.series.length > 0 ? (
        hasDailyData(report) ? (
          <DailyChart
            title={`Daily ${seriesTitle.toLowerCase()}`}
            daily={report.daily}
            width={chartWidth}
          />
        ) : (
          <NoticePanel role="status" icon={<InsightsIcon />} title={emptyText(report)}>
            Figures appear here as visitors find the listing. Try a longer range.
          </NoticePanel>
        )
      ) : null}
      {bars.length > 0 && bars.some((bar) => bar.value > 0) ? (
        <BarsChart
          title="Clicks by where they led"
          bars={bars}
          format="count"
          categoryLabel="Where"
          valueLabel="Clicks"
          width={chartWidth}
        />
      ) : null}
      <ReportTables tables={report.tables} />
      {report.notes.length > 0 ? (
        <Box component="section" aria-label="About these figures">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            About these figures
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 1, color: "text.secondary" }}>
            {report.notes.map((note) => (
              <Typography component="li" variant="body2" key={note} sx={{ mb: 0.5 }}>
                {note}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        Made {formatDateTimeLine(report.generatedDate)}. Days are UTC days.
      </Typography>
    </Stack>
  );
}
