// The panels the event-scoped request pages share: a missing event, and a visitor who does not
// organize it.

import { profileLink } from "@hostfield/domain/rules";
import LockIcon from "@mui/icons-material/Lock";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";
import { MY_REQUESTS_PATH } from "../../lib/paths";
import { NoticePanel } from "../../ui/notice-panel";

export function EventNotFound() {
  return (
    <NoticePanel
      role="alert"
      icon={<SearchOffIcon />}
      title="This event was not found"
      actions={
        <Button component={RouterLink} to={MY_REQUESTS_PATH} variant="contained">
          My requests
        </Button>
      }
    >
      It may have been removed, or the address is mistyped.
    </NoticePanel>
  );
}

export function OrganizersOnly({ eventId, what }: { eventId: string; what: string }) {
  return (
    <NoticePanel
      icon={<LockIcon />}
      title={`Only the event's organizers can ${what}`}
      actions={
        <Button component={RouterLink} to={profileLink("event", eventId)} variant="outlined">
          Back to the event
        </Button>
      }
    >
      Ask one of its organizers to add you as a manager of the event.
    </NoticePanel>
  );
}
