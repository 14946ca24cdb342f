// "Hotels for this event" on an event's page (`/events/{id}#hotels`): the banner, the specials and
// the stay window from the hotel service, then the hotels for the stay (nearest the venue first,
// each with its match score, or "far from the venue" beyond the domain's reach) as a list or a map
// around the venue, each with a Reserve button into the booking flow.

import type { TEventStayInfo } from "@hostfield/domain/contracts";
import { HOTEL_MATCH_PARTS, milesText, profileLink } from "@hostfield/domain/rules";
import HotelIcon from "@mui/icons-material/Hotel";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import MapIcon from "@mui/icons-material/Map";
import ViewListIcon from "@mui/icons-material/ViewList";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { EVENT_HOTELS_SECTION_ID } from "../../lib/event-paths";
import { useOffsetPages } from "../../lib/offset-pages";
import { trackClick } from "../../lib/tracking";
import { NoticePanel } from "../../ui/notice-panel";
import { ListSkeleton, LoadMoreFooter, RetryAlert } from "../../ui/query-states";
import { ScoreChip } from "../../ui/score-chip";
import {
  getEventStayInfo,
  MATCHES_PAGE_SIZE,
  searchEventMatches,
  stayKeys,
  type TMatchRow,
} from "./event-stays-api";
import { HotelsMap } from "./hotels-map";
import { reservePath } from "./stay-paths";
import {
  formatDay,
  formatMoney,
  formatNight,
  nightWords,
  plural,
  reasonsBesideFacts,
  stayLabel,
} from "./stays-format";

export const HOTELS_SECTION_TITLE = "Hotels for this event";
export const NO_HOTELS_TITLE = "No hotels for this event yet";

type TView = "list" | "map";

const HOTEL_MATCH_PART_LIST = Object.values(HOTEL_MATCH_PARTS);

/**
 * The hotel's match score, explaining itself (hover, focus or tap): what makes it, from the rule
 * that computes it, and this hotel's reasons. A hotel beyond reach of the venue has none.
 */
function MatchChip({ match }: { match: TMatchRow }) {
  if (match.score === null) {
    const far =
      match.distanceMiles === null
        ? "Far from the venue"
        : `Far from the venue, ${milesText(match.distanceMiles)}`;
    return <Chip size="small" variant="outlined" color="warning" label={far} />;
  }
  return (
    <ScoreChip
      label={`Match ${match.score}/100`}
      parts={HOTEL_MATCH_PART_LIST}
      reasons={match.reasons}
      reasonsTitle="This hotel"
    />
  );
}

function MatchRow({ match, info }: { match: TMatchRow; info: TEventStayInfo }) {
  // The match chip gives every reason; the row's own line leaves out what its facts line says.
  const otherReasons = reasonsBesideFacts(match).join(" · ");
  const block = match.blockId ? info.blocks.find((b) => b.id === match.blockId) : undefined;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: "none", minWidth: 0 }}
    >
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ alignItems: { sm: "flex-start" }, justifyContent: "space-between" }}
      >
        <Stack spacing={0.75} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: "center", flexWrap: "wrap" }}
          >
            <Link
              component={RouterLink}
              to={profileLink("hotel", match.hotel.id)}
              onClick={() => trackClick("event", info.eventId, "hotel", match.hotel.id)}
              sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
            >
              {match.hotel.name}
            </Link>
            {match.blockId ? <Chip size="small" color="success" label="Group rate" /> : null}
            <MatchChip match={match} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              match.distanceMiles === null
                ? null
                : `${milesText(match.distanceMiles)} from the venue`,
              match.lowestRate === null ? null : `From ${formatMoney(match.lowestRate)} a night`,
            ]
              .filter(Boolean)
              .join(" · ") || "No rate or distance yet"}
          </Typography>
          {block ? (
            <Typography variant="body2" color="success.main">
              Group rate when booked by {formatDay(block.cutoffDate)} (
              {plural(block.roomsLeft, "room")} left in the block)
            </Typography>
          ) : null}
          {otherReasons ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {otherReasons}
            </Typography>
          ) : null}
          {match.nights.length > 0 ? (
            <Stack
              component="ul"
              aria-label={`Rooms left per night at ${match.hotel.name}`}
              direction="row"
              spacing={0.5}
              useFlexGap
              sx={{ flexWrap: "wrap", p: 0, m: 0, listStyle: "none" }}
            >
              {match.nights.map((night) => (
                <Chip
                  component="li"
                  key={night.night}
                  size="small"
                  color={night.roomsLeft === 0 ? "default" : "info"}
                  variant={night.roomsLeft === 0 ? "outlined" : "filled"}
                  label={`${formatNight(night.night)}: ${nightWords(night)}`}
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
        <Box sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={reservePath(match.hotel.id, {
              eventId: info.eventId,
              checkIn: info.checkIn,
              checkOut: info.checkOut,
              rooms: 1,
              guests: 1,
            })}
            aria-label={`Reserve at ${match.hotel.name}`}
            onClick={() => trackClick("event", info.eventId, "hotel", match.hotel.id)}
            sx={{ width: { xs: "100%", sm: "auto" } }}
          >
            Reserve
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function HotelMatches({ info, view }: { info: TEventStayInfo; view: TView }) {
  const { query, items, count } = useOffsetPages({
    queryKey: stayKeys.matches(info.eventId),
    load: (page, signal) => searchEventMatches(info.eventId, page, signal),
    pageSize: MATCHES_PAGE_SIZE,
  });
  if (query.isPending) return <ListSkeleton label="Loading the hotels" rows={3} height={96} />;
  if (query.isError && items.length === 0) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {apiErrorMessage(query.error, "The hotels did not load.")}
      </RetryAlert>
    );
  }
  if (items.length === 0) {
    return (
      <NoticePanel role="status" icon={<HotelIcon />} title={NO_HOTELS_TITLE}>
        No hotel near the venue has rooms listed for these dates. Check back closer to the event.
      </NoticePanel>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary" role="status">
        {count === 1 ? "1 hotel suits this stay." : `${count} hotels suit this stay.`}
      </Typography>
      {view === "map" ? (
        <HotelsMap rows={items} venue={info.venue} />
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {items.map((match) => (
            <MatchRow key={match.id} match={match} info={info} />
          ))}
        </Stack>
      )}
      <LoadMoreFooter query={query} failedText="More hotels did not load." label="More hotels" />
    </Stack>
  );
}

function StayInfo({ info }: { info: TEventStayInfo }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, color: "primary.main" }}>
        {info.banner}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2">Stay: {stayLabel(info.checkIn, info.checkOut)}</Typography>
        {info.specials ? (
          <Chip
            size="small"
            color="secondary"
            icon={<LocalOfferIcon />}
            label={plural(info.specialsCount, "hotel special")}
          />
        ) : null}
        {info.liveRates ? <Chip size="small" variant="outlined" label="Live rates" /> : null}
      </Stack>
      {info.venue?.name || info.destination ? (
        <Typography variant="body2" color="text.secondary">
          {[
            // Only a venue's name: the event's place without a venue partner is no venue.
            info.venue?.name ? `Venue: ${info.venue.name}` : null,
            info.destination ? `Destination: ${info.destination.name}` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Opens the page on the section when the address ends in `#hotels`, once it has drawn. */
function useScrollToSection(ref: RefObject<HTMLElement | null>) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || hash !== `#${EVENT_HOTELS_SECTION_ID}`) return;
    done.current = true;
    ref.current?.scrollIntoView?.({ block: "start" });
  }, [hash, ref]);
}

export function EventHotelsSection({ eventId }: { eventId: string }) {
  const headingId = useId();
  const ref = useRef<HTMLElement | null>(null);
  const [view, setView] = useState<TView>("list");
  const info = useQuery({
    queryKey: stayKeys.event(eventId),
    queryFn: ({ signal }) => getEventStayInfo(eventId, signal),
  });
  useScrollToSection(ref);
  return (
    <Paper
      ref={ref}
      component="section"
      id={EVENT_HOTELS_SECTION_ID}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, scrollMarginTop: 80 }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {HOTELS_SECTION_TITLE}
        </Typography>
        {info.data ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: TView | null) => {
              if (next) setView(next);
            }}
            aria-label="Show the hotels as"
          >
            <ToggleButton value="list" aria-label="List">
              <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} />
              List
            </ToggleButton>
            <ToggleButton value="map" aria-label="Map">
              <MapIcon fontSize="small" sx={{ mr: 0.5 }} />
              Map
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null}
      </Stack>
      {info.isPending ? (
        <Stack spacing={1} role="status" aria-label="Loading the hotels for this event">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : info.error instanceof ApiError && info.error.status === 404 ? (
        // The hotel service does not know the event: it has no stay to offer.
        <NoticePanel role="status" icon={<HotelIcon />} title={NO_HOTELS_TITLE}>
          Hotels for this event are not listed on Hostfield.
        </NoticePanel>
      ) : info.isError ? (
        <RetryAlert onRetry={() => void info.refetch()}>
          {apiErrorMessage(info.error, "The hotels for this event did not load.")}
        </RetryAlert>
      ) : (
        <Stack spacing={2}>
          <StayInfo info={info.data} />
          <HotelMatches info={info.data} view={view} />
        </Stack>
      )}
    </Paper>
  );
}
