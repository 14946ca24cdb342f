// What of a model's answer may reach a visitor, checked as it streams: its `[ref]` markers become
// citations of the listings the tools returned, renumbered in order of first use (a ref the tools
// never returned is dropped), and e-mail addresses, phone numbers and links that no retrieved
// listing publishes are removed. The model is told all this; the guard holds whatever it writes.
import type { TCitation } from "@hostfield/domain/contracts";
import type { TGuideListing } from "../../guide/area";
import { citationOf } from "../../guide/compose";
import type { TRetrieved } from "./tools";

/** The contact details the retrieved listings publish, as compared. */
export type TPublished = { emails: Set<string>; phones: Set<string>; hosts: Set<string> };

/** A phone number's digits, without a leading North American country code. */
const phoneDigits = (text: string) => {
  const digits = text.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
};

/** A link's host, lower-cased and without "www."; null when it has none. */
function hostOf(link: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `http://${link}`;
  try {
    return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

export function publishedContacts(listings: Iterable<TGuideListing>): TPublished {
  const published: TPublished = { emails: new Set(), phones: new Set(), hosts: new Set() };
  for (const { contact } of listings) {
    if (contact.email) published.emails.add(contact.email.trim().toLowerCase());
    if (contact.phone) {
      const digits = phoneDigits(contact.phone);
      if (digits.length >= 7) published.phones.add(digits);
    }
    if (contact.website) {
      const host = hostOf(contact.website.trim());
      if (host) published.hosts.add(host);
    }
  }
  return published;
}

const phoneAllowed = (text: string, published: TPublished) =>
  published.phones.has(phoneDigits(text));

// ---- the patterns --------------------------------------------------------------------------------

/** `[3]`, `[1, 2]`, `[ref 4]` — a citation marker (not a markdown link's text, nor a year). */
const MARKER = /([ \t]*)\[(?:refs?:?\s*)?(\d{1,3}(?:\s*[,;]\s*(?:refs?:?\s*)?\d{1,3})*)\](?!\()/gi;
/** `[text](target)` */
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(([^)\s]*)\)/g;
const TLDS =
  "com|org|net|edu|gov|mil|int|io|co|us|info|biz|test|app|dev|me|ly|ai|tv|travel|events?|sport|sports|club|online|site|xyz|ca|uk|de";
/**
 * One pass over everything a visitor could use to reach someone (with the spaces before it, which
 * go with it when it is removed): e-mail addresses (with a mailto:),
 * links (with a scheme, "www.", or a bare host under a common top-level domain), phone numbers
 * with an area code or a country code (a bare "555-0100" reads too much like a range to remove).
 */
const CONTACT = new RegExp(
  String.raw`(?<lead>[ \t]*)(?:` +
    [
      String.raw`(?<email>(?:mailto:)?[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})`,
      String.raw`(?<link>(?:https?:\/\/|www\.)[^\s<>"'()\[\]{}]+|(?<![@\w.-])(?:[a-z0-9-]+\.)+(?:${TLDS})(?![\w-])(?:\/[^\s<>"'()\[\]{}]*)?)`,
      String.raw`(?<phone>(?<![\w.])(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}(?!\d)|(?<![\w.])\+\d{1,3}(?:[ .-]?\d{1,4}){2,5}(?!\d))`,
    ].join("|") +
    ")",
  "gi",
);
/** Punctuation that ends a sentence, not a link. */
const TRAILING = /[.,;:!?]+$/;

// ---- streaming -----------------------------------------------------------------------------------

/** A `[` opened this close to the end waits for its `]` (and a link's `(…)`) before it is shown. */
const OPEN_BRACKET_WINDOW = 300;

const backOverSpaces = (text: string, index: number) => {
  let i = index;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i;
};

/** Where an unfinished `[…` or `[…](…` starts in `text`, if it does. */
function openBracket(text: string): number | null {
  const start = text.lastIndexOf("[");
  if (start < 0 || text.length - start > OPEN_BRACKET_WINDOW) return null;
  const close = text.indexOf("]", start);
  if (close < 0 || close === text.length - 1) return start;
  if (text[close + 1] === "(" && text.indexOf(")", close) < 0) return start;
  return null;
}

/**
 * How much of `text` can be shown before more comes: not the last word (a marker, an address or a
 * link may go on), not the spaces before it (a dropped marker takes them along), not an unfinished
 * bracket, and not a run of digits a phone number may continue.
 */
export function safeCut(text: string): number {
  const lastWord = text.search(/\s+\S*$/);
  let cut = lastWord < 0 ? 0 : lastWord;
  const open = openBracket(text.slice(0, cut));
  if (open !== null) cut = backOverSpaces(text, open);
  const digits = /[+(]?\d[\d \t().-]*$/.exec(text.slice(0, cut));
  if (digits) cut = backOverSpaces(text, digits.index);
  return cut;
}

export type TAnswerGuard = {
  /** Takes more of the reply's text; returns what may be shown now (possibly nothing). */
  push(text: string): string;
  /** The reply ended: the rest of it. */
  end(): string;
  /** Everything shown so far: what push and end returned, together. */
  readonly content: string;
  /** The listings the text cited, in order of first use, numbered as the text now reads. */
  citations(): TCitation[];
  /** The retrieved records the text cited, in the same order. */
  cited(): TRetrieved[];
  /** What was taken out: refs the tools never returned, and contact details nobody publishes. */
  readonly dropped: { refs: number[]; contacts: string[] };
};

/** A guard over one reply, checking it against the listings retrieved for it. */
export function answerGuard(retrieved: ReadonlyMap<number, TRetrieved>): TAnswerGuard {
  const shownRef = new Map<number, number>();
  const dropped = { refs: [] as number[], contacts: [] as string[] };
  let pending = "";
  let content = "";
  let started = false;

  function clean(segment: string): string {
    const published = publishedContacts([...retrieved.values()].map((r) => r.listing));
    const linkAllowed = (link: string) => {
      const host = hostOf(link);
      return host !== null && published.hosts.has(host);
    };
    let text = segment.replace(MARKDOWN_LINK, (whole, label: string, target: string) => {
      if (linkAllowed(target)) return whole;
      dropped.contacts.push(target);
      return label;
    });
    text = text.replace(MARKER, (_whole, lead: string, list: string) => {
      const kept: number[] = [];
      for (const part of list.split(/[,;]/)) {
        const ref = Number(part.replace(/\D/g, ""));
        if (!retrieved.has(ref)) {
          dropped.refs.push(ref);
          continue;
        }
        if (!shownRef.has(ref)) shownRef.set(ref, shownRef.size + 1);
        const shown = shownRef.get(ref)!;
        if (!kept.includes(shown)) kept.push(shown);
      }
      return kept.length ? `${lead}${kept.map((n) => `[${n}]`).join("")}` : "";
    });
    text = text.replace(CONTACT, (whole: string, ...rest: unknown[]) => {
      const groups = rest.at(-1) as {
        lead: string;
        email?: string;
        link?: string;
        phone?: string;
      };
      if (groups.email) {
        const address = groups.email.replace(/^mailto:/i, "").toLowerCase();
        if (published.emails.has(address)) return whole;
      } else if (groups.link) {
        const link = groups.link.replace(TRAILING, "");
        if (linkAllowed(link)) return whole;
        dropped.contacts.push(link);
        return groups.link.slice(link.length);
      } else if (groups.phone && phoneAllowed(groups.phone, published)) {
        return whole;
      }
      dropped.contacts.push(whole.trim());
      return "";
    });
    // Brackets a removal left empty go too.
    return text === segment ? text : text.replace(/[ \t]*\(\s*\)/g, "");
  }

  function cited(): TRetrieved[] {
    return [...shownRef.entries()].sort((a, b) => a[1] - b[1]).map(([ref]) => retrieved.get(ref)!);
  }

  function show(segment: string) {
    const text = clean(segment);
    content += text;
    return text;
  }

  return {
    push(text) {
      pending += text;
      if (!started) {
        pending = pending.trimStart();
        if (pending === "") return "";
        started = true;
      }
      const cut = safeCut(pending);
      if (cut === 0) return "";
      const segment = pending.slice(0, cut);
      pending = pending.slice(cut);
      return show(segment);
    },
    end() {
      const rest = pending.trimEnd();
      pending = "";
      return rest ? show(rest) : "";
    },
    get content() {
      return content;
    },
    citations() {
      return cited().map(({ listing, detail }, i) => citationOf(listing, i + 1, detail));
    },
    cited,
    dropped,
  };
}

/** A whole reply through the guard at once. */
export function guardAnswer(text: string, retrieved: ReadonlyMap<number, TRetrieved>) {
  const guard = answerGuard(retrieved);
  guard.push(text);
  guard.end();
  return { content: guard.content, citations: guard.citations(), dropped: guard.dropped };
}
