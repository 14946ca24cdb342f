// Questions the guide offers: before the first question (the destination's own, then some made from
// what its records hold, so each can be answered), and after each answer (the next things a visitor
// planning an event asks: hotels and food near the venue found, events, the other topics).
import type { TSuggestedQuestion, TTourGuideInput } from "@hostfield/domain/contracts";
import { findSport, SPORT_NAMES } from "@hostfield/domain/reference";
import type { TGuideArea, TGuideListing } from "./area";

/** Suggestions shown at most. */
const MAX_SUGGESTIONS = 6;

export const GUIDE_TOPICS = ["venues", "hotels", "food", "activities", "events"] as const;

const q = (text: string, topic: string | null): TSuggestedQuestion => ({ text, topic });

/** The sport most of the area's facilities list, with the location most of them offer it in. */
function leadingSport(
  facilities: readonly TGuideListing[],
): { sport: string; indoor: boolean } | null {
  const counts = new Map<string, number>();
  for (const f of facilities) for (const s of f.sports) counts.set(s, (counts.get(s) ?? 0) + 1);
  const [sport] =
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
  if (!sport) return null;
  const family = findSport(sport)?.spaceType.name;
  const indoor = facilities.some(
    (f) =>
      f.sports.includes(sport) &&
      f.spaces.some((s) => s.location === "Indoor" && s.name === family),
  );
  return { sport, indoor };
}

const plural = (word: string) => (word.endsWith("s") ? word : `${word}s`);

/** The opening suggestions, narrowed by `context` (a topic or a sport) when given. */
export async function guideQuestions(
  guide: TTourGuideInput,
  area: TGuideArea,
  context: string | undefined,
): Promise<TSuggestedQuestion[]> {
  const place = area.destination.city ?? area.destination.name;
  const [facilities, businesses, events] = await Promise.all([
    area.facilities(),
    area.businesses(),
    area.events(),
  ]);
  const wantedSport = context
    ? SPORT_NAMES.find((s) => s.toLowerCase() === context.trim().toLowerCase())
    : undefined;
  const made: TSuggestedQuestion[] = [];
  const lead = wantedSport ? { sport: wantedSport, indoor: true } : leadingSport(facilities);
  if (lead) {
    const space = findSport(lead.sport)?.spaceType.name.toLowerCase() ?? "venue";
    made.push(
      q(`Where can we play ${lead.sport.toLowerCase()}${lead.indoor ? " indoors" : ""}?`, "venues"),
      q(`Which venues have the most ${plural(space)} for ${lead.sport.toLowerCase()}?`, "venues"),
    );
  }
  const biggest = [...facilities].sort(
    (a, b) => (b.facility?.capacity ?? 0) - (a.facility?.capacity ?? 0),
  )[0];
  made.push(
    q(
      biggest ? `Which hotels are near ${biggest.name}?` : `Which hotels are in ${place}?`,
      "hotels",
    ),
  );
  if (businesses.some((b) => b.business?.placeCategories.includes("Food & Drink"))) {
    made.push(q("Where can a team of kids eat after the games?", "food"));
  }
  if (businesses.some((b) => b.business?.placeCategories.includes("Entertainment"))) {
    made.push(q("What is there to do between games?", "activities"));
  }
  if (events.length > 0) made.push(q(`What events are coming up in ${place}?`, "events"));
  made.push(q(`What services does ${area.destination.name} offer event organizers?`, null));
  const own = guide.suggestedQuestions.map((text) => q(text, null));
  const topic = context?.trim().toLowerCase();
  const all = [...own, ...made];
  const narrowed = wantedSport
    ? made.filter((s) => s.topic === "venues")
    : topic && (GUIDE_TOPICS as readonly string[]).includes(topic)
      ? all.filter((s) => s.topic === topic)
      : all;
  return dedupe(narrowed).slice(0, MAX_SUGGESTIONS);
}

function dedupe(list: readonly TSuggestedQuestion[]): TSuggestedQuestion[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What to ask next after an answer about `topic` whose first listing was `first`. */
export function followUps(
  topic: string | null,
  first: TGuideListing | null,
  area: TGuideArea,
): TSuggestedQuestion[] {
  const place = area.destination.city ?? area.destination.name;
  const near = first ? first.name : place;
  const list: TSuggestedQuestion[] = [];
  if (topic !== "hotels") list.push(q(`Which hotels are near ${near}?`, "hotels"));
  if (topic !== "food") list.push(q(`Where can the team eat near ${near}?`, "food"));
  if (topic !== "activities") list.push(q("What is there to do between games?", "activities"));
  if (topic !== "events") list.push(q(`What events are coming up in ${place}?`, "events"));
  if (topic !== "venues") list.push(q(`Which venues in ${place} have indoor courts?`, "venues"));
  return list.slice(0, 3);
}
