// The name a description gives its event, when it gives one (docs/assistant.md, "The RFP
// assistant's reading of a description"): labelled ("Event name: Gulf Coast Swim Championships"),
// after "called", "named", "titled", "known as" ('a tournament called "Spike Fest"', "named the
// Lakeshore Invitational"), quoted ("the 'Northwoods Cup'"), or a capitalized name ending in a word
// events are named with ("The Midwest Spring Classic is a 32-team…"). A name made only of what the
// event is ("Girls Basketball Tournament") is not one: the draft composes that itself.
import { findTerms } from "../language/lexicon";
import { plainText } from "../language/spans";

/** Words events' own names end with ("… Classic", "… Shootout", "… Championships"). */
const EVENT_NAME_HEADS = new Set(
  "classic classics cup open invitational invite shootout showdown slam jam jamboree games fest festival challenge bash blast clash duals meet regatta derby relays bowl championship championships tournament tourney showcase rumble battle brawl tipoff tip-off kickoff bonanza madness mania throwdown faceoff face-off spectacular trials qualifier nationals regionals finals".split(
    " ",
  ),
);

/** Words of a name that say nothing of which event it is ("The 2027 Girls … Tournament"). */
const PLAIN_NAME_WORDS = new Set(
  "the a an annual youth boys girls men's women's mens womens coed co-ed junior juniors senior seniors varsity jv club elite select premier national regional state international invitational".split(
    " ",
  ),
);

/** Small words a name may hold between its capitalized ones ("Diamonds by the Bay"). */
const NAME_JOINERS = new Set(["of", "the", "and", "&", "by", "on", "at", "in", "for", "de", "la"]);
/** Joiners that, right before a place, end the name ("Spike Fest in Columbus"; not "at the Beach"). */
const PLACE_JOINERS = new Set(["in", "at"]);

const CUES = String.raw`(?:called|named|titled|entitled|dubbed|known\s+as|billed\s+as|(?:its|the|our)\s+(?:event's\s+|tournament's\s+)?name\s+is)`;
const LABEL =
  /(?:^|[\n.;!?]\s*)(?:event|tournament|meet|competition|showcase|race)(?:'s)?\s+name\s*(?::|-|=)\s*([^\n.;!?]+)/gi;
const EVENT_LABEL = /(?:^|[\n.;!?]\s*)event\s*:\s*([^\n.;!?]+)/gi;
const CUED = new RegExp(String.raw`(?<![a-z])${CUES}\s+(?:the\s+)?`, "gi");
const QUOTED = /"([^"\n]{2,100})"|(?<![a-z0-9])'([^'\n]{2,100}?)'(?![a-z])/gi;

const isCapitalized = (word: string) => /^[A-Z0-9]/.test(word) && /[A-Za-z]/.test(word);
const stripEnds = (name: string) =>
  name
    .trim()
    .replace(/^["']|["']$/g, "")
    .replace(/^(?:the)\s+/i, "")
    .replace(/[\s,:-]+$/, "")
    .trim();

/**
 * The capitalized words from `at` on: each capitalized (or a number, "2027", "10th", "12U"), with
 * small joiners between them; a joiner before a place (`isPlace`) ends it.
 */
function capitalizedRun(text: string, at: number, isPlace: (words: string) => boolean): string {
  const tokens = [...text.slice(at).matchAll(/[^\s]+/g)];
  const words: string[] = [];
  let pending: string[] = [];
  for (const token of tokens) {
    const raw = token[0];
    // Punctuation after a word ends the run there ("Spike Fest, in Columbus").
    const word = raw.replace(/[,.;:!?)"]+$/, "");
    const ends = word !== raw;
    if (word && isCapitalized(word)) {
      if (pending.length === 1 && PLACE_JOINERS.has(pending[0]!) && isPlace(word)) break;
      words.push(...pending, word);
      pending = [];
    } else if (word && NAME_JOINERS.has(word.toLowerCase()) && words.length > 0 && !ends) {
      pending.push(word);
      continue;
    } else {
      break;
    }
    if (ends) break;
  }
  return words.join(" ");
}

/** Whether a name says which event it is: a word that is not the event's kind, sport or age. */
function isDistinctive(name: string): boolean {
  const vocabulary = new Set(
    findTerms(name)
      .filter((t) => t.meanings.length > 0)
      .flatMap((t) => t.span.text.toLowerCase().split(/\s+/)),
  );
  return name
    .split(/\s+/)
    .map((w) => w.toLowerCase())
    .some(
      (w) =>
        /[a-z]/.test(w) &&
        !/^\d/.test(w) &&
        !/^u\d+$/.test(w) &&
        !PLAIN_NAME_WORDS.has(w) &&
        !EVENT_NAME_HEADS.has(w) &&
        !NAME_JOINERS.has(w) &&
        !vocabulary.has(w),
    );
}

const nameOk = (name: string) => name.length >= 2 && name.length <= 200 && /[A-Za-z]/.test(name);

/**
 * The name the description gives its event, or null. `isPlace` says whether capitalized words name
 * a place ("in Columbus" ends a name; "by the Bay" does not).
 */
export function findEventName(
  description: string,
  isPlace: (words: string) => boolean = () => false,
): string | null {
  const text = plainText(description);
  // "Event name: …", "Tournament name - …": the rest of the line or sentence.
  for (const m of text.matchAll(LABEL)) {
    const name = stripEnds(m[1]!);
    if (nameOk(name)) return name;
  }
  // 'called "Spike Fest"', "named the Lakeshore Invitational", "known as …".
  for (const m of text.matchAll(CUED)) {
    const after = m.index + m[0].length;
    const quoted = /^"([^"\n]{2,100})"|^'([^'\n]{2,100}?)'(?![a-z])/i.exec(text.slice(after));
    const name = stripEnds(
      quoted ? (quoted[1] ?? quoted[2]!) : capitalizedRun(text, after, isPlace),
    );
    if (nameOk(name) && isCapitalized(name)) return name;
  }
  // "the 'Northwoods Cup' tournament": quoted, capitalized words.
  for (const m of text.matchAll(QUOTED)) {
    const name = stripEnds(m[1] ?? m[2]!);
    if (nameOk(name) && isCapitalized(name) && isDistinctive(name)) return name;
  }
  // "Event: Midwest Spring Classic" (a label only when what follows is a name).
  for (const m of text.matchAll(EVENT_LABEL)) {
    const value = stripEnds(m[1]!);
    const run = capitalizedRun(value, 0, isPlace);
    if (run === value && nameOk(run) && isDistinctive(run)) return run;
  }
  // "The Midwest Spring Classic is…": capitalized words ending in an event's word.
  for (const m of text.matchAll(/(?<![A-Za-z0-9'/-])[A-Z0-9][^\s]*/g)) {
    const run = capitalizedRun(text, m.index, isPlace);
    if (!run) continue;
    const words = run.split(" ");
    // The longest start of the run that ends in an event's word.
    for (let end = words.length; end > 0; end--) {
      const last = words[end - 1]!.toLowerCase();
      if (!EVENT_NAME_HEADS.has(last)) continue;
      const name = stripEnds(words.slice(0, end).join(" "));
      if (name.includes(" ") && nameOk(name) && isDistinctive(name)) return name;
      break;
    }
  }
  return null;
}
