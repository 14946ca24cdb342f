// A member's review of a facility, written or edited: stars (required), a title and the text.
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { editReview, postReview, reviewKeys, type TFacilityReview } from "./reviews-api";

export const RATING_REQUIRED = "Choose from 1 to 5 stars.";
const BODY_MAX = 5000;
const TITLE_MAX = 200;

export function ReviewForm({
  facilityId,
  review,
  onDone,
}: {
  facilityId: string;
  review: TFacilityReview | null;
  onDone?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [title, setTitle] = useState(review?.title ?? "");
  const [body, setBody] = useState(review?.body ?? "");
  const [ratingError, setRatingError] = useState(false);
  const save = useMutation({
    mutationFn: (input: { rating: number; title: string | null; body: string | null }) =>
      review ? editReview(facilityId, review.id, input) : postReview(facilityId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all(facilityId) });
      onDone?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setRatingError(true);
      return;
    }
    save.mutate({ rating, title: title.trim() || null, body: body.trim() || null });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Your review">
      <Stack spacing={2}>
        <Box>
          <Typography id={`${id}-stars`} component="legend" variant="body2">
            Your rating
          </Typography>
          <Rating
            name={`${id}-rating`}
            value={rating}
            onChange={(_event, value) => {
              setRating(value);
              setRatingError(false);
            }}
            aria-labelledby={`${id}-stars`}
          />
          {ratingError ? <FormHelperText error>{RATING_REQUIRED}</FormHelperText> : null}
        </Box>
        <TextField
          label="Title (optional)"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        />
        <TextField
          label="Your review"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: BODY_MAX } }}
          helperText={`${body.length} / ${BODY_MAX}`}
        />
        {save.isError ? (
          <Alert severity="error">
            {apiErrorMessage(save.error, "Your review was not saved. Try again.")}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {review ? "Save review" : "Post review"}
          </Button>
          {onDone ? <Button onClick={onDone}>Cancel</Button> : null}
        </Stack>
      </Stack>
    </Box>
  );
}
