// A venue calendar's sync with its booking system, under `…/{id}/availability` (its managers): the
// feed (`GET`/`PUT`/`DELETE …/feed`, `POST …/feed/import`), a file imported once (`POST …/file`),
// the export link (`POST`/`DELETE …/export`); and the export itself,
// `GET /{service}/api/{path}/calendars/{token}.ics`, opened by the link's secret alone.
import {
  ZCalendarExportLink,
  ZCalendarFeedInput,
  ZCalendarSync,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { KIND_API } from "@hostfield/domain/kinds";
import { CALENDAR_FEED_MAX_BYTES } from "@hostfield/domain/reference";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { readUpload } from "../../platform/files/upload";
import { access, principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { AppError } from "../../platform/http/errors";
import { routesOf } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import { managersPolicy } from "./policy";
import { CALENDAR_KINDS } from "./service";
import {
  createExport,
  exportCalendar,
  importFile,
  importNow,
  readSync,
  removeFeed,
  revokeExport,
  setFeed,
  type TSyncContext,
  venueOfExport,
} from "./sync";

const MB = Math.round(CALENDAR_FEED_MAX_BYTES / 1024 / 1024);

/** The request's .ics file (multipart field `file`), text of at most CALENDAR_FEED_MAX_BYTES. */
async function readCalendarFile(request: FastifyRequest): Promise<Buffer> {
  const notCalendar = () =>
    new AppError("UNSUPPORTED_FILE_TYPE", 415, "Upload an iCalendar file (.ics), which is text.");
  const upload = await readUpload(request, "document").catch((error: unknown) => {
    if (error instanceof AppError && error.code === "UNSUPPORTED_FILE_TYPE") throw notCalendar();
    throw error;
  });
  if (!upload.contentType.startsWith("text/")) throw notCalendar();
  if (upload.size > CALENDAR_FEED_MAX_BYTES) {
    throw new AppError("FILE_TOO_LARGE", 413, `A calendar file is ${MB} MB at most.`);
  }
  return upload.body;
}

// Any name: a malformed secret is an unknown one (404), not bad input.
const ZExportParams = z.object({ file: z.string().max(100) });

export async function availabilitySyncRoutes(
  app: FastifyInstance,
  options: { ctx: TSyncContext },
): Promise<void> {
  const { ctx } = options;
  for (const kind of CALENDAR_KINDS) {
    const { service, path } = KIND_API[kind];
    const base = `/${service}/api/${path}/:id/availability`;
    const add = routesOf(app, [path]);
    const managers = managersPolicy(ctx.profiles, kind);
    const venueOf = (request: { params: { id: string } }) => ({
      profileId: request.params.id,
      ownerKind: kind,
    });
    const reply = zDataEnvelope(ZCalendarSync);

    add({
      method: "GET",
      url: `${base}/feed`,
      summary: `The ${kind}'s calendar sync: its feed address, the last import (when, how many ranges, what it left out), since when imports fail and why, and whether an export link exists (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      response: reply,
      handler: async (request) => envelope(await readSync(ctx, request.params.id)),
    });

    add({
      method: "PUT",
      url: `${base}/feed`,
      summary: `Set the ${kind}'s iCalendar feed (an https .ics address from its booking system, read every hour) and import it now; an import that fails is reported in the status, the feed stays set. 400 CALENDAR_FEED_URL_NOT_ALLOWED for an address that is not https or not on the internet (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      body: zDataBody(ZCalendarFeedInput),
      response: reply,
      handler: async (request) =>
        envelope(
          await setFeed(ctx, venueOf(request), request.body.data.url, principalOf(request).userId),
        ),
    });

    add({
      method: "DELETE",
      url: `${base}/feed`,
      summary: `Stop reading the ${kind}'s feed and remove the ranges imports wrote; the ranges marked here stay (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      response: reply,
      handler: async (request) =>
        envelope(await removeFeed(ctx, venueOf(request), principalOf(request).userId)),
    });

    add({
      method: "POST",
      url: `${base}/feed/import`,
      summary: `Import the ${kind}'s feed now: its ranges replace the imported ones. 409 CALENDAR_FEED_NOT_SET without a feed; 502 CALENDAR_FEED_UNREACHABLE (unreachable, an HTTP error, too slow, over ${MB} MB) or CALENDAR_FEED_INVALID (not iCalendar), the last good ranges kept and the calendar marked failing (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      response: reply,
      handler: async (request) =>
        envelope(await importNow(ctx, venueOf(request), principalOf(request).userId)),
    });

    add({
      method: "POST",
      url: `${base}/file`,
      summary: `Import an .ics file once (multipart field 'file', ${MB} MB at most): its ranges replace the imported ones. 400 CALENDAR_FEED_INVALID when it is not iCalendar, 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE when it is not text (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      response: reply,
      handler: async (request) => {
        const body = await readCalendarFile(request);
        return envelope(await importFile(ctx, venueOf(request), body, principalOf(request).userId));
      },
    });

    add({
      method: "POST",
      url: `${base}/export`,
      summary: `A private link to the ${kind}'s calendar as an .ics feed, shown this once (only a hash of its secret is kept); a new link replaces the one before, which stops working (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      status: 201,
      response: zDataEnvelope(ZCalendarExportLink),
      handler: async (request) =>
        envelope(
          await createExport(ctx, venueOf(request), { service, path }, principalOf(request).userId),
        ),
    });

    add({
      method: "DELETE",
      url: `${base}/export`,
      summary: `Revoke the ${kind}'s export link: it answers 404 from now on (not in the catalogue)`,
      access: managers,
      params: ZIdParams,
      response: reply,
      handler: async (request) =>
        envelope(await revokeExport(ctx, venueOf(request), principalOf(request).userId)),
    });

    add({
      method: "GET",
      url: `/${service}/api/${path}/calendars/:file`,
      summary: `The ${kind}'s calendar as an iCalendar feed (text/calendar) for calendar apps and booking systems: booked, held and need dates as all-day events, no notes; 404 for a revoked or unknown link (not in the catalogue)`,
      description:
        "The file name is the export link's secret and `.ics`. Calendar apps send no api-version and no bearer token, so the call takes neither.",
      // The secret in the address is the access: subscribers send no bearer token.
      access: access.policy<{ params: z.infer<typeof ZExportParams> }>(
        `anyone holding the ${kind}'s export link (its secret names the calendar)`,
        async (request) => {
          await venueOfExport(ctx, kind, request.params.file);
        },
      ),
      config: { apiVersioned: false },
      params: ZExportParams,
      response: z.string().describe("text/calendar; charset=utf-8"),
      handler: async (request, res) => {
        const venue = await venueOfExport(ctx, kind, request.params.file);
        const body = await exportCalendar(ctx, venue);
        res
          .type("text/calendar; charset=utf-8")
          .header("cache-control", "private, no-cache")
          .header("content-disposition", 'inline; filename="availability.ics"');
        return body;
      },
    });
  }
}
