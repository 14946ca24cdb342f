// Every external page the shell links to, in one place. They open in a new tab.
// Set VITE_MARKETING_SITE_URL at build time; the default is a reserved placeholder domain
// until the marketing site exists.
const MARKETING_SITE_URL = (import.meta.env.VITE_MARKETING_SITE_URL ?? "https://hostfield.example")
  .trim()
  .replace(/\/+$/, "");

export const EXTERNAL_LINKS = {
  helpCenter: `${MARKETING_SITE_URL}/help`,
  contact: `${MARKETING_SITE_URL}/contact`,
  destinations: `${MARKETING_SITE_URL}/destinations`,
  facilities: `${MARKETING_SITE_URL}/facilities`,
  eventOrganizers: `${MARKETING_SITE_URL}/event-organizers`,
  vendors: `${MARKETING_SITE_URL}/industry-partners`,
  mobile: `${MARKETING_SITE_URL}/mobile`,
} as const;

export type TExternalLink = { label: string; href: string };

/** The 'How it works' menu, in spec order. */
export const HOW_IT_WORKS_LINKS: readonly TExternalLink[] = [
  { label: "Help Center", href: EXTERNAL_LINKS.helpCenter },
  { label: "Destinations", href: EXTERNAL_LINKS.destinations },
  { label: "Facilities", href: EXTERNAL_LINKS.facilities },
  { label: "Event Organizers", href: EXTERNAL_LINKS.eventOrganizers },
  { label: "Vendors", href: EXTERNAL_LINKS.vendors },
  { label: "Mobile", href: EXTERNAL_LINKS.mobile },
];

/** Attributes for a link that leaves the app in a new tab without handing it our window. */
export const NEW_TAB_LINK_PROPS = { target: "_blank", rel: "noopener noreferrer" } as const;
