// Who uses the product: account types, and the audience words used by search and content tags.

export const ACCOUNT_TYPES = [
  "Event Organizer",
  "Facility",
  "Destination",
  "Company",
  "Vendor",
  "Club Admin",
  "Coach",
  "Participant",
  "Local Business",
  "Volunteer",
  "Other",
] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

/** Who a search looks for. */
export const AUDIENCE_GROUPS = [
  "Destinations",
  "Facilities",
  "Event Organizations",
  "Industry Partners",
] as const;
export type TAudienceGroup = (typeof AUDIENCE_GROUPS)[number];

/** Who a piece of content is for. */
export const AUDIENCE_TAGS = [
  "Club Admins",
  "Coaches",
  "Destinations",
  "Event Organizers",
  "Facilities",
  "Local Businesses",
  "Participants",
  "Volunteers",
] as const;
export type TAudienceTag = (typeof AUDIENCE_TAGS)[number];
