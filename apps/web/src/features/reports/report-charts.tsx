// The report's charts (MUI X Charts, loaded only with the reports pages): the daily series as a line
// chart and a set of totals as a bar chart. Each chart is a figure with its data as a table: hidden
// from sight but read by screen readers (the drawing is hidden from them), and shown instead of the
// drawing with "Show as table".
import type { TReportDaily, TReportFormat } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { type ReactNode, useId, useState } from "react";
import { visuallyHidden } from "../../ui/visually-hidden";
import { formatDay, formatFigure, formatShortDay } from "./report-format";

const CHART_HEIGHT = 280;

/** A chart with a title, its table for screen readers and the "Show as table" switch. */
function ChartFigure({
  title,
  chart,
  table,
}: {
  title: string;
  chart: ReactNode;
  table: (caption: string) => ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", mb: 1 }}
      >
        <Typography
          id={titleId}
          component="figcaption"
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          {title}
        </Typography>
        <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      </Stack>
      {/* The chart is for the eyes: inert keeps its own focus stops out of the keyboard's way and
          its shapes away from screen readers, which read the table instead. */}
      {asTable ? null : (
        <Box inert sx={{ width: "100%", minWidth: 0 }}>
          {chart}
        </Box>
      )}
      {asTable ? (
        // A region that scrolls takes the keyboard's focus, so arrow keys can scroll it.
        <Box
          role="region"
          aria-label={`${title}, table`}
          tabIndex={0}
          sx={{ maxHeight: 420, overflow: "auto" }}
        >
          {table(title)}
        </Box>
      ) : (
        // Read, not shown: nothing in it scrolls (a clipped table would be a region no key reaches).
        <Box sx={{ ...visuallyHidden, "& .MuiTableContainer-root": { overflow: "visible" } }}>
          {table(title)}
        </Box>
      )}
    </Paper>
  );
}

const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** Every daily series of the report over its days: one line each. */
export function DailyChart({
  title,
  daily,
  format,
  width,
}: {
  title: string;
  daily: TReportDaily;
  /** How its values read (all of one scale: counts, or dollars). */
  format: TReportFormat;
  /** Fixed width (tests); the chart fills its box otherwise. */
  width?: number;
}) {
  const dates = daily.dates.map(utcDate);
  return (
    <ChartFigure
      title={title}
      chart={
        <LineChart
          height={CHART_HEIGHT}
          width={width}
          skipAnimation
          xAxis={[
            {
              scaleType: "time",
              data: dates,
              valueFormatter: (value: Date) => formatShortDay(value.toISOString().slice(0, 10)),
            },
          ]}
          series={daily.series.map((series) => ({
            label: series.label,
            data: series.values,
            showMark: daily.dates.length <= 31,
            valueFormatter: (value: number | null) => formatFigure(value, format),
          }))}
          grid={{ horizontal: true }}
        />
      }
      table={(caption) => (
        <TableContainer>
          <Table size="small">
            <caption>{caption}, by day</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Day
                </TableCell>
                {daily.series.map((series) => (
                  <TableCell key={series.metric} component="th" scope="col" align="right">
                    {series.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {daily.dates.map((date, row) => (
                <TableRow key={date}>
                  <TableCell component="th" scope="row">
                    {formatDay(date)}
                  </TableCell>
                  {daily.series.map((series) => (
                    <TableCell key={series.metric} align="right">
                      {formatFigure(series.values[row] ?? null, format)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    />
  );
}

export type TBar = { label: string; value: number };

/** Totals side by side, one bar each (clicks by where they led, say). */
export function BarsChart({
  title,
  bars,
  format,
  categoryLabel,
  valueLabel,
  width,
}: {
  title: string;
  bars: readonly TBar[];
  format: TReportFormat;
  /** The bars' column head in the table ("Where"). */
  categoryLabel: string;
  /** The values' column head in the table ("Clicks"). */
  valueLabel: string;
  width?: number;
}) {
  return (
    <ChartFigure
      title={title}
      chart={
        <BarChart
          height={CHART_HEIGHT}
          width={width}
          skipAnimation
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: bars.map((bar) => bar.label), width: 96 }]}
          series={[
            {
              label: valueLabel,
              data: bars.map((bar) => bar.value),
              valueFormatter: (value: number | null) => formatFigure(value, format),
            },
          ]}
          hideLegend
          grid={{ vertical: true }}
        />
      }
      table={(caption) => (
        <TableContainer>
          <Table size="small">
            <caption>{caption}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {categoryLabel}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {valueLabel}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bars.map((bar) => (
                <TableRow key={bar.label}>
                  <TableCell component="th" scope="row">
                    {bar.label}
                  </TableCell>
                  <TableCell align="right">{formatFigure(bar.value, format)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    />
  );
}
