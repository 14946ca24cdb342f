// On a facility's or destination's page, for anyone but its own people: "Request a proposal" (the
// request wizard, set to send straight to this venue), "Save" (to one of my shortlists) and
// "Message" (a conversation with its team).

import type { TVenueKind } from "@hostfield/domain/rules";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { newRequestPath } from "../../lib/paths";
import { MessageButton } from "../../ui/message-button";
import { SaveToShortlist } from "../shortlists";
import { ProfileSection } from "./profile-section";
import { messageListing } from "./profiles-api";

export const REQUEST_A_PROPOSAL = "Request a proposal";

export function VenueActions({ kind, id, name }: { kind: TVenueKind; id: string; name: string }) {
  return (
    <ProfileSection title="Work with this venue">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          Tell {name} what your event needs; they answer with a proposal. Questions first? Message
          their team.
        </Typography>
        <Button
          component={RouterLink}
          to={newRequestPath({ kind, id })}
          variant="contained"
          startIcon={<RequestQuoteIcon />}
        >
          {REQUEST_A_PROPOSAL}
        </Button>
        <SaveToShortlist kind={kind} id={id} name={name} size="medium" />
        <MessageButton
          open={() => messageListing(kind, id)}
          signInHint={`Log in to message ${name}'s team.`}
          variant="outlined"
          fullWidth
        />
      </Stack>
    </ProfileSection>
  );
}
