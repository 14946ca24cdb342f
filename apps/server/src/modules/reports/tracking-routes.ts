// POST /track: the browser's batches of views, impressions and clicks (anyone may send them).
// Nothing is stored for a Do-Not-Track or Global-Privacy-Control request, or a known robot (both
// answer 202 with 0 accepted, so a client cannot tell and has no reason to retry); otherwise the
// batch is stamped with the server's time and the visitor's daily hash (visitors.ts) and joins the
// group commit (tracking.ts), and the 202 goes out once its events are committed. A visitor stores
// at most TRACK_VISITOR_DAY_MAX_EVENTS events a day (the rest are dropped, and `accepted` says how
// many were kept); the counters then count each visitor once per listing and day (rollup.ts).
//
// Browsers send with `navigator.sendBeacon`, which cannot set headers: the api-version travels in
// the query, and the body is JSON whether the Blob says application/json or a plain string made it
// text/plain. Bodies are read up to TRACK_BODY_MAX_BYTES (413 PAYLOAD_TOO_LARGE beyond).
// The route has a rate limit of its own, per address: beacons neither spend the address's budget
// for the API (a venue's shared address) nor go unlimited.
import {
  TRACK_BODY_MAX_BYTES,
  ZTrackBatch,
  ZTrackReceipt,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { TRACK_VISITOR_DAY_MAX_EVENTS } from "@hostfield/domain/reference";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf } from "../../platform/http/route-def";
import type { TPlatform } from "../../platform/module";
import { isBot } from "./bots";
import type { TReportsContext } from "./context";
import { createIngest, notRecorded } from "./tracking";
import { createVisitors } from "./visitors";

/** Beacons one address may send a minute: a page sends one every 5 s at most, and on leaving. */
export const TRACK_RATE_PER_MINUTE = 300;

/** Whether the request asks not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export function refusesTracking(request: FastifyRequest): boolean {
  return request.headers.dnt === "1" || request.headers["sec-gpc"] === "1";
}

export async function trackingRoutes(
  app: FastifyInstance,
  options: { ctx: TReportsContext; platform: TPlatform },
) {
  const { ctx } = options;
  const add = routesOf(app, ["reports"]);
  const visitors = createVisitors(ctx.db);
  const ingest = createIngest(ctx);
  // What waits is written before the database closes (whoever opened it closes it after the app).
  app.addHook("onClose", async () => {
    await ingest.flush();
  });

  // In this plugin only: JSON (as application/json or text/plain) up to the tracking limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "text/plain"],
    { parseAs: "string", bodyLimit: TRACK_BODY_MAX_BYTES },
    app.getDefaultJsonParser("error", "error"),
  );

  add({
    method: "POST",
    url: "/track",
    summary: "Record a batch of page views, search impressions and clicks",
    description:
      "Sent by the browser with `navigator.sendBeacon` (JSON as application/json or text/plain, " +
      `at most ${TRACK_BODY_MAX_BYTES} bytes). A batch id counts once, however often it is sent. ` +
      "Nothing is stored for `DNT: 1`, `Sec-GPC: 1` or a known robot; events naming no listing " +
      `of their kind are dropped, and so are a visitor's events past ${TRACK_VISITOR_DAY_MAX_EVENTS} ` +
      "in a UTC day (`accepted` counts what was stored). Reports count each visitor once per " +
      "listing and day, however many events it sends. Answered once the events are stored " +
      "(503 when they could not be).",
    access: access.public,
    config: { rateLimit: { max: TRACK_RATE_PER_MINUTE, timeWindow: "1 minute" } },
    body: zDataBody(ZTrackBatch),
    status: 202,
    response: zDataEnvelope(ZTrackReceipt),
    handler: async (request) => {
      const userAgent = request.headers["user-agent"];
      if (refusesTracking(request) || isBot(userAgent)) return envelope({ accepted: 0 });
      const receivedAt = ctx.now();
      const day = receivedAt.toISOString().slice(0, 10);
      const visitor = await visitors.visitorOf(day, request.ip, userAgent ?? "").catch((error) => {
        request.log.error({ err: error }, "no visitor salt");
        throw notRecorded();
      });
      const { batchId, events } = request.body.data;
      const accepted = await ingest.submit({ batchId, events, receivedAt, visitor });
      return envelope({ accepted });
    },
  });
}
