// The chat-completions client against the fake OpenAI-compatible server (real HTTP on 127.0.0.1):
// streamed text and tool calls assembled from their chunks, whole replies with structured output,
// the request's shape, and every failure as one typed error (status, network, timeout, the caller
// leaving, a malformed reply); the server-sent events reader against awkward byte boundaries.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi, type TFakeOpenAi } from "../../../../../test/fakes/openai-server";
import { LlmError, llmClient, type TLlmSettings } from "./client";

let fake: TFakeOpenAi;
let settings: TLlmSettings;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  settings = { baseUrl: fake.url, apiKey: "sk-test", model: "test-model", timeoutMs: 2000 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const USER = [{ role: "user" as const, content: "Where can we play?" }];

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe("streamed replies", () => {
  it("assembles the text as it comes, and sends the model, the key and stream: true", async () => {
    fake.queue({ content: "Hayes Center Arena has 8 courts [1].", chunkSize: 3 });
    const pieces: string[] = [];
    const reply = await llmClient(settings).stream({ messages: USER }, (t) => pieces.push(t));
    expect(reply).toEqual({
      content: "Hayes Center Arena has 8 courts [1].",
      toolCalls: [],
      finishReason: "stop",
    });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(reply.content);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe("Bearer sk-test");
    expect(request!.body).toMatchObject({ model: "test-model", stream: true, messages: USER });
    expect(request!.body.tools).toBeUndefined();
  });

  it("assembles tool calls whose arguments come in fragments, and sends the tools", async () => {
    fake.queue({
      toolCalls: [
        { name: "search_venues", arguments: { sports: ["Volleyball"], location: "Indoor" } },
        { name: "search_hotels", arguments: { near: "Hayes Center Arena", maxRate: 150 } },
      ],
    });
    const tools = [
      {
        type: "function" as const,
        function: { name: "search_venues", description: "Venues", parameters: { type: "object" } },
      },
    ];
    const reply = await llmClient(settings).stream({ messages: USER, tools }, () => {});
    expect(reply.finishReason).toBe("tool_calls");
    expect(reply.content).toBe("");
    expect(reply.toolCalls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual(
      [
        ["search_venues", { sports: ["Volleyball"], location: "Indoor" }],
        ["search_hotels", { near: "Hayes Center Arena", maxRate: 150 }],
      ],
    );
    expect(reply.toolCalls.every((c) => c.id.startsWith("call_"))).toBe(true);
    expect(fake.requests[0]!.body).toMatchObject({ tools, tool_choice: "auto" });
  });

  it("sends no authorization without a key", async () => {
    fake.queue({ content: "Hi." });
    await llmClient({ ...settings, apiKey: undefined }).stream({ messages: USER }, () => {});
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("reads events split at any byte, with CRLF lines, comments and a multi-byte character", async () => {
    const events = [
      ": keep-alive\r\n\r\n",
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "Café " }, finish_reason: null }] })}\r\n\r\n`,
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "Ünder $150" }, finish_reason: "stop" }] })}\r\n\r\n`,
      "data: [DONE]\r\n\r\n",
    ];
    const bytes = new TextEncoder().encode(events.join(""));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
        controller.close();
      },
    });
    const fetchStub = async () =>
      new Response(stream, { headers: { "content-type": "text/event-stream" } });
    const reply = await llmClient(settings, { fetch: fetchStub }).stream(
      { messages: USER },
      () => {},
    );
    expect(reply.content).toBe("Café Ünder $150");
  });
});

describe("whole replies", () => {
  it("reads choices[0].message, asking for structured output by JSON schema", async () => {
    fake.queue({ content: '{"sportsList":["Basketball"]}' });
    const schema = { type: "object", properties: {}, required: [], additionalProperties: false };
    const reply = await llmClient(settings).complete({
      messages: USER,
      jsonSchema: { name: "rfp_draft", schema },
    });
    expect(reply.content).toBe('{"sportsList":["Basketball"]}');
    expect(fake.requests[0]!.body).toMatchObject({
      stream: false,
      response_format: {
        type: "json_schema",
        json_schema: { name: "rfp_draft", schema, strict: true },
      },
    });
  });

  it("reads tool calls of a whole reply", async () => {
    fake.queue({ toolCalls: [{ name: "destination_info", arguments: {} }] });
    const reply = await llmClient(settings).complete({ messages: USER });
    expect(reply.toolCalls).toEqual([
      {
        id: expect.any(String),
        type: "function",
        function: { name: "destination_info", arguments: "{}" },
      },
    ]);
  });

  it("takes a whole reply from a server that does not stream", async () => {
    const fetchStub = async () =>
      Response.json({ choices: [{ message: { content: "All at once." }, finish_reason: "stop" }] });
    const pieces: string[] = [];
    const reply = await llmClient(settings, { fetch: fetchStub }).stream({ messages: USER }, (t) =>
      pieces.push(t),
    );
    expect(reply.content).toBe("All at once.");
    expect(pieces).toEqual(["All at once."]);
  });
});

describe("failures, each one typed error", () => {
  it("an error status", async () => {
    fake.queue({ status: 500, body: '{"error":{"message":"overloaded"}}' });
    const error = await failure(llmClient(settings).stream({ messages: USER }, () => {}));
    expect(error).toMatchObject({ kind: "status", status: 500 });
    expect(error.message).toContain("overloaded");
    fake.queue({ status: 401 });
    expect(await failure(llmClient(settings).complete({ messages: USER }))).toMatchObject({
      kind: "status",
      status: 401,
    });
  });

  it("a chunk that is not JSON, a stream cut short, a whole reply that is not JSON", async () => {
    fake.queue({ broken: "json" });
    expect((await failure(llmClient(settings).stream({ messages: USER }, () => {}))).kind).toBe(
      "malformed",
    );
    fake.queue({ broken: "cut" });
    expect((await failure(llmClient(settings).stream({ messages: USER }, () => {}))).kind).toBe(
      "malformed",
    );
    fake.queue({ broken: "json" });
    expect((await failure(llmClient(settings).complete({ messages: USER }))).kind).toBe(
      "malformed",
    );
  });

  it("a reply without choices", async () => {
    const fetchStub = async () => Response.json({ object: "chat.completion" });
    expect(
      (await failure(llmClient(settings, { fetch: fetchStub }).complete({ messages: USER }))).kind,
    ).toBe("malformed");
  });

  it("the deadline, whether the server is slow to start or slow to finish", async () => {
    fake.queue({ delayMs: 1500, content: "Too late." });
    const started = Date.now();
    const error = await failure(
      llmClient({ ...settings, timeoutMs: 300 }).stream({ messages: USER }, () => {}),
    );
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1200);
    // A deadline already passed sends nothing.
    const before = fake.requests.length;
    const past = await failure(
      llmClient(settings).complete({ messages: USER }, { deadline: Date.now() - 1 }),
    );
    expect(past.kind).toBe("timeout");
    expect(fake.requests.length).toBe(before);
  });

  it("a stream that stalls after its first chunk", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "Here" }, finish_reason: null }] })}\n\n`,
      );
      // …and nothing more.
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const error = await failure(
        llmClient({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 300 }).stream(
          { messages: USER },
          () => {},
        ),
      );
      expect(error.kind).toBe("timeout");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("the caller's signal", async () => {
    fake.queue({ delayMs: 1000, content: "Too late." });
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const error = await failure(
      llmClient(settings).stream({ messages: USER }, () => {}, { signal: caller.signal }),
    );
    expect(error.kind).toBe("aborted");
  });

  it("nobody listening", async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await failure(
      llmClient({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1` }).complete({
        messages: USER,
      }),
    );
    expect(error.kind).toBe("network");
  });
});
