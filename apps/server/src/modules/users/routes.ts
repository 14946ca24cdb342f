// The user-management calls for accounts (spec service-calls §7): the signed-in user, any user for
// admins, public profiles, visibility, password reset, edits and deletion.

import type { TPaging, TUserFilter } from "@hostfield/domain/contracts";
import {
  MAX_PRESENCE_IDS,
  ZPatchBody,
  ZPresence,
  ZPublicUser,
  ZUser,
  ZUserFilter,
  ZUserProfile,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { selfOrAdmin, userEntitlements } from "./policy";
import { presentProfile, presentPublicUser, presentUser } from "./presenter";
import * as users from "./service";

const ZIdParams = z.object({ id: z.uuid() });
const ZVersion = z.object({ "api-version": z.string() });
const tags = ["users"];
const EDITABLE = ["name", "accountType", "isVisible"] as const;

export async function usersRoutes(app: FastifyInstance, options: { ctx: users.TUsersContext }) {
  const { ctx } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: { principal: { userId: string } | null }) => request.principal!.userId;
  // GET /users and POST /users/filtered answer alike; only the filter differs.
  const userPage = async (filter: TUserFilter, query: TPaging) => {
    const page = await users.listUsers(ctx, filter, toWindow(query));
    return listEnvelope(
      page.rows.map((u) => presentUser(ctx, u)),
      page.count,
    );
  };

  r.get(
    "/users/my",
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: "The signed-in user",
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZUserProfile) },
      },
    },
    async (request) => {
      const userId = me(request);
      const counts = (await ctx.counts?.(userId)) ?? {
        unopenedNotifications: 0,
        unreadMessages: 0,
      };
      const profile = presentProfile(ctx, await users.getUser(ctx, userId), counts);
      // With an external issuer, its roles claim can make an admin too; the principal has both.
      return envelope({ ...profile, isAdmin: request.principal!.isAdmin });
    },
  );

  r.put(
    "/users/my/visibility",
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: "Show or hide my public profile",
        querystring: ZVersion.extend({
          isVisible: z.enum(["true", "false"]).transform((v) => v === "true"),
        }),
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) =>
      envelope(
        presentUser(ctx, await users.setVisibility(ctx, me(request), request.query.isVisible)),
      ),
  );

  r.put(
    "/users/:id/blocked",
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Block a user (signs them out everywhere at once) or let them back in (admins)",
        params: ZIdParams,
        querystring: ZVersion.extend({
          isBlocked: z.enum(["true", "false"]).transform((v) => v === "true"),
        }),
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) => {
      if (request.params.id === me(request)) {
        throw new AppError("CANNOT_BLOCK_SELF", 400, "You cannot block your own account.");
      }
      const user = await users.setBlocked(
        ctx,
        request.params.id,
        request.query.isBlocked,
        me(request),
      );
      return envelope(presentUser(ctx, user));
    },
  );

  r.put(
    "/users/:id/admin",
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Make a user an admin or not (admins; not for one's own account)",
        params: ZIdParams,
        querystring: ZVersion.extend({
          isAdmin: z.enum(["true", "false"]).transform((v) => v === "true"),
        }),
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) => {
      if (request.params.id === me(request)) {
        throw new AppError(
          "CANNOT_CHANGE_OWN_ADMIN",
          400,
          "Another admin must change your own admin rights.",
        );
      }
      const user = await users.getUser(ctx, request.params.id);
      return envelope(
        presentUser(ctx, await users.setAdmin(ctx, user.email, request.query.isAdmin)),
      );
    },
  );

  r.get(
    "/users/email/:email",
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Find a user by e-mail",
        params: z.object({ email: z.string().max(254) }),
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) =>
      envelope(presentUser(ctx, await users.getUserByEmail(ctx, request.params.email))),
  );

  r.get(
    "/users",
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "All users",
        querystring: ZPagedQuery,
        response: { 200: zListEnvelope(ZUser) },
      },
    },
    async (request) => userPage({}, request.query),
  );

  r.post(
    "/users/filtered",
    {
      config: { access: access.admin },
      schema: {
        tags,
        summary: "Users matching a filter",
        querystring: ZPagedQuery,
        body: zDataBody(ZUserFilter),
        response: { 200: zListEnvelope(ZUser) },
      },
    },
    async (request) => userPage(request.body.data, request.query),
  );

  r.get(
    "/users/presence",
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: `Who of up to ${MAX_PRESENCE_IDS} users (comma-separated ids) is online now`,
        querystring: ZVersion.extend({
          ids: z
            .string()
            .transform((value) => value.split(",").filter(Boolean))
            .pipe(z.array(z.uuid()).min(1).max(MAX_PRESENCE_IDS)),
        }),
        response: { 200: zDataEnvelope(z.array(ZPresence)) },
      },
    },
    async (request) => envelope(await users.presenceOf(ctx, me(request), request.query.ids)),
  );

  r.get(
    "/users/:id/my/entitlements",
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: "What I may do with this user",
        params: ZIdParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(z.array(z.string())) },
      },
    },
    async (request) => envelope(userEntitlements(request.principal, request.params.id)),
  );

  r.get(
    "/users/:id/profile",
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "A member's public profile",
        params: ZIdParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZPublicUser) },
      },
    },
    async (request) => {
      const user = await users.getUser(ctx, request.params.id);
      const canSeeHidden = userEntitlements(request.principal, user.id).length > 0;
      // A hidden profile does not exist for others.
      if (!user.isVisible && !canSeeHidden) throw notFound("The user");
      return envelope(presentPublicUser(user));
    },
  );

  r.get(
    "/users/:id",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "A user",
        params: ZIdParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) => envelope(presentUser(ctx, await users.getUser(ctx, request.params.id))),
  );

  r.put(
    "/users/:id/passwordReset",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "E-mail a password-reset link",
        params: ZIdParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(z.object({ sent: z.boolean() })) },
      },
    },
    async (request) => {
      const user = await users.getUser(ctx, request.params.id);
      await users.requestPasswordReset(ctx, user.email);
      return envelope({ sent: true });
    },
  );

  r.patch(
    "/users/:id",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Change a user (JSON Patch of name, accountType, isVisible)",
        params: ZIdParams,
        querystring: ZVersion,
        body: ZPatchBody,
        response: { 200: zDataEnvelope(ZUser) },
      },
    },
    async (request) => {
      const before = presentUser(ctx, await users.getUser(ctx, request.params.id));
      const after = applyJsonPatch(before, request.body);
      const changed = (Object.keys({ ...before, ...after }) as (keyof typeof before)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      const notEditable = changed.filter((key) => !(EDITABLE as readonly string[]).includes(key));
      if (notEditable.length > 0) {
        throw new AppError(
          "FIELD_NOT_EDITABLE",
          400,
          `These fields cannot be changed here: ${notEditable.join(", ")}.`,
        );
      }
      const edits = z
        .object({ name: z.string(), accountType: z.string(), isVisible: z.boolean() })
        .safeParse(after);
      if (!edits.success)
        throw new AppError(
          "VALIDATION_FAILED",
          400,
          "name and accountType must be text and isVisible true or false.",
        );
      return envelope(
        presentUser(
          ctx,
          await users.updateProfile(ctx, request.params.id, edits.data, me(request)),
        ),
      );
    },
  );

  r.delete(
    "/users/:id",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Delete an account and sign it out everywhere",
        params: ZIdParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await users.deleteAccount(ctx, request.params.id);
      return envelope({ id: request.params.id, deleted: true as const });
    },
  );
}
