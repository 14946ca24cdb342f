// The assistant service (/assistant-mgmt/api) and a destination's tour-guide configuration
// (/destination-mgmt/api/destinations/{id}/tour-guide): a destination's guide answers visitors from
// our records, citing the listings each fact comes from; the RFP assistant turns a plain description
// of an event into a draft request for proposals. Conversations (exchanges) are kept with their
// messages, citations and feedback.
import { z } from "zod";
import { AGE_GROUPS, EVENT_TYPES } from "../reference/events";
import { URGENCY_LEVELS } from "../reference/leads";
import { isPartialSpaceCombinationAllowed } from "../rules/space-types";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";
import { ZLocationFilter, ZSpaceTypeName, ZSportName, ZSurface } from "./event";
import { ZPerson } from "./messaging";
import { ZProfileKind } from "./profile";
import { ZRequestDates } from "./request-dates";
import { MAX_REQUEST_RADIUS_MILES } from "./rfp";

/** The longest question or description one message may carry. */
export const ASSISTANT_MESSAGE_MAX_LENGTH = 1000;
/** Messages (questions and answers together) one exchange may hold; then a new one starts. */
export const EXCHANGE_MAX_MESSAGES = 40;
/** The longest comment a thumbs-up or -down may carry. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;

export const TOUR_GUIDE_TONES = ["friendly", "professional", "enthusiastic", "concise"] as const;
export type TTourGuideTone = (typeof TOUR_GUIDE_TONES)[number];

export const EXCHANGE_KINDS = ["tour-guide", "rfp"] as const;
export type TExchangeKind = (typeof EXCHANGE_KINDS)[number];

export const ASSISTANT_PROVIDERS = ["embedded", "llm"] as const;
export type TAssistantProvider = (typeof ASSISTANT_PROVIDERS)[number];

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export type TFeedbackRating = (typeof FEEDBACK_RATINGS)[number];

// ---- the tour guide's configuration (destination managers) ------------------------------------

const ZTopic = z.string().trim().min(2).max(80);

/** What a destination's managers set: how the guide introduces itself and whom it hands over to. */
export const ZTourGuideInput = z.object({
  /** Shown as "Ask {name}". */
  name: z.string().trim().min(1).max(60),
  greeting: z.string().trim().min(1).max(500),
  tone: z.enum(TOUR_GUIDE_TONES),
  /** Offered as chips before the first question (the guide adds its own after these). */
  suggestedQuestions: z.array(z.string().trim().min(3).max(200)).max(8),
  /** Put forward when an answer touches them ("grant programs", "the new fieldhouse"). */
  stressTopics: z.array(ZTopic).max(10),
  /** Declined with an offer to message the destination's team ("pricing of city permits"). */
  avoidTopics: z.array(ZTopic).max(10),
  /**
   * Who receives a visitor handed over to the destination's staff: some of its owners and
   * managers; empty means all of them.
   */
  handoffUserIds: z.array(ZId).max(10),
  /** Off: the destination page offers no guide. */
  isEnabled: z.boolean(),
});
export type TTourGuideInput = z.infer<typeof ZTourGuideInput>;

/**
 * The guide as everyone sees it. `id` is null while the destination uses the default guide (never
 * configured); `manage` holds the settings only its managers and admins read.
 */
export const ZTourGuide = z.object({
  id: ZId.nullable(),
  destinationId: ZId,
  destinationName: z.string(),
  name: z.string(),
  greeting: z.string(),
  tone: z.enum(TOUR_GUIDE_TONES),
  suggestedQuestions: z.array(z.string()),
  isEnabled: z.boolean(),
  manage: z
    .object({
      stressTopics: z.array(z.string()),
      avoidTopics: z.array(z.string()),
      handoffUserIds: z.array(ZId),
      /** The people a visitor is handed to (the chosen ones, or every owner and manager). */
      handoff: z.array(ZPerson),
      /** The destination's owners and managers: whom the guide may hand a visitor to. */
      candidates: z.array(ZPerson),
      createdDate: ZIsoDateTime.nullable(),
      updatedDate: ZIsoDateTime.nullable(),
    })
    .nullable(),
});
export type TTourGuide = z.infer<typeof ZTourGuide>;

// ---- messages, citations, feedback --------------------------------------------------------------

/**
 * A listing an answer's facts come from. The answer's text names it with `[n]` where n is `ref`;
 * `url` is the listing's page on our site.
 */
export const ZCitation = z.object({
  ref: z.number().int().min(1),
  kind: ZProfileKind,
  id: ZId,
  name: z.string(),
  url: z.string(),
  /** The facts taken from it, short: "8 indoor hardwood courts · 14 mi". */
  detail: z.string().nullable(),
});
export type TCitation = z.infer<typeof ZCitation>;

export const ZFeedback = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string().nullable(),
  date: ZIsoDateTime,
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** A suggested question: its words, and what it is about ("venues", "hotels", a sport…). */
export const ZSuggestedQuestion = z.object({ text: z.string(), topic: z.string().nullable() });
export type TSuggestedQuestion = z.infer<typeof ZSuggestedQuestion>;

// ---- the RFP assistant's draft ------------------------------------------------------------------

/**
 * What the RFP assistant understood of a description: event fields (`sportsList` as sport names,
 * dates) and request fields named as the requirement contract names them (`ZRequirementInput`).
 * Every field is null when not understood; the organizer corrects and completes it in the wizard.
 */
export const ZRfpDraft = z
  .object({
    sportsList: z.array(ZSportName).min(1).max(50).nullable(),
    startDate: ZIsoDate.nullable(),
    endDate: ZIsoDate.nullable(),
    spaceType: ZSpaceTypeName.nullable(),
    spaceSurface: ZSurface.nullable(),
    spaceTypeCount: z.number().int().min(1).max(1000).nullable(),
    spaceLocation: ZLocationFilter.nullable(),
    /** A place we know, as the gazetteer names it ("Indianapolis, IN"). */
    address: z.string().trim().min(2).max(300).nullable(),
    /** Miles around `address`. */
    dist: z.number().int().min(1).max(MAX_REQUEST_RADIUS_MILES).nullable(),
    urgency: z.union(URGENCY_LEVELS.map((level) => z.literal(level.priority))).nullable(),
    attendance: z.number().int().min(1).max(1_000_000).nullable(),
    roomNights: z.number().int().min(0).max(1_000_000).nullable(),
    /** Further event facts when stated: the kind of event, the age group, teams expected. */
    /** "Sometime in June": the month's first and last day, flexible. */
    hasFlexibleDates: z.boolean().nullable(),
    /**
     * The request's date options when the description gives alternatives or a window ("a weekend
     * in March or April", "March 14-15 or March 21-22"); startDate and endDate then hold their
     * first and last day, flexible, for clients that read only those. Absent in older drafts.
     */
    dateOptions: ZRequestDates.nullable().default(null),
    type: z.enum(EVENT_TYPES).nullable(),
    ageGroup: z.enum(AGE_GROUPS).nullable(),
    teamCount: z.number().int().min(1).max(10_000).nullable(),
    /** A name the event could carry ("12U Girls Basketball Tournament"), for the wizard to offer. */
    name: z.string().trim().min(1).max(200).nullable(),
  })
  .refine((d) => d.startDate === null || d.endDate === null || d.endDate >= d.startDate, {
    message: "endDate is before startDate",
    path: ["endDate"],
  })
  .refine(
    (d) =>
      d.spaceType === null ||
      isPartialSpaceCombinationAllowed({
        name: d.spaceType,
        surface: d.spaceSurface,
        location: d.spaceLocation,
      }),
    { message: "Location or surface not allowed for this space type", path: ["spaceSurface"] },
  );
export type TRfpDraft = z.infer<typeof ZRfpDraft>;
export type TRfpDraftField = keyof TRfpDraft;

/** The draft's fields the evaluation scores and the questions ask for, in the wizard's order. */
export const RFP_DRAFT_FIELDS = [
  "sportsList",
  "startDate",
  "endDate",
  "spaceType",
  "spaceSurface",
  "spaceTypeCount",
  "spaceLocation",
  "address",
  "dist",
  "urgency",
  "attendance",
  "roomNights",
] as const satisfies readonly TRfpDraftField[];

/** A question the RFP assistant still needs answered, and the draft field it fills. */
export const ZRfpQuestion = z.object({ field: z.string(), question: z.string() });
export type TRfpQuestion = z.infer<typeof ZRfpQuestion>;

/** One message of an exchange: the person's question, or the assistant's answer. */
export const ZAssistantMessage = z.object({
  id: ZId,
  exchangeId: ZId,
  role: z.enum(["user", "assistant"]),
  /** Plain text; `[n]` marks where a citation's facts are used. */
  content: z.string(),
  citations: z.array(ZCitation),
  /** Follow-up questions offered after an answer. */
  suggestions: z.array(ZSuggestedQuestion),
  /** False when our records could not answer (the answer says so). */
  answered: z.boolean(),
  /** The answer offers to message the destination's team. */
  handoff: z.boolean(),
  /** An RFP exchange's draft after this answer. */
  draft: ZRfpDraft.nullable(),
  /** Who answered: the built-in answerer or the configured language model; null on questions. */
  provider: z.enum(ASSISTANT_PROVIDERS).nullable(),
  feedback: ZFeedback.nullable(),
  createdDate: ZIsoDateTime,
});
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;

/** What the debugging view adds to a message, for admins: how the answer was found. */
export const ZMessageDebug = z.object({
  understood: z.record(z.string(), z.unknown()),
  retrieved: z.array(z.object({ kind: ZProfileKind, id: ZId, name: z.string() })),
  ms: z.number().min(0),
  fallback: z.string().nullable(),
});
export type TMessageDebug = z.infer<typeof ZMessageDebug>;

export const ZAssistantMessageWithDebug = ZAssistantMessage.extend({
  debug: ZMessageDebug.nullable(),
});
export type TAssistantMessageWithDebug = z.infer<typeof ZAssistantMessageWithDebug>;

// ---- exchanges ----------------------------------------------------------------------------------

/** A conversation with the assistant, as lists show it. */
export const ZExchange = z.object({
  id: ZId,
  kind: z.enum(EXCHANGE_KINDS),
  destination: z.object({ id: ZId, name: z.string() }).nullable(),
  /** The first question, shortened. */
  title: z.string(),
  messageCount: z.number().int().min(0),
  feedback: z.object({ up: z.number().int().min(0), down: z.number().int().min(0) }),
  /**
   * Who asked: shown to themselves and to admins; null for a visitor who was not signed in, and
   * for a destination's managers, who read the questions, not who asked them.
   */
  asker: ZPerson.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TExchange = z.infer<typeof ZExchange>;

/** `POST /exchanges/search`, `/exchanges/my/search`, `/exchanges/destinations/{id}/search`. */
export const ZExchangeFilter = z.object({
  kind: z.enum(EXCHANGE_KINDS).optional(),
  destinationId: ZId.optional(),
  /** Exchanges with at least one answer rated so ("down": the admins' low-rated answers). */
  rating: z.enum(FEEDBACK_RATINGS).optional(),
  /** Words of the questions or answers. */
  text: z.string().trim().max(200).optional(),
  /** Exchanges active on or after / on or before these days (UTC). */
  startDate: ZIsoDate.optional(),
  endDate: ZIsoDate.optional(),
});
export type TExchangeFilter = z.infer<typeof ZExchangeFilter>;

// ---- asking -------------------------------------------------------------------------------------

const ZMessageText = z.string().trim().min(1).max(ASSISTANT_MESSAGE_MAX_LENGTH);

/**
 * `POST /assistants/destinations/{id}/tour-guide`: a question, in a new exchange or an earlier
 * one. A visitor who is not signed in continues theirs with the `exchangeKey` the first answer gave.
 * Dates, when given, price hotels for that stay.
 */
export const ZTourGuideAsk = z
  .object({
    message: ZMessageText,
    exchangeId: ZId.optional(),
    exchangeKey: z.string().min(1).max(200).optional(),
    checkIn: ZIsoDate.optional(),
    checkOut: ZIsoDate.optional(),
  })
  .refine((a) => (a.checkIn === undefined) === (a.checkOut === undefined), {
    message: "Give both checkIn and checkOut, or neither",
    path: ["checkOut"],
  })
  .refine((a) => a.checkIn === undefined || a.checkOut! > a.checkIn, {
    message: "checkOut must be after checkIn",
    path: ["checkOut"],
  });
export type TTourGuideAsk = z.infer<typeof ZTourGuideAsk>;

/**
 * The answer. With `Accept: text/event-stream` the same arrives as server-sent events: `exchange`
 * ({exchangeId, exchangeKey, question}), `delta` ({text}) as the answer is written, then `answer`
 * (the whole answer message) or `error` ({code, message}).
 */
export const ZTourGuideReply = z.object({
  exchangeId: ZId,
  /** For a visitor who is not signed in: what continues this exchange (and rates its answers). */
  exchangeKey: z.string().nullable(),
  question: ZAssistantMessage,
  answer: ZAssistantMessage,
});
export type TTourGuideReply = z.infer<typeof ZTourGuideReply>;

/** `POST /assistants/rfp`: a description of the event, or a correction in the same exchange. */
export const ZRfpAsk = z.object({ message: ZMessageText, exchangeId: ZId.optional() });
export type TRfpAsk = z.infer<typeof ZRfpAsk>;

export const ZRfpReply = z.object({
  exchangeId: ZId,
  /** The assistant's words: what it understood and what it still needs. */
  reply: z.string(),
  draft: ZRfpDraft,
  /** The questions still needed to complete the request. */
  questions: z.array(ZRfpQuestion),
  messageId: ZId,
  provider: z.enum(ASSISTANT_PROVIDERS),
});
export type TRfpReply = z.infer<typeof ZRfpReply>;

/** `PUT /exchanges/{id}/messages/{messageId}/feedback`. */
export const ZFeedbackInput = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).nullable().default(null),
  /** A visitor's exchange key, when not signed in. */
  exchangeKey: z.string().min(1).max(200).optional(),
});
export type TFeedbackInput = z.input<typeof ZFeedbackInput>;

/** `POST /exchanges/{id}/handoff`: hand the visitor to the destination's staff in a conversation. */
export const ZHandoffInput = z.object({
  /** The first message; the exchange's last question when absent. */
  message: ZMessageText.optional(),
});
export const ZHandoffReply = z.object({ groupId: ZId });
