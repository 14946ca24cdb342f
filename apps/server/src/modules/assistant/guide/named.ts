// The listings of the area a question names, and the one an earlier answer put first.
import { findSport } from "@hostfield/domain/reference";
import type { TAreaListing } from "../../../profiles";
import type { TGuideRequest } from "../providers/provider";

/** Words of listing names that name nothing by themselves ("Hayes Center Arena" is "Hayes"). */
const GENERIC = new Set(
  "the of and at in on a an & co inc llc center centre arena park fields field complex sports sport club hotel hotels inn suites suite resort stadium school high academy college university community recreation rec area gym gymnasium fieldhouse pavilion hall convention event events expo links golf course courts court aquatic natatorium rink ice grill bar cafe pizza company group by express downtown airport north south east west city county plaza place tavern diner".split(
    " ",
  ),
);

export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9']+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);

/** How strongly a question names a listing: 0 not at all, more for longer matched runs. */
function nameScore(
  question: readonly string[],
  listing: { name: string },
  plain: Set<string>,
): number {
  const name = wordsOf(listing.name);
  if (name.length === 0) return 0;
  let best = 0;
  let bestDistinct = false;
  for (let i = 0; i < question.length; i++) {
    for (let j = 0; j < name.length; j++) {
      let n = 0;
      while (i + n < question.length && j + n < name.length && question[i + n] === name[j + n]) n++;
      if (n === 0) continue;
      const run = name.slice(j, j + n);
      const distinct = run.some((w) => !GENERIC.has(w) && !plain.has(w) && !findSport(w));
      if (n > best || (n === best && distinct && !bestDistinct)) {
        best = n;
        bestDistinct = distinct;
      }
    }
  }
  if (best === name.length) return 100 + best;
  return best >= 2 && bestDistinct ? best : 0;
}

/**
 * The listings a question names: the whole name, or a run of two or more of its words with one
 * that names nothing else (not a city, a sport or another word of the vocabulary). Several
 * listings named only in part ("dragon boat" in three festivals) name none of them.
 */
export function namedListings<T extends { name: string }>(
  question: string,
  listings: readonly T[],
  plain: Set<string>,
): T[] {
  const words = wordsOf(question);
  const scored = listings
    .map((listing) => ({ listing, score: nameScore(words, listing, plain) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.listing.name.localeCompare(b.listing.name));
  if (scored.length === 0) return [];
  const top = scored[0]!.score;
  const best = scored.filter((s) => s.score === top).map((s) => s.listing);
  return best.length > 1 && top < 100 ? [] : best;
}

/** The listing an earlier answer put first ("- Name [1]"), for "near there". */
export async function firstCitedEarlier(request: TGuideRequest, names: readonly TAreaListing[]) {
  const last = [...request.history].reverse().find((t) => t.role === "assistant");
  const name = last?.content.match(/^- (.+?) \[1\]/m)?.[1];
  const found = name ? names.find((l) => l.name === name) : undefined;
  return found ? ((await request.area.among([found.id]))[0] ?? null) : null;
}
