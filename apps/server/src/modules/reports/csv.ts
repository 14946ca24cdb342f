// A report as one CSV file (`?format=csv`): its headline figures, its daily series (a row per day)
// and each of its tables, one block after another with a blank line between. Cells are quoted when
// needed, and text that a spreadsheet would run as a formula (= + - @, tab, CR) starts with `'`.
import type { TReport } from "@hostfield/domain/contracts";

type TCell = string | number | null | undefined;

/** One CSV cell: numbers as they are, text quoted when needed and never read as a formula. */
export function csvCell(value: TCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly TCell[]) => cells.map(csvCell).join(",");

/** Lines joined by CRLF, ending with one (RFC 4180). */
export const csvText = (lines: readonly string[]) => `${lines.join("\r\n")}\r\n`;

export function reportCsv(report: TReport): string {
  const lines: string[] = [
    csvLine(["Report", report.title]),
    csvLine(["From", report.range.startDate, "To", report.range.endDate]),
    csvLine(["Compared with", report.range.previousStartDate, "to", report.range.previousEndDate]),
    csvLine(["Generated", report.generatedDate]),
    "",
    csvLine(["Figure", "Total", "Previous period", "Change %"]),
    ...report.kpis.map((k) =>
      csvLine([
        k.label,
        k.total,
        k.previous,
        k.change === null ? null : Math.round(k.change * 1000) / 10,
      ]),
    ),
  ];
  if (report.daily.series.length > 0) {
    lines.push("", csvLine(["Date", ...report.daily.series.map((s) => s.label)]));
    report.daily.dates.forEach((date, i) => {
      lines.push(csvLine([date, ...report.daily.series.map((s) => s.values[i] ?? 0)]));
    });
  }
  for (const t of report.tables) {
    lines.push("", csvLine([t.title]), csvLine(t.columns.map((c) => c.label)));
    for (const row of t.rows) lines.push(csvLine(t.columns.map((c) => row[c.key])));
  }
  if (report.notes.length > 0) {
    lines.push("", ...report.notes.map((n) => csvLine(["Note", n])));
  }
  return csvText(lines);
}

/** A file name of plain letters, digits and dashes: `visit-indy-profile-2026-01-01-2026-01-31.csv`. */
export function csvFileName(parts: readonly string[], extension = "csv"): string {
  const slug = parts
    .join("-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
  return `${slug || "report"}.${extension}`;
}
