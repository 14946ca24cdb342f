// The dashboard calls (under /report-mgmt/api): one GET per kind and section of REPORT_SECTIONS,
// registered from that table (`/{kinds}/{id}/{section}`, pickup at `hotels/pickup`), each answering
// the one report shape as `{data}` or, with `format=csv`, as a CSV file; and a destination's
// economic impact (`/destinations/{id}/impact`, JSON, CSV or a one-page PDF). Who may read them is
// policy.ts; what each holds is sections.ts and impact.ts.

import {
  REPORT_KIND_PATHS,
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  reportSectionPath,
  TRACKED_KINDS,
  type TReportSection,
  type TTrackedKind,
  ZImpact,
  ZImpactQuery,
  ZLeadReportQuery,
  ZReport,
  ZReportFormatQuery,
  ZReportQuery,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { KINDS, kindRecord } from "@hostfield/domain/kinds";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import type { TReportsContext } from "./context";
import { csvFileName, reportCsv } from "./csv";
import {
  assembleReport,
  CSV_ROW_LIMIT,
  rangeOf,
  TABLE_ROW_LIMIT,
  type TSubject,
} from "./dashboards";
import { destinationImpact, impactCsv } from "./impact";
import { impactPdf } from "./impact-pdf";
import { requireReportReader } from "./policy";
import { SECTION_BUILDERS } from "./sections";

const TAGS = ["reports"];
const ZDashboardQuery = ZReportQuery.extend(ZReportFormatQuery.shape);
const ZLeadDashboardQuery = ZLeadReportQuery.extend(ZReportFormatQuery.shape);
const ZDashboardReply = z.union([zDataEnvelope(ZReport), z.string().describe("text/csv")]);
const ZImpactReply = z.union([
  zDataEnvelope(ZImpact),
  z.string().describe("text/csv"),
  z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe("application/pdf"),
]);

/** Who reads a kind's reports, in the API document's words: a listing kind's from its definition. */
const READERS: Record<TTrackedKind, string> = {
  ...kindRecord((kind) => KINDS[kind].reports.readers),
  story: "the story's author, or an admin (404 for a story not published to anyone else)",
};

const attachment = (name: string) => `attachment; filename="${name}"`;

export async function dashboardRoutes(app: FastifyInstance, options: { ctx: TReportsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  // The access rule finds the listing; the handler reads what it found (one check a request).
  const subjects = new WeakMap<FastifyRequest, TSubject>();
  const readerOf = (kind: TTrackedKind) =>
    access.policy<TRequestWithParams<{ id: string }>>(READERS[kind], async (request) => {
      subjects.set(
        request,
        await requireReportReader(ctx, kind, request.params.id, request.principal),
      );
    });
  const subjectOf = async (kind: TTrackedKind, request: TRequestWithParams<{ id: string }>) =>
    subjects.get(request) ??
    (await requireReportReader(ctx, kind, request.params.id, request.principal));

  const addSection = (kind: TTrackedKind, section: TReportSection) =>
    add({
      method: "GET",
      url: `/${REPORT_KIND_PATHS[kind]}/:id/${reportSectionPath(kind, section)}`,
      summary: `${REPORT_SECTION_LABELS[section]} report of the ${kind} between startDate and endDate${section === "leads" ? " (status narrows the leads)" : ""}; format=csv exports it`,
      access: readerOf(kind),
      params: ZIdParams,
      query: section === "leads" ? ZLeadDashboardQuery : ZDashboardQuery,
      response: ZDashboardReply,
      handler: async (request, reply) => {
        const q = request.query;
        const range = rangeOf(ctx, q);
        const subject = await subjectOf(kind, request);
        const csv = q.format === "csv";
        const parts = await SECTION_BUILDERS[section]({
          ctx,
          subject,
          range,
          status: "status" in q && typeof q.status === "string" ? q.status : undefined,
          rowLimit: csv ? CSV_ROW_LIMIT : TABLE_ROW_LIMIT,
        });
        const report = assembleReport(ctx, section, subject, range, parts);
        if (!csv) return envelope(report);
        reply
          .type("text/csv; charset=utf-8")
          .header(
            "content-disposition",
            attachment(csvFileName([subject.name, section, range.startDate, range.endDate])),
          );
        return reportCsv(report);
      },
    });

  // One route per kind and section: a new kind or section is a line of REPORT_SECTIONS.
  for (const kind of TRACKED_KINDS) {
    for (const section of REPORT_SECTIONS[kind]) addSection(kind, section);
  }

  add({
    method: "GET",
    url: "/destinations/:id/impact",
    summary:
      "The destination's economic impact between startDate and endDate: room nights (reserved and awarded) × average daily rate, plus visitor spending, with the formula in words; format=csv or pdf exports it",
    access: readerOf("destination"),
    params: ZIdParams,
    query: ZImpactQuery,
    response: ZImpactReply,
    handler: async (request, reply) => {
      const q = request.query;
      const range = rangeOf(ctx, q);
      const subject = await subjectOf("destination", request);
      const impact = await destinationImpact(ctx, subject, range);
      const name = (extension: string) =>
        csvFileName([subject.name, "impact", range.startDate, range.endDate], extension);
      if (q.format === "csv") {
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", attachment(name("csv")));
        return impactCsv(impact);
      }
      if (q.format === "pdf") {
        reply.type("application/pdf").header("content-disposition", attachment(name("pdf")));
        return impactPdf(impact, ctx.now());
      }
      return envelope(impact);
    },
  });
}
