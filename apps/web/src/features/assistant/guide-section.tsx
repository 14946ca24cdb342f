// "Ask {guide}" on a destination's page (its side column). The server paints destination pages
// for visitors (first-view.tsx) and Lighthouse scores them: this asks for the guide only once the
// page is in the browser, keeps the button's room from the first paint (no layout shift), checks
// the reply by hand, and loads the chat's code only when it is about to open.
import ForumIcon from "@mui/icons-material/Forum";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAuth } from "../../lib/auth";
import { hasSessionHint } from "../../lib/auth/session-hint";
import { assistantKeys } from "./assistant-paths";
import { getTourGuide } from "./guide-api";
import { preloadGuideChat, useOpenGuideChat } from "./guide-chat-host";

/** The button's height, kept from the first paint. */
const BUTTON_HEIGHT = 44;

export function TourGuideSection({ destinationId }: { destinationId: string }) {
  const auth = useAuth();
  const openChat = useOpenGuideChat();
  // Not on the server, and not while the browser takes the painted page over: after that.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const viewer = auth.user?.id ?? "anonymous";
  const guide = useQuery({
    queryKey: assistantKeys.guide(destinationId, viewer),
    queryFn: ({ signal }) => getTourGuide(destinationId, signal),
    enabled: inBrowser && (!auth.isLoading || !hasSessionHint()),
  });

  // No guide to offer: switched off, or it could not be had.
  if (guide.isError || guide.data?.isEnabled === false || !openChat) return null;
  const data = guide.data;
  return (
    <Box sx={{ height: BUTTON_HEIGHT }}>
      {data ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          startIcon={<ForumIcon />}
          onPointerEnter={preloadGuideChat}
          onFocus={preloadGuideChat}
          onClick={(event) => openChat(data, event.currentTarget)}
          aria-haspopup="dialog"
          sx={{ height: BUTTON_HEIGHT, textTransform: "none" }}
        >
          Ask {data.name}
        </Button>
      ) : (
        <Skeleton
          variant="rounded"
          height={BUTTON_HEIGHT}
          aria-label="Loading the tour guide"
          role="status"
        />
      )}
    </Box>
  );
}
