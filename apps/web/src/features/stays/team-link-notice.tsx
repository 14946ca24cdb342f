// What the reserve flow shows when it books through a team's booking link (`?teamLink=`): the team
// the booking is for (from the link's own page, features/teams), or that the link no longer works;
// and what a booking refused for a night outside the event's blocks (409 TEAM_LINK_BLOCK_ONLY)
// says.
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../lib/api";
import { teamBookingPath } from "./stay-paths";
import { getTeamBooking, stayKeys } from "./stays-api";

export const TEAM_LINK_NOT_FOUND = "This booking link is not valid";
export const TEAM_LINK_REPLACED =
  "This booking link was replaced by the organizer: ask them for the new one";
export const TEAM_LINK_BLOCK_ONLY_TEXT =
  "Your team's link books only rooms held in the event's hotel blocks, and at least one of these nights is not. Choose the block's nights, or go back to your team's page.";

export function TeamLinkNotice({ token }: { token: string }) {
  const booking = useQuery({
    queryKey: stayKeys.teamLink(token),
    queryFn: ({ signal }) => getTeamBooking(token, signal),
  });
  const back = (
    <Link component={RouterLink} to={teamBookingPath(token)}>
      Your team's page
    </Link>
  );
  if (booking.isError) {
    const status = booking.error instanceof ApiError ? booking.error.status : 0;
    if (status === 404 || status === 410) {
      return (
        <Alert severity="warning" role="alert">
          <AlertTitle>{status === 410 ? TEAM_LINK_REPLACED : TEAM_LINK_NOT_FOUND}</AlertTitle>A
          booking from here would not be recorded for a team.
        </Alert>
      );
    }
  }
  return (
    <Alert severity="info" role="note">
      <AlertTitle>
        {booking.data
          ? `Booking for team ${booking.data.team.name}`
          : "Booking for the team of your link"}
      </AlertTitle>
      The reservation is recorded for the team, with rooms from the event's hotel blocks only.{" "}
      {back}
    </Alert>
  );
}
