// The assistants (under /assistant-mgmt/api): asking a destination's guide (JSON, or server-sent
// events as the answer is written), its suggested questions and an exchange's follow-ups, and the
// RFP assistant with the questions a draft still needs.
import {
  ZRfpAsk,
  ZRfpQuestion,
  ZRfpReply,
  ZSuggestedQuestion,
  ZTourGuideAsk,
  ZTourGuideReply,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { badRequest, errorReply, notFound } from "../../platform/http/errors";
import {
  routesOf,
  type TEventStream,
  type TRequestWithParams,
} from "../../platform/http/route-def";
import { askGuide, askRfp, type TAsked } from "./ask";
import type { TAssistantContext } from "./context";
import { guideArea, guideDestination } from "./guide/area";
import { guideQuestions } from "./guide/suggestions";
import { effectiveGuide } from "./guides";
import { destinationAccess, requireAsker, requireReader } from "./policy";
import { presentMessage } from "./presenter";
import * as repo from "./repository";
import { openingRfpQuestions, rfpQuestions } from "./rfp/questions";

const TAGS = ["assistant"];
const ZDestParams = z.object({ destId: z.uuid() });
const ZExchangeParams = ZDestParams.extend({ exchangeId: z.uuid() });
const ZContextQuery = z.object({
  "api-version": z.string().optional(),
  context: z.string().trim().max(200).optional(),
});

/** The header a visitor who is not signed in sends their exchange's key in. */
export const EXCHANGE_KEY_HEADER = "x-exchange-key";
export const exchangeKeyHeader = (request: FastifyRequest) => {
  const value = request.headers[EXCHANGE_KEY_HEADER];
  return typeof value === "string" && value !== "" ? value : undefined;
};

const wantsEvents = (request: FastifyRequest) =>
  (request.headers.accept ?? "").includes("text/event-stream");

const startEvent = (asked: TAsked) => ({
  exchangeId: asked.exchange.id,
  exchangeKey: asked.exchangeKey,
  question: presentMessage(asked.question),
});

export async function assistantRoutes(app: FastifyInstance, options: { ctx: TAssistantContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  const destinationSeen = access.policy<TRequestWithParams<{ destId: string }>>(
    "anyone who may see the destination",
    async (request) => {
      await destinationAccess(ctx, request.params.destId, request.principal);
    },
  );

  add({
    method: "POST",
    url: "/assistants/destinations/:destId/tour-guide",
    summary: "Ask the destination's tour guide",
    description: [
      "Answers from our records only, citing the listing each fact comes from (`[n]` in the text, `citations`).",
      "Without `exchangeId` a new exchange starts; a visitor who is not signed in continues theirs with the `exchangeKey` the first answer gave.",
      "With `Accept: text/event-stream` the reply is server-sent events: `exchange` ({exchangeId, exchangeKey, question}), `delta` ({text}) as the answer is written, then `answer` (the answer message) or `error` ({code, message}).",
      "429 RATE_LIMITED with Retry-After past the hourly limits; 404 when the guide is off.",
    ].join("\n\n"),
    access: destinationSeen,
    params: ZDestParams,
    body: zDataBody(ZTourGuideAsk),
    response: zDataEnvelope(ZTourGuideReply),
    handler: async (request, reply) => {
      const caller = { principal: request.principal, address: request.ip };
      const { destId } = request.params;
      const ask = request.body.data;
      if (!wantsEvents(request)) {
        const { asked, answer } = await askGuide(ctx, destId, ask, caller);
        return envelope({ ...startEvent(asked), answer: presentMessage(answer) });
      }
      // Until the question is stored, a refusal is an ordinary error reply; after, an event.
      let stream: TEventStream | null = null;
      const gone = new AbortController();
      try {
        const { answer } = await askGuide(ctx, destId, ask, caller, {
          onStart: (asked) => {
            stream = reply.eventStream();
            stream.signal.addEventListener("abort", () => gone.abort());
            stream.send("exchange", startEvent(asked));
          },
          onDelta: (text) => stream?.send("delta", { text }),
          signal: gone.signal,
        });
        const open = stream as TEventStream | null;
        if (!open) throw new Error("the answer came without its question");
        open.send("answer", presentMessage(answer));
        open.end();
        return open.done;
      } catch (error) {
        const open = stream as TEventStream | null;
        if (!open) throw error;
        const { body } = errorReply(error as Error, request);
        open.send("error", body.error);
        open.end();
        return open.done;
      }
    },
  });

  add({
    method: "GET",
    url: "/assistants/destinations/:destId/tour-guide/questions",
    summary: "Questions to suggest to a visitor of the destination",
    description:
      "The guide's own suggestions, then questions made from the destination's records. `context` narrows them to a topic (venues, hotels, food, activities, events) or a sport.",
    access: destinationSeen,
    params: ZDestParams,
    query: ZContextQuery,
    response: zListEnvelope(ZSuggestedQuestion),
    handler: async (request) => {
      const { destination } = await destinationAccess(
        ctx,
        request.params.destId,
        request.principal,
      );
      const { guide } = await effectiveGuide(ctx, destination);
      const record = await guideDestination(ctx, destination.id);
      if (!record) throw notFound("The destination");
      const questions = await guideQuestions(guide, guideArea(ctx, record), request.query.context);
      return listEnvelope(questions, questions.length);
    },
  });

  add({
    method: "GET",
    url: "/assistants/destinations/:destId/tour-guide/:exchangeId/questions",
    summary: "Follow-up questions to the exchange's last answer",
    access: access.policy<TRequestWithParams<{ exchangeId: string }>>(
      "the person who asked (a visitor with the exchange key), the destination's managers, admins",
      async (request) => {
        const exchange = await repo.findExchange(ctx.db, request.params.exchangeId);
        await requireReader(ctx, exchange, request.principal, exchangeKeyHeader(request));
      },
    ),
    params: ZExchangeParams,
    response: zListEnvelope(ZSuggestedQuestion),
    handler: async (request) => {
      const exchange = await repo.findExchange(ctx.db, request.params.exchangeId);
      if (!exchange || exchange.destinationId !== request.params.destId) {
        throw notFound("The exchange");
      }
      const last = [...(await repo.lastMessages(ctx.db, exchange.id, 2))]
        .reverse()
        .find((m) => m.role === "assistant");
      const questions = last?.suggestions ?? [];
      return listEnvelope(questions, questions.length);
    },
  });

  add({
    method: "POST",
    url: "/assistants/rfp",
    summary: "Read a description of an event into a draft request for proposals",
    description:
      "Every draft field is null unless the description states it; a later message with the same `exchangeId` corrects the draft. `questions` are what is still needed to complete the request.",
    access: access.signedIn,
    body: zDataBody(ZRfpAsk),
    response: zDataEnvelope(ZRfpReply),
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const gone = new AbortController();
      reply.raw.once("close", () => gone.abort());
      return envelope(
        await askRfp(ctx, request.body.data, { principal, address: request.ip }, gone.signal),
      );
    },
  });

  add({
    method: "GET",
    url: "/assistants/rfp/questions",
    summary: "The questions still needed to complete a described request",
    description:
      "`context` is an RFP exchange's id: the questions its draft still needs. Without it, the questions to start with.",
    access: access.signedIn,
    query: ZContextQuery,
    response: zListEnvelope(ZRfpQuestion),
    handler: async (request) => {
      const principal = principalOf(request);
      const context = request.query.context;
      if (!context) {
        const opening = openingRfpQuestions();
        return listEnvelope(opening, opening.length);
      }
      if (!z.uuid().safeParse(context).success) {
        throw badRequest("VALIDATION_FAILED", "context must be an RFP exchange's id.");
      }
      const exchange = await requireAsker(
        ctx,
        await repo.findExchange(ctx.db, context),
        principal,
        undefined,
      );
      if (exchange.kind !== "rfp") throw notFound("The exchange");
      const last = [...(await repo.lastMessages(ctx.db, exchange.id, 2))]
        .reverse()
        .find((m) => m.role === "assistant");
      const questions = last?.draft ? rfpQuestions(last.draft) : openingRfpQuestions();
      return listEnvelope(questions, questions.length);
    },
  });
}
