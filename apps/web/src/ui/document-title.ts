import { DEFAULT_TITLE, TITLE_TEMPLATE } from "@hostfield/domain/reference";
import { createContext, useContext, useLayoutEffect } from "react";

/** The title of a page without one: the default title in the template. */
export const DEFAULT_DOCUMENT_TITLE = TITLE_TEMPLATE.replace("%s", DEFAULT_TITLE);

/** Spec §2: titles follow '%s | Hostfield'; without a page title the default applies. */
export function formatDocumentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? TITLE_TEMPLATE.replace("%s", trimmed) : DEFAULT_DOCUMENT_TITLE;
}

/** What a page says of itself in the document's head: its title, a description and an image. */
export type TPageHead = { title: string; description?: string; image?: string };

/** Link previews and search results show about this much of a description. */
const DESCRIPTION_MAX = 200;

/** Plain words for a description: one line, at most DESCRIPTION_MAX characters. */
export function headDescription(text: string | null | undefined): string | undefined {
  const flat = text?.replace(/\s+/g, " ").trim();
  if (!flat) return undefined;
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * Where the server's first view (first-view.tsx) collects the head of the page it paints: written
 * during its render, since effects never run there. Null in the browser, which sets the title itself.
 */
export const PageHeadContext = createContext<TPageHead | null>(null);

/**
 * Names the page: the document title, set during commit so it never lags behind the page it
 * names; and, when the server paints the page, its title, description and image for the head.
 */
export function useDocumentTitle(
  title?: string | null,
  about?: { description?: string | null; image?: string | null },
): void {
  const head = useContext(PageHeadContext);
  if (head) {
    head.title = formatDocumentTitle(title);
    const description = headDescription(about?.description);
    if (description) head.description = description;
    if (about?.image) head.image = about.image;
  }
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
