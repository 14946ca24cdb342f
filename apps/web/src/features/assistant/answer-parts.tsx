// How an answer reads wherever it shows (the chat, the managers' and admins' lists): its text with
// the `[n]` markers as small links to the listing each cites, and the citation chips under it.
import type { TCitation } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";

const MARKER = /\[(\d+)\]/g;

/**
 * The answer's text, paragraphs and lines kept; each `[n]` whose citation is known becomes a small
 * link to that listing (plain text while the answer is still being written).
 */
export function AnswerText({
  content,
  citations,
  onFollow,
}: {
  content: string;
  citations: readonly TCitation[];
  /** A citation was followed (the chat closes on a phone). */
  onFollow?: () => void;
}) {
  const byRef = new Map(citations.map((citation) => [citation.ref, citation]));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(MARKER)) {
    const citation = byRef.get(Number(match[1]));
    if (!citation) continue;
    parts.push(content.slice(last, match.index));
    parts.push(
      <Link
        key={`${match.index}-${citation.ref}`}
        component={RouterLink}
        to={citation.url}
        onClick={onFollow}
        aria-label={`Source ${citation.ref}: ${citation.name}`}
        title={citation.name}
        sx={{ fontSize: "0.75em", verticalAlign: "super", lineHeight: 0, mx: 0.25 }}
      >
        [{citation.ref}]
      </Link>,
    );
    last = match.index + match[0].length;
  }
  parts.push(content.slice(last));
  return (
    <Typography
      component="div"
      variant="body2"
      sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
    >
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the text's pieces in order, never moved.
        typeof part === "string" ? <Fragment key={index}>{part}</Fragment> : part,
      )}
    </Typography>
  );
}

/** The listings an answer cites: name and the facts taken, each a link to its page. */
export function CitationChips({
  citations,
  onFollow,
}: {
  citations: readonly TCitation[];
  onFollow?: () => void;
}) {
  if (citations.length === 0) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      useFlexGap
      aria-label="Sources"
      sx={{ flexWrap: "wrap", gap: 0.75, p: 0, m: 0, listStyle: "none" }}
    >
      {[...citations]
        .sort((a, b) => a.ref - b.ref)
        .map((citation) => (
          <Box component="li" key={citation.ref} sx={{ maxWidth: "100%" }}>
            <Chip
              component={RouterLink}
              to={citation.url}
              clickable
              onClick={onFollow}
              variant="outlined"
              size="small"
              label={
                <>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {citation.ref}. {citation.name}
                  </Box>
                  {citation.detail ? (
                    <Box component="span" sx={{ color: "text.secondary" }}>
                      {` · ${citation.detail}`}
                    </Box>
                  ) : null}
                </>
              }
              sx={{
                height: "auto",
                maxWidth: "100%",
                py: 0.5,
                "& .MuiChip-label": { whiteSpace: "normal", overflowWrap: "anywhere" },
              }}
            />
          </Box>
        ))}
    </Stack>
  );
}
