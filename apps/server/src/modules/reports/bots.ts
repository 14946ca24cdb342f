// Known robots, told by their user agent: what the tracking route does not count (it asks before
// anything is stored, the day's salt included). The list is isbot's (crawlers, link-preview
// fetchers, headless browsers and audits, HTTP tools and libraries), kept up by its maintainers,
// with our few additions; a request without a user agent counts as a robot too (every browser
// sends one). Add a pattern below when a robot shows up in the counts that isbot misses.
import { createIsbotFromList, list } from "isbot";

/** Patterns (isbot's kind: case-insensitive regular expressions) of robots isbot's list misses. */
const MORE_ROBOTS = [
  // Dart's HTTP client ("Dart/3.2 (dart:io)").
  "dart:io",
  // Yahoo's crawler when it names no address ("Mozilla/5.0 (compatible; Yahoo! Slurp)").
  "slurp",
  // PowerShell's Invoke-WebRequest, which starts like a browser ("… WindowsPowerShell/5.1").
  "powershell",
];

const isRobot = createIsbotFromList([...list, ...MORE_ROBOTS]);

/** Whether a request with this user agent comes from a robot (no user agent: yes). */
export function isBot(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim();
  return !agent || isRobot(agent);
}
