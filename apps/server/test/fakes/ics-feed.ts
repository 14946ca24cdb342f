// A venue booking system's calendar feeds for tests: a node:http server on 127.0.0.1 answering each
// path as the test set it: an .ics text, another status or content, a body larger than it says or
// sent in pieces without a length, a redirect, or no answer at all (until the server closes).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TFeedPage =
  | { body: string; status?: number; contentType?: string; chunked?: boolean }
  | { redirect: string }
  | { hang: true };

export type TFeedServer = {
  url: string;
  /** What each path answers; a path not set answers 404. */
  pages: Map<string, TFeedPage>;
  /** The paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
};

export async function startFeedServer(): Promise<TFeedServer> {
  const pages = new Map<string, TFeedPage>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://feed").pathname;
    requests.push(path);
    const page = pages.get(path);
    if (!page) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not found");
      return;
    }
    if ("hang" in page) return; // never answered: the reader's time limit ends it
    if ("redirect" in page) {
      res.writeHead(302, { location: page.redirect });
      res.end();
      return;
    }
    const body = Buffer.from(page.body, "utf8");
    const headers: http.OutgoingHttpHeaders = {
      "content-type": page.contentType ?? "text/calendar; charset=utf-8",
    };
    if (!page.chunked) headers["content-length"] = String(body.length);
    res.writeHead(page.status ?? 200, headers);
    if (!page.chunked) {
      res.end(body);
      return;
    }
    // In pieces of 64 KB, without a length: the reader counts what arrives.
    for (let at = 0; at < body.length; at += 65_536) res.write(body.subarray(at, at + 65_536));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An .ics calendar of the given VEVENT bodies (lines), CRLF line ends. */
export function icsOf(events: string[][], head: string[] = []): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test Booking System//EN",
    ...head,
    ...events.flatMap((body, i) => [
      "BEGIN:VEVENT",
      `UID:booking-${i}@bookings.test`,
      "DTSTAMP:20300101T000000Z",
      ...body,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
