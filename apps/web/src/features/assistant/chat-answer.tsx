// One answer in the guide chat: being written (the text as it streams), failed (why, and what to
// do), or complete with its citations, thumbs up or down with a comment, and, when the records
// could not answer, the offer to message the destination's team.
import { FEEDBACK_COMMENT_MAX_LENGTH, type TFeedbackRating } from "@hostfield/domain/contracts";
import ChatIcon from "@mui/icons-material/Chat";
import ThumbDownIcon from "@mui/icons-material/ThumbDown";
import ThumbDownOutlinedIcon from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpIcon from "@mui/icons-material/ThumbUp";
import ThumbUpOutlinedIcon from "@mui/icons-material/ThumbUpOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { MESSAGING_PATH } from "../../lib/paths";
import { returnPathAfterSignIn } from "../../lib/sign-in-return";
import { visuallyHidden } from "../../ui/visually-hidden";
import { threadKeys } from "../messaging";
import { AnswerText, CitationChips } from "./answer-parts";
import { handOff, rateAnswer } from "./assistant-api";
import type { TExchangeRef, TTurn } from "./use-guide-conversation";

/** A bubble of the conversation: the person's on the right, the guide's on the left. */
export function Bubble({ mine, children }: { mine: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        alignSelf: mine ? "flex-end" : "flex-start",
        maxWidth: mine ? "85%" : "100%",
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: mine ? "primary.main" : "action.hover",
        color: mine ? "primary.contrastText" : "text.primary",
        minWidth: 0,
      }}
    >
      {children}
    </Box>
  );
}

function Feedback({
  exchange,
  turn,
  onRated,
}: {
  exchange: TExchangeRef | null;
  turn: TTurn;
  onRated: (message: NonNullable<TTurn["answer"]>) => void;
}) {
  const answer = turn.answer!;
  const [comment, setComment] = useState("");
  // An answer rated with a comment before (an exchange reopened) asks for none again.
  const [commentSent, setCommentSent] = useState(Boolean(answer.feedback?.comment));
  const rate = useMutation({
    mutationFn: (input: { rating: TFeedbackRating; comment: string | null }) =>
      rateAnswer(answer.exchangeId, answer.id, {
        ...input,
        ...(exchange?.key && exchange.id === answer.exchangeId
          ? { exchangeKey: exchange.key }
          : {}),
      }),
    onSuccess: (message, input) => {
      onRated(message);
      if (input.comment) setCommentSent(true);
    },
  });
  const rating = answer.feedback?.rating ?? null;
  const choose = (next: TFeedbackRating) => {
    if (rate.isPending) return;
    setCommentSent(false);
    rate.mutate({ rating: next, comment: comment.trim() || null });
  };
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    if (!rating || rate.isPending || comment.trim() === "") return;
    rate.mutate({ rating, comment: comment.trim() });
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
          Was this helpful?
        </Typography>
        <IconButton
          size="small"
          aria-label="Helpful"
          aria-pressed={rating === "up"}
          disabled={rate.isPending}
          onClick={() => choose("up")}
        >
          {rating === "up" ? (
            <ThumbUpIcon fontSize="small" color="primary" />
          ) : (
            <ThumbUpOutlinedIcon fontSize="small" />
          )}
        </IconButton>
        <IconButton
          size="small"
          aria-label="Not helpful"
          aria-pressed={rating === "down"}
          disabled={rate.isPending}
          onClick={() => choose("down")}
        >
          {rating === "down" ? (
            <ThumbDownIcon fontSize="small" color="primary" />
          ) : (
            <ThumbDownOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Stack>
      {rate.isError ? (
        <Alert severity="error" onClose={rate.reset}>
          {apiErrorMessage(rate.error, "Your feedback was not sent. Try again.")}
        </Alert>
      ) : null}
      {rating && commentSent ? (
        <Typography variant="caption" color="text.secondary" role="status">
          Thanks for your feedback.
        </Typography>
      ) : null}
      {rating && !commentSent ? (
        <Stack
          component="form"
          noValidate
          onSubmit={sendComment}
          aria-label="Comment on this answer"
          direction="row"
          spacing={1}
          sx={{ alignItems: "flex-start" }}
        >
          <TextField
            size="small"
            fullWidth
            label={rating === "down" ? "What was wrong? (optional)" : "Add a comment (optional)"}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: FEEDBACK_COMMENT_MAX_LENGTH } }}
          />
          <Button
            type="submit"
            variant="outlined"
            size="small"
            disabled={rate.isPending || comment.trim() === ""}
            sx={{ flexShrink: 0, mt: 0.5 }}
          >
            Send comment
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Handoff({
  exchange,
  exchangeId,
  destinationName,
  onDone,
}: {
  exchange: TExchangeRef | null;
  exchangeId: string;
  destinationName: string;
  onDone: () => void;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [askSignIn, setAskSignIn] = useState(false);
  const open = useMutation({
    mutationFn: () =>
      handOff(exchangeId, {
        exchangeKey: exchange?.id === exchangeId ? exchange.key : null,
      }),
    onSuccess: (groupId) => {
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
      onDone();
      navigate(`${MESSAGING_PATH}/${encodeURIComponent(groupId)}`);
    },
  });
  const label = `Message ${destinationName}'s team`;
  const returnTo = returnPathAfterSignIn(location);
  return (
    <Stack spacing={1}>
      <div>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ChatIcon />}
          disabled={open.isPending}
          onClick={() => (auth.isAuthenticated ? open.mutate() : setAskSignIn(true))}
        >
          {label}
        </Button>
      </div>
      {open.isError ? (
        <Alert severity="error" onClose={open.reset}>
          {apiErrorMessage(open.error, "The conversation could not be opened. Try again.")}
        </Alert>
      ) : null}
      {askSignIn && !auth.isAuthenticated ? (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={0.5}>
              <Button color="inherit" size="small" onClick={() => void auth.login({ returnTo })}>
                Log in
              </Button>
              <Button color="inherit" size="small" onClick={() => void auth.signup({ returnTo })}>
                Sign up
              </Button>
            </Stack>
          }
        >
          Sign in to message {destinationName}'s team. This conversation stays here.
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Why a question got no answer, and what to do: wait, start over, or try again. */
function Failure({
  turn,
  onRetry,
  onStartOver,
}: {
  turn: TTurn;
  onRetry: () => void;
  onStartOver: () => void;
}) {
  const error = turn.error;
  const code = error instanceof ApiError ? error.code : null;
  if (code === "RATE_LIMITED") {
    return (
      <Alert severity="warning" role="alert">
        {apiErrorMessage(error, "Too many questions, try again later.")}
      </Alert>
    );
  }
  if (code === "CONFLICT") {
    return (
      <Alert
        severity="info"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onStartOver}>
            New conversation
          </Button>
        }
      >
        {apiErrorMessage(error, "This conversation is full. Start a new one.")}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {apiErrorMessage(error, "The guide could not answer. Check your connection and try again.")}
    </Alert>
  );
}

export function ChatTurn({
  turn,
  exchange,
  destinationName,
  onRetry,
  onStartOver,
  onRated,
  onFollow,
  onHandedOff,
}: {
  turn: TTurn;
  exchange: TExchangeRef | null;
  destinationName: string;
  onRetry: () => void;
  onStartOver: () => void;
  onRated: (message: NonNullable<TTurn["answer"]>) => void;
  /** A citation was followed. */
  onFollow: () => void;
  onHandedOff: () => void;
}) {
  const answer = turn.answer;
  return (
    <Stack component="li" spacing={1} sx={{ listStyle: "none" }}>
      {turn.question ? (
        <Bubble mine>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <Box component="span" sx={visuallyHidden}>
              You asked:{" "}
            </Box>
            {turn.question}
          </Typography>
        </Bubble>
      ) : null}
      {turn.status === "failed" ? (
        <Failure turn={turn} onRetry={onRetry} onStartOver={onStartOver} />
      ) : null}
      {turn.status === "asking" && turn.streamed === "" ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: "text.secondary" }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">Looking through the listings…</Typography>
        </Stack>
      ) : null}
      {turn.status === "asking" && turn.streamed !== "" ? (
        <Bubble mine={false}>
          <AnswerText content={turn.streamed} citations={[]} />
        </Bubble>
      ) : null}
      {answer ? (
        <Bubble mine={false}>
          <Stack spacing={1.25}>
            <AnswerText content={answer.content} citations={answer.citations} onFollow={onFollow} />
            <CitationChips citations={answer.citations} onFollow={onFollow} />
            {answer.handoff ? (
              <Handoff
                exchange={exchange}
                exchangeId={answer.exchangeId}
                destinationName={destinationName}
                onDone={onHandedOff}
              />
            ) : null}
            <Feedback exchange={exchange} turn={turn} onRated={onRated} />
          </Stack>
        </Bubble>
      ) : null}
    </Stack>
  );
}
