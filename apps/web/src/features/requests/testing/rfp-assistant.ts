// Test-only MSW handlers for the RFP assistant's two calls as the request wizard makes them. A
// description (or a correction) is answered with the reply the test gives, built from the draft it
// says the assistant made: nothing here reads the description or merges drafts. The questions are
// the ones the world holds: the opening ones, and each exchange's as its last reply gave them.
import {
  type TRfpDraft,
  type TRfpQuestion,
  type TRfpReply,
  ZRfpQuestion,
  ZRfpReply,
} from "@hostfield/domain/contracts";
import { emptyRfpDraft } from "@hostfield/domain/rules";
import { http } from "msw";
import { dataReply, errorReply, listReply } from "../../../test/msw";
import { RFP_ASSISTANT_PATH, RFP_QUESTIONS_PATH } from "../../assistant";
import { testUuid } from "../../leads/testing";

export { RFP_ASSISTANT_PATH, RFP_QUESTIONS_PATH };
export const RFP_EXCHANGE_ID = testUuid(8);

/** The questions to start with, as the server words them. */
export const OPENING_QUESTIONS: TRfpQuestion[] = [
  { field: "sportsList", question: "Which sport or sports is the event for?" },
  {
    field: "startDate",
    question: "When is the event? Give the dates, or a month if they're flexible.",
  },
];

/** What the assistant's calls answer from. */
export type TRfpAssistantWorld = {
  opening: TRfpQuestion[];
  /** Each exchange's open questions. */
  questions: Map<string, TRfpQuestion[]>;
};

export function rfpAssistantWorld(): TRfpAssistantWorld {
  return { opening: [...OPENING_QUESTIONS], questions: new Map() };
}

/** A draft that understood nothing but what the test says. */
export function buildRfpDraft(overrides: Partial<TRfpDraft> = {}): TRfpDraft {
  return { ...emptyRfpDraft(), ...overrides };
}

/** The assistant's reply in the exchange RFP_EXCHANGE_ID: `draft`, nothing left to ask. */
export function buildRfpReply(draft: TRfpDraft, overrides: Partial<TRfpReply> = {}): TRfpReply {
  return {
    exchangeId: RFP_EXCHANGE_ID,
    reply: "Here's what I understood.",
    draft,
    questions: [],
    messageId: testUuid(901),
    provider: "embedded",
    ...overrides,
  };
}

/** The questions: the opening ones without `context`, else the exchange's (404 for another). */
export function rfpAssistantHandlers(world: TRfpAssistantWorld) {
  return [
    http.get(RFP_QUESTIONS_PATH, ({ request }) => {
      const context = new URL(request.url).searchParams.get("context");
      if (!context) return listReply(ZRfpQuestion, world.opening);
      const questions = world.questions.get(context);
      return questions
        ? listReply(ZRfpQuestion, questions)
        : errorReply(404, "NOT_FOUND", "The exchange was not found.");
    }),
  ];
}

/**
 * The assistant answers the first message with `replies[0]`, the next with `replies[1]`, and so
 * on (the last one again after that); the world keeps each reply's questions for its exchange.
 */
export function readsDescriptions(world: TRfpAssistantWorld, ...replies: TRfpReply[]) {
  let asked = 0;
  return http.post(RFP_ASSISTANT_PATH, () => {
    const reply = replies[Math.min(asked, replies.length - 1)]!;
    asked += 1;
    world.questions.set(reply.exchangeId, reply.questions);
    return dataReply(ZRfpReply, reply);
  });
}

/** 429 RATE_LIMITED as the server sends it: Retry-After, and the same seconds in the details. */
export function rfpRateLimited(seconds: number) {
  return http.post(RFP_ASSISTANT_PATH, () => {
    const reply = errorReply(
      429,
      "RATE_LIMITED",
      `Too many questions to the assistant; try again in ${Math.ceil(seconds / 60)} minutes.`,
      { retryAfterSeconds: seconds },
    );
    reply.headers.set("Retry-After", String(seconds));
    return reply;
  });
}
