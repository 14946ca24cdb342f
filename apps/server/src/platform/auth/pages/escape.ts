// HTML escaping for the server-rendered auth pages: a tagged template that escapes by default.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in element content and in double- or single-quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

// Only this module holds the key, so only `html` and `raw` can make a SafeHtml.
const MINT = Symbol("SafeHtml");

/** Markup that is already safe; only `html` and `raw` make one, so strings are always escaped. */
export class SafeHtml {
  readonly #markup: string;

  constructor(mint: symbol, markup: string) {
    if (mint !== MINT) throw new TypeError("SafeHtml is made by html`` or raw() only");
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

/** `false`, `null` and `undefined` render nothing, so `${cond && html`...`}` reads naturally. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | false
  | null
  | undefined
  | readonly HtmlValue[];

/** Marks trusted markup (our own constants) as safe. Never pass user input. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(MINT, markup);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (value === false || value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(value as string | number);
}

/** Builds markup; every interpolation is escaped unless it is a `SafeHtml` (from `html` or `raw`). */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? "";
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(MINT, markup);
}

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

/**
 * Escaping does not stop `javascript:` or `data:` URLs, so href and action values go through this.
 * Browsers drop leading control characters and spaces, and tabs and newlines anywhere, before
 * reading the scheme; so does the check.
 */
export function safeUrl(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: mirrors the URL parser's own stripping.
  const normalized = url.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "");
  // "//host" and "/\\host" are absolute URLs to another site in disguise.
  if (/^[/\\]{2}/.test(normalized)) return "#";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalized)?.[1]?.toLowerCase();
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme) ? url : "#";
}
