// Tables of the assistant module: a destination's tour-guide settings, the exchanges (conversations)
// with their messages, citations and feedback, and the request counts the rate limits read.
import type {
  TAssistantProvider,
  TCitation,
  TExchangeKind,
  TFeedbackRating,
  TMessageDebug,
  TRfpDraft,
  TSuggestedQuestion,
  TTourGuideTone,
} from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit, createdDate, updatedDate } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { groups } from "../groups/schema";
import { users } from "../users/schema";

/** A destination's configured guide; a destination without a row has the default one. */
export const tourGuides = pgTable(
  "tour_guides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    destinationId: uuid("destination_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    greeting: text("greeting").notNull(),
    tone: text("tone").$type<TTourGuideTone>().notNull(),
    suggestedQuestions: text("suggested_questions").array().notNull().default(sql`'{}'::text[]`),
    stressTopics: text("stress_topics").array().notNull().default(sql`'{}'::text[]`),
    avoidTopics: text("avoid_topics").array().notNull().default(sql`'{}'::text[]`),
    handoffUserIds: uuid("handoff_user_ids").array().notNull().default(sql`'{}'::uuid[]`),
    isEnabled: boolean("is_enabled").notNull().default(true),
    ...audit,
  },
  (t) => [uniqueIndex("tour_guides_destination_key").on(t.destinationId)],
);

/**
 * A conversation with the assistant. A visitor who was not signed in has no user; deleting an
 * account deletes its exchanges, deleting a destination those with its guide.
 */
export const assistantExchanges = pgTable(
  "assistant_exchanges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<TExchangeKind>().notNull(),
    destinationId: uuid("destination_id").references(() => profiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    messageCount: integer("message_count").notNull().default(0),
    upCount: integer("up_count").notNull().default(0),
    downCount: integer("down_count").notNull().default(0),
    /** The conversation a hand-off opened: a second hand-off returns to it instead of another. */
    handoffGroupId: uuid("handoff_group_id").references(() => groups.id, { onDelete: "set null" }),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [
    index("assistant_exchanges_user_idx").on(t.userId, t.updatedDate),
    index("assistant_exchanges_destination_idx").on(t.destinationId, t.updatedDate),
    // The admins' low-rated answers: few rows, read newest first.
    index("assistant_exchanges_down_idx").on(t.updatedDate).where(sql`${t.downCount} > 0`),
  ],
);

/** A question or an answer, with what the answer cites and how it was rated. */
export const assistantMessages = pgTable(
  "assistant_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    exchangeId: uuid("exchange_id")
      .notNull()
      .references(() => assistantExchanges.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    citations: jsonb("citations").$type<TCitation[]>().notNull().default(sql`'[]'::jsonb`),
    suggestions: jsonb("suggestions")
      .$type<TSuggestedQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    answered: boolean("answered").notNull().default(true),
    handoff: boolean("handoff").notNull().default(false),
    draft: jsonb("draft").$type<TRfpDraft>(),
    provider: text("provider").$type<TAssistantProvider>(),
    /** How the answer was found (admins' debugging view). */
    debug: jsonb("debug").$type<TMessageDebug>(),
    feedbackRating: text("feedback_rating").$type<TFeedbackRating>(),
    feedbackComment: text("feedback_comment"),
    feedbackDate: timestamp("feedback_date", { withTimezone: true }),
    createdDate: createdDate(),
  },
  (t) => [
    index("assistant_messages_exchange_idx").on(t.exchangeId, t.createdDate),
    // Searching exchanges by the words of their messages.
    index("assistant_messages_content_trgm").using("gin", sql`${t.content} gin_trgm_ops`),
  ],
);

/** Requests counted per key (a user, an address) and hour, shared by every process. */
export const assistantUsage = pgTable(
  "assistant_usage",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
