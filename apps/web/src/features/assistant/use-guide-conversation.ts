// The conversation in a destination's guide chat: the questions asked and their answers (streamed
// as they are written), the exchange they belong to (kept in sessionStorage per destination, so a
// reload continues it), reopening an earlier exchange, and starting afresh.
import type { TAssistantMessage } from "@hostfield/domain/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { askGuide, listExchangeMessages } from "./assistant-api";
import { assistantKeys } from "./assistant-paths";

/** The exchange a conversation continues: its id, and for a visitor the key the server gave. */
export type TExchangeRef = { id: string; key: string | null };

/** One question and its answer, as the chat shows them. */
export type TTurn = {
  /** This turn's own id in the chat (the messages' ids come later). */
  key: string;
  question: string;
  /** The answer's text so far, while it is written. */
  streamed: string;
  answer: TAssistantMessage | null;
  status: "asking" | "done" | "failed";
  error: unknown;
};

/** Opening an earlier exchange: under way, or failed (with what to try again). */
export type TRestore =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "failed"; error: unknown; exchange: TExchangeRef };

const storageKey = (destinationId: string) => `hostfield.assistant.exchange.${destinationId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the conversation lasts as long as the page
  }
}

export function readStoredExchange(destinationId: string): TExchangeRef | null {
  try {
    const value = JSON.parse(storage()?.getItem(storageKey(destinationId)) ?? "null") as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { id, key } = value as { id?: unknown; key?: unknown };
    return typeof id === "string" ? { id, key: typeof key === "string" ? key : null } : null;
  } catch {
    return null;
  }
}

function storeExchange(destinationId: string, exchange: TExchangeRef | null): void {
  try {
    if (exchange) storage()?.setItem(storageKey(destinationId), JSON.stringify(exchange));
    else storage()?.removeItem(storageKey(destinationId));
  } catch {
    // Full or disabled storage: a reload starts a new conversation.
  }
}

/** Questions and answers in order, paired (a question the server kept without its answer shows alone). */
function turnsOf(messages: readonly TAssistantMessage[]): TTurn[] {
  const turns: TTurn[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      turns.push({
        key: message.id,
        question: message.content,
        streamed: "",
        answer: null,
        status: "done",
        error: null,
      });
    } else {
      const last = turns.at(-1);
      if (last && last.answer === null) last.answer = message;
      else turns.push({ ...emptyTurn(message.id), answer: message, status: "done" });
    }
  }
  return turns;
}

const emptyTurn = (key: string): TTurn => ({
  key,
  question: "",
  streamed: "",
  answer: null,
  status: "asking",
  error: null,
});

/** An exchange that is gone or not ours (any more): forget it rather than fail on it. */
const isLost = (error: unknown) =>
  error instanceof ApiError && [401, 403, 404].includes(error.status);

let serial = 0;

export type TConversation = ReturnType<typeof useGuideConversation>;

export function useGuideConversation(destinationId: string) {
  const queryClient = useQueryClient();
  const viewer = useAuth().user?.id ?? "anonymous";
  const [exchange, setExchangeState] = useState<TExchangeRef | null>(null);
  const [turns, setTurns] = useState<TTurn[]>([]);
  const [restore, setRestore] = useState<TRestore>({ status: "idle" });
  // The exchange opened again (a reload, History) until a new question: its follow-ups are the
  // server's to give.
  const [reopened, setReopened] = useState<string | null>(null);
  // The latest exchange and answer under way, for the calls made between renders.
  const current = useRef<TExchangeRef | null>(null);
  const asking = useRef<AbortController | null>(null);

  const setExchange = useCallback(
    (next: TExchangeRef | null) => {
      current.current = next;
      setExchangeState(next);
      storeExchange(destinationId, next);
    },
    [destinationId],
  );

  const update = useCallback((key: string, change: (turn: TTurn) => Partial<TTurn>) => {
    setTurns((all) => all.map((turn) => (turn.key === key ? { ...turn, ...change(turn) } : turn)));
  }, []);

  /** Shows an earlier exchange with its messages, and continues it from here on. */
  const open = useCallback(
    async (ref: TExchangeRef) => {
      asking.current?.abort();
      setRestore({ status: "loading" });
      setTurns([]);
      try {
        const messages = await queryClient.fetchQuery({
          queryKey: assistantKeys.messages(ref.id, viewer),
          queryFn: ({ signal }) => listExchangeMessages(ref.id, { exchangeKey: ref.key, signal }),
          staleTime: 0,
        });
        setTurns(turnsOf(messages));
        setExchange(ref);
        setReopened(ref.id);
        setRestore({ status: "idle" });
      } catch (error) {
        if (isLost(error)) {
          setExchange(null);
          setRestore({ status: "idle" });
        } else {
          setRestore({ status: "failed", error, exchange: ref });
        }
      }
    },
    [queryClient, setExchange, viewer],
  );

  // A reload continues the exchange this tab had with the destination's guide.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the destination opened.
  useEffect(() => {
    const stored = readStoredExchange(destinationId);
    if (stored) void open(stored);
    return () => asking.current?.abort();
  }, [destinationId]);

  const ask = useCallback(
    async (text: string) => {
      const question = text.trim();
      if (question === "") return;
      serial += 1;
      const key = `turn-${serial}`;
      setTurns((all) => [...all, { ...emptyTurn(key), question }]);
      setReopened(null);
      const controller = new AbortController();
      asking.current = controller;
      const before = current.current;
      try {
        const reply = await askGuide(
          destinationId,
          {
            message: question,
            ...(before ? { exchangeId: before.id } : {}),
            ...(before?.key ? { exchangeKey: before.key } : {}),
          },
          {
            signal: controller.signal,
            onExchange: (start) =>
              setExchange({ id: start.exchangeId, key: start.exchangeKey ?? before?.key ?? null }),
            onDelta: (piece) => update(key, (turn) => ({ streamed: turn.streamed + piece })),
          },
        );
        update(key, () => ({ answer: reply.answer, status: "done" }));
        void queryClient.invalidateQueries({ queryKey: assistantKeys.exchanges });
      } catch (error) {
        // Closed, or a new conversation started: this answer is no longer awaited.
        if (controller.signal.aborted) return;
        update(key, () => ({ status: "failed", error }));
      } finally {
        if (asking.current === controller) asking.current = null;
      }
    },
    [destinationId, queryClient, setExchange, update],
  );

  /** Asks a failed question again, in its place. */
  const retry = useCallback(
    (turn: TTurn) => {
      setTurns((all) => all.filter((t) => t.key !== turn.key));
      void ask(turn.question);
    },
    [ask],
  );

  const startOver = useCallback(() => {
    asking.current?.abort();
    asking.current = null;
    setTurns([]);
    setExchange(null);
    setReopened(null);
    setRestore({ status: "idle" });
  }, [setExchange]);

  /** Puts the server's new version of an answer (rated) in place. */
  const replaceAnswer = useCallback((message: TAssistantMessage) => {
    setTurns((all) =>
      all.map((turn) => (turn.answer?.id === message.id ? { ...turn, answer: message } : turn)),
    );
  }, []);

  const busy = restore.status === "loading" || turns.some((turn) => turn.status === "asking");
  return {
    exchange,
    turns,
    restore,
    reopened,
    busy,
    ask,
    retry,
    open,
    startOver,
    replaceAnswer,
  };
}
