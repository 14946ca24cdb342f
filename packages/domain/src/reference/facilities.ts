// Facility vocabulary: facility types, staff roles and hosting availability.

export const FACILITY_TYPES = [
  "Arena",
  "Stadium",
  "Convention Center",
  "Olympic Facility",
  "Sports Complex",
  "College/University",
  "Golf Course",
  "Parks & Rec",
  "Aquatic Center",
  "Fieldhouse",
  "Ice Complex",
  "Recreation Center",
  "High School",
  "Racquet Club",
  "Fairgrounds",
  "Equestrian Center",
  "Motorsports Park",
  "Ski Resort",
  "Hotel & Resort",
  "Private Club",
  "Other",
] as const;
export type TFacilityType = (typeof FACILITY_TYPES)[number];

export const STAFF_ROLES = ["Manager", "Sales", "Marketing"] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const AVAILABILITY = ["Available to host", "Limited availability to host"] as const;
export type TAvailability = (typeof AVAILABILITY)[number];
