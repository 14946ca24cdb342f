// Asking: a visitor's question to a destination's guide, and an organizer's description to the RFP
// assistant. The question is counted against the rate limits, stored in its exchange, answered by
// the provider (its text passed on as it is written) and the answer stored with its citations.
import type { TRfpDraft, TTourGuideAsk } from "@hostfield/domain/contracts";
import type { TPrincipal } from "../../platform/http/access";
import { notFound } from "../../platform/http/errors";
import { type TAssistantContext, todayOf } from "./context";
import { answerOrWithdraw, appendAnswer, openExchange } from "./exchanges";
import { guideArea, guideDestination } from "./guide/area";
import { effectiveGuide } from "./guides";
import { takeQuestion } from "./limits";
import { destinationAccess, exchangeKeyOf } from "./policy";
import type { TGuideAnswer } from "./providers/provider";
import type { TExchangeRow, TMessageRow } from "./repository";
import { rfpQuestions } from "./rfp/questions";

export type TCaller = { principal: TPrincipal | null; address: string };

export type TAsked = {
  exchange: TExchangeRow;
  /** For a visitor who is not signed in: the key that continues the exchange. */
  exchangeKey: string | null;
  question: TMessageRow;
};

/**
 * A question to the destination's guide. `onStart` hears the stored question before the answer is
 * written, `onDelta` the answer's text as it comes; the stored answer is returned.
 */
export async function askGuide(
  ctx: TAssistantContext,
  destinationId: string,
  ask: TTourGuideAsk,
  caller: TCaller,
  hooks: {
    onStart?: (asked: TAsked) => void;
    onDelta?: (text: string) => void;
    signal?: AbortSignal;
  } = {},
): Promise<{ asked: TAsked; answer: TMessageRow }> {
  const { destination, manages } = await destinationAccess(ctx, destinationId, caller.principal);
  const { guide } = await effectiveGuide(ctx, destination);
  // A guide that is off is not offered; its managers may still try it out.
  if (!guide.isEnabled && !manages && !caller.principal?.isAdmin) {
    throw notFound("This destination's guide");
  }
  const record = await guideDestination(ctx, destination.id);
  if (!record) throw notFound("The destination");
  await takeQuestion(ctx, caller.principal, caller.address);
  const opened = await openExchange(ctx, {
    kind: "tour-guide",
    destinationId: destination.id,
    exchangeId: ask.exchangeId,
    exchangeKey: ask.exchangeKey,
    principal: caller.principal,
    question: ask.message,
  });
  const asked: TAsked = {
    exchange: opened.exchange,
    exchangeKey: opened.exchange.userId === null ? exchangeKeyOf(ctx, opened.exchange.id) : null,
    question: opened.question,
  };
  hooks.onStart?.(asked);
  return answerOrWithdraw(ctx, opened, async () => {
    const answer: TGuideAnswer = await ctx.provider.answer(
      {
        guide,
        area: guideArea(ctx, record),
        question: ask.message,
        history: opened.history,
        stay: ask.checkIn && ask.checkOut ? { checkIn: ask.checkIn, checkOut: ask.checkOut } : null,
        today: todayOf(ctx),
      },
      (text) => hooks.onDelta?.(text),
      hooks.signal ?? new AbortController().signal,
    );
    const stored = await appendAnswer(ctx, opened.exchange.id, {
      content: answer.content,
      citations: answer.citations,
      suggestions: answer.suggestions,
      answered: answer.answered,
      handoff: answer.handoff,
      provider: answer.provider,
      debug: answer.debug,
    });
    return { asked, answer: stored };
  });
}

/** A description (or a correction) for the RFP assistant, from a signed-in organizer. */
export async function askRfp(
  ctx: TAssistantContext,
  input: { message: string; exchangeId?: string | undefined },
  caller: TCaller & { principal: TPrincipal },
  signal: AbortSignal,
) {
  await takeQuestion(ctx, caller.principal, caller.address);
  const opened = await openExchange(ctx, {
    kind: "rfp",
    destinationId: null,
    exchangeId: input.exchangeId,
    exchangeKey: undefined,
    principal: caller.principal,
    question: input.message,
  });
  return answerOrWithdraw(ctx, opened, async () => {
    const previous: TRfpDraft | null = opened.previous?.draft ?? null;
    const result = await ctx.provider.draftRfp(
      { message: input.message, previous, today: todayOf(ctx) },
      signal,
    );
    const questions = rfpQuestions(result.draft);
    const stored = await appendAnswer(ctx, opened.exchange.id, {
      content: result.reply,
      draft: result.draft,
      suggestions: questions.map((q) => ({ text: q.question, topic: q.field })),
      answered: true,
      provider: result.provider,
      debug: result.debug,
    });
    return {
      exchangeId: opened.exchange.id,
      reply: result.reply,
      draft: result.draft,
      questions,
      messageId: stored.id,
      provider: result.provider,
    };
  });
}
