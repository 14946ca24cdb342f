// The parts of the public pages about the product (Help, How it works, Contact): titled sections a
// link can open at (`/how-it-works#facilities`), a list of them to jump to, and short answers.
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect, useId } from "react";
import { Link as RouterLink, useLocation } from "react-router";

/** Room above a section opened by its anchor, for the sticky top bar. */
const SCROLL_MARGIN = 80;

export type TSectionEntry = { id: string; title: string };

/**
 * Brings the section the address names (`#facilities`) into view, also when the address changes
 * inside the app (the browser jumps to an anchor by itself only when it loads the page).
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, [hash]);
}

/** "On this page": a link to each section, for a long page on a phone as much as anywhere. */
export function SectionIndex({ sections }: { sections: readonly TSectionEntry[] }) {
  const headingId = useId();
  return (
    <Box component="nav" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="subtitle2" component="h2" color="text.secondary">
        On this page
      </Typography>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        sx={{ flexWrap: "wrap", columnGap: 2.5, rowGap: 1, listStyle: "none", p: 0, m: 0, mt: 1 }}
      >
        {sections.map((section) => (
          <li key={section.id}>
            <Link component={RouterLink} to={{ hash: section.id }}>
              {section.title}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** One titled part of the page (an h2), opened by its id. */
export function InfoSection({
  section,
  intro,
  children,
}: {
  section: TSectionEntry;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${section.id}-title`;
  return (
    <Box
      component="section"
      id={section.id}
      aria-labelledby={headingId}
      sx={{ scrollMarginTop: SCROLL_MARGIN, "& + &": { mt: 5 } }}
    >
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        {section.title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
          {intro}
        </Typography>
      ) : null}
      <Stack spacing={2.5} sx={{ maxWidth: 760 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** A question (an h3) and its short answer. */
export function Answer({ question, children }: { question: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {question}
      </Typography>
      <Typography component="div" sx={{ mt: 0.5, "& p": { m: 0 }, "& p + p": { mt: 1 } }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A link to another page of the app, inside an answer's text. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}
