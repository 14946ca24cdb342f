// Spans and words of a text: which characters a reading consumed, so later readings skip them and a caller knows which words meant what.

/** A stretch of the text, by character offsets (end exclusive), with the words it covers. */
export type TSpan = { readonly start: number; readonly end: number; readonly text: string };

/** A word, number or punctuation mark of a text, lower-cased, with its offsets. */
export type TToken = {
  readonly text: string;
  readonly lower: string;
  readonly start: number;
  readonly end: number;
};

export function spanOf(text: string, start: number, end: number): TSpan {
  return { start, end, text: text.slice(start, end) };
}

export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }) {
  return a.start < b.end && b.start < a.end;
}

export function overlapsAny(span: { start: number; end: number }, spans: readonly TSpan[]) {
  return spans.some((s) => overlaps(span, s));
}

/** True when the span lies inside one of the spans. */
export function insideAny(span: { start: number; end: number }, spans: readonly TSpan[]) {
  return spans.some((s) => s.start <= span.start && span.end <= s.end);
}

// Neither a word character nor a space, so a masked stretch is a boundary no pattern crosses.
const MASK = "\u00a6";

/** The text with the spans blanked out, at the same length, so offsets still point into the original. */
export function maskSpans(text: string, spans: readonly TSpan[]): string {
  let out = text;
  for (const s of spans)
    out = out.slice(0, s.start) + MASK.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/**
 * Typographic dashes and quotes as their plain forms, one character for one, so that patterns
 * need to know one dash and one apostrophe and offsets stay those of the original text.
 */
export function plainText(text: string): string {
  return text.replace(/[\u2010-\u2015\u2212]/g, "-").replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Longest first, then earliest; a candidate overlapping one already kept, or a taken span, is dropped. */
export function pickLongest<T extends { readonly span: TSpan }>(
  candidates: readonly T[],
  taken: readonly TSpan[] = [],
): T[] {
  const sorted = [...candidates].sort(
    (a, b) =>
      b.span.end - b.span.start - (a.span.end - a.span.start) || a.span.start - b.span.start,
  );
  const kept: T[] = [];
  const used: TSpan[] = [...taken];
  for (const c of sorted) {
    if (overlapsAny(c.span, used)) continue;
    kept.push(c);
    used.push(c.span);
  }
  return kept.sort((a, b) => a.span.start - b.span.start);
}

// Numbers keep their thousands separators ("1,200") and decimals; words keep inner apostrophes
// ("men's") and trailing digits ("u12"); anything else is one token per character.
const TOKEN =
  /\d{1,3}(?:,\d{3})+(?:\.\d+)?[a-z]*|\d+(?:\.\d+)?[a-z]*\d*|[a-z]+(?:'[a-z]+)*\d*|\S/giu;

export function tokenize(text: string): TToken[] {
  const tokens: TToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    tokens.push({ text: m[0], lower: m[0].toLowerCase(), start, end: start + m[0].length });
  }
  return tokens;
}

/** Every match of a global pattern, as spans with their groups. */
export function matchesOf(
  text: string,
  pattern: RegExp,
): { span: TSpan; match: RegExpExecArray }[] {
  const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
  const re = new RegExp(pattern.source, flags);
  const out: { span: TSpan; match: RegExpExecArray }[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    out.push({ span: spanOf(text, m.index, m.index + m[0].length), match: m });
  }
  return out;
}
