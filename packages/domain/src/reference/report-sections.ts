// The parts of a listing's reports. Each kind's definition names the ones it has
// (`reports.sections`); the report contracts and pages read them from there.

/** The parts of a listing's reports, each one call (`/{kinds}/{id}/{path}`), with their titles. */
export const REPORT_SECTION_LABELS = {
  profile: "Overview",
  leads: "Leads",
  events: "Events",
  facilities: "Facilities",
  partners: "Partners",
  hotels: "Hotels",
  pickup: "Hotel pickup",
  promotions: "Promotions",
  locations: "Locations",
} as const;
export type TReportSection = keyof typeof REPORT_SECTION_LABELS;
