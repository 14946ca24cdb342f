// /admin → Assistant: the answers people rated not helpful, newest first, with words to narrow
// them; each opens to its messages with how every answer was found (what was understood, the
// listings retrieved, the time, any fallback) and the rating's comment.
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ExchangeList } from "./exchange-list";

export const LOW_RATED_EMPTY = "No answers rated not helpful";

export function AssistantPanel() {
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Conversations with at least one answer rated not helpful. Open one to see what the guide
        understood, the listings it retrieved and how long it took.
      </Typography>
      <ExchangeList
        scope={{ scope: "all" }}
        label="Find low-rated answers"
        rating="down"
        showAsker
        empty={{
          title: LOW_RATED_EMPTY,
          text: "Answers people rate thumbs down, with their comments, show up here.",
        }}
      />
    </Stack>
  );
}
