// What a page about one listing says when there is none to show it: the listing page, and the
// pages that manage a listing (a destination's tour guide, its CRM).
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";
import { NoticePanel } from "./notice-panel";

export function ListingNotFound({ title }: { title: string }) {
  return (
    <NoticePanel
      role="alert"
      icon={<SearchOffIcon />}
      title={title}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          Back to the start
        </Button>
      }
    >
      It may be waiting for approval, or it was removed, or the address is mistyped.
    </NoticePanel>
  );
}
