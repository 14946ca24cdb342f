// Facility amenities with the image shown beside each.

export type TAmenityEntry = { readonly name: string; readonly image: string };

export const AMENITIES = [
  { name: "Parking", image: "/amenities/parking.svg" },
  { name: "Restrooms", image: "/amenities/restrooms.svg" },
  { name: "Wifi", image: "/amenities/wifi.svg" },
  { name: "Bleachers", image: "/amenities/bleachers.svg" },
  { name: "Scoreboard", image: "/amenities/scoreboard.svg" },
  { name: "Lodging", image: "/amenities/lodging.svg" },
  { name: "Wheelchair Accessible", image: "/amenities/wheelchair-accessible.svg" },
  { name: "Locker Rooms", image: "/amenities/locker-rooms.svg" },
  { name: "Showers", image: "/amenities/showers.svg" },
  { name: "Concessions", image: "/amenities/concessions.svg" },
  { name: "Restaurant", image: "/amenities/restaurant.svg" },
  { name: "Bar", image: "/amenities/bar.svg" },
  { name: "Pro Shop", image: "/amenities/pro-shop.svg" },
  { name: "Athletic Training Room", image: "/amenities/athletic-training-room.svg" },
  { name: "First Aid", image: "/amenities/first-aid.svg" },
  { name: "AED", image: "/amenities/aed.svg" },
  { name: "Air Conditioning", image: "/amenities/air-conditioning.svg" },
  { name: "Heating", image: "/amenities/heating.svg" },
  { name: "Field Lights", image: "/amenities/field-lights.svg" },
  { name: "Sound System", image: "/amenities/sound-system.svg" },
  { name: "Video Board", image: "/amenities/video-board.svg" },
  { name: "Live Streaming", image: "/amenities/live-streaming.svg" },
  { name: "Press Box", image: "/amenities/press-box.svg" },
  { name: "Meeting Rooms", image: "/amenities/meeting-rooms.svg" },
  { name: "VIP Suites", image: "/amenities/vip-suites.svg" },
  { name: "Team Rooms", image: "/amenities/team-rooms.svg" },
  { name: "Officials Room", image: "/amenities/officials-room.svg" },
  { name: "Storage", image: "/amenities/storage.svg" },
  { name: "Loading Dock", image: "/amenities/loading-dock.svg" },
  { name: "Playground", image: "/amenities/playground.svg" },
  { name: "Picnic Area", image: "/amenities/picnic-area.svg" },
  { name: "Public Transit", image: "/amenities/public-transit.svg" },
  { name: "Security", image: "/amenities/security.svg" },
] as const satisfies readonly TAmenityEntry[];

export type TAmenityName = (typeof AMENITIES)[number]["name"];
export const AMENITY_NAMES = AMENITIES.map((a) => a.name) as readonly TAmenityName[];
