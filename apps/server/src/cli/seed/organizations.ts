// The demo organizations: clubs, leagues and series that run events, and a few industry partners.
import { EVENT_INTEREST_TYPES, SPORTS, type TSportName } from "@hostfield/domain/reference";
import type { TPlace } from "../../platform/geo/place";
import { pointNear, stateOf } from "./addresses";
import { addProfile, addSports, nameWords, type TBuilder, themeOfSport } from "./builder";
import type { TProfileRow } from "./network";
import { pickWeighted, type TRandom } from "./random";
import { organizationDescription, sportWord } from "./text";
import { NICKNAMES, type TNameWords } from "./vocabulary";

/** An organization that runs events: its events are in its sports, often in its city. */
export type TEventOrganization = {
  row: TProfileRow;
  city: TPlace;
  sports: TSportName[];
  nickname: string;
};

/** Top sports are played far more often than the long tail. */
const SPORT_POPULARITY: readonly (readonly [TSportName, number])[] = SPORTS.map((s) => [
  s.name,
  "ranking" in s ? 12 - s.ranking : s.name === "Other Sport or Activity" ? 0.1 : 0.35,
]);

/** Adds the organizations and returns those that run events. */
export function addOrganizations(b: TBuilder): TEventOrganization[] {
  const r = b.root.fork("organizations");
  const eventOrganizations: TEventOrganization[] = [];
  const names = new Set<string>();
  for (let i = 0; i < b.counts.organization; i++) {
    const city = b.pickCity(r);
    const w = nameWords(r, city);
    const nickname = r.pick(NICKNAMES);
    const sports = organizationSports(r);
    const main = sports[0]!;
    // Most are event owners; some are industry partners (officials, coaches' groups).
    const eventOwner = i === 0 || r.chance(0.85);
    const name = organizationName(r, { city, w, nickname, main, eventOwner }, names);
    names.add(name);
    const point = pointNear(r, city);
    const row = addProfile(b, r, {
      kind: "organization",
      name,
      city,
      point,
      theme: themeOfSport(main),
    });
    b.network.organizationDetails.push({
      profileId: row.id,
      organizationType: eventOwner ? "Event Organization" : "Industry Partner",
      eventInterestTypes: r.sample(EVENT_INTEREST_TYPES, r.int(2, 4)),
    });
    addSports(b, row, sports);
    row.description = organizationDescription(r, {
      name,
      city: city.name,
      stateName: stateOf(city).name,
      sports,
    });
    if (eventOwner) eventOrganizations.push({ row, city, sports, nickname });
  }
  return eventOrganizations;
}

/** A popular main sport, and sometimes one or two more. */
function organizationSports(r: TRandom): TSportName[] {
  const sports = [pickWeighted(r, SPORT_POPULARITY)];
  const more = pickWeighted(r, [
    [0, 70],
    [1, 20],
    [2, 10],
  ]);
  while (sports.length < 1 + more) {
    const sport = pickWeighted(r, SPORT_POPULARITY);
    if (!sports.includes(sport)) sports.push(sport);
  }
  return sports;
}

/** An event owner's or a partner's name, a few tries for one not yet taken, else "… of <city>". */
function organizationName(
  r: TRandom,
  about: { city: TPlace; w: TNameWords; nickname: string; main: TSportName; eventOwner: boolean },
  taken: ReadonlySet<string>,
): string {
  const { city, w, nickname, eventOwner } = about;
  const sport = sportWord(about.main);
  const region = stateOf(city).region;
  let name = "";
  for (let attempt = 0; attempt < 6 && (!name || taken.has(name)); attempt++) {
    name = eventOwner
      ? r.pick([
          `${city.name} ${sport} Club`,
          `${city.name} ${nickname} ${sport}`,
          `${w.prefix} ${sport} Academy`,
          `${w.state} ${sport} Association`,
          `${region} Youth ${sport} League`,
          `${w.prefix} Elite ${sport}`,
          `${w.state} ${sport} Tournament Series`,
          `${region} ${sport} Showcase Series`,
        ])
      : r.pick([
          `${w.state} ${sport} Officials Association`,
          `${region} Sports Events Council`,
          `${w.prefix} Coaches Alliance`,
          `${w.state} Athletic Trainers Network`,
        ]);
  }
  return taken.has(name) ? `${name} of ${city.name}` : name;
}
