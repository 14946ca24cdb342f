// The block's final statement and its thread (under /hotel-mgmt/api): both sides of a block read
// the statement, as JSON or a PDF, and write in the thread; the hotel's managers confirm what
// stayed; the organizer disputes a confirmed statement. 404 for anyone on neither side.
import {
  ZBlockMessage,
  ZBlockMessageInput,
  ZBlockStatement,
  ZStatementConfirm,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { routesOf } from "../../platform/http/route-def";
import type { TStaysContext } from "./context";
import { stayPolicies } from "./route-access";
import { confirmStatement, listMessages, postMessage, readStatement } from "./statement";
import { statementFileName, statementPdf } from "./statement-pdf";

const TAGS = ["hotel stays"];
const ZBlockParams = z.object({ blockId: z.uuid() });
const ZStatementOne = zDataEnvelope(ZBlockStatement);
const ZPdf = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe("application/pdf");

export async function statementRoutes(app: FastifyInstance, options: { ctx: TStaysContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const { onBlock } = stayPolicies(ctx);

  add({
    method: "GET",
    url: "/hotels/blocks/:blockId/statement",
    summary:
      "The block's final statement: held, booked and stayed per room type and night (stayed as the hotel confirmed it, else booked), the attrition allowance, the shortfall over the whole block and what is owed for it at the held-weighted average rate, comps earned; 409 BLOCK_NOT_HELD for a proposed or declined block (not in the catalogue)",
    access: onBlock,
    params: ZBlockParams,
    response: ZStatementOne,
    handler: async (request) =>
      envelope(await readStatement(ctx, principalOf(request), request.params.blockId)),
  });
  add({
    method: "PUT",
    url: "/hotels/blocks/:blockId/statement",
    summary:
      "The hotel confirms what stayed, every night of the block once (an unknown or repeated night is 400 naming its index), after the block's last night (409 STATEMENT_TOO_EARLY); the statement is Confirmed and a dispute settled. The hotel's managers only (not in the catalogue)",
    access: onBlock,
    params: ZBlockParams,
    body: zDataBody(ZStatementConfirm),
    response: ZStatementOne,
    handler: async (request) =>
      envelope(
        await confirmStatement(
          ctx,
          principalOf(request),
          request.params.blockId,
          request.body.data,
        ),
      ),
  });
  add({
    method: "GET",
    url: "/hotels/blocks/:blockId/statement.pdf",
    summary:
      "The block's final statement as a PDF download: the per-night table, totals, terms and confirmation state (not in the catalogue)",
    access: onBlock,
    params: ZBlockParams,
    response: ZPdf,
    handler: async (request, reply) => {
      const statement = await readStatement(ctx, principalOf(request), request.params.blockId);
      reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${statementFileName(statement)}"`);
      return statementPdf(statement, ctx.now());
    },
  });
  add({
    method: "GET",
    url: "/hotels/blocks/:blockId/messages",
    summary: "The thread between the block's two sides, oldest first (not in the catalogue)",
    access: onBlock,
    params: ZBlockParams,
    response: zListEnvelope(ZBlockMessage),
    handler: async (request) => {
      const rows = await listMessages(ctx, principalOf(request), request.params.blockId);
      return listEnvelope(rows, rows.length);
    },
  });
  add({
    method: "POST",
    url: "/hotels/blocks/:blockId/messages",
    summary:
      "Write in the block's thread; the other side is mailed. dispute: true disputes the confirmed statement (the event's organizers, 409 STATEMENT_NOT_CONFIRMED before the hotel confirmed) (not in the catalogue)",
    access: onBlock,
    params: ZBlockParams,
    body: zDataBody(ZBlockMessageInput),
    status: 201,
    response: zDataEnvelope(ZBlockMessage),
    handler: async (request) =>
      envelope(
        await postMessage(ctx, principalOf(request), request.params.blockId, request.body.data),
      ),
  });
}
