// The request wizard's last step: everything the request says, read back as facts, and who gets it
// (every matching destination and facility, or venues the organizer chooses). A send that failed
// says why here; an event already created stays so, and a retry sends only the request.
import { formatCount, formatEventDates } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { apiErrorMessage } from "../../lib/api";
import { plural, spaceSummary, sportsLine, urgencyLevel, whereSummary } from "../leads";
import { Choice } from "./choice";
import type { TEventDatesFacts } from "./date-options-field";
import { datesSummary, type TDateOptionsValues } from "./date-options-rules";
import type { TOrganizationPick } from "./organization-choice";
import { reviewTermFacts, type TFieldErrors, type TRequestValues } from "./request-form";
import type { TVenue } from "./requests-api";
import { VenuePicker } from "./venue-picker";

export type TDelivery = "match" | "chosen";

/** One line of the review: a term and what was said. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

export function ReviewStep({
  event,
  organization,
  dates,
  request,
  delivery,
  chosen,
  errors,
  sendError,
  eventSaved,
  onDelivery,
  onChosen,
}: {
  event: TEventDatesFacts & { name: string };
  /** The new event's organization; null for an event that exists. */
  organization: TOrganizationPick | null;
  dates: TDateOptionsValues;
  request: TRequestValues;
  delivery: TDelivery;
  chosen: TVenue[];
  errors: TFieldErrors;
  /** Why the last send failed; null when it did not. */
  sendError: Error | null;
  /** The event was created by a send that failed after it. */
  eventSaved: boolean;
  onDelivery: (delivery: TDelivery) => void;
  onChosen: (venues: TVenue[]) => void;
}) {
  const urgency = urgencyLevel(request.urgency === "" ? null : Number(request.urgency));
  const space = spaceSummary({
    needsSpecificSpaceType: request.needsSpecificSpaceType,
    spaceType: request.spaceType || null,
    spaceSurface: request.spaceSurface || null,
    spaceTypeCount: Number(request.spaceTypeCount) || null,
    spaceLocation: request.spaceLocation || null,
  });
  const datesAsked = datesSummary(dates);
  return (
    <Stack spacing={3}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
          columnGap: 3,
          rowGap: { xs: 0, sm: 1 },
          "& dd": { mb: { xs: 1.5, sm: 0 } },
        }}
      >
        <Fact term="Event">{event.name}</Fact>
        {organization && organization.kind !== "none" ? (
          <Fact term="Organization">
            {organization.kind === "new" ? `${organization.name.trim()} (new)` : organization.name}
          </Fact>
        ) : null}
        {datesAsked ? (
          <Fact term="Dates">
            {`${datesAsked.words} (${plural(datesAsked.setCount, "date set")})`}
          </Fact>
        ) : null}
        {event.startDate ? (
          <Fact term={datesAsked ? "Event's dates" : "Dates"}>{formatEventDates(event)}</Fact>
        ) : null}
        <Fact term="Sports">{sportsLine(request.sportsList, true)}</Fact>
        {request.needsSpecificFacilityType ? (
          <Fact term="Facility types">{request.facilityTypes.join(", ")}</Fact>
        ) : null}
        {space ? <Fact term="Space">{space}</Fact> : null}
        {request.spaceDescription.trim() ? (
          <Fact term="Also needed">{request.spaceDescription.trim()}</Fact>
        ) : null}
        <Fact term="Where">
          {whereSummary({
            address: request.where === "near" ? request.address.trim() : null,
            dist: Number(request.dist) || null,
          })}
        </Fact>
        {urgency ? (
          <Fact term="Urgency">
            {urgency.label} — {urgency.tag}
          </Fact>
        ) : null}
        {request.attendance.trim() ? (
          <Fact term="Attendance">{formatCount(Number(request.attendance))}</Fact>
        ) : null}
        {request.roomNights.trim() ? (
          <Fact term="Room nights">{formatCount(Number(request.roomNights))}</Fact>
        ) : null}
        {reviewTermFacts(request).map(([term, words]) => (
          <Fact key={term} term={term}>
            {words}
          </Fact>
        ))}
      </Box>
      <Choice<TDelivery>
        label="Who should get it?"
        value={delivery}
        onChange={onDelivery}
        options={[
          {
            value: "match",
            label: "Match destinations and facilities for me",
            detail:
              "Everyone whose sports, spaces and place fit gets a lead and can send a proposal.",
          },
          {
            value: "chosen",
            label: "Send it to venues I choose",
            detail: "Only the destinations and facilities you pick get it.",
          },
        ]}
      />
      {delivery === "chosen" ? (
        <VenuePicker chosen={chosen} onChange={onChosen} error={errors.chosen} />
      ) : null}
      {sendError ? (
        <Alert severity="error" role="alert">
          {apiErrorMessage(sendError, "The request could not be sent. Try again.")}
          {eventSaved ? " Your event is saved; trying again sends only the request." : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
