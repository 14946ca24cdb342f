// The report's tables: each under its title, scrolling sideways on a phone, its first name (or
// first column) linking to the listing or lead the row is about, and how many rows the CSV adds.
import type { TReportColumn, TReportTable } from "@hostfield/domain/contracts";
import { PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { leadPath, PIPELINE_PATH } from "../../lib/paths";
import { formatFigure } from "./report-format";

type TRow = TReportTable["rows"][number];

const isProfileKind = (kind: unknown): kind is TProfileKind =>
  typeof kind === "string" && (PROFILE_KINDS as readonly string[]).includes(kind);

/** Where a row leads: a listing's page, a lead's page (or the pipeline without its event), or nowhere. */
export function rowLink(row: TRow): string | null {
  const { id, kind } = row;
  if (typeof id !== "string" || !id) return null;
  if (isProfileKind(kind)) return profileLink(kind, id);
  if (kind === "event-lead") {
    return typeof row.eventId === "string" && row.eventId
      ? leadPath(row.eventId, id)
      : PIPELINE_PATH;
  }
  return null;
}

/** The column that carries the row's link: its name, or else the first. */
function linkColumn(columns: readonly TReportColumn[]): string | null {
  return columns.find((column) => column.key === "name")?.key ?? columns[0]?.key ?? null;
}

const isNumeric = (column: TReportColumn) => column.format !== "text" && column.format !== "date";

function ReportTable({ table }: { table: TReportTable }) {
  const titleId = useId();
  const linkKey = linkColumn(table.columns);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Typography
        id={titleId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, p: 2, pb: 1 }}
      >
        {table.title}
      </Typography>
      {table.rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Nothing in these days.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                {table.columns.map((column) => (
                  <TableCell
                    key={column.key}
                    component="th"
                    scope="col"
                    align={isNumeric(column) ? "right" : "left"}
                    sx={{ whiteSpace: "nowrap" }}
                  >
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, index) => {
                const to = rowLink(row);
                return (
                  <TableRow key={typeof row.id === "string" ? row.id : index}>
                    {table.columns.map((column) => {
                      const text = formatFigure(row[column.key], column.format);
                      return (
                        <TableCell key={column.key} align={isNumeric(column) ? "right" : "left"}>
                          {to && column.key === linkKey ? (
                            <Link component={RouterLink} to={to}>
                              {text}
                            </Link>
                          ) : (
                            text
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {table.more > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {table.more === 1 ? "1 more row" : `${table.more} more rows`} in the CSV download.
        </Typography>
      ) : null}
    </Paper>
  );
}

export function ReportTables({ tables }: { tables: readonly TReportTable[] }) {
  if (tables.length === 0) return null;
  return (
    <Stack spacing={2}>
      {tables.map((table) => (
        <ReportTable key={table.id} table={table} />
      ))}
    </Stack>
  );
}
