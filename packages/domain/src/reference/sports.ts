// Every sport the product knows, with its rank among the top sports, default space and icon.
import type { TLocation, TSpaceTypeName, TSurface } from "./space-types";

export type TSportDefaultSpace = {
  readonly name: TSpaceTypeName;
  readonly count: number;
  readonly location: TLocation;
  readonly surface: TSurface;
};

export type TSportEntry = {
  readonly name: string;
  /** 1-9, only for the top sports; lower is more prominent. */
  readonly ranking?: number;
  readonly spaceType: TSportDefaultSpace;
  /** A Material Symbols icon name. */
  readonly icon: string;
};

// Short builder so the table below stays one sport per line.
function space(
  name: TSpaceTypeName,
  location: TLocation,
  surface: TSurface,
  count = 1,
): TSportDefaultSpace {
  return { name, count, location, surface };
}

export const SPORTS = [
  {
    name: "Basketball",
    ranking: 1,
    spaceType: space("Court", "Indoor", "Hardwood", 2),
    icon: "sports_basketball",
  },
  {
    name: "Baseball",
    ranking: 2,
    spaceType: space("Diamond", "Outdoor", "Grass", 2),
    icon: "sports_baseball",
  },
  {
    name: "Contact Football",
    ranking: 3,
    spaceType: space("Field", "Outdoor", "Turf"),
    icon: "sports_football",
  },
  {
    name: "Soccer",
    ranking: 4,
    spaceType: space("Field", "Outdoor", "Grass", 2),
    icon: "sports_soccer",
  },
  { name: "Lacrosse", ranking: 5, spaceType: space("Field", "Outdoor", "Turf", 2), icon: "sports" },
  {
    name: "Softball",
    ranking: 6,
    spaceType: space("Diamond", "Outdoor", "Grass", 2),
    icon: "sports_baseball",
  },
  {
    name: "Ice Hockey",
    ranking: 7,
    spaceType: space("Rink", "Indoor", "Ice"),
    icon: "sports_hockey",
  },
  {
    name: "Volleyball",
    ranking: 8,
    spaceType: space("Court", "Indoor", "Hardwood", 4),
    icon: "sports_volleyball",
  },
  {
    name: "Non-Contact Football",
    ranking: 9,
    spaceType: space("Field", "Outdoor", "Turf", 2),
    icon: "sports_football",
  },
  {
    name: "Adaptive Sports",
    spaceType: space("Gymnasium", "Indoor", "Hardwood"),
    icon: "accessible",
  },
  { name: "Archery", spaceType: space("Range", "Outdoor", "N/A"), icon: "my_location" },
  { name: "Artistic Swimming", spaceType: space("Pool", "Indoor", "N/A"), icon: "pool" },
  {
    name: "Australian Rules Football",
    spaceType: space("Field", "Outdoor", "Grass"),
    icon: "sports_rugby",
  },
  { name: "Badminton", spaceType: space("Court", "Indoor", "Synthetic", 4), icon: "sports_tennis" },
  { name: "Ball Hockey", spaceType: space("Rink", "Indoor", "Concrete"), icon: "sports_hockey" },
  {
    name: "Baton Twirling",
    spaceType: space("Gymnasium", "Indoor", "Hardwood"),
    icon: "sports_gymnastics",
  },
  { name: "Beach Soccer", spaceType: space("Court", "Outdoor", "Sand"), icon: "sports_soccer" },
  {
    name: "Beach Volleyball",
    spaceType: space("Court", "Outdoor", "Sand", 4),
    icon: "sports_volleyball",
  },
  { name: "BMX", spaceType: space("Skate Park", "Outdoor", "Concrete"), icon: "pedal_bike" },
  { name: "Bocce", spaceType: space("Court", "Outdoor", "Sand", 2), icon: "sports" },
  { name: "Bowling", spaceType: space("Lanes", "Indoor", "Synthetic", 24), icon: "sports" },
  { name: "Boxing", spaceType: space("Ring", "Indoor", "N/A"), icon: "sports_mma" },
  { name: "Broomball", spaceType: space("Rink", "Indoor", "Ice"), icon: "sports_hockey" },
  {
    name: "Canoeing & Kayaking",
    spaceType: space("Open Water", "Outdoor", "Water"),
    icon: "kayaking",
  },
  {
    name: "Cheerleading",
    spaceType: space("Mat Room", "Indoor", "Multi-purpose", 2),
    icon: "celebration",
  },
  { name: "Chess", spaceType: space("Meeting Room", "Indoor", "N/A"), icon: "chess" },
  { name: "Climbing", spaceType: space("Climbing Wall", "Indoor", "N/A"), icon: "hiking" },
  { name: "Color Guard", spaceType: space("Gymnasium", "Indoor", "Hardwood"), icon: "flag" },
  { name: "Cornhole", spaceType: space("Exhibit Hall", "Indoor", "Concrete"), icon: "sports" },
  { name: "Cricket", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports_cricket" },
  { name: "Cross Country", spaceType: space("Trail", "Outdoor", "N/A"), icon: "directions_run" },
  {
    name: "Cross Country Skiing",
    spaceType: space("Trail", "Outdoor", "N/A"),
    icon: "downhill_skiing",
  },
  { name: "Curling", spaceType: space("Sheet", "Indoor", "Ice", 4), icon: "sports" },
  {
    name: "Cycling",
    spaceType: space("Road Course", "Outdoor", "Asphalt"),
    icon: "directions_bike",
  },
  { name: "Dance", spaceType: space("Studio", "Indoor", "Hardwood"), icon: "music_note" },
  { name: "Darts", spaceType: space("Meeting Room", "Indoor", "N/A"), icon: "adjust" },
  { name: "Disc Golf", spaceType: space("Disc Golf Course", "Outdoor", "N/A"), icon: "sports" },
  { name: "Diving", spaceType: space("Diving Well", "Indoor", "N/A"), icon: "pool" },
  { name: "Dodgeball", spaceType: space("Gymnasium", "Indoor", "Hardwood"), icon: "sports" },
  {
    name: "Dragon Boat Racing",
    spaceType: space("Open Water", "Outdoor", "Water"),
    icon: "rowing",
  },
  { name: "Equestrian", spaceType: space("Equestrian Arena", "Outdoor", "Sand"), icon: "sports" },
  { name: "Esports", spaceType: space("Ballroom", "Indoor", "N/A"), icon: "sports_esports" },
  {
    name: "Fencing",
    spaceType: space("Gymnasium", "Indoor", "Hardwood", 8),
    icon: "sports_kabaddi",
  },
  { name: "Field Hockey", spaceType: space("Field", "Outdoor", "Turf"), icon: "sports_hockey" },
  { name: "Figure Skating", spaceType: space("Rink", "Indoor", "Ice"), icon: "ice_skating" },
  { name: "Fishing", spaceType: space("Open Water", "Outdoor", "Water"), icon: "phishing" },
  {
    name: "Floorball",
    spaceType: space("Gymnasium", "Indoor", "Synthetic"),
    icon: "sports_hockey",
  },
  { name: "FootGolf", spaceType: space("Golf Course", "Outdoor", "N/A"), icon: "sports_soccer" },
  {
    name: "Functional Fitness",
    spaceType: space("Fitness Center", "Indoor", "N/A"),
    icon: "fitness_center",
  },
  { name: "Futsal", spaceType: space("Court", "Indoor", "Hardwood", 2), icon: "sports_soccer" },
  { name: "Gaelic Football", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports_soccer" },
  { name: "Golf", spaceType: space("Golf Course", "Outdoor", "N/A"), icon: "sports_golf" },
  {
    name: "Gymnastics",
    spaceType: space("Gymnasium", "Indoor", "Multi-purpose"),
    icon: "sports_gymnastics",
  },
  { name: "Handball", spaceType: space("Court", "Indoor", "Hardwood"), icon: "sports_handball" },
  { name: "Hurling", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports" },
  {
    name: "Jiu-Jitsu",
    spaceType: space("Mat Room", "Indoor", "Synthetic"),
    icon: "sports_martial_arts",
  },
  {
    name: "Judo",
    spaceType: space("Mat Room", "Indoor", "Synthetic"),
    icon: "sports_martial_arts",
  },
  {
    name: "Karate",
    spaceType: space("Mat Room", "Indoor", "Synthetic"),
    icon: "sports_martial_arts",
  },
  {
    name: "Karting",
    spaceType: space("Raceway", "Outdoor", "Asphalt"),
    icon: "sports_motorsports",
  },
  { name: "Kickball", spaceType: space("Diamond", "Outdoor", "Grass"), icon: "sports_soccer" },
  { name: "Kickboxing", spaceType: space("Ring", "Indoor", "N/A"), icon: "sports_mma" },
  { name: "Korfball", spaceType: space("Court", "Indoor", "Hardwood"), icon: "sports_basketball" },
  { name: "Marching Band", spaceType: space("Stadium", "Outdoor", "Turf"), icon: "music_note" },
  {
    name: "Martial Arts",
    spaceType: space("Mat Room", "Indoor", "Synthetic"),
    icon: "sports_martial_arts",
  },
  { name: "Mixed Martial Arts", spaceType: space("Ring", "Indoor", "N/A"), icon: "sports_mma" },
  {
    name: "Motorsports",
    spaceType: space("Raceway", "Outdoor", "Asphalt"),
    icon: "sports_motorsports",
  },
  { name: "Mountain Biking", spaceType: space("Trail", "Outdoor", "N/A"), icon: "directions_bike" },
  { name: "Netball", spaceType: space("Court", "Indoor", "Hardwood"), icon: "sports_basketball" },
  {
    name: "Obstacle Course Racing",
    spaceType: space("Trail", "Outdoor", "N/A"),
    icon: "directions_run",
  },
  { name: "Open Water Swimming", spaceType: space("Open Water", "Outdoor", "Water"), icon: "pool" },
  { name: "Orienteering", spaceType: space("Trail", "Outdoor", "N/A"), icon: "explore" },
  { name: "Paddleboarding", spaceType: space("Open Water", "Outdoor", "Water"), icon: "surfing" },
  { name: "Padel", spaceType: space("Court", "Outdoor", "Synthetic", 2), icon: "sports_tennis" },
  {
    name: "Pickleball",
    spaceType: space("Court", "Outdoor", "Concrete", 8),
    icon: "sports_tennis",
  },
  { name: "Polo", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports" },
  {
    name: "Powerlifting",
    spaceType: space("Fitness Center", "Indoor", "N/A"),
    icon: "fitness_center",
  },
  { name: "Quadball", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports" },
  {
    name: "Racquetball",
    spaceType: space("Court", "Indoor", "Hardwood", 4),
    icon: "sports_tennis",
  },
  { name: "Rodeo", spaceType: space("Equestrian Arena", "Outdoor", "Sand"), icon: "sports" },
  { name: "Roller Derby", spaceType: space("Rink", "Indoor", "Concrete"), icon: "roller_skating" },
  { name: "Roller Hockey", spaceType: space("Rink", "Indoor", "Synthetic"), icon: "sports_hockey" },
  { name: "Roundnet", spaceType: space("Field", "Outdoor", "Grass", 4), icon: "sports" },
  { name: "Rowing", spaceType: space("Open Water", "Outdoor", "Water"), icon: "rowing" },
  { name: "Rugby", spaceType: space("Field", "Outdoor", "Grass"), icon: "sports_rugby" },
  {
    name: "Running",
    spaceType: space("Road Course", "Outdoor", "Asphalt"),
    icon: "directions_run",
  },
  { name: "Sailing", spaceType: space("Open Water", "Outdoor", "Water"), icon: "sailing" },
  { name: "Shooting Sports", spaceType: space("Range", "Outdoor", "N/A"), icon: "my_location" },
  {
    name: "Skateboarding",
    spaceType: space("Skate Park", "Outdoor", "Concrete"),
    icon: "skateboarding",
  },
  { name: "Skiing", spaceType: space("Ski Slope", "Outdoor", "N/A"), icon: "downhill_skiing" },
  { name: "Sled Hockey", spaceType: space("Rink", "Indoor", "Ice"), icon: "sledding" },
  { name: "Snowboarding", spaceType: space("Ski Slope", "Outdoor", "N/A"), icon: "snowboarding" },
  { name: "Speed Skating", spaceType: space("Rink", "Indoor", "Ice"), icon: "ice_skating" },
  { name: "Squash", spaceType: space("Court", "Indoor", "Hardwood", 4), icon: "sports_tennis" },
  { name: "Surfing", spaceType: space("Open Water", "Outdoor", "Water"), icon: "surfing" },
  { name: "Swimming", spaceType: space("Pool", "Indoor", "N/A"), icon: "pool" },
  {
    name: "Table Tennis",
    spaceType: space("Gymnasium", "Indoor", "Synthetic", 12),
    icon: "sports_tennis",
  },
  {
    name: "Taekwondo",
    spaceType: space("Mat Room", "Indoor", "Synthetic"),
    icon: "sports_martial_arts",
  },
  { name: "Tee Ball", spaceType: space("Diamond", "Outdoor", "Grass"), icon: "sports_baseball" },
  { name: "Tennis", spaceType: space("Court", "Outdoor", "Concrete", 6), icon: "sports_tennis" },
  {
    name: "Track & Field",
    spaceType: space("Track", "Outdoor", "Synthetic"),
    icon: "directions_run",
  },
  {
    name: "Track Cycling",
    spaceType: space("Velodrome", "Indoor", "Hardwood"),
    icon: "directions_bike",
  },
  { name: "Trail Running", spaceType: space("Trail", "Outdoor", "N/A"), icon: "directions_run" },
  {
    name: "Trampoline & Tumbling",
    spaceType: space("Gymnasium", "Indoor", "Multi-purpose"),
    icon: "sports_gymnastics",
  },
  {
    name: "Triathlon",
    spaceType: space("Road Course", "Outdoor", "Asphalt"),
    icon: "directions_run",
  },
  { name: "Ultimate", spaceType: space("Field", "Outdoor", "Grass", 2), icon: "sports" },
  { name: "Water Polo", spaceType: space("Pool", "Indoor", "N/A"), icon: "pool" },
  { name: "Water Skiing", spaceType: space("Open Water", "Outdoor", "Water"), icon: "surfing" },
  {
    name: "Weightlifting",
    spaceType: space("Fitness Center", "Indoor", "N/A"),
    icon: "fitness_center",
  },
  {
    name: "Wheelchair Basketball",
    spaceType: space("Court", "Indoor", "Hardwood"),
    icon: "accessible",
  },
  {
    name: "Wrestling",
    spaceType: space("Mat Room", "Indoor", "Synthetic", 2),
    icon: "sports_kabaddi",
  },
  { name: "Yoga", spaceType: space("Studio", "Indoor", "Hardwood"), icon: "self_improvement" },
  {
    name: "Other Sport or Activity",
    spaceType: space("Field", "Outdoor", "Multi-purpose"),
    icon: "sports",
  },
] as const satisfies readonly TSportEntry[];

export type TSportName = (typeof SPORTS)[number]["name"];
export const SPORT_NAMES = SPORTS.map((s) => s.name) as readonly TSportName[];

/** The catch-all sport, always last in SPORTS. */
export const OTHER_SPORT: TSportName = "Other Sport or Activity";

/** The top sports (those with a ranking), most prominent first. */
export const TOP_SPORTS: readonly TSportEntry[] = [...SPORTS]
  .filter((s: TSportEntry) => s.ranking !== undefined)
  .sort((a: TSportEntry, b: TSportEntry) => (a.ranking ?? 0) - (b.ranking ?? 0));

export function findSport(name: string): TSportEntry | undefined {
  return SPORTS.find((s) => s.name === name);
}
