// Words for the demo listings: slugs, sport words inside names, descriptions and event names.
import type { TEventType, TSportName } from "@hostfield/domain/reference";
import type { TRandom } from "./random";
import { SPORT_WORDS } from "./vocabulary";

/** "Hampton Inn Québec Downtown" → "hampton-inn-quebec-downtown"; never empty, at most 100 chars. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
  return slug || "listing";
}

export const sportWord = (sport: TSportName) => SPORT_WORDS[sport] ?? sport;

/** "basketball, volleyball and pickleball" */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

const lower = (sport: TSportName) => {
  const word = sportWord(sport);
  // Proper nouns keep their capitals: "Australian Rules Football", "BMX".
  return /^(BMX|Australian|Gaelic|FootGolf)/.test(word) ? word : word.toLowerCase();
};

export function sportList(sports: readonly TSportName[]): string {
  return listWords(sports.map(lower));
}

const season = (month: number) =>
  month <= 1 || month === 11 ? "Winter" : month <= 4 ? "Spring" : month <= 7 ? "Summer" : "Fall";

const RACE_NAMES: Partial<Record<TSportName, readonly string[]>> = {
  Running: ["5K", "10K", "Half Marathon", "Marathon", "Turkey Trot"],
  "Trail Running": ["Trail Run", "Trail 25K", "Ultra"],
  Triathlon: ["Triathlon", "Sprint Triathlon", "Olympic Triathlon"],
  Cycling: ["Gran Fondo", "Criterium", "Century Ride"],
  "Mountain Biking": ["MTB Classic", "Enduro"],
  "Open Water Swimming": ["Open Water Swim", "Lake Swim"],
  Rowing: ["Head of the River", "Regatta"],
  "Dragon Boat Racing": ["Dragon Boat Festival"],
  "Cross Country": ["Cross Country Invitational"],
  "Obstacle Course Racing": ["Mud Run", "Obstacle Challenge"],
};

export type TEventNameWords = {
  type: TEventType;
  sport: TSportName;
  city: string;
  stateName: string;
  region: string;
  prefix: string;
  nickname: string;
  /** YYYY-MM-DD */
  startDate: string;
};

export function eventName(r: TRandom, w: TEventNameWords): string {
  const sport = sportWord(w.sport);
  const month = Number(w.startDate.slice(5, 7)) - 1;
  const year = w.startDate.slice(0, 4);
  const when = season(month);
  const base = ((): string => {
    switch (w.type) {
      case "Tournament":
        return `${r.pick([w.city, w.prefix, `${w.city} ${when}`])} ${sport} ${r.pick([
          "Classic",
          "Invitational",
          "Shootout",
          "Cup",
          "Open",
          "Showdown",
          "Slam",
          "Challenge",
          "Tournament",
        ])}`;
      case "Championship":
        return r.pick([
          `${w.stateName} ${sport} State Championships`,
          `${w.region} ${sport} Regional Championship`,
          `${w.city} ${sport} Championships`,
          `National ${sport} Championship`,
        ]);
      case "Camp":
        return r.pick([
          `${w.prefix} ${sport} ${when} Camp`,
          `${sport} Skills Camp at ${w.city}`,
          `${w.nickname} ${sport} Elite Camp`,
        ]);
      case "Clinic":
        return r.pick([`${sport} Coaches Clinic: ${w.city}`, `${w.prefix} ${sport} Skills Clinic`]);
      case "Showcase":
        return r.pick([`${w.region} ${sport} College Showcase`, `${w.city} ${sport} Showcase`]);
      case "League":
        return `${w.city} ${when} ${sport} League`;
      case "Tryout":
        return `${w.city} ${w.nickname} ${sport} Tryouts`;
      case "Race": {
        const names = RACE_NAMES[w.sport];
        return names ? `${r.pick([w.city, w.prefix])} ${r.pick(names)}` : `${w.city} ${sport} Race`;
      }
      case "Game":
        return `${w.city} ${sport} All-Star Game`;
      case "Competition":
        return r.pick([`${w.city} ${sport} Open`, `${w.prefix} ${sport} Competition`]);
      case "Practice":
        return `${w.nickname} ${sport} Open Practice`;
      case "Personal Training":
        return `${sport} Private Training: ${w.city}`;
      case "Expo":
      case "Trade Show":
        return `${w.region} Sports & Fitness ${w.type === "Expo" ? "Expo" : "Trade Show"}`;
      case "Conference":
        return `${w.region} Sports Tourism Conference`;
      case "Networking":
        return `${w.city} Sports Business Mixer`;
      case "Webinar":
      case "Virtual Events":
        return `${sport} Coaching Webinar Series`;
      case "Corporate Meeting":
        return `${w.prefix} Sports Leadership Retreat`;
      case "Concert":
        return `${w.city} ${when} Concert Series`;
      default:
        return `${w.city} ${sport} Festival`;
    }
  })();
  return r.chance(0.35) ? `${year} ${base}` : base;
}

export function facilityDescription(
  r: TRandom,
  f: {
    name: string;
    type: string;
    city: string;
    stateName: string;
    sports: readonly TSportName[];
    spaces: readonly { name: string; count: number; location: string; surface: string }[];
    capacity: number;
  },
): string {
  const main = f.spaces[0];
  const spaceText = main
    ? `${main.count} ${main.location.toLowerCase()} ${main.surface === "N/A" ? "" : `${main.surface.toLowerCase()} `}${main.name.toLowerCase()}${main.count > 1 && !main.name.endsWith("s") ? "s" : ""}`
    : "flexible event space";
  const opening = r.pick([
    `${f.name} is a ${f.type.toLowerCase()} in ${f.city}, ${f.stateName}, with ${spaceText}.`,
    `Located in ${f.city}, ${f.stateName}, ${f.name} offers ${spaceText} for ${sportList(f.sports)}.`,
    `${f.name} brings ${spaceText} to ${f.city} and hosts ${sportList(f.sports)} events all year.`,
  ]);
  const middle = r.pick([
    `Up to ${f.capacity.toLocaleString("en-US")} spectators fit in comfortably, and parking is steps from the entrance.`,
    `Tournament directors rely on our staff for scheduling, setup and game-day operations.`,
    `Teams are minutes from hotels, restaurants and the highway, which makes multi-day events easy.`,
    `The venue has hosted regional championships, club tournaments and weekly leagues.`,
  ]);
  const closing = r.pick([
    "Contact us to check dates and rates for your next event.",
    "Ask about weekday rentals and multi-day tournament packages.",
    "We would love to host your next tournament.",
    "",
  ]);
  return [opening, middle, closing].filter(Boolean).join(" ");
}

export function destinationDescription(
  r: TRandom,
  d: { name: string; city: string; stateName: string; services: readonly string[] },
): string {
  return [
    `${d.name} helps event owners bring tournaments, championships and meetings to ${d.city}, ${d.stateName}.`,
    r.pick([
      "We connect you with venues, hotels and local partners, and we stay with you through event day.",
      "From site visits to hotel blocks, our team makes it simple to plan a sports event here.",
      "Our venues, hotels and restaurants are ready for teams and their families.",
    ]),
    d.services.length
      ? `Services include ${listWords(d.services.map((s) => s.toLowerCase()))}.`
      : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export function hotelDescription(
  r: TRandom,
  h: { name: string; city: string; stateName: string; rooms: number },
): string {
  return [
    `${h.name} offers ${h.rooms} rooms in ${h.city}, ${h.stateName}.`,
    r.pick([
      "Teams enjoy free breakfast, group rates and easy parking for buses.",
      "We are a short drive from the area's sports complexes and the convention center.",
      "Our team-friendly staff handles room blocks for tournaments of every size.",
      "Free Wi-Fi, a pool and a fitness center help athletes recover between games.",
    ]),
  ].join(" ");
}

export function businessDescription(
  r: TRandom,
  b: { name: string; city: string; offer: string },
): string {
  return `${b.name} in ${b.city} offers ${b.offer}. ${r.pick([
    "Call ahead for groups of 20 or more.",
    "Show your tournament wristband for a team discount.",
    "Family owned and proud to welcome visiting teams.",
    "Open seven days a week.",
  ])}`;
}

export function companyDescription(
  r: TRandom,
  c: { name: string; pitch: string; tags: readonly string[] },
): string {
  return `${c.name} ${c.pitch}. ${r.pick([
    `Our specialties: ${listWords(c.tags.map((t) => t.toLowerCase()))}.`,
    `Event organizers and venues across North America work with us on ${listWords(
      c.tags.slice(0, 2).map((t) => t.toLowerCase()),
    )}.`,
  ])}`;
}

export function organizationDescription(
  r: TRandom,
  o: { name: string; city: string; stateName: string; sports: readonly TSportName[] },
): string {
  return `${o.name} runs ${sportList(o.sports)} programs from ${o.city}, ${o.stateName}. ${r.pick([
    "We organize tournaments and travel teams for players of every level.",
    "Our events bring hundreds of teams to host cities every year.",
    "We look for destinations and venues that make every event weekend memorable.",
  ])}`;
}

export function eventDescription(
  r: TRandom,
  e: { name: string; type: string; city: string; stateName: string; sports: readonly TSportName[] },
): string {
  return `${e.name} is a ${e.type.toLowerCase()} for ${sportList(e.sports)} in ${e.city}, ${e.stateName}. ${r.pick(
    [
      "Registration is open; spots fill quickly.",
      "Teams and families are welcome; hotel deals are available nearby.",
      "Players of all skill levels are invited.",
      "Check the schedule and register your team today.",
    ],
  )}`;
}
