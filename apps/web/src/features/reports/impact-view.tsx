// A destination's economic impact for a range: the total, the room nights (reserved and from
// awarded requests) at the average daily rate, the visitor spending per visitor-day, each formula
// line with its constants, the events behind it, and the CSV and one-page PDF for a grant committee.
import type { TImpact } from "@hostfield/domain/contracts";
import { profileLink } from "@hostfield/domain/rules";
import Box from "@mui/material/Box";
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
import { DownloadButton } from "./download-button";
import { formatDay, formatDayRange, formatFigure } from "./report-format";
import { downloadImpact, type TDateRange } from "./reports-api";

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  const labelId = useId();
  return (
    <Paper variant="outlined" role="group" aria-labelledby={labelId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

export const impactFileName = (impact: TImpact, format: "csv" | "pdf") =>
  `economic-impact-${impact.destination.id}-${impact.range.startDate}-${impact.range.endDate}.${format}`;

export function ImpactView({ impact, range }: { impact: TImpact; range: TDateRange }) {
  const money = (value: number) => formatFigure(value, "money");
  const count = (value: number) => formatFigure(value, "count");
  const eventsTitleId = useId();
  return (
    <Stack spacing={3} component="section" aria-label="Economic impact">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2">
            Economic impact
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {formatDayRange(impact.range.startDate, impact.range.endDate)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <DownloadButton
            label="Download CSV"
            fileName={impactFileName(impact, "csv")}
            download={() => downloadImpact(impact.destination.id, range, "csv")}
          />
          <DownloadButton
            label="Download PDF"
            fileName={impactFileName(impact, "pdf")}
            download={() => downloadImpact(impact.destination.id, range, "pdf")}
          />
        </Stack>
      </Stack>
      <Box
        sx={{
          display: "grid",
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: {
            xs: "repeat(2, minmax(0, 1fr))",
            sm: "repeat(auto-fill, minmax(200px, 1fr))",
          },
        }}
      >
        <Figure label="Total economic impact" value={money(impact.total)} />
        <Figure
          label="Room nights"
          value={count(impact.roomNights.total)}
          detail={`${count(impact.roomNights.reserved)} reserved, ${count(impact.roomNights.awarded)} from awarded requests`}
        />
        <Figure
          label="Average daily rate"
          value={money(impact.averageDailyRate)}
          detail={
            impact.rateSource === "reservations" ? "From the reservations" : "The default rate"
          }
        />
        <Figure label="Lodging spending" value={money(impact.lodgingSpend)} />
        <Figure
          label="Visitor spending"
          value={money(impact.visitorSpend)}
          detail={`${count(impact.visitorDays)} visitor-days × ${money(impact.spendPerVisitorDay)}`}
        />
      </Box>
      <Box component="section" aria-label="How it is figured">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          How it is figured
        </Typography>
        <Box component="ol" sx={{ pl: 3, my: 1 }}>
          {impact.formula.map((line) => (
            <Typography component="li" variant="body2" key={line} sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Typography
          id={eventsTitleId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, p: 2, pb: 1 }}
        >
          Events that brought the room nights
        </Typography>
        {impact.events.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            No reserved or awarded room nights in these days yet.
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-labelledby={eventsTitleId}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Event
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Starts
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Room nights
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Visitor-days
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {impact.events.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell>
                      <Link component={RouterLink} to={profileLink("event", event.id)}>
                        {event.name}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {event.startDate ? formatDay(event.startDate) : "—"}
                    </TableCell>
                    <TableCell align="right">{count(event.roomNights)}</TableCell>
                    <TableCell align="right">{count(event.visitorDays)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Stack>
  );
}
