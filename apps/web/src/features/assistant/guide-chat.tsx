// The chat with a destination's tour guide: a drawer on the right of a wide screen (the page
// beside it stays usable, and following a citation keeps the conversation open), the whole screen
// of a phone. The guide's greeting, suggested questions, the conversation with answers appearing
// as they are written, a question box (Enter sends, Shift+Enter starts a line), a new conversation,
// and for someone signed in their earlier conversations with this destination.
import {
  ASSISTANT_MESSAGE_MAX_LENGTH,
  type TExchange,
  type TSuggestedQuestion,
} from "@hostfield/domain/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import CloseIcon from "@mui/icons-material/Close";
import HistoryIcon from "@mui/icons-material/History";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useAuth } from "../../lib/auth";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { useSmallScreen } from "../../ui/use-small-screen";
import { listFollowUps, listGuideQuestions } from "./assistant-api";
import { assistantKeys } from "./assistant-paths";
import { Bubble, ChatTurn } from "./chat-answer";
import { ChatHistory } from "./chat-history";
import type { TGuideSummary } from "./guide-chat-host";
import { type TConversation, useGuideConversation } from "./use-guide-conversation";

/** The drawer's width on a wide screen. */
export const CHAT_DRAWER_WIDTH = 440;
/** Suggested questions shown at once. */
const MAX_CHIPS = 4;

type TView = "conversation" | "history";

/** The first few questions, each once. */
function firstFew(questions: readonly TSuggestedQuestion[]): TSuggestedQuestion[] {
  const seen = new Set<string>();
  return questions
    .filter((q) => !seen.has(q.text) && Boolean(seen.add(q.text)))
    .slice(0, MAX_CHIPS);
}

/** What to offer as the next question: the guide's openers, or the last answer's follow-ups. */
function useSuggestions(guide: TGuideSummary, conversation: TConversation): TSuggestedQuestion[] {
  const { turns, exchange, reopened } = conversation;
  const opening = useQuery({
    queryKey: assistantKeys.questions(guide.destinationId),
    queryFn: ({ signal }) => listGuideQuestions(guide.destinationId, undefined, signal),
    enabled: turns.length === 0,
    staleTime: 5 * 60_000,
  });
  // An exchange opened again (a reload, History) asks the server for its follow-ups.
  const followUps = useQuery({
    queryKey: assistantKeys.followUps(reopened ?? ""),
    queryFn: ({ signal }) =>
      listFollowUps(guide.destinationId, reopened ?? "", exchange?.key, signal),
    enabled: reopened !== null && exchange?.id === reopened,
  });
  const last = turns.at(-1);
  if (!last) {
    const own = guide.suggestedQuestions.map((text) => ({ text, topic: null }));
    return firstFew(opening.data ?? own);
  }
  if (last.status !== "done" || !last.answer) return [];
  const offered = (reopened !== null ? followUps.data : undefined) ?? last.answer.suggestions;
  return firstFew(offered);
}

function QuestionBox({
  inputRef,
  disabled,
  onAsk,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  onAsk: (text: string) => void;
}) {
  const [text, setText] = useState("");
  const counterId = useId();
  const send = () => {
    if (disabled || text.trim() === "") return;
    onAsk(text);
    setText("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Ask a question"
      direction="row"
      spacing={1}
      sx={{ alignItems: "flex-start" }}
    >
      <TextField
        inputRef={inputRef}
        // Focus goes here when the chat opens.
        autoFocus
        fullWidth
        multiline
        maxRows={4}
        size="small"
        label="Your question"
        placeholder="Venues, hotels, food, things to do…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        helperText={`${text.length}/${ASSISTANT_MESSAGE_MAX_LENGTH}`}
        slotProps={{
          htmlInput: { maxLength: ASSISTANT_MESSAGE_MAX_LENGTH, "aria-describedby": counterId },
          formHelperText: { id: counterId, sx: { textAlign: "right", mr: 0 } },
        }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label="Send"
        disabled={disabled || text.trim() === ""}
        sx={{ mt: 0.25 }}
      >
        <SendIcon />
      </IconButton>
    </Stack>
  );
}

function ChatPanel({
  guide,
  conversation,
  titleId,
  inputRef,
  onClose,
}: {
  guide: TGuideSummary;
  conversation: TConversation;
  titleId: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onClose: () => void;
}) {
  const auth = useAuth();
  const small = useSmallScreen();
  const viewer = auth.user?.id ?? "anonymous";
  const { exchange, turns, restore, busy } = conversation;
  const [view, setView] = useState<TView>("conversation");
  const suggestions = useSuggestions(guide, conversation);
  const logRef = useRef<HTMLDivElement>(null);

  // The newest words stay in sight as they arrive.
  const lastTurn = turns.at(-1);
  const streamedLength = lastTurn?.streamed.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the conversation grows.
  useEffect(() => {
    const log = logRef.current;
    if (log && typeof log.scrollTo === "function") log.scrollTo({ top: log.scrollHeight });
  }, [turns.length, streamedLength, lastTurn?.status]);

  const ask = (text: string) => {
    setView("conversation");
    void conversation.ask(text);
    inputRef.current?.focus();
  };
  const startOver = () => {
    conversation.startOver();
    setView("conversation");
    inputRef.current?.focus();
  };
  const openEarlier = (picked: TExchange) => {
    setView("conversation");
    // Mine, signed in: no key needed.
    void conversation.open({ id: picked.id, key: null });
  };
  // On a phone the chat covers the page a citation leads to.
  const onFollow = () => {
    if (small) onClose();
  };

  return (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
              Ask {guide.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Answers from {guide.destinationName}'s listings on Hostfield
            </Typography>
          </Box>
          <IconButton aria-label="Close" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: "wrap" }}>
          {view === "history" ? (
            <Button
              size="small"
              startIcon={<ArrowBackIcon />}
              onClick={() => setView("conversation")}
            >
              Back to the conversation
            </Button>
          ) : (
            <>
              <Button
                size="small"
                startIcon={<RestartAltIcon />}
                onClick={startOver}
                disabled={turns.length === 0 && restore.status === "idle"}
              >
                New conversation
              </Button>
              {auth.isAuthenticated ? (
                <Button size="small" startIcon={<HistoryIcon />} onClick={() => setView("history")}>
                  History
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      </Box>
      <Divider />
      <Box ref={logRef} sx={{ flexGrow: 1, minHeight: 0, overflowY: "auto", px: 2, py: 2 }}>
        {view === "history" && auth.isAuthenticated ? (
          <ChatHistory
            destinationId={guide.destinationId}
            guideName={guide.name}
            viewer={viewer}
            currentId={exchange?.id ?? null}
            onOpen={openEarlier}
            onDeleted={(id) => {
              if (exchange?.id === id) startOver();
            }}
          />
        ) : (
          <Stack spacing={2}>
            <Bubble mine={false}>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                {guide.greeting}
              </Typography>
            </Bubble>
            {restore.status === "loading" ? (
              <ListSkeleton label="Loading the conversation" rows={2} height={48} />
            ) : null}
            {restore.status === "failed" ? (
              <RetryAlert onRetry={() => void conversation.open(restore.exchange)}>
                The conversation did not load.
              </RetryAlert>
            ) : null}
            <Stack
              component="ol"
              role="log"
              aria-live="polite"
              aria-busy={busy}
              aria-label="Conversation"
              spacing={2}
              sx={{ p: 0, m: 0 }}
            >
              {turns.map((turn) => (
                <ChatTurn
                  key={turn.key}
                  turn={turn}
                  exchange={exchange}
                  destinationName={guide.destinationName}
                  onRetry={() => conversation.retry(turn)}
                  onStartOver={startOver}
                  onRated={conversation.replaceAnswer}
                  onFollow={onFollow}
                  onHandedOff={onClose}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
      <Divider />
      <Stack spacing={1} sx={{ px: 2, pt: 1.5, pb: 1 }}>
        {view === "conversation" && suggestions.length > 0 && !busy ? (
          <Stack
            component="ul"
            direction="row"
            useFlexGap
            aria-label="Suggested questions"
            sx={{ flexWrap: "wrap", gap: 0.75, p: 0, m: 0, listStyle: "none" }}
          >
            {suggestions.map((suggestion) => (
              <li key={suggestion.text}>
                <Chip
                  label={suggestion.text}
                  onClick={() => ask(suggestion.text)}
                  variant="outlined"
                  color="primary"
                  size="small"
                  sx={{
                    height: "auto",
                    py: 0.5,
                    "& .MuiChip-label": { whiteSpace: "normal" },
                  }}
                />
              </li>
            ))}
          </Stack>
        ) : null}
        <QuestionBox inputRef={inputRef} disabled={busy} onAsk={ask} />
      </Stack>
    </Stack>
  );
}

export function GuideChat({
  guide,
  open,
  opener,
  onClose,
}: {
  guide: TGuideSummary;
  open: boolean;
  /** The button that opened the chat: focus goes back to it on close. */
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const small = useSmallScreen();
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);
  // Here, not in the panel: the conversation outlives a closed dialog and a turned phone.
  const conversation = useGuideConversation(guide.destinationId);

  useEffect(() => {
    if (open) {
      inputRef.current?.focus();
    } else if (wasOpen.current && opener?.isConnected) {
      opener.focus();
    }
    wasOpen.current = open;
  }, [open, opener]);

  const focusInput = () => inputRef.current?.focus();
  const panel = (
    <ChatPanel
      guide={guide}
      conversation={conversation}
      titleId={titleId}
      inputRef={inputRef}
      onClose={onClose}
    />
  );

  if (small) {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        fullScreen
        disableRestoreFocus
        aria-labelledby={titleId}
        slotProps={{ transition: { onEntered: focusInput } }}
      >
        {panel}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      // Not modal: the page beside it stays usable, and a citation's page opens beside it.
      variant="persistent"
      open={open}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-labelledby": titleId,
          "aria-modal": false,
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === "Escape") onClose();
          },
          sx: { width: CHAT_DRAWER_WIDTH, maxWidth: "100vw" },
        } as object,
        transition: { onEntered: focusInput },
      }}
    >
      {panel}
    </Drawer>
  );
}
