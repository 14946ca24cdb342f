// An organization's events calendar on its page: one month (?month=YYYY-MM-01), previous and next,
// the events of each day linking to their pages. A table with day headers on wider screens, a list
// per week on phones.
import { dateCodec, formatEventDate, profileLink } from "@hostfield/domain/rules";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import {
  currentMonth,
  eventsByDay,
  firstDay,
  inMonth,
  lastDay,
  localToday,
  monthLabel,
  monthOf,
  monthWeeks,
  shiftMonth,
  type TMonth,
  WEEKDAYS,
} from "../../lib/month-grid";
import { useQueryParam } from "../../lib/query-params";
import { calendarKey, listOrganizationCalendar, type TEventListing } from "./events-api";
import { ProfileSection } from "./profile-section";

export const CALENDAR_TITLE = "Events calendar";

type TDays = Map<string, TEventListing[]>;

function EventLinks({ events }: { events: readonly TEventListing[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ mt: 0.25 }}>
          <Link
            component={RouterLink}
            to={profileLink("event", event.id)}
            variant="body2"
            underline="hover"
            sx={{ display: "block", overflowWrap: "anywhere", lineHeight: 1.3 }}
          >
            {event.name}
            {event.hasFlexibleDates ? " (flexible dates)" : ""}
          </Link>
        </Box>
      ))}
    </Box>
  );
}

function MonthTable({ month, days }: { month: TMonth; days: TDays }) {
  const todayIso = localToday();
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Box
        component="table"
        sx={{
          width: "100%",
          tableLayout: "fixed",
          borderCollapse: "collapse",
          "& th, & td": { border: 1, borderColor: "divider" },
        }}
      >
        <caption style={{ captionSide: "top", textAlign: "left" }}>
          <Typography variant="body2" color="text.secondary" component="span">
            Events in {monthLabel(month)}
          </Typography>
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <Box
                component="th"
                scope="col"
                key={day.short}
                abbr={day.long}
                sx={{ py: 0.75, fontSize: 13, fontWeight: 700 }}
              >
                {day.short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const mine = inMonth(day, month);
                const events = mine ? (days.get(day) ?? []) : [];
                return (
                  <Box
                    component="td"
                    key={day}
                    aria-current={day === todayIso ? "date" : undefined}
                    sx={{
                      height: 96,
                      p: 0.75,
                      verticalAlign: "top",
                      bgcolor: mine ? undefined : "action.hover",
                      color: mine ? undefined : "text.disabled",
                    }}
                  >
                    <Typography
                      component="time"
                      dateTime={day}
                      variant="caption"
                      aria-label={formatEventDate(day)}
                      sx={{
                        display: "inline-block",
                        fontWeight: day === todayIso ? 700 : 500,
                        color: day === todayIso ? "primary.main" : undefined,
                      }}
                    >
                      {Number(day.slice(8, 10))}
                    </Typography>
                    {events.length > 0 ? <EventLinks events={events} /> : null}
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function MonthList({ month, days }: { month: TMonth; days: TDays }) {
  const weeks = monthWeeks(month)
    .map((week) => ({
      start: week[0] ?? "",
      days: week.filter((day) => inMonth(day, month) && days.has(day)),
    }))
    .filter((week) => week.days.length > 0);
  return (
    <Stack spacing={2}>
      {weeks.map((week) => (
        <Box
          component="section"
          key={week.start}
          aria-label={`Week of ${formatEventDate(week.start)}`}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Week of {formatEventDate(week.start)}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
            {week.days.map((day) => (
              <Box component="li" key={day} sx={{ py: 0.75, borderTop: 1, borderColor: "divider" }}>
                <Typography component="time" dateTime={day} variant="body2" color="text.secondary">
                  {formatEventDate(day)}
                </Typography>
                <EventLinks events={days.get(day) ?? []} />
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function EventsCalendar({ organizationId }: { organizationId: string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [thisMonth] = useState(() => firstDay(currentMonth()));
  const [shown, setShown] = useQueryParam("month", dateCodec, thisMonth);
  const month = monthOf(shown);
  const range = { startDate: firstDay(month), endDate: lastDay(month) };
  const calendar = useQuery({
    queryKey: calendarKey(organizationId, range.startDate, range.endDate),
    queryFn: ({ signal }) => listOrganizationCalendar(organizationId, range, signal),
    placeholderData: keepPreviousData,
    // Walking back and forth between months does not ask again for a minute.
    staleTime: 60_000,
  });
  const go = (delta: number) => setShown(firstDay(shiftMonth(month, delta)), { push: true });
  const label = monthLabel(month);
  const days: TDays = calendar.data ? eventsByDay(calendar.data.items, month) : new Map();
  const empty = calendar.isSuccess && !calendar.isPlaceholderData && days.size === 0;

  return (
    <ProfileSection title={CALENDAR_TITLE}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <IconButton aria-label="Previous month" onClick={() => go(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography
            component="h3"
            variant="subtitle1"
            aria-live="polite"
            sx={{ fontWeight: 700, minWidth: 150, textAlign: "center" }}
          >
            {label}
          </Typography>
          <IconButton aria-label="Next month" onClick={() => go(1)}>
            <ChevronRightIcon />
          </IconButton>
          {shown !== thisMonth ? (
            <Button size="small" onClick={() => setShown(thisMonth, { push: true })}>
              This month
            </Button>
          ) : null}
        </Stack>
        {calendar.isPending ? (
          <Skeleton
            variant="rounded"
            height={phone ? 160 : 420}
            role="status"
            aria-label={`Loading ${label}`}
          />
        ) : calendar.isError && !calendar.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void calendar.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(calendar.error, "The calendar did not load.")}
          </Alert>
        ) : (
          <Box
            aria-busy={calendar.isFetching}
            sx={{ opacity: calendar.isPlaceholderData ? 0.6 : 1 }}
          >
            {empty ? (
              <Typography color="text.secondary" role="status" sx={{ mb: phone ? 0 : 1 }}>
                No events in {label}.
              </Typography>
            ) : null}
            {phone ? (
              <MonthList month={month} days={days} />
            ) : (
              <MonthTable month={month} days={days} />
            )}
          </Box>
        )}
      </Stack>
    </ProfileSection>
  );
}
