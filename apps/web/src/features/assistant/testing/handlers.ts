// Test-only MSW handlers for the assistant's calls, answering from an assistant world
// (testing/data.ts). Reads answer what the world holds (a managed guide names the world's staff
// as its hand-off candidates); asking answers the world's scripted answer
// (as server-sent events split into small pieces, or as JSON) and keeps the question and answer
// with the exchange's messages; configuring, patching and resetting the guide, rating an answer and
// deleting an exchange change the world as the server would keep them. They apply none of the
// server's rules (limits, who may read what, filters): a test that needs such an answer says so
// with server.use.
import {
  type TAssistantMessage,
  type TTourGuide,
  type TTourGuideInput,
  ZAssistantMessage,
  ZAssistantMessageWithDebug,
  ZExchange,
  ZHandoffReply,
  ZSuggestedQuestion,
  ZTourGuide,
  ZTourGuideReply,
} from "@hostfield/domain/contracts";
import { defaultTourGuide } from "@hostfield/domain/rules";
import { HttpResponse, http } from "msw";
import {
  dataOf,
  dataReply,
  deletedReply,
  errorReply,
  listReply,
  pageReply,
  patched,
  server,
} from "../../../test/msw";
import {
  AI_T0,
  buildManage,
  buildQuestion,
  GUIDE_ID,
  type TAssistantWorld,
  withDebug,
} from "./data";

export const ASSISTANT = "/assistant-mgmt/api";
export const DESTINATIONS = "/destination-mgmt/api/destinations";
export const guideUrl = (destinationId: string) => `${DESTINATIONS}/${destinationId}/tour-guide`;
export const askUrl = (destinationId: string) =>
  `${ASSISTANT}/assistants/destinations/${destinationId}/tour-guide`;
export const questionsUrl = (destinationId: string) => `${askUrl(destinationId)}/questions`;
export const followUpsPath = (destinationId: string, exchangeId: string) =>
  `${askUrl(destinationId)}/${exchangeId}/questions`;
export const EXCHANGES = `${ASSISTANT}/exchanges`;
export const ALL_SEARCH = `${EXCHANGES}/search`;
export const MY_SEARCH = `${EXCHANGES}/my/search`;
export const destinationSearchUrl = (destinationId: string) =>
  `${EXCHANGES}/destinations/${destinationId}/search`;
export const messagesUrl = (exchangeId: string) => `${EXCHANGES}/${exchangeId}/messages`;
export const feedbackPath = (exchangeId: string, messageId: string) =>
  `${messagesUrl(exchangeId)}/${messageId}/feedback`;
export const handoffPath = (exchangeId: string) => `${EXCHANGES}/${exchangeId}/handoff`;

// ---- server-sent events ----

export type TSseEvent = { event: string; data: unknown };

/** Events as the server writes them: `event:` and `data:` lines, a blank line after each. */
export function sseText(events: readonly TSseEvent[]): string {
  return events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join("");
}

/**
 * A `text/event-stream` reply sending `events` in pieces of `chunkSize` bytes (so an event, even
 * a character, may be cut anywhere); with `hold`, the `after` events wait until it resolves.
 */
export function sseResponse(
  events: readonly TSseEvent[],
  options: { chunkSize?: number; hold?: Promise<void> | null; after?: readonly TSseEvent[] } = {},
): HttpResponse<ReadableStream> {
  const size = options.chunkSize ?? 7;
  const encoder = new TextEncoder();
  const send = (controller: ReadableStreamDefaultController<Uint8Array>, text: string) => {
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      send(controller, sseText(events));
      if (options.hold) await options.hold;
      if (options.after) send(controller, sseText(options.after));
      controller.close();
    },
  });
  return new HttpResponse(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

// ---- the guide ----

const notFound = (what: string) => errorReply(404, "NOT_FOUND", `${what} was not found.`);

function inputOf(guide: TTourGuide): TTourGuideInput {
  const manage = guide.manage ?? buildManage();
  return {
    name: guide.name,
    greeting: guide.greeting,
    tone: guide.tone,
    suggestedQuestions: guide.suggestedQuestions,
    stressTopics: manage.stressTopics,
    avoidTopics: manage.avoidTopics,
    handoffUserIds: manage.handoffUserIds,
    isEnabled: guide.isEnabled,
  };
}

let updates = 0;
/** Each change of a guide a minute after the last. */
const nextUpdate = () => {
  updates += 1;
  return new Date(Date.parse(AI_T0) + updates * 60_000).toISOString();
};

/** The guide `input` makes of `guide` (configured, as its managers read it). */
function configured(
  world: TAssistantWorld,
  guide: TTourGuide,
  input: TTourGuideInput,
  id: string,
): TTourGuide {
  const staff = world.staff.get(guide.destinationId) ?? [];
  return ZTourGuide.parse({
    ...guide,
    id,
    name: input.name,
    greeting: input.greeting,
    tone: input.tone,
    suggestedQuestions: input.suggestedQuestions,
    isEnabled: input.isEnabled,
    manage: buildManage({
      stressTopics: input.stressTopics,
      avoidTopics: input.avoidTopics,
      handoffUserIds: input.handoffUserIds,
      handoff: staff.filter((person) => input.handoffUserIds.includes(person.id)),
      candidates: staff,
      createdDate: guide.manage?.createdDate ?? AI_T0,
      updatedDate: nextUpdate(),
    }),
  } satisfies TTourGuide);
}

/** A destination's default guide, as the domain names it, for `manage` (its managers) or not. */
export function defaultGuideOf(
  destination: { id: string; name: string; city: string | null },
  manage: boolean,
): TTourGuide {
  const input = defaultTourGuide(destination);
  return ZTourGuide.parse({
    id: null,
    destinationId: destination.id,
    destinationName: destination.name,
    name: input.name,
    greeting: input.greeting,
    tone: input.tone,
    suggestedQuestions: input.suggestedQuestions,
    isEnabled: input.isEnabled,
    manage: manage ? buildManage() : null,
  } satisfies TTourGuide);
}

/** The guide as the server answers it: its managers' part names the world's owners and managers. */
function answered(world: TAssistantWorld, guide: TTourGuide): TTourGuide {
  if (!guide.manage) return guide;
  const candidates = world.staff.get(guide.destinationId) ?? [];
  return { ...guide, manage: { ...guide.manage, candidates } };
}

function guideHandlers(world: TAssistantWorld) {
  const one = `${DESTINATIONS}/:id/tour-guide`;
  const find = (id: unknown) => world.guides.get(String(id));
  const keep = (guide: TTourGuide, status = 200) => {
    world.guides.set(guide.destinationId, guide);
    return dataReply(ZTourGuide, answered(world, guide), { status });
  };
  return [
    http.get(one, ({ params }) => {
      const guide = find(params.id);
      return guide ? dataReply(ZTourGuide, answered(world, guide)) : notFound("The destination");
    }),
    http.post(one, async ({ params, request }) => {
      const guide = find(params.id);
      if (!guide) return notFound("The destination");
      if (guide.id !== null) {
        return errorReply(409, "ALREADY_EXISTS", "The guide is configured already.");
      }
      return keep(configured(world, guide, await dataOf<TTourGuideInput>(request), GUIDE_ID), 201);
    }),
    http.patch(`${one}/:guideId`, async ({ params, request }) => {
      const guide = find(params.id);
      if (!guide || guide.id !== params.guideId) return notFound("The tour guide");
      const ops = (await request.json()) as Parameters<typeof patched>[1];
      return keep(configured(world, guide, patched(inputOf(guide), ops), guide.id));
    }),
    http.delete(`${one}/:guideId`, ({ params }) => {
      const guide = find(params.id);
      if (!guide || guide.id !== params.guideId) return notFound("The tour guide");
      const fresh = defaultGuideOf(
        { id: guide.destinationId, name: guide.destinationName, city: "Riverside" },
        guide.manage !== null,
      );
      return keep(fresh);
    }),
  ];
}

// ---- asking ----

function askHandlers(world: TAssistantWorld) {
  return [
    http.post(`${ASSISTANT}/assistants/destinations/:destId/tour-guide`, async ({ request }) => {
      const body = await dataOf<{ message: string; exchangeId?: string }>(request);
      const exchangeId = body.exchangeId ?? world.newExchangeId;
      const question = buildQuestion(body.message, { exchangeId });
      const { answer, deltas } = world.answer(body.message, exchangeId);
      world.messages.set(exchangeId, [
        ...(world.messages.get(exchangeId) ?? []),
        withDebug(question),
        withDebug(answer),
      ]);
      const start = { exchangeId, exchangeKey: world.exchangeKey, question };
      const reply = ZTourGuideReply.parse({ ...start, answer });
      const wantsEvents = (request.headers.get("accept") ?? "").includes("text/event-stream");
      if (!world.stream || !wantsEvents) return dataReply(ZTourGuideReply, reply);
      const events: TSseEvent[] = [
        { event: "exchange", data: start },
        ...deltas.map((text) => ({ event: "delta", data: { text } })),
        { event: "answer", data: reply.answer },
      ];
      return sseResponse(events.slice(0, 2), {
        chunkSize: world.chunkSize,
        hold: world.hold,
        after: events.slice(2),
      });
    }),
    http.get(`${ASSISTANT}/assistants/destinations/:destId/tour-guide/questions`, ({ params }) =>
      listReply(ZSuggestedQuestion, world.questions.get(String(params.destId)) ?? []),
    ),
    http.get(
      `${ASSISTANT}/assistants/destinations/:destId/tour-guide/:exchangeId/questions`,
      ({ params }) => {
        const id = String(params.exchangeId);
        const last = (world.messages.get(id) ?? []).findLast((m) => m.role === "assistant");
        return listReply(ZSuggestedQuestion, world.followUps.get(id) ?? last?.suggestions ?? []);
      },
    ),
  ];
}

// ---- exchanges ----

function exchangeHandlers(world: TAssistantWorld) {
  const search = ({ request }: { request: Request }) =>
    pageReply(ZExchange, world.exchanges, request);
  return [
    http.post(`${EXCHANGES}/search`, search),
    http.post(`${EXCHANGES}/my/search`, search),
    http.post(`${EXCHANGES}/destinations/:destId/search`, search),
    http.get(`${EXCHANGES}/:id/messages`, ({ params }) => {
      const messages = world.messages.get(String(params.id));
      return messages ? listReply(ZAssistantMessageWithDebug, messages) : notFound("The exchange");
    }),
    http.put(`${EXCHANGES}/:id/messages/:messageId/feedback`, async ({ params, request }) => {
      const id = String(params.id);
      const { rating, comment } = await dataOf<{ rating: "up" | "down"; comment?: string | null }>(
        request,
      );
      const messages = world.messages.get(id) ?? [];
      const found = messages.find((m) => m.id === params.messageId);
      if (!found) return notFound("The message");
      const rated = { ...found, feedback: { rating, comment: comment ?? null, date: AI_T0 } };
      world.messages.set(
        id,
        messages.map((m) => (m.id === found.id ? rated : m)),
      );
      const { debug: _debug, ...message } = rated;
      return dataReply(ZAssistantMessage, message satisfies TAssistantMessage);
    }),
    http.delete(`${EXCHANGES}/:id`, ({ params }) => {
      world.exchanges = world.exchanges.filter((e) => e.id !== params.id);
      world.messages.delete(String(params.id));
      return deletedReply(String(params.id));
    }),
    http.post(`${EXCHANGES}/:id/handoff`, () =>
      dataReply(ZHandoffReply, { groupId: world.handoffGroupId }, { status: 201 }),
    ),
  ];
}

/** Every assistant call over `world`. */
export function assistantHandlers(world: TAssistantWorld) {
  return [...guideHandlers(world), ...askHandlers(world), ...exchangeHandlers(world)];
}

/** Serves `world` with assistantHandlers ahead of what is served already, and hands it back. */
export function serveAssistant(world: TAssistantWorld): TAssistantWorld {
  server.use(...assistantHandlers(world));
  return world;
}

/**
 * What a destination's page asks the assistant when a test is not about it: the default guide of
 * each destination `destinationOf` knows (the profiles handlers serve it for their world).
 */
export function defaultGuides(
  destinationOf: (id: string) => { name: string; city: string | null } | undefined,
) {
  return [
    http.get(`${DESTINATIONS}/:id/tour-guide`, ({ params }) => {
      const id = String(params.id);
      const destination = destinationOf(id);
      return destination
        ? dataReply(ZTourGuide, defaultGuideOf({ id, ...destination }, false))
        : undefined;
    }),
  ];
}

/** A 429 as the server sends it past the hourly limits. */
export function rateLimitedReply(seconds: number) {
  const reply = errorReply(429, "RATE_LIMITED", "Too many questions to the assistant.", {
    retryAfterSeconds: seconds,
  });
  reply.headers.set("Retry-After", String(seconds));
  return reply;
}
