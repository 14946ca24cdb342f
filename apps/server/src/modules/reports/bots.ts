// Known robots, told by their user agent: what the tracking route does not count (it asks before
// anything is stored, the day's salt included). A request without a user agent counts as a robot
// too (every browser sends one), and so does a bare runtime's (Node's own fetch says just "node").
// The list is by fragment, case-insensitive; add a fragment when a crawler shows up in the counts.

/** Fragments of robot user agents: crawlers, link-preview fetchers, headless browsers, HTTP tools. */
export const BOT_UA_FRAGMENTS = [
  // Crawlers and monitors name themselves so (Googlebot, bingbot, AhrefsBot, Yahoo! Slurp…).
  "bot",
  "crawl",
  "spider",
  "slurp",
  "archiver",
  "mediapartners",
  "feedfetcher",
  "monitor",
  "uptime",
  // Audits and headless browsers.
  "headless",
  "lighthouse",
  "pagespeed",
  "gtmetrix",
  "phantomjs",
  "selenium",
  "puppeteer",
  "playwright",
  "prerender",
  // Link-preview fetchers (chat apps, social networks).
  "facebookexternalhit",
  "facebookcatalog",
  "meta-externalagent",
  "preview",
  "embedly",
  "iframely",
  "whatsapp",
  "skypeuripreview",
  "vkshare",
  "pinterest",
  "bitlybot",
  "outbrain",
  // HTTP tools and libraries.
  "curl",
  "wget",
  "httpie",
  "python-requests",
  "python-urllib",
  "python-httpx",
  "aiohttp",
  "scrapy",
  "go-http-client",
  "java/",
  "okhttp",
  "apache-httpclient",
  "libwww-perl",
  "node-fetch",
  "undici",
  "axios",
  "postmanruntime",
  "insomnia",
  "apachebench",
  "wrk",
  "k6/",
  "deno/",
  "bun/",
  "got (",
  "guzzlehttp",
  "php/",
  "http.rb",
  "ruby",
  "reqwest",
  "dart/",
  "powershell",
] as const;

/** Whole user agents of robots too short to be told by a fragment: Node's built-in fetch. */
export const BOT_UA_EXACT = ["node"] as const;

const BOT_PATTERN = new RegExp(
  BOT_UA_FRAGMENTS.map((fragment) => fragment.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
  "i",
);

/** Whether a request with this user agent comes from a robot (no user agent: yes). */
export function isBot(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim().toLowerCase();
  if (!agent) return true;
  return (BOT_UA_EXACT as readonly string[]).includes(agent) || BOT_PATTERN.test(agent);
}
