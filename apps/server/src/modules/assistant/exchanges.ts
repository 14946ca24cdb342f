// Exchanges: a conversation is opened (or continued) with its question stored before the answer is
// written, and the answer appended once complete; lists for the asker, a destination's managers and
// admins; ratings; deleting; and handing a visitor over to the destination's staff.
import {
  EXCHANGE_MAX_MESSAGES,
  type TExchangeFilter,
  type TExchangeKind,
  type TFeedbackInput,
} from "@hostfield/domain/contracts";
import { inTransaction } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors";
import type { TAssistantContext } from "./context";
import { effectiveGuide, handoffPeople } from "./guides";
import { requireAsker } from "./policy";
import type { TTurn } from "./providers/provider";
import * as repo from "./repository";

/** Earlier turns a follow-up is read against. */
const HISTORY_TURNS = 6;
/** An exchange's title: its first question, this long at most. */
const TITLE_LENGTH = 120;

const titleOf = (question: string) =>
  question.length > TITLE_LENGTH ? `${question.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : question;

export type TOpened = {
  exchange: repo.TExchangeRow;
  question: repo.TMessageRow;
  /** The exchange's earlier turns, oldest first. */
  history: TTurn[];
  /** The previous answer (an RFP exchange's draft so far). */
  previous: repo.TMessageRow | null;
  /** Whether this question started the exchange. */
  created: boolean;
};

/**
 * Stores the question: in the exchange named (which must be the caller's, of this kind and
 * destination, with room for a question and its answer) or in a new one.
 */
export async function openExchange(
  ctx: TAssistantContext,
  input: {
    kind: TExchangeKind;
    destinationId: string | null;
    exchangeId: string | undefined;
    exchangeKey: string | undefined;
    principal: TPrincipal | null;
    question: string;
  },
): Promise<TOpened> {
  // Who may continue it is asked first, outside the transaction: the embedded database has one
  // connection, which the transaction holds.
  if (input.exchangeId) {
    const found = await requireAsker(
      ctx,
      await repo.findExchange(ctx.db, input.exchangeId),
      input.principal,
      input.exchangeKey,
    );
    if (found.kind !== input.kind || found.destinationId !== input.destinationId) {
      throw badRequest(
        "VALIDATION_FAILED",
        "That exchange is another conversation; leave exchangeId out to start a new one.",
      );
    }
  }
  return inTransaction(ctx.db, async (db) => {
    let exchange: repo.TExchangeRow;
    let earlier: repo.TMessageRow[] = [];
    const locked = input.exchangeId ? await repo.lockExchange(db, input.exchangeId) : null;
    if (input.exchangeId) {
      // Deleted since it was checked.
      if (!locked) throw notFound("The exchange");
      if (locked.messageCount + 2 > EXCHANGE_MAX_MESSAGES) {
        throw conflict("This conversation is full; start a new one.");
      }
      exchange = locked;
      earlier = await repo.lastMessages(db, exchange.id, HISTORY_TURNS);
    } else {
      exchange = await repo.insertExchange(db, {
        kind: input.kind,
        destinationId: input.destinationId,
        userId: input.principal?.userId ?? null,
        title: titleOf(input.question),
      });
    }
    const [question] = await repo.insertMessages(db, [
      { exchangeId: exchange.id, role: "user", content: input.question },
    ]);
    await repo.touchExchange(db, exchange.id, 1);
    return {
      exchange,
      question: question!,
      history: earlier.map((m) => ({ role: m.role, content: m.content })),
      previous: [...earlier].reverse().find((m) => m.role === "assistant") ?? null,
      created: !input.exchangeId,
    };
  });
}

/**
 * Answers a stored question with `work`, or, when answering fails, takes the question back (and
 * the exchange it started) before the error goes on: no exchange keeps a question without its
 * answer, which would also put two questions in a row in the next one's history.
 */
export async function answerOrWithdraw<T>(
  ctx: TAssistantContext,
  opened: TOpened,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    try {
      await inTransaction(ctx.db, async (db) => {
        if (opened.created) await repo.deleteExchange(db, opened.exchange.id);
        else if (await repo.deleteMessage(db, opened.question.id)) {
          await repo.touchExchange(db, opened.exchange.id, -1);
        }
      });
    } catch (cleanup) {
      // The database that failed the answer may fail this too: the question then stays.
      ctx.log.warn({ err: cleanup }, "an unanswered question could not be taken back");
    }
    throw error;
  }
}

/** Appends the answer to its exchange. */
export async function appendAnswer(
  ctx: TAssistantContext,
  exchangeId: string,
  answer: Omit<repo.TMessageInsert, "exchangeId" | "role">,
): Promise<repo.TMessageRow> {
  return inTransaction(ctx.db, async (db) => {
    const [row] = await repo.insertMessages(db, [{ ...answer, exchangeId, role: "assistant" }]);
    await repo.touchExchange(db, exchangeId, 1);
    return row!;
  });
}

export const listExchanges = (
  ctx: TAssistantContext,
  scope: repo.TExchangeScope,
  filter: TExchangeFilter,
  window: { limit: number; offset: number },
) => repo.listExchanges(ctx.db, scope, filter, window);

/** Rates an answer of the exchange (a question cannot be rated). */
export async function rateAnswer(
  ctx: TAssistantContext,
  exchange: repo.TExchangeRow,
  messageId: string,
  input: Required<Pick<TFeedbackInput, "rating">> & { comment: string | null },
): Promise<repo.TMessageRow> {
  return inTransaction(ctx.db, async (db) => {
    const message = await repo.findMessage(db, exchange.id, messageId);
    if (!message) throw notFound("The message");
    if (message.role !== "assistant") {
      throw badRequest("VALIDATION_FAILED", "Only the assistant's answers can be rated.");
    }
    return repo.rateMessage(db, exchange.id, messageId, {
      rating: input.rating,
      comment: input.comment?.trim() || null,
      date: ctx.now(),
    });
  });
}

/**
 * Opens a conversation between the asker and the destination's hand-off people, starting with the
 * asker's message (or their last question).
 */
export async function handOver(
  ctx: TAssistantContext,
  exchange: repo.TExchangeRow,
  principal: TPrincipal,
  message: string | undefined,
): Promise<{ groupId: string }> {
  if (exchange.kind !== "tour-guide" || !exchange.destinationId) {
    throw badRequest("VALIDATION_FAILED", "Only a tour guide's conversation can be handed over.");
  }
  const access = await ctx.profiles.accessProfile("destination", exchange.destinationId, principal);
  const destination = access.profile;
  const { guide } = await effectiveGuide(ctx, destination);
  const people = (await handoffPeople(ctx, destination.id, guide)).filter(
    (id) => id !== principal.userId,
  );
  if (people.length === 0) {
    throw new AppError("CONFLICT", 409, "There is nobody else on this destination's team to ask.");
  }
  const lastQuestion = [...(await repo.lastMessages(ctx.db, exchange.id, HISTORY_TURNS))]
    .reverse()
    .find((m) => m.role === "user")?.content;
  const body = message ?? lastQuestion ?? exchange.title;
  // One conversation per exchange: asking again returns to it (the asker writes there), so a
  // visitor cannot open conversation after conversation with the team.
  const talk = await inTransaction(ctx.db, async (db) => {
    const current = await repo.lockExchange(db, exchange.id);
    if (current?.handoffGroupId) return { groupId: current.handoffGroupId, announce: () => {} };
    const opened = await ctx.groups.converse(db, {
      groupId: null,
      name: `${destination.name}: a visitor's question`,
      description: `Handed over by ${guide.name}, ${destination.name}'s guide on Hostfield.`,
      authorId: principal.userId,
      memberIds: people,
      body,
    });
    await repo.setHandoffGroup(db, exchange.id, opened.groupId);
    return opened;
  });
  talk.announce();
  return { groupId: talk.groupId };
}

export const deleteExchange = (ctx: TAssistantContext, id: string) =>
  repo.deleteExchange(ctx.db, id);
