// Where the help centre, contact and 'How it works' links go (spec §2): the app's own public pages,
// or, when the server names a deployment's own site (MARKETING_SITE_URL, told at run time by GET
// /api/client-config), that site's pages, which open in a new tab.
import { useQuery } from "@tanstack/react-query";
import { fetchSiteConfig, NO_SITE, type TSiteClientConfig } from "./auth/client-config";
import { CONTACT_PATH, HELP_PATH, HOW_IT_WORKS_PATH } from "./paths";

export type TSiteLinkKey =
  | "helpCenter"
  | "contact"
  | "destinations"
  | "facilities"
  | "eventOrganizers"
  | "vendors"
  | "mobile";

/** The sections of the How it works page the menu's entries open (their element ids). */
export const HOW_IT_WORKS_SECTIONS = {
  eventOrganizers: "event-organizers",
  destinations: "destinations",
  facilities: "facilities",
  vendors: "vendors",
  mobile: "mobile",
} as const;

const OWN_PAGES: Record<TSiteLinkKey, string> = {
  helpCenter: HELP_PATH,
  contact: CONTACT_PATH,
  destinations: `${HOW_IT_WORKS_PATH}#${HOW_IT_WORKS_SECTIONS.destinations}`,
  facilities: `${HOW_IT_WORKS_PATH}#${HOW_IT_WORKS_SECTIONS.facilities}`,
  eventOrganizers: `${HOW_IT_WORKS_PATH}#${HOW_IT_WORKS_SECTIONS.eventOrganizers}`,
  vendors: `${HOW_IT_WORKS_PATH}#${HOW_IT_WORKS_SECTIONS.vendors}`,
  mobile: `${HOW_IT_WORKS_PATH}#${HOW_IT_WORKS_SECTIONS.mobile}`,
};

/** The same pages on a deployment's own site, under its address. */
const SITE_PAGES: Record<TSiteLinkKey, string> = {
  helpCenter: "/help",
  contact: "/contact",
  destinations: "/destinations",
  facilities: "/facilities",
  eventOrganizers: "/event-organizers",
  vendors: "/industry-partners",
  mobile: "/mobile",
};

export type TSiteLinks = Record<TSiteLinkKey, string>;

/** Each link's address: an app path (`/help`), or an absolute URL on `siteUrl` when one is named. */
export function siteLinks(siteUrl: string | null): TSiteLinks {
  const links = { ...OWN_PAGES };
  if (siteUrl) {
    for (const key of Object.keys(SITE_PAGES) as TSiteLinkKey[])
      links[key] = `${siteUrl}${SITE_PAGES[key]}`;
  }
  return links;
}

/** True for one of the app's own pages (a path), false for another site's address. */
export function isOwnPage(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

export const SITE_CONFIG_KEY = ["client-config", "site"] as const;

/**
 * The deployment's own site, asked of the server once per page load, when `enabled` first (never
 * retried: while it is unknown, or when it cannot be read, the app's own pages stand in).
 */
export function useSiteConfigQuery(enabled = true) {
  return useQuery({
    queryKey: SITE_CONFIG_KEY,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
}

/** The site's settings, NO_SITE until (and unless) the server's answer is in. */
export function useSiteConfig(enabled = true): TSiteClientConfig {
  return useSiteConfigQuery(enabled).data ?? NO_SITE;
}

/** The links' addresses for this deployment (see useSiteConfig for `enabled`). */
export function useSiteLinks(enabled = true): TSiteLinks {
  return siteLinks(useSiteConfig(enabled).marketingUrl);
}

export type TSiteLink = { label: string; href: string };

/** The 'How it works' menu, in spec order. */
export function howItWorksLinks(links: TSiteLinks): TSiteLink[] {
  return [
    { label: "Help Center", href: links.helpCenter },
    { label: "Destinations", href: links.destinations },
    { label: "Facilities", href: links.facilities },
    { label: "Event Organizers", href: links.eventOrganizers },
    { label: "Vendors", href: links.vendors },
    { label: "Mobile", href: links.mobile },
  ];
}

/** Attributes for a link that leaves the app in a new tab without handing it our window. */
export const NEW_TAB_LINK_PROPS = { target: "_blank", rel: "noopener noreferrer" } as const;
