// Exchanges (under /assistant-mgmt/api): every one (admins; `{rating: "down"}` is their list of
// low-rated answers), mine, a destination's (its managers, who do not see who asked), one with its
// messages, deleting, rating an answer, and handing a visitor over to the destination's staff.
import {
  type TExchangeFilter,
  ZAssistantMessage,
  ZAssistantMessageWithDebug,
  ZExchange,
  ZExchangeFilter,
  ZFeedbackInput,
  ZHandoffInput,
  ZHandoffReply,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf, type TPrincipal } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  zIdAndParams,
  zOptionalFilterBody,
} from "../../platform/http/schemas";
import { exchangeKeyHeader } from "./assistant-routes";
import type { TAssistantContext } from "./context";
import { deleteExchange, handOver, listExchanges, rateAnswer } from "./exchanges";
import { requireAsker, requireDeleter, requireDestinationManager, requireReader } from "./policy";
import { presentExchanges, presentMessage, presentMessageWithDebug } from "./presenter";
import * as repo from "./repository";

const TAGS = ["assistant exchanges"];
const ZExchangeList = zListEnvelope(ZExchange);
const ZFilterBody = zOptionalFilterBody(ZExchangeFilter);
const ZMessageParams = zIdAndParams("messageId");
type TOnExchange = TRequestWithParams<{ id: string }>;

export async function exchangeRoutes(app: FastifyInstance, options: { ctx: TAssistantContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  const reader = access.policy<TOnExchange>(
    "the person who asked (a visitor with the exchange key), the managers of the destination whose guide it was with, admins",
    async (request) => {
      const exchange = await repo.findExchange(ctx.db, request.params.id);
      await requireReader(ctx, exchange, request.principal, exchangeKeyHeader(request));
    },
  );

  /** A page of exchanges in a scope, as the caller may see them. */
  const page = async (
    principal: TPrincipal,
    scope: repo.TExchangeScope,
    filter: TExchangeFilter,
    query: { offset: number; take: number },
  ) => {
    const { rows, count } = await listExchanges(ctx, scope, filter, toWindow(query));
    const viewer = { admin: principal.isAdmin, userId: principal.userId };
    return listEnvelope(await presentExchanges(ctx, rows, viewer), count);
  };

  add({
    method: "GET",
    url: "/exchanges",
    summary: "Every exchange with the assistant, newest first",
    access: access.admin,
    query: ZPagedQuery,
    response: ZExchangeList,
    handler: async (request) => page(principalOf(request), { kind: "all" }, {}, request.query),
  });
  add({
    method: "POST",
    url: "/exchanges/search",
    summary: "Search every exchange (rating down: the low-rated answers)",
    access: access.admin,
    query: ZPagedQuery,
    body: ZFilterBody,
    response: ZExchangeList,
    handler: async (request) =>
      page(principalOf(request), { kind: "all" }, request.body?.data ?? {}, request.query),
  });

  add({
    method: "GET",
    url: "/exchanges/my",
    summary: "My exchanges with the assistant, newest first",
    access: access.signedIn,
    query: ZPagedQuery,
    response: ZExchangeList,
    handler: async (request) => {
      const principal = principalOf(request);
      return page(principal, { kind: "user", userId: principal.userId }, {}, request.query);
    },
  });
  add({
    method: "POST",
    url: "/exchanges/my/search",
    summary: "Search my exchanges (by destination, kind, rating, words, dates)",
    access: access.signedIn,
    query: ZPagedQuery,
    body: ZFilterBody,
    response: ZExchangeList,
    handler: async (request) => {
      const principal = principalOf(request);
      const scope = { kind: "user" as const, userId: principal.userId };
      return page(principal, scope, request.body?.data ?? {}, request.query);
    },
  });

  add({
    method: "POST",
    url: "/exchanges/destinations/:destId/search",
    summary: "The questions visitors asked the destination's guide",
    description: "For the destination's managers and admins; managers are not told who asked.",
    access: access.policy<TRequestWithParams<{ destId: string }>>(
      "a manager of the destination, or an admin",
      async (request) => {
        await requireDestinationManager(ctx, request.params.destId, request.principal);
      },
    ),
    params: z.object({ destId: z.uuid() }),
    query: ZPagedQuery,
    body: ZFilterBody,
    response: ZExchangeList,
    handler: async (request) =>
      // Admins see who asked; a manager sees the questions only (the asker themselves aside).
      page(
        principalOf(request),
        { kind: "destination", destinationId: request.params.destId },
        { ...(request.body?.data ?? {}), kind: "tour-guide" },
        request.query,
      ),
  });

  add({
    method: "GET",
    url: "/exchanges/:id",
    summary: "An exchange with the assistant",
    access: reader,
    params: ZIdParams,
    response: zDataEnvelope(ZExchange),
    handler: async (request) => {
      const exchange = (await repo.findExchange(ctx.db, request.params.id))!;
      const [shown] = await presentExchanges(ctx, [exchange], {
        admin: request.principal?.isAdmin ?? false,
        userId: request.principal?.userId ?? null,
      });
      return envelope(shown!);
    },
  });

  add({
    method: "GET",
    url: "/exchanges/:id/messages",
    summary:
      "The messages of an exchange, oldest first (admins also get how each answer was found)",
    access: reader,
    params: ZIdParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZAssistantMessageWithDebug),
    handler: async (request) => {
      const rows = await repo.messagesOf(ctx.db, request.params.id);
      const { offset, take } = request.query;
      const admin = request.principal?.isAdmin ?? false;
      return listEnvelope(
        rows.slice(offset, offset + take).map((row) => presentMessageWithDebug(row, admin)),
        rows.length,
      );
    },
  });

  add({
    method: "DELETE",
    url: "/exchanges/:id",
    summary: "Delete an exchange with its messages",
    access: access.policy<TOnExchange>("the person who asked, or an admin", async (request) => {
      await requireDeleter(
        ctx,
        await repo.findExchange(ctx.db, request.params.id),
        request.principal,
      );
    }),
    params: ZIdParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await deleteExchange(ctx, request.params.id);
      return envelope({ id: request.params.id, deleted: true as const });
    },
  });

  add({
    method: "PUT",
    url: "/exchanges/:id/messages/:messageId/feedback",
    summary: "Rate an answer: thumbs up or down, with an optional comment",
    description: "A visitor who was not signed in sends the exchange key (body or X-Exchange-Key).",
    access: access.policy<
      TRequestWithParams<{ id: string }> & { body: { data: { exchangeKey?: string } } }
    >("the person who asked (a visitor with the exchange key)", async (request) => {
      await requireAsker(
        ctx,
        await repo.findExchange(ctx.db, request.params.id),
        request.principal,
        request.body.data.exchangeKey ?? exchangeKeyHeader(request),
      );
    }),
    params: ZMessageParams,
    body: zDataBody(ZFeedbackInput),
    response: zDataEnvelope(ZAssistantMessage),
    handler: async (request) => {
      const exchange = (await repo.findExchange(ctx.db, request.params.id))!;
      const { rating, comment } = request.body.data;
      const row = await rateAnswer(ctx, exchange, request.params.messageId, {
        rating,
        comment: comment ?? null,
      });
      return envelope(presentMessage(row));
    },
  });

  add({
    method: "POST",
    url: "/exchanges/:id/handoff",
    summary: "Hand the visitor over to the destination's team, in a conversation",
    description:
      "Opens a conversation between the person who asked and the guide's hand-off people (some or all of the destination's managers), starting with the message given or the last question.",
    access: access.policy<TOnExchange>("the person who asked, signed in", async (request) => {
      await requireAsker(
        ctx,
        await repo.findExchange(ctx.db, request.params.id),
        principalOf(request),
        exchangeKeyHeader(request),
      );
    }),
    params: ZIdParams,
    body: zOptionalFilterBody(ZHandoffInput),
    status: 201,
    response: zDataEnvelope(ZHandoffReply),
    handler: async (request) => {
      const exchange = (await repo.findExchange(ctx.db, request.params.id))!;
      return envelope(
        await handOver(ctx, exchange, principalOf(request), request.body?.data?.message),
      );
    },
  });
}
