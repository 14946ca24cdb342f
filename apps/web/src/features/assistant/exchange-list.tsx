// Exchanges with the assistant to read back, for a destination's managers (the questions visitors
// asked its guide; who asked is not theirs to know) and for admins (the low-rated answers, with how
// each was found). Words of the questions or answers narrow the list, kept in the address with the
// rating; each exchange opens to its messages, read only.
import type {
  TAssistantMessageWithDebug,
  TExchange,
  TExchangeFilter,
  TMessageDebug,
} from "@hostfield/domain/contracts";
import { booleanCodec, stringCodec } from "@hostfield/domain/rules";
import QuestionAnswerIcon from "@mui/icons-material/QuestionAnswer";
import ThumbDownIcon from "@mui/icons-material/ThumbDown";
import ThumbUpIcon from "@mui/icons-material/ThumbUp";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useAuth } from "../../lib/auth";
import { formatDateTime } from "../../lib/date-format";
import { useOffsetPages } from "../../lib/offset-pages";
import { useQueryParam } from "../../lib/query-params";
import { AccordionRow } from "../../ui/accordion-row";
import { ListSkeleton, LoadMoreFooter, QueryStates, RetryAlert } from "../../ui/query-states";
import { SearchBar } from "../../ui/search-bar";
import { AnswerText, CitationChips } from "./answer-parts";
import { listExchangeMessages, searchExchanges } from "./assistant-api";
import { assistantKeys, type TExchangeScope } from "./assistant-paths";

export const EXCHANGES_PAGE_SIZE = 20;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function DebugView({ debug }: { debug: TMessageDebug }) {
  const understood = Object.entries(debug.understood).filter(
    ([, value]) =>
      value !== null &&
      value !== undefined &&
      !(Array.isArray(value) && value.length === 0) &&
      !(typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0),
  );
  return (
    <Box
      component="section"
      aria-label="How the answer was found"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}
    >
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        How the answer was found
      </Typography>
      <Stack spacing={0.75}>
        <Typography variant="body2">
          {`Answered in ${Math.round(debug.ms)} ms`}
          {debug.fallback ? ` · Fallback: ${debug.fallback}` : " · No fallback"}
        </Typography>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Understood
          </Typography>
          {understood.length === 0 ? (
            <Typography variant="body2">Nothing in particular</Typography>
          ) : (
            <Box
              component="dl"
              sx={{
                m: 0,
                display: "grid",
                gridTemplateColumns: "max-content 1fr",
                columnGap: 1.5,
                typography: "body2",
                "& dd": { m: 0, overflowWrap: "anywhere" },
              }}
            >
              {understood.map(([key, value]) => (
                <Box key={key} sx={{ display: "contents" }}>
                  <Box component="dt" sx={{ color: "text.secondary" }}>
                    {key}
                  </Box>
                  <Box component="dd">
                    {typeof value === "string" ? value : JSON.stringify(value)}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            Retrieved
          </Typography>
          {debug.retrieved.length === 0 ? (
            <Typography variant="body2">No listings</Typography>
          ) : (
            <Box component="ul" aria-label="Retrieved listings" sx={{ m: 0, pl: 2.5 }}>
              {debug.retrieved.map((listing) => (
                <Typography component="li" variant="body2" key={`${listing.kind}-${listing.id}`}>
                  {listing.name} ({listing.kind})
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

function MessageView({
  message,
  askerLabel,
}: {
  message: TAssistantMessageWithDebug;
  askerLabel: string;
}) {
  if (message.role === "user") {
    return (
      <Box component="li" sx={{ listStyle: "none" }}>
        <Typography variant="caption" color="text.secondary">
          {askerLabel} · {formatDateTime(message.createdDate)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "pre-wrap" }}>
          {message.content}
        </Typography>
      </Box>
    );
  }
  const feedback = message.feedback;
  return (
    <Box component="li" sx={{ listStyle: "none", pl: 1.5, borderLeft: 3, borderColor: "divider" }}>
      <Stack spacing={1}>
        <Typography variant="caption" color="text.secondary">
          The guide{message.answered ? "" : " · Not answered from our records"}
          {message.provider === "llm" ? " · Language model" : ""}
        </Typography>
        <AnswerText content={message.content} citations={message.citations} />
        <CitationChips citations={message.citations} />
        {feedback ? (
          <Alert
            severity={feedback.rating === "down" ? "warning" : "success"}
            icon={feedback.rating === "down" ? <ThumbDownIcon /> : <ThumbUpIcon />}
          >
            {feedback.rating === "down" ? "Rated not helpful" : "Rated helpful"}
            {feedback.comment ? `: “${feedback.comment}”` : ""}
          </Alert>
        ) : null}
        {message.debug ? <DebugView debug={message.debug} /> : null}
      </Stack>
    </Box>
  );
}

function ExchangeMessages({ exchange, askerLabel }: { exchange: TExchange; askerLabel: string }) {
  const viewer = useAuth().user?.id ?? "anonymous";
  const messages = useQuery({
    queryKey: assistantKeys.messages(exchange.id, viewer),
    queryFn: ({ signal }) => listExchangeMessages(exchange.id, { signal }),
  });
  if (messages.isPending) return <ListSkeleton label="Loading the messages" rows={2} />;
  if (messages.isError) {
    return (
      <RetryAlert onRetry={() => void messages.refetch()}>The messages did not load.</RetryAlert>
    );
  }
  return (
    <Stack component="ol" spacing={2} aria-label="Messages" sx={{ p: 0, m: 0 }}>
      {messages.data.map((message) => (
        <MessageView key={message.id} message={message} askerLabel={askerLabel} />
      ))}
    </Stack>
  );
}

function ExchangeItem({ exchange, showAsker }: { exchange: TExchange; showAsker: boolean }) {
  // Admins see who asked (a visitor who was not signed in has no name); managers never do.
  const asker = showAsker ? (exchange.asker?.name ?? "A visitor") : null;
  const askerLabel = `${asker ?? "A visitor"} asked`;
  // Messages load and render when opened.
  return (
    <AccordionRow
      title={exchange.title}
      secondary={[
        asker,
        exchange.destination?.name,
        formatDateTime(exchange.updatedDate),
        plural(exchange.messageCount, "message", "messages"),
      ]
        .filter(Boolean)
        .join(" · ")}
      extra={
        exchange.feedback.up + exchange.feedback.down > 0 ? (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} component="span">
            {exchange.feedback.down > 0 ? (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                icon={<ThumbDownIcon />}
                label={plural(exchange.feedback.down, "not helpful", "not helpful")}
              />
            ) : null}
            {exchange.feedback.up > 0 ? (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<ThumbUpIcon />}
                label={plural(exchange.feedback.up, "helpful", "helpful")}
              />
            ) : null}
          </Stack>
        ) : null
      }
    >
      <ExchangeMessages exchange={exchange} askerLabel={askerLabel} />
    </AccordionRow>
  );
}

function ExchangeResults({
  scope,
  filter,
  showAsker,
  empty,
}: {
  scope: TExchangeScope;
  filter: TExchangeFilter;
  showAsker: boolean;
  empty: { title: string; text: string };
}) {
  const viewer = useAuth().user?.id ?? "anonymous";
  const { query, items, count } = useOffsetPages({
    queryKey: assistantKeys.exchangeList(scope, filter, viewer),
    load: (page, signal) => searchExchanges(scope, filter, page, signal),
    pageSize: EXCHANGES_PAGE_SIZE,
  });
  return (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      loadingLabel="Loading the conversations"
      skeleton={{ rows: 4 }}
      failedTitle="The conversations did not load."
      empty={{ icon: <QuestionAnswerIcon />, ...empty }}
    >
      {() => (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary" role="status">
            {`${plural(count, "conversation", "conversations")}, newest first.`}
          </Typography>
          <Box>
            {items.map((exchange) => (
              <ExchangeItem key={exchange.id} exchange={exchange} showAsker={showAsker} />
            ))}
          </Box>
          <LoadMoreFooter query={query} failedText="More conversations did not load." />
        </Stack>
      )}
    </QueryStates>
  );
}

/**
 * The exchanges of `scope`, with a search by words; `ratingFilter` offers "Not helpful only"
 * (otherwise `rating` is fixed: the admins' low-rated answers).
 */
export function ExchangeList({
  scope,
  label,
  rating,
  ratingFilter = false,
  showAsker = false,
  empty,
}: {
  scope: TExchangeScope;
  /** The search form's name ("Find questions"). */
  label: string;
  rating?: "down";
  ratingFilter?: boolean;
  showAsker?: boolean;
  empty: { title: string; text: string };
}) {
  const [text, setText] = useQueryParam("q", stringCodec, "");
  const [downOnly, setDownOnly] = useQueryParam("down", booleanCodec, false);
  const [draft, setDraft] = useState(text);
  const filter = useMemo<TExchangeFilter>(
    () => ({
      ...(text ? { text } : {}),
      ...((ratingFilter && downOnly) || rating === "down" ? { rating: "down" as const } : {}),
    }),
    [text, downOnly, ratingFilter, rating],
  );
  return (
    <Stack spacing={2}>
      <SearchBar
        ariaLabel={label}
        label="Words in the questions or answers"
        value={draft}
        onChange={setDraft}
        onSubmit={setText}
        minWidth={240}
      >
        {ratingFilter ? (
          <FormControlLabel
            label="Rated not helpful only"
            control={
              <Checkbox
                checked={downOnly}
                onChange={(event) => setDownOnly(event.target.checked)}
              />
            }
          />
        ) : null}
      </SearchBar>
      <ExchangeResults
        key={JSON.stringify(filter)}
        scope={scope}
        filter={filter}
        showAsker={showAsker}
        empty={empty}
      />
    </Stack>
  );
}
