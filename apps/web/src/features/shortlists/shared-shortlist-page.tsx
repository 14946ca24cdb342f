// /shared/shortlists/{token}: a shortlist someone shared, read-only, no sign-in needed.
import BookmarksIcon from "@mui/icons-material/Bookmarks";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { CompareView } from "./compare-view";
import { DistanceFrom, useDistanceFrom } from "./distance-from";
import { shortlistKeys } from "./save-api";
import { getSharedShortlist } from "./shortlists-api";

function Shared({ token }: { token: string }) {
  const from = useDistanceFrom();
  const shared = useQuery({
    queryKey: shortlistKeys.shared(token, from),
    queryFn: ({ signal }) => getSharedShortlist(token, from, signal),
    placeholderData: (previous) => previous,
  });
  if (shared.isPending) return <ListSkeleton label="Loading the shortlist" rows={4} height={72} />;
  if (
    shared.isError &&
    shared.error instanceof ApiError &&
    [400, 404].includes(shared.error.status)
  ) {
    return (
      <NoticePanel role="status" icon={<BookmarksIcon />} title="This link does not work any more">
        Whoever shared it stopped sharing or made a new link. Ask them for the current one.
      </NoticePanel>
    );
  }
  if (shared.isError && !shared.data) {
    return (
      <LoadFailedPanel
        title="The shortlist did not load"
        error={shared.error}
        onRetry={() => void shared.refetch()}
      />
    );
  }
  const list = shared.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
        {list.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Shared read-only · changed {formatDate(list.updatedDate)}
      </Typography>
      <DistanceFrom />
      {list.origin ? (
        <Typography variant="body2" color="text.secondary">
          Distances from {list.origin.label}, as the crow flies.
        </Typography>
      ) : null}
      {list.rows.length === 0 ? (
        <NoticePanel role="status" icon={<BookmarksIcon />} title="No venues on it">
          Nothing on this shortlist is listed publicly right now.
        </NoticePanel>
      ) : (
        <CompareView rows={list.rows} />
      )}
    </Stack>
  );
}

export function SharedShortlistPage() {
  const { token } = useParams();
  return (
    <PageFrame title="Shared shortlist" icon={<BookmarksIcon />}>
      <Shared token={token ?? ""} />
    </PageFrame>
  );
}
