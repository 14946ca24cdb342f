// Vocabulary describing an event: its type, level, audience and format.

export const EVENT_TYPES = [
  "Tournament",
  "Camp",
  "Practice",
  "Championship",
  "Clinic",
  "Competition",
  "Expo",
  "Conference",
  "Game",
  "League",
  "Networking",
  "Race",
  "Showcase",
  "Tryout",
  "Personal Training",
  "Virtual Events",
  "Webinar",
  "Corporate Meeting",
  "Trade Show",
  "Concert",
  "Other",
] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

/** The one event category with special behaviour: only Marketed events show hotel live rates. */
export const EVENT_CATEGORY_MARKETED = "Marketed";

export const COMPETITION_LEVELS = [
  "Amateur",
  "Collegiate",
  "Semi-Professional",
  "Professional",
] as const;
export type TCompetitionLevel = (typeof COMPETITION_LEVELS)[number];

export const GRADES = ["A", "B", "C"] as const;
export type TGrade = (typeof GRADES)[number];

export const TRAVEL_SCOPES = ["Both", "Local", "Travel"] as const;
export type TTravelScope = (typeof TRAVEL_SCOPES)[number];

// The spec's ranges overlap at 10 and at 50; kept verbatim because stored records use these labels.
export const TEAM_COUNT_RANGES = ["1-10", "10-25", "26-50", "50+"] as const;
export type TTeamCountRange = (typeof TEAM_COUNT_RANGES)[number];

export const AGE_GROUPS = [
  "All Ages",
  "Youth",
  "High School",
  "Youth & High School",
  "College",
  "Adult",
] as const;
export type TAgeGroup = (typeof AGE_GROUPS)[number];

export const PARTICIPATION_MODES = ["Individual", "Team", "Both"] as const;
export type TParticipationMode = (typeof PARTICIPATION_MODES)[number];

export const GENDERS = ["Co-Ed", "Female", "Male", "Male & Female"] as const;
export type TGender = (typeof GENDERS)[number];

/** What kinds of events a host is interested in (plural, unlike EVENT_TYPES). */
export const EVENT_INTEREST_TYPES = [
  "Tournaments",
  "Showcases",
  "Leagues",
  "Camps",
  "Clinics",
  "Championships",
  "Combines",
  "Tryouts",
  "Races",
  "Meets",
  "Conferences",
  "Expos",
] as const;
export type TEventInterestType = (typeof EVENT_INTEREST_TYPES)[number];
