// Destination vocabulary: kinds of destination organization and the services they offer events.

export const DESTINATION_TYPES = [
  "Convention & Visitors Bureau",
  "Sports Commission",
  "Destination Management Organization",
  "Management Group",
] as const;
export type TDestinationType = (typeof DESTINATION_TYPES)[number];

export const DESTINATION_SERVICES = [
  "Grant Programs",
  "Lodging Services",
  "Marketing",
  "PR/Media Assistance",
  "Signage",
  "Site Visits",
  "Volunteer",
  "Welcome Bags",
  "Event Marketing Sponsorship",
] as const;
export type TDestinationService = (typeof DESTINATION_SERVICES)[number];
