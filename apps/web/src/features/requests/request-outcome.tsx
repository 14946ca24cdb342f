// What the request wizard shows once its request is published or sent: how many venues it reached,
// and the way on to the proposals, my requests and the event.
import type { TLeadBulkResult, TRequirement } from "@hostfield/domain/contracts";
import { profileLink } from "@hostfield/domain/rules";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect, useRef } from "react";
import { Link as RouterLink } from "react-router";
import { proposalsPath } from "../../lib/event-paths";
import { MY_REQUESTS_PATH } from "../../lib/paths";
import { leadTotal, plural } from "../leads";

/** What the wizard's send came to: the request published to matching venues, or sent to chosen ones. */
export type TOutcome =
  | { kind: "published"; eventId: string; requirement: TRequirement }
  | { kind: "sent"; eventId: string; result: TLeadBulkResult };

export function Outcome({ outcome }: { outcome: TOutcome }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const proposals = proposalsPath(outcome.eventId);
  let title: string;
  let body: ReactNode;
  if (outcome.kind === "published") {
    const leads = leadTotal(outcome.requirement.leadCounts);
    title = "Your request is published";
    body =
      leads > 0
        ? `${plural(leads, "lead")} created: the destinations and facilities that fit your request are told, and their proposals will show on the comparison page.`
        : "No destination or facility fits this request yet. Proposals will show on the comparison page; you can also send the request to venues you choose.";
  } else {
    const { created, existing } = outcome.result;
    title = "Your request is sent";
    body = [
      `Sent to ${plural(created.length, "venue")}.`,
      existing.length > 0 ? `${plural(existing.length, "venue")} already had it.` : "",
    ]
      .filter(Boolean)
      .join(" ");
  }
  return (
    <Stack spacing={2} role="status">
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: "none" }}>
        {title}
      </Typography>
      <Typography>{body}</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <Button component={RouterLink} to={proposals} variant="contained">
          Compare proposals
        </Button>
        <Button component={RouterLink} to={MY_REQUESTS_PATH} variant="outlined">
          My requests
        </Button>
        <Button component={RouterLink} to={profileLink("event", outcome.eventId)}>
          View the event
        </Button>
      </Stack>
    </Stack>
  );
}
