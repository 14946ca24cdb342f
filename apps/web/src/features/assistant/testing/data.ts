// Test-only assistant records in the contract shapes (each checked as it is built): a destination's
// tour guide, suggested questions, messages with citations and feedback (and the admins' debug),
// exchanges, a destination's owners and managers (the guide's hand-off candidates); and the world the assistant handlers answer from.
import {
  type TAssistantMessage,
  type TAssistantMessageWithDebug,
  type TCitation,
  type TExchange,
  type TMessageDebug,
  type TPerson,
  type TSuggestedQuestion,
  type TTourGuide,
  ZAssistantMessage,
  ZAssistantMessageWithDebug,
  ZCitation,
  ZExchange,
  ZMessageDebug,
  ZPerson,
  ZSuggestedQuestion,
  ZTourGuide,
} from "@hostfield/domain/contracts";
import { buildUser } from "../../../test/factories";

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export const aiUuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, "0")}`;

export const GUIDE_DESTINATION_ID = aiUuid(1);
export const GUIDE_ID = aiUuid(2);
export const EXCHANGE_ID = aiUuid(3);
export const HAYES_ID = aiUuid(11);
export const INN_ID = aiUuid(12);
export const ME_ID = buildUser().id;
export const AI_T0 = "2026-03-10T15:00:00.000Z";
/** The key the server gives a visitor who is not signed in. */
export const VISITOR_KEY = "exchange-key-visitor-1";

type TManage = NonNullable<TTourGuide["manage"]>;

export function buildManage(overrides: Partial<TManage> = {}): TManage {
  return {
    stressTopics: [],
    avoidTopics: [],
    handoffUserIds: [],
    handoff: [],
    candidates: [],
    createdDate: null,
    updatedDate: null,
    ...overrides,
  };
}

/** The default guide of "Visit Riverside" (never configured), as a visitor reads it. */
export function buildTourGuide(overrides: Partial<TTourGuide> = {}): TTourGuide {
  return ZTourGuide.parse({
    id: null,
    destinationId: GUIDE_DESTINATION_ID,
    destinationName: "Visit Riverside",
    name: "the Riverside guide",
    greeting: "Hi! I answer questions about Riverside from Visit Riverside's listings.",
    tone: "friendly",
    suggestedQuestions: [],
    isEnabled: true,
    manage: null,
    ...overrides,
  } satisfies TTourGuide);
}

export function buildSuggestion(text: string, topic: string | null = null): TSuggestedQuestion {
  return ZSuggestedQuestion.parse({ text, topic } satisfies TSuggestedQuestion);
}

export function buildCitation(ref: number, overrides: Partial<TCitation> = {}): TCitation {
  return ZCitation.parse({
    ref,
    kind: "facility",
    id: HAYES_ID,
    name: "Hayes Center Arena",
    url: `/facilities/${HAYES_ID}`,
    detail: "8 indoor hardwood courts · 4 mi",
    ...overrides,
  } satisfies TCitation);
}

let serial = 100;
export const nextAiId = () => {
  serial += 1;
  return aiUuid(serial);
};

/** An answer of the guide (a question with `role: "user"`). */
export function buildAnswer(overrides: Partial<TAssistantMessage> = {}): TAssistantMessage {
  return ZAssistantMessage.parse({
    id: nextAiId(),
    exchangeId: EXCHANGE_ID,
    role: "assistant",
    content: "Hayes Center Arena [1] has 8 indoor hardwood courts.",
    citations: [buildCitation(1)],
    suggestions: [buildSuggestion("Hotels near Hayes Center Arena?", "hotels")],
    answered: true,
    handoff: false,
    draft: null,
    provider: "embedded",
    feedback: null,
    createdDate: AI_T0,
    ...overrides,
  } satisfies TAssistantMessage);
}

export function buildQuestion(
  content: string,
  overrides: Partial<TAssistantMessage> = {},
): TAssistantMessage {
  return ZAssistantMessage.parse({
    id: nextAiId(),
    exchangeId: EXCHANGE_ID,
    role: "user",
    content,
    citations: [],
    suggestions: [],
    answered: true,
    handoff: false,
    draft: null,
    provider: null,
    feedback: null,
    createdDate: AI_T0,
    ...overrides,
  } satisfies TAssistantMessage);
}

export function buildDebug(overrides: Partial<TMessageDebug> = {}): TMessageDebug {
  return ZMessageDebug.parse({
    understood: { topic: "venues", sports: ["Volleyball"], location: "Indoor" },
    retrieved: [{ kind: "facility", id: HAYES_ID, name: "Hayes Center Arena" }],
    ms: 42,
    fallback: null,
    ...overrides,
  } satisfies TMessageDebug);
}

/** A message as `GET /exchanges/{id}/messages` lists it (`debug` null unless an admin's). */
export function withDebug(
  message: TAssistantMessage,
  debug: TMessageDebug | null = null,
): TAssistantMessageWithDebug {
  return ZAssistantMessageWithDebug.parse({ ...message, debug });
}

export function buildExchange(overrides: Partial<TExchange> = {}): TExchange {
  return ZExchange.parse({
    id: EXCHANGE_ID,
    kind: "tour-guide",
    destination: { id: GUIDE_DESTINATION_ID, name: "Visit Riverside" },
    title: "Where can 40 volleyball teams play indoors?",
    messageCount: 2,
    feedback: { up: 0, down: 0 },
    asker: null,
    createdDate: AI_T0,
    updatedDate: AI_T0,
    ...overrides,
  } satisfies TExchange);
}

/** An owner or manager of the destination, as the guide's hand-off candidates name them. */
export function buildStaff(n: number, overrides: Partial<TPerson> = {}): TPerson {
  return ZPerson.parse({
    id: aiUuid(900 + n),
    name: `Staff ${n}`,
    avatarUrl: null,
    ...overrides,
  } satisfies TPerson);
}

/** How the guide answers one question: its final message and the pieces it streams in. */
export type TScriptedAnswer = { answer: TAssistantMessage; deltas: string[] };

/** What the assistant handlers answer from. */
export type TAssistantWorld = {
  /** Each destination's guide; a destination without one answers 404. */
  guides: Map<string, TTourGuide>;
  /** Each destination's suggested questions before the first one. */
  questions: Map<string, TSuggestedQuestion[]>;
  /** The answer to a question (its exchange given); the default cites Hayes Center Arena. */
  answer: (question: string, exchangeId: string) => TScriptedAnswer;
  /** Answer as server-sent events (true) or as JSON, as a proxy that buffers would. */
  stream: boolean;
  /** The stream's bytes go out in pieces this long: events split anywhere. */
  chunkSize: number;
  /** When set, the stream stops after the exchange event and the first piece until it resolves. */
  hold: Promise<void> | null;
  /** The exchange a first question starts, and the key a visitor gets (null when signed in). */
  newExchangeId: string;
  exchangeKey: string | null;
  /** Every search of exchanges answers this list (paged by the request); newest first. */
  exchanges: TExchange[];
  /** Each exchange's messages, oldest first; asking adds to them. */
  messages: Map<string, TAssistantMessageWithDebug[]>;
  /** Each exchange's follow-up questions (its last answer's suggestions unless given). */
  followUps: Map<string, TSuggestedQuestion[]>;
  /** Each destination's owners and managers: its managed guide's hand-off candidates. */
  staff: Map<string, TPerson[]>;
  /** The conversation a hand-off opens. */
  handoffGroupId: string;
};

/** Splits a text into `count` pieces of about the same length (words kept whole). */
export function piecesOf(text: string, count = 3): string[] {
  const words = text.split(/(?<= )/);
  const size = Math.ceil(words.length / count);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(""));
  return pieces;
}

export function assistantWorld(overrides: Partial<TAssistantWorld> = {}): TAssistantWorld {
  return {
    guides: new Map([[GUIDE_DESTINATION_ID, buildTourGuide()]]),
    questions: new Map([
      [
        GUIDE_DESTINATION_ID,
        [
          buildSuggestion("Where can 40 volleyball teams play indoors?", "venues"),
          buildSuggestion("Which hotels are under $150?", "hotels"),
        ],
      ],
    ]),
    answer: (_question, exchangeId) => {
      const answer = buildAnswer({ exchangeId });
      return { answer, deltas: piecesOf(answer.content) };
    },
    stream: true,
    chunkSize: 7,
    hold: null,
    newExchangeId: EXCHANGE_ID,
    exchangeKey: null,
    exchanges: [],
    messages: new Map(),
    followUps: new Map(),
    staff: new Map(),
    handoffGroupId: aiUuid(500),
    ...overrides,
  };
}
