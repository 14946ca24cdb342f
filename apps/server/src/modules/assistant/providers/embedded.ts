// The built-in provider: the guide answers from the area's records (guide/answer.ts), and the RFP
// assistant reads a description with the rule-based parser (rfp/parse.ts). No model, no network.
// An answer is composed whole, then passed on in pieces (its lines) as the stream's deltas.
import type { TMessageDebug } from "@hostfield/domain/contracts";
import type { TAssistantContext } from "../context";
import { answerFromRecords } from "../guide/answer";
import { mergeDrafts, readRfpDescription } from "../rfp/parse";
import { rfpQuestions, rfpReply } from "../rfp/questions";
import type { TProvider, TRfpAnswer, TRfpRequest } from "./provider";

/** The answer's text in the pieces a stream sends: each line with its line break. */
export function piecesOf(content: string): string[] {
  return content.split(/(?<=\n)/);
}

/** The draft the rule-based parser reads from a description, merged into the draft so far. */
export function embeddedDraft(ctx: TAssistantContext, request: TRfpRequest): TRfpAnswer {
  const started = performance.now();
  const reading = readRfpDescription(request.message, {
    today: request.today,
    geocode: ctx.geocode,
  });
  // A correction replaces what it states only (a new place keeps the radius said before).
  const draft = request.previous ? mergeDrafts(request.previous, reading) : reading.draft;
  const debug: TMessageDebug = {
    understood: { ...reading.understood },
    retrieved: [],
    ms: Math.round(performance.now() - started),
    fallback: null,
  };
  return { draft, reply: rfpReply(draft, rfpQuestions(draft)), provider: "embedded", debug };
}

export function embeddedProvider(ctx: TAssistantContext): TProvider {
  return {
    name: "embedded",
    async answer(request, onDelta) {
      const answer = await answerFromRecords(ctx, request);
      for (const piece of piecesOf(answer.content)) onDelta(piece);
      return answer;
    },
    async draftRfp(request) {
      return embeddedDraft(ctx, request);
    },
  };
}
