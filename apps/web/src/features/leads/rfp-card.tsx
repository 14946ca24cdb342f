// One published request in the RFP marketplace: the event, its dates, sports, where the organizer
// looks, how urgently, and what space it needs.
import type { TRfpListing } from "@hostfield/domain/contracts";
import { formatCount, formatEventDates, profileLink, sportsSummary } from "@hostfield/domain/rules";
import LocalFireDepartmentIcon from "@mui/icons-material/LocalFireDepartment";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { memo, useId } from "react";
import { Link as RouterLink } from "react-router";
import { budgetLabel } from "../../lib/request-terms";
import { relativeTime } from "../../lib/time-groups";
import { askedDatesText, spaceSummary, whereSummary } from "./request-format";
import { UrgencyChip } from "./urgency-chip";

export const HOT_LABEL = "Hot lead";

/** "Tournament · Youth · Amateur". */
function eventFacts(event: TRfpListing["event"]): string {
  return [event.type, event.ageGroup, event.eventLevel].filter(Boolean).join(" · ");
}

export const RfpCard = memo(function RfpCard({
  listing,
  now,
}: {
  listing: TRfpListing;
  now: Date;
}) {
  const titleId = useId();
  const { event } = listing;
  const sports = sportsSummary(listing.sportsList);
  const space = spaceSummary(listing);
  const facts = eventFacts(event);
  // Flexible dates say when the event may happen; otherwise the event's own dates.
  const dates = askedDatesText(listing.dateOptions) ?? formatEventDates(event);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.25, height: "100%" }}
    >
      <Stack
        direction="row"
        spacing={0.75}
        useFlexGap
        sx={{ flexWrap: "wrap", alignItems: "center" }}
      >
        <UrgencyChip priority={listing.urgency} />
        {listing.isHot ? (
          <Chip
            size="small"
            variant="outlined"
            color="error"
            icon={<LocalFireDepartmentIcon />}
            label={HOT_LABEL}
          />
        ) : null}
        {listing.publishedDate ? (
          <Typography variant="caption" color="text.secondary" sx={{ ml: "auto" }}>
            <time dateTime={listing.publishedDate}>
              Published {relativeTime(listing.publishedDate, now)}
            </time>
          </Typography>
        ) : null}
      </Stack>
      <Box>
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          sx={{ lineHeight: 1.3, overflowWrap: "anywhere" }}
        >
          {event.name}
        </Typography>
        {facts ? (
          <Typography variant="body2" color="text.secondary">
            {facts}
          </Typography>
        ) : null}
      </Box>
      <Stack spacing={0.5} sx={{ fontSize: 15 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {dates}
        </Typography>
        {sports ? <Typography variant="body2">{sports}</Typography> : null}
        <Typography variant="body2">{whereSummary(listing)}</Typography>
        {space ? (
          <Typography variant="body2" color="text.secondary">
            Needs {space}
          </Typography>
        ) : null}
        {listing.attendance !== null ? (
          <Typography variant="body2" color="text.secondary">
            About {formatCount(listing.attendance)} participants
            {listing.roomNights ? ` · ${formatCount(listing.roomNights)} room nights` : ""}
          </Typography>
        ) : null}
        {listing.budget ? (
          <Typography variant="body2" color="text.secondary">
            Budget: {budgetLabel(listing.budget)}
          </Typography>
        ) : null}
      </Stack>
      {listing.spaceDescription ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: "-webkit-box",
            WebkitLineClamp: 3,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {listing.spaceDescription}
        </Typography>
      ) : null}
      <Box sx={{ mt: "auto", pt: 0.5 }}>
        <Link component={RouterLink} to={profileLink("event", event.id)} aria-describedby={titleId}>
          See the event
        </Link>
      </Box>
    </Card>
  );
});

export function RfpCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="rounded" width={96} height={24} />
      <Skeleton variant="text" width="70%" sx={{ fontSize: 24, mt: 1 }} />
      <Skeleton variant="text" width="50%" />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" width="40%" />
    </Card>
  );
}
