// The five marketplace sections (spec §2): which kind each lists, its name, the line under it and
// its page. The shell's Search menu and the landing page read only this, so it stays apart from
// the kinds' definitions (kinds/), each of which says how its marketplace searches.
export const MARKETPLACE_SECTIONS = [
  {
    id: "events",
    kind: "event",
    title: "Events",
    description: "Look for new events",
    path: "/events/marketplace",
  },
  {
    id: "organizations",
    kind: "organization",
    title: "Event Organizations",
    description: "Follow new event organizers",
    path: "/organizations/directory",
  },
  {
    id: "facilities",
    kind: "facility",
    title: "Facilities",
    description: "Explore facilities across the country",
    path: "/facilities/marketplace",
  },
  {
    id: "destinations",
    kind: "destination",
    title: "Destinations",
    // The spec gives no description for this section; this one says what the page is for.
    description: "Find a destination to host your event",
    path: "/destinations/marketplace",
  },
  {
    id: "businesses",
    kind: "business",
    title: "Attractions & Things to Do",
    description: "Best places to eat and play near events",
    path: "/businesses/marketplace",
  },
] as const;

export type TMarketplaceSectionId = (typeof MARKETPLACE_SECTIONS)[number]["id"];
