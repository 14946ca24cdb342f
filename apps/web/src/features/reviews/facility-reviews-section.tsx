// A facility page's reviews: the average and count, the visitor's own review (written, edited or
// removed by them; never by the facility's own managers), and every review, newest first.
import RateReviewIcon from "@mui/icons-material/RateReview";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/date-format";
import { useOffsetPages } from "../../lib/offset-pages";
import { useConfirm } from "../../ui/confirm";
import { LoadMoreFooter, QueryStates, RetryAlert } from "../../ui/query-states";
import { RatingSummary } from "./rating-summary";
import {
  deleteReview,
  fetchMyReview,
  fetchReviews,
  reviewKeys,
  type TFacilityReview,
} from "./reviews-api";

/** How many reviews one page shows. */
export const REVIEWS_PAGE_SIZE = 5;
// The form's code (text fields, their menus and popovers) loads when a member is to write.
const ReviewForm = lazy(async () => ({ default: (await import("./review-form")).ReviewForm }));

function ReviewText({ review }: { review: TFacilityReview }) {
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Rating value={review.rating} readOnly size="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {review.rating} of 5
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {review.author} · {formatDate(review.createdDate)}
        </Typography>
      </Stack>
      {review.title ? (
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{review.title}</Typography>
      ) : null}
      {review.body ? (
        <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {review.body}
        </Typography>
      ) : null}
    </Stack>
  );
}

function MyReview({ facilityId, viewer }: { facilityId: string; viewer: string }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const mine = useQuery({
    queryKey: reviewKeys.mine(facilityId, viewer),
    queryFn: ({ signal }) => fetchMyReview(facilityId, signal),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteReview(facilityId, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all(facilityId) }),
  });
  if (mine.isPending)
    return (
      <Skeleton variant="rounded" height={120} role="status" aria-label="Loading your review" />
    );
  if (mine.isError)
    return (
      <RetryAlert onRetry={() => void mine.refetch()}>
        {apiErrorMessage(mine.error, "Your review did not load.")}
      </RetryAlert>
    );
  const review = mine.data;
  if (!review || editing)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 700 }}>
          {review ? "Edit your review" : "Write a review"}
        </Typography>
        <Suspense
          fallback={
            <Skeleton variant="rounded" height={220} role="status" aria-label="Loading the form" />
          }
        >
          <ReviewForm
            key={review?.updatedDate ?? "new"}
            facilityId={facilityId}
            review={review}
            onDone={review ? () => setEditing(false) : undefined}
          />
        </Suspense>
      </Paper>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 700 }}>
        Your review
      </Typography>
      <ReviewText review={review} />
      {remove.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorMessage(remove.error, "Your review was not removed. Try again.")}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button onClick={() => setEditing(true)}>Edit</Button>
        <Button
          color="error"
          disabled={remove.isPending}
          onClick={async () => {
            const answer = await confirm({
              title: "Remove your review?",
              confirmText: "Remove",
              confirmButtonType: "danger",
            });
            if (answer === "confirmed") remove.mutate(review.id);
          }}
        >
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

export function FacilityReviewsSection({
  facilityId,
  facilityName,
  canReview,
  manages,
}: {
  facilityId: string;
  facilityName: string;
  /** The caller may write a review (signed in, not one of its managers). */
  canReview: boolean;
  /** The caller manages the facility. */
  manages: boolean;
}) {
  const headingId = useId();
  const auth = useAuth();
  const { query, items } = useOffsetPages({
    queryKey: reviewKeys.list(facilityId),
    load: (page, signal) => fetchReviews(facilityId, page, signal),
    pageSize: REVIEWS_PAGE_SIZE,
  });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            Reviews
          </Typography>
          <RatingSummary facilityId={facilityId} />
        </Box>
        {canReview && auth.user ? (
          <MyReview facilityId={facilityId} viewer={auth.user.id} />
        ) : manages ? (
          <Typography color="text.secondary">
            You manage {facilityName}, so you cannot review it.
          </Typography>
        ) : !auth.isAuthenticated ? (
          // Also while sign-in is still loading: the server paints the page for a visitor, and the
          // first render here must match it (a redrawn first view otherwise).
          <Typography color="text.secondary">Log in to review {facilityName}.</Typography>
        ) : null}
        <Divider />
        <QueryStates
          query={query}
          isEmpty={items.length === 0}
          loadingLabel="Loading the reviews"
          skeleton={{ rows: 2, height: 72 }}
          failedTitle="The reviews did not load"
          empty={{
            icon: <RateReviewIcon />,
            title: "No reviews yet",
            text: `Nobody has reviewed ${facilityName} yet.`,
          }}
        >
          {() => (
            <Stack
              component="ul"
              spacing={2}
              divider={<Divider />}
              sx={{ listStyle: "none", m: 0, p: 0 }}
            >
              {items.map((review) => (
                <li key={review.id}>
                  <ReviewText review={review} />
                </li>
              ))}
            </Stack>
          )}
        </QueryStates>
        <LoadMoreFooter
          query={query}
          label="More reviews"
          failedText="More reviews did not load."
        />
      </Stack>
    </Paper>
  );
}
