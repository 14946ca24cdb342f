// The report's headline figures: one tile each with the range's total and its change against the
// previous period, said with a sign and words ("+25%", "New") beside an arrow, never by colour
// alone. Tiles wrap: two a row on a phone, more on wider screens.
import type { TReportKpi } from "@hostfield/domain/contracts";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import FiberNewIcon from "@mui/icons-material/FiberNew";
import RemoveIcon from "@mui/icons-material/Remove";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import {
  changeDirection,
  changeText,
  formatFigure,
  previousPeriodText,
  type TChangeDirection,
} from "./report-format";

const LOOK: Record<TChangeDirection, { icon: typeof ArrowUpwardIcon; color: string }> = {
  up: { icon: ArrowUpwardIcon, color: "success.main" },
  down: { icon: ArrowDownwardIcon, color: "error.main" },
  flat: { icon: RemoveIcon, color: "text.secondary" },
  new: { icon: FiberNewIcon, color: "info.main" },
  none: { icon: RemoveIcon, color: "text.secondary" },
};

function KpiTile({ kpi, days }: { kpi: TReportKpi; days: number }) {
  const labelId = useId();
  const direction = changeDirection(kpi);
  const { icon: Icon, color } = LOOK[direction];
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={labelId}
      sx={{ p: 2, minWidth: 0, height: "100%" }}
    >
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {kpi.label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, my: 0.5, overflowWrap: "anywhere" }}
      >
        {formatFigure(kpi.total, kpi.format)}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        {direction === "none" ? null : <Icon aria-hidden fontSize="small" sx={{ color }} />}
        <Typography variant="body2" component="span" sx={{ color, fontWeight: 600 }}>
          {changeText(kpi)}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          {previousPeriodText(days)}
        </Typography>
      </Stack>
      <Box component="p" sx={{ m: 0, mt: 0.5, typography: "caption", color: "text.secondary" }}>
        Before: {formatFigure(kpi.previous, kpi.format)}
      </Box>
    </Paper>
  );
}

export function KpiTiles({ kpis, days }: { kpis: readonly TReportKpi[]; days: number }) {
  if (kpis.length === 0) return null;
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: "repeat(2, minmax(0, 1fr))",
          sm: "repeat(auto-fill, minmax(180px, 1fr))",
        },
      }}
    >
      {kpis.map((kpi) => (
        <KpiTile key={kpi.metric} kpi={kpi} days={days} />
      ))}
    </Box>
  );
}
