import { DEFAULT_TITLE, TITLE_TEMPLATE } from "@hostfield/domain/reference";
import { useLayoutEffect } from "react";

/** The title of a page without one: the default title in the template. */
export const DEFAULT_DOCUMENT_TITLE = TITLE_TEMPLATE.replace("%s", DEFAULT_TITLE);

/** Spec §2: titles follow '%s | Hostfield'; without a page title the default applies. */
export function formatDocumentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? TITLE_TEMPLATE.replace("%s", trimmed) : DEFAULT_DOCUMENT_TITLE;
}

/** Set during commit, so the title never lags behind the page it names. */
export function useDocumentTitle(title?: string | null): void {
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
