// The built-in guide's words: an answer made of the listings found, one line each with its
// citation, at most GUIDE_MAX_CITATIONS, in the guide's tone; or, when our records do not know,
// an answer that says so and offers the destination's team.
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

/**
 * An answer listing what was found: `intro` (with a colon, or a full sentence), one line per
 * listing (its name, citation and facts), how many more matched, and `outro` when given.
 */
export function listAnswer(input: {
  guide: TTourGuideInput;
  intro: string;
  found: readonly TFound[];
  total: number;
  /** What narrowing the question further would take ("name a sport or a surface"). */
  narrower: string;
  outro?: string | null;
}): TComposed {
  const shown = input.found.slice(0, GUIDE_MAX_CITATIONS);
  const citations = shown.map((f, i) => citationOf(f.listing, i + 1, f.detail));
  const lines = shown.map(
    (f, i) => `- ${f.listing.name} [${i + 1}]${f.detail ? `: ${f.detail}` : ""}`,
  );
  const more = input.total - shown.length;
  const parts = [
    `${OPENERS[input.guide.tone]}${input.intro}`,
    lines.join("\n"),
    more > 0
      ? `${more} more ${more === 1 ? "matches" : "match"} in our records; ${input.narrower}.`
      : null,
    input.guide.tone === "concise" ? null : (input.outro ?? null),
  ];
  return {
    content: parts.filter(Boolean).join("\n\n"),
    citations,
    answered: true,
    handoff: false,
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
    : `Our records don't show ${input.what}.`;
  return {
    content: `${said} ${name}'s team knows the area best: would you like to send them a message?`,
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
