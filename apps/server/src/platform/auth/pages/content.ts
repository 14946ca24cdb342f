// Non-form pieces of the sign-in pages: heading, body text and the links under a card.
import { type HtmlValue, html, type SafeHtml, safeUrl } from "./escape";

export function pageHeading(heading: string, lead?: HtmlValue): SafeHtml {
  return html`<h1>${heading}</h1>
${lead !== undefined && lead !== "" && html`<p class="lead">${lead}</p>`}`;
}

/** Paragraphs of body text; pass `html` values to emphasise part of one. */
export function textBlock(...paragraphs: readonly HtmlValue[]): SafeHtml {
  return html`<div class="text">${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}</div>`;
}

export function mutedText(text: HtmlValue): SafeHtml {
  return html`<p class="muted">${text}</p>`;
}

export function textLink({ href, label }: { href: string; label: string }): SafeHtml {
  // The class gives the link a 44 px tall target without changing how the text looks.
  return html`<a class="link-target" href="${safeUrl(href)}">${label}</a>`;
}

/** A link placed right under the field it belongs to, such as "Forgot password?". */
export function fieldAside(link: { href: string; label: string }): SafeHtml {
  return html`<div class="field-aside">${textLink(link)}</div>`;
}

export type TCardLink = { lead?: string; href: string; label: string };

/** The links under a card's main action, each optionally introduced: "New to Hostfield? Sign up". */
export function cardLinks(...links: readonly TCardLink[]): SafeHtml {
  return html`<div class="links">${links.map(
    (link) => html`<p>${link.lead && html`${link.lead} `}${textLink(link)}</p>`,
  )}</div>`;
}
