// The document frame every sign-in page shares: head, inline styles, logo and a centred card.
import { BRAND, TITLE_TEMPLATE } from "@hostfield/domain/reference";
import { html, raw, type SafeHtml } from "./escape";
import { AUTH_PAGE_CSS } from "./styles";

// Same mark as the web app's logo; drawn inline because the pages load nothing else.
const LOGO_MARK = raw(
  '<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">' +
    '<rect class="brand-square" width="64" height="64" rx="14"/>' +
    '<path d="M18 14h8v14h12V14h8v36h-8V36H26v14h-8z" fill="#fff"/>' +
    '<circle class="brand-dot" cx="48" cy="48" r="6"/>' +
    "</svg>",
);

// The same mark as a data: URL favicon: no request, and no 404 when the web app is not built.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#1554d1"/>' +
    '<path d="M18 14h8v14h12V14h8v36h-8V36H26v14h-8z" fill="#fff"/>' +
    '<circle cx="48" cy="48" r="6" fill="#e8590c"/></svg>',
)}`;

export type TPageOptions = {
  /** Shown as '{title} | Hostfield' in the tab; the page's own heading is part of `body`. */
  title: string;
  body: SafeHtml;
  lang?: string;
  /** A script of this site's to run once the page is read (`defer`); pages work without it. */
  script?: string;
};

export function renderPage({ title, body, lang = "en", script }: TPageOptions): string {
  // A function replacer, so a '$&' in the title is not read as a replacement pattern.
  const documentTitle = TITLE_TEMPLATE.replace("%s", () => title);
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${documentTitle}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON}">
<style>${raw(AUTH_PAGE_CSS)}</style>
${script ? html`<script src="${script}" defer></script>` : ""}
</head>
<body>
<div class="shell">
<header class="masthead"><a class="brand" href="/">${LOGO_MARK}<span>${BRAND}</span></a></header>
<main class="card">
${body}
</main>
</div>
</body>
</html>
`.toString();
}
