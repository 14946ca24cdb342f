// /team-booking/{token}: a team's booking link, open to whoever holds it, signed in or not: the
// event and the team (its name and the rooms it needs, nothing of any other team), the
// stay-to-play rule, and each of the event's open blocks with its nights (room type, rate, rooms
// left) and a Book button into the hotel's reserve flow for the block's nights, carrying the link
// (the booking then records the team). A link the organizer replaced, or one never given, says so.
import type { TTeamBooking } from "@hostfield/domain/contracts";
import { formatEventDateRange } from "@hostfield/domain/rules";
import GroupsIcon from "@mui/icons-material/Groups";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatDay, formatMoney, formatNight, plural } from "../../lib/stay-format";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { getTeamBooking, stayKeys, TEAM_LINK_NOT_FOUND, TEAM_LINK_REPLACED } from "../stays";
import { teamReservePath } from "./teams-paths";

export const NO_BLOCKS = "No rooms are held for this event yet";

type TBookingBlock = TTeamBooking["blocks"][number];

function BlockCard({
  block,
  eventId,
  token,
}: {
  block: TBookingBlock;
  eventId: string;
  token: string;
}) {
  const headingId = useId();
  const nights = [...new Set(block.nights.map((n) => n.night))];
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={headingId}
              variant="h6"
              component="h3"
              sx={{ overflowWrap: "anywhere" }}
            >
              {block.hotel.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Book by {formatDay(block.cutoffDate)}
              {block.minNights > 1 ? ` · at least ${plural(block.minNights, "night")}` : ""}
            </Typography>
          </Box>
          <Button
            variant="contained"
            component={RouterLink}
            to={teamReservePath(block.hotel.id, eventId, nights, token)}
            aria-label={`Book at ${block.hotel.name}`}
            disabled={nights.length === 0}
          >
            Book
          </Button>
        </Stack>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={`Nights held at ${block.hotel.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Night</TableCell>
                <TableCell>Room type</TableCell>
                <TableCell align="right">Rate</TableCell>
                <TableCell align="right">Rooms left</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {block.nights.map((night) => (
                <TableRow key={`${night.night}-${night.roomTypeId}`}>
                  <TableCell>{formatNight(night.night)}</TableCell>
                  <TableCell>{night.roomTypeName}</TableCell>
                  <TableCell align="right">{formatMoney(night.rate)}</TableCell>
                  <TableCell align="right">
                    {night.roomsLeft > 0 ? night.roomsLeft : "Sold out"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}

function TeamBooking({ token }: { token: string }) {
  const booking = useQuery({
    queryKey: stayKeys.teamLink(token),
    queryFn: ({ signal }) => getTeamBooking(token, signal),
  });
  if (booking.isPending)
    return <ListSkeleton label="Loading the team's page" rows={3} height={96} />;
  if (booking.isError) {
    const status = booking.error instanceof ApiError ? booking.error.status : 0;
    if (status === 410) {
      return (
        <NoticePanel role="alert" icon={<LinkOffIcon />} title={TEAM_LINK_REPLACED}>
          The organizer made a new link for your team; this one no longer opens its page.
        </NoticePanel>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <NoticePanel role="alert" icon={<LinkOffIcon />} title={TEAM_LINK_NOT_FOUND}>
          Check that the whole link was copied, or ask the event's organizer for it.
        </NoticePanel>
      );
    }
    return (
      <LoadFailedPanel
        title="The team's page did not load"
        error={booking.error}
        onRetry={() => void booking.refetch()}
      />
    );
  }
  const { event, team, stayToPlay, blocks } = booking.data;
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {team.name}
        </Typography>
        <Typography color="text.secondary">
          {event.name} · {formatEventDateRange(event.startDate, event.endDate)}
        </Typography>
        <Typography variant="body2">
          Your team needs {plural(team.roomsNeeded, "room")}; {team.roomsBooked} booked so far.
        </Typography>
      </Stack>
      {stayToPlay ? (
        <Alert severity="info" role="note">
          Stay-to-play: this event asks every team to book within its hotel blocks, the hotels
          below.
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Anyone may look at the rooms; booking asks you to sign in, so you can find, change or cancel
        the reservation later. Each reservation made from this page is recorded for your team.
      </Typography>
      {blocks.length === 0 ? (
        <NoticePanel role="status" icon={<GroupsIcon />} title={NO_BLOCKS}>
          The organizer has not agreed room blocks with hotels yet. Come back to this link later.
        </NoticePanel>
      ) : (
        <Stack spacing={2}>
          {blocks.map((block) => (
            <BlockCard key={block.id} block={block} eventId={event.id} token={token} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function TeamBookingPage() {
  const { token = "" } = useParams();
  return (
    <PageFrame title="Team hotel booking" icon={<GroupsIcon />}>
      <TeamBooking token={token} />
    </PageFrame>
  );
}
