// Hostile Markdown a story's author could write: each must come out of the server's renderer
// inert (no script runs, no handler, no javascript: or data: link, no frame, no style), whether
// read through the API or on the page the server paints. Shared by the server's tests and the
// browser journey.

export const XSS_PAYLOADS: readonly { name: string; markdown: string }[] = [
  { name: "script tag", markdown: "<script>window.__xss = 'script'</script>" },
  { name: "script tag, mixed case", markdown: "<ScRiPt>window.__xss = 'Script'</ScRiPt>" },
  { name: "img onerror", markdown: '<img src="x" onerror="window.__xss=\'img\'">' },
  { name: "img onerror, unquoted", markdown: "<img src=x onerror=window.__xss=1>" },
  { name: "javascript: link (Markdown)", markdown: "[click me](javascript:window.__xss='md')" },
  {
    name: "javascript: link (HTML)",
    markdown: "<a href=\"javascript:window.__xss='a'\">click</a>",
  },
  {
    name: "javascript: link, entity-encoded",
    markdown:
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:window.__xss=1">enc</a>',
  },
  {
    name: "javascript: link, hex entities and tab",
    markdown: '<a href="jav&#x09;ascript:window.__xss=1">tab</a>',
  },
  { name: "javascript: link, upper case", markdown: "[up](JAVASCRIPT:window.__xss=1)" },
  { name: "svg onload", markdown: "<svg onload=\"window.__xss='svg'\"><circle r=1 /></svg>" },
  { name: "iframe", markdown: '<iframe src="https://evil.example/"></iframe>' },
  { name: "iframe srcdoc", markdown: '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>' },
  {
    name: "style expression",
    markdown: '<p style="width: expression(window.__xss=1)">styled</p>',
  },
  { name: "style element", markdown: "<style>body { background: url(javascript:1) }</style>" },
  {
    name: "data: URL link",
    markdown: "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  },
  {
    name: "data: URL image",
    markdown: "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  },
  { name: "object and embed", markdown: '<object data="x.swf"></object><embed src="x.swf">' },
  {
    name: "form with action",
    markdown: '<form action="https://evil.example"><button>go</button></form>',
  },
  { name: "meta refresh", markdown: '<meta http-equiv="refresh" content="0;url=javascript:1">' },
  { name: "base tag", markdown: '<base href="https://evil.example/">' },
  { name: "details ontoggle", markdown: '<details open ontoggle="window.__xss=1">x</details>' },
  {
    name: "broken-up tag",
    markdown: "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  },
  {
    name: "handler in a link",
    markdown: '<a href="https://ok.example" onclick="window.__xss=1">ok</a>',
  },
  { name: "vbscript: link", markdown: "[vb](vbscript:msgbox(1))" },
  { name: "protocol-relative image", markdown: "![pr](//evil.example/x.png)" },
  { name: "closing the page's state", markdown: "</script><script>window.__xss='state'</script>" },
];

/** What no tag of a sanitized story's HTML may contain (escaped text is only text). */
const FORBIDDEN_IN_TAGS = [
  /<script/,
  /<iframe/,
  /<svg/,
  /<style/,
  /<object/,
  /<embed/,
  /<form/,
  /<meta/,
  /<base/,
  /<details/,
  /\son[a-z]+\s*=/,
  /javascript:/,
  /vbscript:/,
  /(href|src)\s*=\s*["']?\s*data:/,
  /\sstyle\s*=/,
  /(href|src)\s*=\s*["']?\/\//,
];

/** The forbidden things found in the tags of `html` (none: it is inert). */
export function xssFindings(html: string): string[] {
  const tags = (html.match(/<[a-z!/][^>]*>/gi) ?? []).map((tag) => tag.toLowerCase());
  return tags.flatMap((tag) =>
    FORBIDDEN_IN_TAGS.filter((rule) => rule.test(tag)).map((rule) => `${tag} (${rule.source})`),
  );
}
