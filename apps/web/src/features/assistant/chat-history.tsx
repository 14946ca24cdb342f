// "History" in the guide chat, for someone signed in: their earlier exchanges with this
// destination's guide, newest first, each reopening with its messages, or deleted.
import type { TExchange } from "@hostfield/domain/contracts";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlineOutlined";
import HistoryIcon from "@mui/icons-material/History";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { removeCachedItem, useOffsetPages } from "../../lib/offset-pages";
import { useConfirm } from "../../ui/confirm";
import { LoadMoreFooter, QueryStates } from "../../ui/query-states";
import { deleteExchange, searchExchanges } from "./assistant-api";
import { assistantKeys, type TExchangeScope } from "./assistant-paths";

export const HISTORY_PAGE_SIZE = 20;
export const NO_HISTORY = "No earlier conversations";

const questionsLabel = (count: number) => {
  const questions = Math.ceil(count / 2);
  return questions === 1 ? "1 question" : `${questions} questions`;
};

export function ChatHistory({
  destinationId,
  guideName,
  viewer,
  currentId,
  onOpen,
  onDeleted,
}: {
  destinationId: string;
  guideName: string;
  viewer: string;
  /** The exchange the chat shows now. */
  currentId: string | null;
  onOpen: (exchange: TExchange) => void;
  onDeleted: (exchangeId: string) => void;
}) {
  const scope: TExchangeScope = { scope: "mine", destinationId };
  const queryKey = assistantKeys.exchangeList(scope, {}, viewer);
  const { query, items } = useOffsetPages({
    queryKey,
    load: (page, signal) => searchExchanges(scope, {}, page, signal),
    pageSize: HISTORY_PAGE_SIZE,
  });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: (exchange: TExchange) => deleteExchange(exchange.id),
    onSuccess: (_reply, exchange) => {
      removeCachedItem(queryClient, queryKey, exchange.id);
      onDeleted(exchange.id);
      enqueueSnackbar("The conversation was deleted.", { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The conversation could not be deleted."), {
        variant: "error",
      }),
  });
  return (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      loadingLabel="Loading your conversations"
      skeleton={{ rows: 3, height: 52 }}
      failedTitle="Your conversations did not load."
      empty={{
        icon: <HistoryIcon />,
        title: NO_HISTORY,
        text: `Questions you ask ${guideName} while signed in are kept here.`,
      }}
    >
      {() => (
        <Stack spacing={1.5}>
          <Stack component="ul" spacing={1} aria-label="Earlier conversations" sx={{ p: 0, m: 0 }}>
            {items.map((exchange) => (
              <Stack
                key={exchange.id}
                component="li"
                direction="row"
                spacing={0.5}
                sx={{
                  listStyle: "none",
                  alignItems: "center",
                  border: 1,
                  borderColor: exchange.id === currentId ? "primary.main" : "divider",
                  borderRadius: 1,
                }}
              >
                <ButtonBase
                  onClick={() => onOpen(exchange)}
                  aria-current={exchange.id === currentId ? "true" : undefined}
                  sx={{
                    flexGrow: 1,
                    minWidth: 0,
                    justifyContent: "flex-start",
                    textAlign: "left",
                    px: 1.5,
                    py: 1,
                    borderRadius: 1,
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                      {exchange.title}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {[formatDateTime(exchange.updatedDate), questionsLabel(exchange.messageCount)]
                        .filter(Boolean)
                        .join(" · ")}
                    </Typography>
                  </Box>
                </ButtonBase>
                <IconButton
                  size="small"
                  aria-label={`Delete "${exchange.title}"`}
                  disabled={remove.isPending}
                  onClick={async () => {
                    const result = await confirm({
                      title: "Delete this conversation?",
                      description: "Its questions and answers are deleted. It cannot be undone.",
                      confirmText: "Delete",
                      confirmButtonType: "danger",
                    });
                    if (result === "confirmed") remove.mutate(exchange);
                  }}
                  sx={{ mr: 0.5 }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <LoadMoreFooter query={query} failedText="More conversations did not load." />
        </Stack>
      )}
    </QueryStates>
  );
}
