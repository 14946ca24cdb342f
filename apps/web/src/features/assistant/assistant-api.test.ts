import { http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, setAccessTokenGetter } from "../../lib/api";
import { errorReply, sent, server } from "../../test/msw";
import { askGuide, rateLimitMessage } from "./assistant-api";
import { readServerSentEvents } from "./server-sent-events";
import {
  askUrl,
  assistantWorld,
  buildAnswer,
  buildCitation,
  buildQuestion,
  EXCHANGE_ID,
  GUIDE_DESTINATION_ID,
  rateLimitedReply,
  serveAssistant,
  sseResponse,
  VISITOR_KEY,
} from "./testing";

const ASK = askUrl(GUIDE_DESTINATION_ID);

afterEach(() => {
  setAccessTokenGetter(null);
});

/** A body that sends `text` in the byte pieces given. */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

describe("reading server-sent events", () => {
  it("reads events cut anywhere, even inside a character, with CRLF lines and comments", async () => {
    const bytes = new TextEncoder().encode(
      ': keep-alive\r\nevent: delta\r\ndata: {"text":"Café "}\r\n\r\nevent: delta\ndata: {"text":"olé"}\n\ndata: plain\n\n',
    );
    // One byte at a time: every line, event and the é's two bytes are split.
    const pieces = Array.from(bytes, (byte) => new Uint8Array([byte]));
    const events: { event: string; data: string }[] = [];
    await readServerSentEvents(bodyOf(pieces), (event) => events.push(event));
    expect(events).toEqual([
      { event: "delta", data: '{"text":"Café "}' },
      { event: "delta", data: '{"text":"olé"}' },
      { event: "message", data: "plain" },
    ]);
  });

  it("joins data lines and drops an event the body stops in the middle of", async () => {
    const bytes = new TextEncoder().encode("data: one\ndata: two\n\nevent: answer\ndata: {");
    const events: { event: string; data: string }[] = [];
    await readServerSentEvents(bodyOf([bytes]), (event) => events.push(event));
    expect(events).toEqual([{ event: "message", data: "one\ntwo" }]);
  });
});

describe("askGuide", () => {
  it("streams the answer: the exchange first, the text piece by piece, then the whole answer", async () => {
    const world = serveAssistant(assistantWorld({ chunkSize: 5, exchangeKey: VISITOR_KEY }));
    const answer = buildAnswer({
      content: "Hayes Center Arena [1] — 8 courts, café on site.",
      citations: [buildCitation(1)],
    });
    world.answer = () => ({
      answer,
      deltas: ["Hayes Center Arena [1] — ", "8 courts, café on site."],
    });
    setAccessTokenGetter(() => "token-1");
    const starts: unknown[] = [];
    const pieces: string[] = [];
    const reply = await askGuide(
      GUIDE_DESTINATION_ID,
      { message: "Where can we play?" },
      {
        onExchange: (start) => starts.push(start),
        onDelta: (text) => pieces.push(text),
      },
    );
    expect(starts).toEqual([
      expect.objectContaining({ exchangeId: EXCHANGE_ID, exchangeKey: VISITOR_KEY }),
    ]);
    expect(pieces.join("")).toBe(answer.content);
    expect(pieces).toHaveLength(2);
    expect(reply.answer).toEqual(answer);
    expect(reply.question.content).toBe("Where can we play?");
    expect(reply.exchangeKey).toBe(VISITOR_KEY);

    const [call] = sent.to(ASK, "POST");
    expect(call?.headers.accept).toBe("text/event-stream");
    expect(call?.headers.authorization).toBe("Bearer token-1");
    expect(call?.url.searchParams.get("api-version")).toBe("1.0");
    expect(call?.body).toEqual({ data: { message: "Where can we play?" } });
  });

  it("reads a JSON reply when a proxy buffered the stream", async () => {
    const world = serveAssistant(assistantWorld({ stream: false }));
    const pieces: string[] = [];
    const starts: string[] = [];
    const reply = await askGuide(
      GUIDE_DESTINATION_ID,
      { message: "Indoor volleyball?", exchangeId: EXCHANGE_ID },
      { onDelta: (text) => pieces.push(text), onExchange: (s) => starts.push(s.exchangeId) },
    );
    expect(reply.answer.content).toBe("Hayes Center Arena [1] has 8 indoor hardwood courts.");
    expect(reply.answer.citations[0]?.name).toBe("Hayes Center Arena");
    expect(starts).toEqual([EXCHANGE_ID]);
    expect(pieces).toEqual([]);
    expect(world.messages.get(EXCHANGE_ID)).toHaveLength(2);
  });

  it("throws the error event's ApiError", async () => {
    const question = buildQuestion("Where?");
    server.use(
      http.post(ASK, () =>
        sseResponse(
          [
            { event: "exchange", data: { exchangeId: EXCHANGE_ID, exchangeKey: null, question } },
            { event: "delta", data: { text: "Hayes" } },
            {
              event: "error",
              data: { code: "SERVICE_UNAVAILABLE", message: "The guide is busy." },
            },
          ],
          { chunkSize: 4 },
        ),
      ),
    );
    const error = await askGuide(GUIDE_DESTINATION_ID, { message: "Where?" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "The guide is busy." });
  });

  it("says how long to wait when refused with 429 before the answer starts", async () => {
    server.use(http.post(ASK, () => rateLimitedReply(1140)));
    const error = await askGuide(GUIDE_DESTINATION_ID, { message: "Where?" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfterSeconds: 1140,
      message: "Too many questions, try again in 19 minutes.",
    });
  });

  it("fails plainly when the stream stops before the answer", async () => {
    const question = buildQuestion("Where?");
    server.use(
      http.post(ASK, () =>
        sseResponse([
          { event: "exchange", data: { exchangeId: EXCHANGE_ID, exchangeKey: null, question } },
        ]),
      ),
    );
    const error = await askGuide(GUIDE_DESTINATION_ID, { message: "Where?" }).catch((e) => e);
    expect(error).toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("passes other refusals on as the server said them", async () => {
    server.use(
      http.post(ASK, () => errorReply(409, "CONFLICT", "This exchange is full; start a new one.")),
    );
    const error = await askGuide(GUIDE_DESTINATION_ID, { message: "More?" }).catch((e) => e);
    expect(error).toMatchObject({ code: "CONFLICT", status: 409 });
  });

  it("words the wait in minutes", () => {
    expect(rateLimitMessage(30)).toBe("Too many questions, try again in 1 minute.");
    expect(rateLimitMessage(3600)).toBe("Too many questions, try again in 60 minutes.");
    expect(rateLimitMessage(null)).toBe("Too many questions, try again later.");
  });
});
