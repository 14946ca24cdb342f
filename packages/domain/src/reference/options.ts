// Choice lists for sizing an event: audience size, lodging demand and attendance.

export const AUDIENCE_SIZE_OPTIONS = [25, 50, 100, 200, 300, 500, 750, 1000, 2000] as const;
export type TAudienceSize = (typeof AUDIENCE_SIZE_OPTIONS)[number];

export type TLodgingOption = { readonly value: number; readonly label: string };

export const LODGING_PER_NIGHT_OPTIONS = [
  { value: 50, label: "50" },
  { value: 100, label: "100" },
  { value: 250, label: "250" },
  { value: 500, label: "500" },
  // The spec keeps the stored value 1000 under the label "750": records already hold 1000 and
  // users already know the "750" choice, so neither side may be "fixed" alone.
  { value: 1000, label: "750" },
  { value: 2500, label: "2500" },
  { value: 5000, label: "5000" },
  { value: 10000, label: "10000" },
] as const satisfies readonly TLodgingOption[];
export type TLodgingPerNight = (typeof LODGING_PER_NIGHT_OPTIONS)[number]["value"];

export const ATTENDANCE_LEVELS = [
  { name: "Low", value: 10 },
  { name: "Medium", value: 100 },
  { name: "High", value: 1000 },
] as const;
export type TAttendanceLevel = (typeof ATTENDANCE_LEVELS)[number]["name"];
