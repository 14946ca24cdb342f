// What the RFP assistant still needs to complete a request, asked in the wizard's order, and its short reply saying what it understood and what it still needs.
import { RFP_DRAFT_FIELDS, type TRfpDraft, type TRfpQuestion } from "@hostfield/domain/contracts";
import { findSpaceType, findSport, URGENCY_LEVELS } from "@hostfield/domain/reference";
import { MONTH_NAMES, RFP_DEFAULT_RADIUS_MILES, weekdaysWords } from "@hostfield/domain/rules";
import { emptyRfpDraft } from "./parse";

// ---- words for a draft's values -------------------------------------------------------------------

type TYmd = { y: number; m: number; d: number };

function ymd(date: string): TYmd {
  const [y, m, d] = date.split("-").map(Number);
  return { y: y!, m: m!, d: d! };
}

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** "March 13–15, 2027", "March 30 – April 2, 2027", "December 30, 2026 – January 2, 2027". */
export function formatDateRange(startDate: string, endDate: string): string {
  const a = ymd(startDate);
  const b = ymd(endDate);
  const monthA = MONTH_NAMES[a.m - 1]!;
  const monthB = MONTH_NAMES[b.m - 1]!;
  if (startDate === endDate) return `${monthA} ${a.d}, ${a.y}`;
  if (a.y !== b.y) return `${monthA} ${a.d}, ${a.y} – ${monthB} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${monthA} ${a.d} – ${monthB} ${b.d}, ${a.y}`;
  return `${monthA} ${a.d}–${b.d}, ${a.y}`;
}

function formatDates(draft: TRfpDraft): string | null {
  const options = draft.dateOptions;
  if (options?.kind === "sets") {
    return options.sets.map((set) => formatDateRange(set.startDate, set.endDate)).join(" or ");
  }
  if (options?.kind === "window") {
    const days = options.days === 1 ? "any 1 day" : `${options.days} days in a row`;
    const on = options.weekdays.length > 0 ? ` (${weekdaysWords(options.weekdays)})` : "";
    return `${days}${on} between ${formatDateRange(options.from, options.to)}`;
  }
  if (draft.startDate === null) return null;
  const end = draft.endDate ?? draft.startDate;
  const a = ymd(draft.startDate);
  const b = ymd(end);
  if (draft.hasFlexibleDates) {
    // A whole month said loosely reads as the month.
    if (a.y === b.y && a.m === b.m && a.d === 1 && b.d === lastDay(b.y, b.m)) {
      return `sometime in ${MONTH_NAMES[a.m - 1]} ${a.y} (flexible)`;
    }
    return `${formatDateRange(draft.startDate, end)} (flexible)`;
  }
  return formatDateRange(draft.startDate, end);
}

/** "courts", "gymnasiums", "lanes": a space type's name in the plural, lower-cased. */
export function spaceNoun(spaceType: string, count: number | null = null): string {
  const word = spaceType.toLowerCase();
  if (count === 1) return word;
  if (word.endsWith("s")) return word;
  if (/(?:x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function formatSpace(draft: TRfpDraft): string | null {
  if (draft.spaceType === null && draft.spaceSurface === null && draft.spaceLocation === null)
    return null;
  const location =
    draft.spaceLocation === "Both"
      ? "indoor or outdoor"
      : (draft.spaceLocation?.toLowerCase() ?? null);
  const surface = draft.spaceSurface?.toLowerCase() ?? null;
  const noun = draft.spaceType ? spaceNoun(draft.spaceType, draft.spaceTypeCount) : "space";
  const count = draft.spaceTypeCount === null ? null : String(draft.spaceTypeCount);
  const words = [count, location, surface, noun].filter(Boolean).join(" ");
  return draft.spaceType ? words : `${words}, type not said`;
}

function formatPlace(draft: TRfpDraft): string | null {
  if (draft.address === null) return null;
  const miles = draft.dist ?? RFP_DEFAULT_RADIUS_MILES;
  return `within ${miles} miles of ${draft.address}`;
}

function formatUrgency(draft: TRfpDraft): string | null {
  const level = URGENCY_LEVELS.find((l) => l.priority === draft.urgency);
  return level ? level.tag.toLowerCase() : null;
}

const number = (n: number) => n.toLocaleString("en-US");

// ---- questions --------------------------------------------------------------------------------------

function spaceQuestion(draft: TRfpDraft): TRfpQuestion | null {
  if (draft.spaceType === null) {
    const sport = draft.sportsList?.[0] ? findSport(draft.sportsList[0]) : undefined;
    if (sport) {
      const usual = spaceNoun(sport.spaceType.name);
      return {
        field: "spaceType",
        question: `What space do you need? ${sport.name} is usually played on ${usual}: how many, and indoors or outdoors?`,
      };
    }
    return {
      field: "spaceType",
      question:
        "What space do you need (courts, fields, a pool…), how many, and indoors or outdoors?",
    };
  }
  const noun = spaceNoun(draft.spaceType);
  if (draft.spaceTypeCount === null) {
    return { field: "spaceTypeCount", question: `How many ${noun} do you need?` };
  }
  const type = findSpaceType(draft.spaceType);
  if (draft.spaceLocation === null && type && type.locations.length > 1) {
    return { field: "spaceLocation", question: `Do the ${noun} need to be indoors or outdoors?` };
  }
  return null;
}

/**
 * The questions still needed to complete the request: sports, dates, space, where, urgency and
 * size, each once, in the wizard's order (RFP_DRAFT_FIELDS). The surface is not asked: a request
 * is complete without it.
 */
export function rfpQuestions(draft: TRfpDraft): TRfpQuestion[] {
  const questions: TRfpQuestion[] = [];
  for (const field of RFP_DRAFT_FIELDS) {
    switch (field) {
      case "sportsList":
        if (draft.sportsList === null) {
          questions.push({ field, question: "Which sport or sports is the event for?" });
        }
        break;
      case "startDate":
        if (draft.startDate === null) {
          questions.push({
            field,
            question: "When is the event? Give the dates, or a month if they're flexible.",
          });
        }
        break;
      case "spaceType": {
        const question = spaceQuestion(draft);
        if (question) questions.push(question);
        break;
      }
      case "address":
        if (draft.address === null) {
          questions.push({
            field,
            question: `Where should it be? A city or ZIP code, and how far around it to look (${RFP_DEFAULT_RADIUS_MILES} miles unless you say).`,
          });
        }
        break;
      case "urgency":
        if (draft.urgency === null) {
          questions.push({
            field,
            question:
              "How soon do you need a venue: urgently, in the near future, or are you exploring options?",
          });
        }
        break;
      case "attendance":
        if (draft.attendance === null) {
          questions.push({
            field,
            question: "About how many people will attend, athletes and spectators together?",
          });
        }
        break;
      case "roomNights":
        if (draft.roomNights === null) {
          questions.push({ field, question: "About how many hotel room nights do you expect?" });
        }
        break;
      default:
        // endDate, the space's details and dist are asked with their group above.
        break;
    }
  }
  return questions;
}

/** The questions to start an exchange with, before anything is described. */
export function openingRfpQuestions(): TRfpQuestion[] {
  return rfpQuestions(emptyRfpDraft());
}

/**
 * The assistant's reply: what it understood, field by field in plain words, then what it still
 * needs (the questions, in order).
 */
export function rfpReply(draft: TRfpDraft, questions: readonly TRfpQuestion[]): string {
  const lines: string[] = [];
  const add = (label: string, value: string | null) => {
    if (value !== null) lines.push(`• ${label}: ${value}`);
  };
  if (draft.sportsList)
    add(draft.sportsList.length > 1 ? "Sports" : "Sport", draft.sportsList.join(", "));
  add("Dates", formatDates(draft));
  add("Space", formatSpace(draft));
  add("Where", formatPlace(draft));
  add("Urgency", formatUrgency(draft));
  add("Attendance", draft.attendance === null ? null : `${number(draft.attendance)} people`);
  add("Room nights", draft.roomNights === null ? null : number(draft.roomNights));
  add("Teams", draft.teamCount === null ? null : number(draft.teamCount));
  add("Age group", draft.ageGroup);
  add("Event type", draft.type);
  add("Suggested name", draft.name);

  const parts: string[] = [];
  if (lines.length > 0) {
    parts.push(`Here's what I understood:\n${lines.join("\n")}`);
  } else {
    parts.push("I couldn't pick out the details of your event yet.");
  }
  if (questions.length > 0) {
    const intro = lines.length > 0 ? "To complete the request, I still need:" : "Tell me:";
    parts.push(`${intro}\n${questions.map((q) => `• ${q.question}`).join("\n")}`);
  } else {
    parts.push(
      "That's everything the request needs: check the draft and publish it in the request wizard.",
    );
  }
  return parts.join("\n\n");
}
