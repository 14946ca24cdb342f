// /shortlists: my shortlists, the last changed first, each with how many venues it holds.
import BookmarksIcon from "@mui/icons-material/Bookmarks";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { formatDate } from "../../lib/date-format";
import { shortlistPath } from "../../lib/paths";
import { PageFrame } from "../../ui/page-frame";
import { QueryStates } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { NameDialog } from "./name-dialog";
import { createShortlist, listMyShortlists, shortlistKeys } from "./save-api";

export const SHORTLISTS_TITLE = "Shortlists";

function MyShortlists() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [naming, setNaming] = useState(false);
  const mine = useQuery({
    queryKey: shortlistKeys.mine(),
    queryFn: ({ signal }) => listMyShortlists(signal),
  });
  const lists = mine.data?.items ?? [];
  const newButton = (
    <Button variant="contained" onClick={() => setNaming(true)}>
      New shortlist
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
        {newButton}
      </Stack>
      <QueryStates
        query={mine}
        isEmpty={lists.length === 0}
        loadingLabel="Loading your shortlists"
        failedTitle="Your shortlists did not load"
        empty={{
          icon: <BookmarksIcon />,
          title: "No shortlists yet",
          text: "Save facilities and destinations from the marketplaces and the map with their Save button, then compare them here.",
        }}
      >
        {() => (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: "none" }}>
            {lists.map((list) => (
              <Card key={list.id} component="li" variant="outlined">
                <CardActionArea component={RouterLink} to={shortlistPath(list.id)} sx={{ p: 2 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {list.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {list.itemCount === 1 ? "1 venue" : `${list.itemCount} venues`} · changed{" "}
                    {formatDate(list.updatedDate)}
                    {list.shareToken ? " · shared" : ""}
                  </Typography>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        )}
      </QueryStates>
      {naming ? (
        <NameDialog
          title="New shortlist"
          submitText="Create"
          save={createShortlist}
          onSaved={(list) => {
            setNaming(false);
            void client.invalidateQueries({ queryKey: shortlistKeys.all });
            void navigate(shortlistPath(list.id));
          }}
          onClose={() => setNaming(false)}
        />
      ) : null}
    </Stack>
  );
}

export function ShortlistsPage() {
  return (
    <PageFrame
      title={SHORTLISTS_TITLE}
      description="Venues you saved, in named lists to compare side by side, share, and send one request to."
      icon={<BookmarksIcon />}
    >
      <RequireSignIn what="your shortlists">
        <MyShortlists />
      </RequireSignIn>
    </PageFrame>
  );
}
