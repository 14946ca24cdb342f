// "4.5 ★ from 12 reviews" under a facility's name: its own module, as the header shows it in the
// first view while the reviews section further down loads when it comes into view.
import Rating from "@mui/material/Rating";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { fetchRatings, reviewKeys } from "./reviews-api";

/** The facility's rating, or that it has none yet. */
export function RatingSummary({ facilityId }: { facilityId: string }) {
  const ratings = useQuery({
    queryKey: reviewKeys.ratings(facilityId),
    queryFn: ({ signal }) => fetchRatings(facilityId, signal),
  });
  if (ratings.isPending) return <Skeleton variant="text" width={160} />;
  if (ratings.isError) return null;
  const { average, count } = ratings.data;
  if (count === 0 || average === null)
    return <Typography color="text.secondary">Not rated yet</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Rating value={average} precision={0.1} readOnly size="small" aria-hidden />
      <Typography>
        <strong>{average.toFixed(1)}</strong> out of 5 from {count}{" "}
        {count === 1 ? "review" : "reviews"}
      </Typography>
    </Stack>
  );
}
