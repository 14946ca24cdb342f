// A venue's 12-month calendar on its page: each day free, booked, held, partly booked ("2 of 4
// courts booked", at a facility) or a need date, so a planner can judge before asking. Its managers
// mark days here (at a facility, for some of one space type's spaces too) and remove them.
import type { TAvailabilityInput, TAvailabilityRange } from "@hostfield/domain/contracts";
import { AVAILABILITY_KIND_LABELS } from "@hostfield/domain/reference";
import { formatEventDateRange } from "@hostfield/domain/rules";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { alpha, type Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { lazy, Suspense, useMemo, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import {
  currentMonth,
  firstDay,
  inMonth,
  lastDay,
  monthLabel,
  monthWeeks,
  shiftMonth,
  type TMonth,
  WEEKDAYS,
} from "../../lib/month-grid";
import { PageSection } from "../../ui/page-section";
import { RetryAlert } from "../../ui/query-states";
import { availabilityKeys, getCalendar, removeRange, type TCalendarKind } from "./availability-api";
import {
  DAY_STATUS_LABELS,
  dayStateLabel,
  dayStates,
  spaceNoun,
  type TCalendarSpace,
  type TDayStatus,
} from "./calendar-days";
import type { TSpaceChoices } from "./mark-days-dialog";

// The managers' parts (the Mark days form, the sync panel, and the calls they make) load when a
// manager opens the page or the dialog: a visitor's page carries none of their fields and checks.
const MarkDaysDialog = lazy(async () => ({
  default: (await import("./mark-days-dialog")).MarkDaysDialog,
}));
const CalendarSyncPanel = lazy(async () => ({
  default: (await import("./calendar-sync-panel")).CalendarSyncPanel,
}));
// MUI's Tooltip (with Popper, about 12 kB gzipped) only for a calendar that has partly booked
// days; until it is in, such a day shows as any other (its label says the same).
const Tooltip = lazy(() => import("@mui/material/Tooltip"));

/** A manager's call: it loads with their other calls, the first time they mark days. */
async function markDays(kind: TCalendarKind, id: string, input: TAvailabilityInput) {
  return (await import("./availability-edits-api")).markDays(kind, id, input);
}

export const AVAILABILITY_TITLE = "Availability";
const MONTHS = 12;
/** Ranges listed for the managers before "Show all". */
const LISTED = 8;

const shades: Record<TDayStatus, (theme: Theme) => string | undefined> = {
  booked: (t) => t.palette.grey[400],
  held: (t) => t.palette.grey[300],
  partly: (t) => alpha(t.palette.warning.main, 0.25),
  need: (t) => alpha(t.palette.success.main, 0.3),
  free: () => undefined,
};
/** A partly taken day is half filled, so it reads apart from the others without its colour. */
const halfFill = (status: TDayStatus) => (t: Theme) =>
  status === "partly"
    ? `linear-gradient(135deg, ${alpha(t.palette.warning.main, 0.5)} 50%, ${alpha(t.palette.warning.main, 0.12)} 50%)`
    : undefined;

/** The statuses a day may have: partly taken only at a facility (some of a space type's spaces). */
function Legend({ partly }: { partly: boolean }) {
  const statuses = (Object.keys(DAY_STATUS_LABELS) as TDayStatus[]).filter(
    (status) => partly || status !== "partly",
  );
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
      {statuses.map((status) => (
        <Stack key={status} direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
          <Box
            aria-hidden
            sx={(t) => ({
              width: 14,
              height: 14,
              borderRadius: 0.5,
              border: 1,
              borderColor: "divider",
              bgcolor: shades[status](t),
              backgroundImage: halfFill(status)(t),
            })}
          />
          <Typography variant="body2">{DAY_STATUS_LABELS[status]}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

const dayName = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

function MonthTable({
  month,
  states,
  spaces,
}: {
  month: TMonth;
  states: ReturnType<typeof dayStates>;
  spaces: readonly TCalendarSpace[] | undefined;
}) {
  return (
    <Box
      component="table"
      sx={{ borderCollapse: "collapse", width: "100%", tableLayout: "fixed", fontSize: 13 }}
    >
      <Box component="caption" sx={{ textAlign: "left", fontWeight: 600, pb: 0.5 }}>
        {monthLabel(month)}
      </Box>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <Box
              component="th"
              key={d.short}
              scope="col"
              abbr={d.long}
              sx={{ fontWeight: 400, color: "text.secondary", fontSize: 11 }}
            >
              {d.short.slice(0, 2)}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              if (!inMonth(day, month)) return <td key={day} />;
              const state = states.get(day) ?? { status: "free" as const, discountPercent: null };
              const label = dayStateLabel(state, spaces);
              // A partly taken day's label shows in MUI's Tooltip; a native hint until it is in.
              const cell = (hint: string | undefined) => (
                <Box
                  component="td"
                  key={day}
                  aria-label={`${dayName.format(new Date(`${day}T00:00:00Z`))}: ${label}`}
                  title={hint}
                  // A partly taken day says how many spaces are taken on focus or a tap too.
                  tabIndex={state.status === "partly" ? 0 : undefined}
                  sx={(t) => ({
                    textAlign: "center",
                    py: 0.25,
                    borderRadius: 0.5,
                    bgcolor: shades[state.status](t),
                    backgroundImage: halfFill(state.status)(t),
                    textDecoration: state.status === "booked" ? "line-through" : undefined,
                  })}
                >
                  {Number(day.slice(8, 10))}
                </Box>
              );
              return state.status === "partly" ? (
                <Suspense key={day} fallback={cell(label)}>
                  <Tooltip title={label} enterTouchDelay={0} describeChild>
                    {cell(undefined)}
                  </Tooltip>
                </Suspense>
              ) : (
                cell(label)
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function rangeLine(range: TAvailabilityRange, spaceTypes?: readonly TCalendarSpace[]): string {
  const kind = AVAILABILITY_KIND_LABELS[range.kind];
  const off = range.discountPercent ? `, ${range.discountPercent}% off` : "";
  const space = spaceTypes?.find((s) => s.id === range.spaceTypeId);
  const spaces = !range.spaceTypeId
    ? ""
    : space
      ? ` (${range.spaces ?? "all"} of ${space.count} ${spaceNoun(space.name, space.count)})`
      : ` (${range.spaces ?? "all"} of a space type)`;
  const source =
    range.source === "award"
      ? " · from an award"
      : range.source === "feed"
        ? " · imported from your booking system"
        : "";
  return `${kind}${off}${spaces}: ${formatEventDateRange(range.startDate, range.endDate)}${source}`;
}

export function AvailabilitySection({
  kind,
  profileId,
  canEdit,
  spaces,
}: {
  kind: TCalendarKind;
  profileId: string;
  canEdit: boolean;
  /** A facility's space types (the page's own query), to mark and name some of their spaces. */
  spaces?: TSpaceChoices | undefined;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const start = currentMonth();
  const months = Array.from({ length: MONTHS }, (_, i) => shiftMonth(start, i));
  const from = firstDay(start);
  const to = lastDay(months.at(-1)!);
  const calendar = useQuery({
    queryKey: availabilityKeys.calendar(kind, profileId, from, to),
    queryFn: ({ signal }) => getCalendar(kind, profileId, { from, to }, signal),
  });
  const [marking, setMarking] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  const mark = useMutation({
    mutationFn: (input: TAvailabilityInput) => markDays(kind, profileId, input),
    onSuccess: async (made) => {
      setMarking(false);
      enqueueSnackbar(made.length === 1 ? "The days are marked." : `${made.length} days marked.`, {
        variant: "success",
      });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (range: TAvailabilityRange) => removeRange(kind, profileId, range.id),
    onSuccess: refresh,
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The range could not be removed."), {
        variant: "error",
      }),
  });
  const data = calendar.data;
  const ranges = data?.ranges ?? [];
  const states = useMemo(() => dayStates(data?.ranges ?? [], from, to), [data, from, to]);
  const listed = showAll ? ranges : ranges.slice(0, LISTED);
  return (
    <PageSection
      title={AVAILABILITY_TITLE}
      actions={
        canEdit ? (
          <Button
            variant="outlined"
            startIcon={<EventAvailableIcon />}
            onClick={() => {
              mark.reset();
              setMarking(true);
            }}
          >
            Mark days
          </Button>
        ) : undefined
      }
    >
      {calendar.isError ? (
        <RetryAlert onRetry={() => void calendar.refetch()}>
          {apiErrorMessage(calendar.error, "The calendar did not load.")}
        </RetryAlert>
      ) : !data ? (
        <Skeleton variant="rounded" height={220} role="status" aria-label="Loading the calendar" />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {data.kept
              ? "The next 12 months as the venue keeps them. Need dates are days it wants to fill."
              : canEdit
                ? "You keep no calendar here yet: every request reaches you whatever its dates. Mark booked days to stop those, and need dates to stand out."
                : "This venue keeps no calendar here: ask it about your dates."}
          </Typography>
          {data.kept ? (
            <>
              <Legend partly={kind === "facility"} />
              <Box
                sx={{
                  display: "grid",
                  gap: 2,
                  gridTemplateColumns: {
                    xs: "1fr",
                    sm: "repeat(2, minmax(0, 1fr))",
                    md: "repeat(3, minmax(0, 1fr))",
                  },
                }}
              >
                {months.map((month) => (
                  <MonthTable
                    key={firstDay(month)}
                    month={month}
                    states={states}
                    spaces={spaces?.items}
                  />
                ))}
              </Box>
            </>
          ) : null}
          {canEdit && ranges.length > 0 ? (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Marked days
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: "none" }}>
                {listed.map((range) => (
                  <Stack
                    component="li"
                    key={range.id}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: "center", justifyContent: "space-between" }}
                  >
                    <Typography variant="body2">
                      {rangeLine(range, spaces?.items)}
                      {range.note ? ` — ${range.note}` : ""}
                    </Typography>
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      aria-label={`Remove ${rangeLine(range, spaces?.items)}`}
                      onClick={() => remove.mutate(range)}
                    >
                      Remove
                    </Button>
                  </Stack>
                ))}
              </Stack>
              {ranges.length > LISTED && !showAll ? (
                <Button size="small" onClick={() => setShowAll(true)} sx={{ mt: 1 }}>
                  Show all {ranges.length}
                </Button>
              ) : null}
            </Box>
          ) : null}
          {canEdit && data.sync ? (
            <Suspense fallback={null}>
              <CalendarSyncPanel kind={kind} profileId={profileId} sync={data.sync} />
            </Suspense>
          ) : null}
        </>
      )}
      {marking ? (
        <Suspense fallback={null}>
          <MarkDaysDialog
            spaces={kind === "facility" ? spaces : undefined}
            pending={mark.isPending}
            error={
              mark.isError ? apiErrorMessage(mark.error, "The days could not be marked.") : null
            }
            onSave={(input) => mark.mutate(input)}
            onClose={() => setMarking(false)}
          />
        </Suspense>
      ) : null}
    </PageSection>
  );
}
