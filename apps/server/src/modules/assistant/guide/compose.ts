// The built-in guide's words: an answer made of the listings found, one line each with its
// citation, at most GUIDE_MAX_CITATIONS, in the guide's tone; or, when our records do not know,
// an answer that says so and offers the destination's team. A question of several topics gets a
// part for each, the citations shared among them.
import type { TCitation, TTourGuideInput } from "@hostfield/domain/contracts";
import { GUIDE_MAX_CITATIONS } from "@hostfield/domain/rules";
import type { TGuideDestination, TGuideListing } from "./area";
import type { TFound } from "./retrieve";

export type TComposed = {
  content: string;
  citations: TCitation[];
  answered: boolean;
  handoff: boolean;
};

/** The listing as a citation: `[ref]` in the text, its name and page, the facts used. */
export function citationOf(listing: TGuideListing, ref: number, detail: string | null): TCitation {
  return {
    ref,
    kind: listing.kind,
    id: listing.id,
    name: listing.name,
    url: listing.url,
    detail: detail || null,
  };
}

const OPENERS: Record<TTourGuideInput["tone"], string> = {
  friendly: "",
  professional: "",
  enthusiastic: "Great question! ",
  concise: "",
};

/**
 * Listings that touch a topic the destination stresses come first (keeping the order otherwise):
 * a stressed topic found in a listing's name, description or sports.
 */
export function stressFirst(found: readonly TFound[], topics: readonly string[]): TFound[] {
  if (topics.length === 0) return [...found];
  const words = topics.map((t) => t.toLowerCase());
  const stressed = (f: TFound) => {
    const text = [f.listing.name, f.listing.description ?? "", ...f.listing.sports]
      .join(" ")
      .toLowerCase();
    return words.some((w) => text.includes(w));
  };
  return [...found.filter(stressed), ...found.filter((f) => !stressed(f))];
}

/** What one topic's part of an answer found, and how to say it. */
export type TListed = {
  /** "3 hotels in the area:" (with a colon, or a full sentence). */
  intro: string;
  found: readonly TFound[];
  total: number;
  /** What narrowing the question further would take ("name a sport or a surface"). */
  narrower: string;
};

/** The listing lines of a part: at most `limit`, cited from `firstRef` on, and how many more. */
function listedPart(part: TListed, limit: number, firstRef: number) {
  const shown = part.found.slice(0, limit);
  const citations = shown.map((f, i) => citationOf(f.listing, firstRef + i, f.detail));
  const lines = shown.map(
    (f, i) => `- ${f.listing.name} [${firstRef + i}]${f.detail ? `: ${f.detail}` : ""}`,
  );
  const more = part.total - shown.length;
  const text = [
    part.intro,
    lines.join("\n"),
    more > 0
      ? `${more} more ${more === 1 ? "matches" : "match"} in our records; ${part.narrower}.`
      : null,
  ];
  return { text: text.filter(Boolean).join("\n\n"), citations };
}

/**
 * An answer listing what was found: `intro` (with a colon, or a full sentence), one line per
 * listing (its name, citation and facts), how many more matched, and `outro` when given.
 */
export function listAnswer(
  input: TListed & { guide: TTourGuideInput; outro?: string | null },
): TComposed {
  const part = listedPart(input, GUIDE_MAX_CITATIONS, 1);
  const parts = [
    `${OPENERS[input.guide.tone]}${part.text}`,
    input.guide.tone === "concise" ? null : (input.outro ?? null),
  ];
  return {
    content: parts.filter(Boolean).join("\n\n"),
    citations: part.citations,
    answered: true,
    handoff: false,
  };
}

/**
 * How many listings each part of an answer of several topics cites: GUIDE_MAX_CITATIONS dealt to
 * the parts in turn, a part with fewer listings leaving its turns to the others (two topics: three
 * each; three: two each).
 */
function shareCitations(sizes: readonly number[]): number[] {
  const shares = sizes.map(() => 0);
  let left = GUIDE_MAX_CITATIONS;
  let dealt = true;
  while (left > 0 && dealt) {
    dealt = false;
    for (let i = 0; i < sizes.length && left > 0; i++) {
      if (shares[i]! < sizes[i]!) {
        shares[i]!++;
        left--;
        dealt = true;
      }
    }
  }
  return shares;
}

/**
 * The answer to a question of several topics: a part for each, in the order asked, the citations
 * shared among them (`shareCitations`) and numbered through; a topic our records do not answer says
 * so (`none`), and the destination's team is offered once, at the end.
 */
export function severalAnswer(input: {
  guide: TTourGuideInput;
  destination: TGuideDestination;
  /** Each topic's part; `none` says what our records do not show when it found nothing. */
  parts: readonly (TListed & { none: string })[];
}): TComposed {
  const listedParts = input.parts.filter((p) => p.found.length > 0);
  const shares = shareCitations(listedParts.map((p) => p.found.length));
  const texts: string[] = [];
  const citations: TCitation[] = [];
  let unknown = false;
  for (const part of input.parts) {
    const at = listedParts.indexOf(part);
    if (at < 0) {
      unknown = true;
      texts.push(notShown(part.none));
      continue;
    }
    const listed = listedPart(part, shares[at]!, citations.length + 1);
    texts.push(listed.text);
    citations.push(...listed.citations);
  }
  if (unknown) texts.push(teamOffer(input.destination));
  texts[0] = `${OPENERS[input.guide.tone]}${texts[0] ?? ""}`;
  return {
    content: texts.join("\n\n"),
    citations,
    answered: citations.length > 0,
    handoff: unknown,
  };
}

/** An answer about one listing (the destination, or a listing named): its facts, cited once. */
export function factsAnswer(input: {
  guide: TTourGuideInput;
  listing: TGuideListing;
  sentences: readonly string[];
  detail: string | null;
}): TComposed {
  const [first = "", ...rest] = input.sentences;
  return {
    content: [`${OPENERS[input.guide.tone]}${first} [1]`, ...rest].filter(Boolean).join(" "),
    citations: [citationOf(input.listing, 1, input.detail)],
    answered: true,
    handoff: false,
  };
}

const notShown = (what: string) => `Our records don't show ${what}.`;
const teamOffer = (destination: TGuideDestination) =>
  `${destination.name}'s team knows the area best: would you like to send them a message?`;

/** What our records do not know, said plainly, with the destination's team offered. */
export function unknownAnswer(input: {
  guide: TTourGuideInput;
  destination: TGuideDestination;
  /** "a venue with indoor volleyball courts", "the weather in March". */
  what: string;
  /** Whether it is outside what the guide ever knows (weather, prices of permits). */
  outside?: boolean;
}): TComposed {
  const name = input.destination.name;
  const said = input.outside
    ? `I can only answer from ${name}'s listings on Hostfield, and they don't cover ${input.what}.`
    : notShown(input.what);
  return {
    content: `${said} ${teamOffer(input.destination)}`,
    citations: [],
    answered: false,
    handoff: true,
  };
}

/** A topic the destination asked its guide to leave to its team. */
export function declinedAnswer(input: {
  guide: TTourGuideInput;
  destination: TGuideDestination;
  topic: string;
}): TComposed {
  return {
    content: `${input.destination.name}'s team answers questions about ${input.topic} themselves. Would you like to send them a message?`,
    citations: [],
    answered: false,
    handoff: true,
  };
}
