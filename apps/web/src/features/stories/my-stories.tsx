// My stories in every state (draft, waiting, published, published with changes waiting) with a
// link to each; an admin sees the stories waiting for approval too. Hidden while there are none.
import type { TStorySummary } from "@hostfield/domain/contracts";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { PageSection } from "../../ui/page-section";
import { RetryAlert } from "../../ui/query-states";
import { fetchMyStories, storyKeys } from "./stories-api";
import { storyPath } from "./story-card";

export const STATUS_LABELS: Record<TStorySummary["status"], string> = {
  draft: "Draft",
  pending: "Waiting for approval",
  approved: "Published",
};
/** A published story whose author's changes wait for an admin. */
export const CHANGES_WAITING_LABEL = "Published, changes waiting";

export function MyStories({ isAdmin }: { isAdmin: boolean }) {
  const mine = useQuery({
    queryKey: storyKeys.mine,
    queryFn: ({ signal }) => fetchMyStories(signal),
  });
  if (mine.isError) {
    return (
      <RetryAlert onRetry={() => mine.refetch()}>
        {apiErrorMessage(mine.error, "Your stories could not be loaded.")}
      </RetryAlert>
    );
  }
  const items = mine.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <PageSection title={isAdmin ? "My stories and stories waiting for approval" : "My stories"}>
      <List dense disablePadding>
        {items.map((story) => (
          <ListItem key={story.id} disablePadding>
            <ListItemButton component={RouterLink} to={storyPath(story.slug)}>
              <ListItemText
                primary={story.title}
                secondary={story.author ? `by ${story.author.name}` : null}
                slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
              />
              <Chip
                size="small"
                label={story.revisionDate ? CHANGES_WAITING_LABEL : STATUS_LABELS[story.status]}
                color={
                  story.status === "pending" || story.revisionDate
                    ? "warning"
                    : story.status === "approved"
                      ? "success"
                      : "default"
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </PageSection>
  );
}
