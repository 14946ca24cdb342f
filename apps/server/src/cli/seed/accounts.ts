// The fixed demo accounts: the same ids and emails whatever the seed, all with one password.
import { hashUuid } from "./random";

export const DEMO_EMAIL_DOMAIN = "demo.hostfield.test";
/** Printed by the seed and documented in the README; every demo account signs in with it. */
export const DEMO_PASSWORD = "hostfield-demo-1";

export type TDemoUser = {
  id: string;
  email: string;
  name: string;
  accountType: string;
  roles: string[];
};

const demoUser = (local: string, name: string, accountType: string, roles: string[] = []) => ({
  // Fixed whatever the seed, so `--force` finds the accounts of any earlier seed.
  id: hashUuid(`hostfield-demo-user:${local}`),
  email: `${local}@${DEMO_EMAIL_DOMAIN}`,
  name,
  accountType,
  roles,
});

export const DEMO_USERS = {
  admin: demoUser("admin", "Avery Admin", "Other", ["admin"]),
  organizer: demoUser("organizer", "Jordan Rivera", "Event Organizer"),
  facility: demoUser("facility", "Casey Morgan", "Facility"),
  destination: demoUser("destination", "Taylor Brooks", "Destination"),
  hotel: demoUser("hotel", "Morgan Lee", "Company"),
  business: demoUser("business", "Riley Chen", "Local Business"),
  vendor: demoUser("vendor", "Sam Patel", "Vendor"),
  coach: demoUser("coach", "Drew Parker", "Coach"),
} as const satisfies Record<string, TDemoUser>;
