// One report, whatever its call (a listing's overview, leads, hotels, pickup…, or the admin RFP
// overview): its headline figures with their change, the daily series as line charts, breakdowns
// (clicks by target) as bar charts, its tables, its notes and "Download CSV" (the same call as a file).
// Every dashboard page renders its report through this; none has its own section page.
import type { TReport, TReportFormat, TReportTable } from "@hostfield/domain/contracts";
import InsightsIcon from "@mui/icons-material/Insights";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazy, Suspense } from "react";
import { NoticePanel } from "../../ui/notice-panel";
import { DownloadButton } from "./download-button";
import { KpiTiles } from "./kpi-tiles";
import type { TBar } from "./report-charts";
import { formatDateTimeLine, formatDayRange } from "./report-format";
import { ReportTables } from "./report-tables";

// The charts (MUI X Charts, about 100 kB compressed) load in a chunk of their own after the page,
// so the headline figures and tables show without waiting for them.
const DailyChart = lazy(() => import("./report-charts").then((m) => ({ default: m.DailyChart })));
const BarsChart = lazy(() => import("./report-charts").then((m) => ({ default: m.BarsChart })));

function ChartLoading() {
  return <Skeleton variant="rounded" height={340} role="status" aria-label="Loading the chart" />;
}

/**
 * The tables a bar chart fits: a breakdown by category (clicks by target, leads by status): rows
 * that name no listing, a text column first and a count second, 2 to 12 rows.
 */
export function barTables(tables: readonly TReportTable[]): TReportTable[] {
  return tables.filter((table) => {
    const [category, value] = table.columns;
    return (
      category?.format === "text" &&
      value?.format === "count" &&
      table.rows.length >= 2 &&
      table.rows.length <= 12 &&
      table.rows.every((row) => !row.id) &&
      table.rows.some((row) => typeof row[value.key] === "number" && row[value.key] !== 0)
    );
  });
}

function barsOf(table: TReportTable): TBar[] {
  const [category, value] = table.columns;
  return table.rows.map((row) => ({
    label: String(row[category!.key] ?? "—"),
    value: typeof row[value!.key] === "number" ? (row[value!.key] as number) : 0,
  }));
}

/**
 * The daily series in charts of one scale each: counts together, money apart (a series' format is
 * its headline figure's), each titled by its series ("Daily unique profile views and follows
 * gained") when few.
 */
export function dailyCharts(
  report: TReport,
): { title: string; format: TReportFormat; daily: TReport["daily"] }[] {
  const formatOf = (metric: string): TReportFormat =>
    report.kpis.find((kpi) => kpi.metric === metric)?.format ?? "count";
  const groups = new Map<TReportFormat, TReport["daily"]["series"]>();
  for (const series of report.daily.series) {
    const format = formatOf(series.metric);
    groups.set(format, [...(groups.get(format) ?? []), series]);
  }
  return [...groups].map(([format, series]) => ({
    format,
    title:
      series.length <= 2
        ? `Daily ${series.map((one) => one.label.toLowerCase()).join(" and ")}`
        : "Daily figures",
    daily: { dates: report.daily.dates, series },
  }));
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
  const charts = dailyCharts(report);
  const bars = barTables(report.tables);
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
      {charts.length > 0 && !hasDailyData(report) ? (
        <NoticePanel role="status" icon={<InsightsIcon />} title={emptyText(report)}>
          Figures appear here as visitors find the listing. Try a longer range.
        </NoticePanel>
      ) : (
        charts.map((chart) => (
          <Suspense key={chart.format} fallback={<ChartLoading />}>
            <DailyChart
              title={chart.title}
              format={chart.format}
              daily={chart.daily}
              width={chartWidth}
            />
          </Suspense>
        ))
      )}
      {bars.map((table) => (
        <Suspense key={table.id} fallback={<ChartLoading />}>
          <BarsChart
            title={table.title}
            bars={barsOf(table)}
            format="count"
            categoryLabel={table.columns[0]!.label}
            valueLabel={table.columns[1]!.label}
            width={chartWidth}
          />
        </Suspense>
      ))}
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
