// A story's Markdown to the HTML every reader is given: marked renders it (raw HTML in the source
// included, so the sanitizer is the one gate), sanitize-html keeps an allow-list of elements and
// attributes, links only to http(s), mailto and our own paths, every link rel="noopener nofollow
// ugc", images only from our /media or https. Nothing here fetches anything.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  // A story's own title is its page's h1: headings in the body start at h2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener nofollow ugc" },
    }),
    // Every picture has a text alternative: the author's, or none said (alt="": decorative), so
    // a screen reader never reads out its address instead.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
  },
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Our own paths (/media/…, /facilities/…) are fine: relative URLs carry no scheme.
  disallowedTagsMode: "discard",
  // script, style, iframe and the like go with everything inside them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  parser: { decodeEntities: true },
};

/** The sanitized HTML of a story's Markdown. */
export function renderStoryBody(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&amp;": "&",
};

/** Plain words of a Markdown text (for a summary when the author gave none), as text, not HTML. */
export function plainText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(lt|gt|quot|amp|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
