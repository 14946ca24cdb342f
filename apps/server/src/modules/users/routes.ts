// The user-management calls for accounts (spec service-calls §7): the signed-in user, any user for
// admins, public profiles, visibility, password reset, edits and deletion.

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
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  ZRequiredVersionQuery,
  zFlag,
} from "../../platform/http/schemas";
import { selfOrAdmin, userEntitlements } from "./policy";
import { presentProfile, presentPublicUser, presentUser } from "./presenter";
import * as users from "./service";

const tags = ["users"];
const EDITABLE = ["name", "accountType", "isVisible"] as const;

export async function usersRoutes(app: FastifyInstance, options: { ctx: users.TUsersContext }) {
  const { ctx } = options;
  const add = routesOf(app, tags);
  const me = (request: FastifyRequest) => principalOf(request).userId;

  add({
    method: "GET",
    url: "/users/my",
    summary: "The signed-in user",
    access: access.signedIn,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZUserProfile),
    handler: async (request) => {
      const principal = principalOf(request);
      const counts = (await ctx.counts?.(principal.userId)) ?? {
        unopenedNotifications: 0,
        unreadMessages: 0,
      };
      const profile = presentProfile(ctx, await users.getUser(ctx, principal.userId), counts);
      // With an external issuer, its roles claim can make an admin too; the principal has both.
      return envelope({ ...profile, isAdmin: principal.isAdmin });
    },
  });

  add({
    method: "PUT",
    url: "/users/my/visibility",
    summary: "Show or hide my public profile",
    access: access.signedIn,
    query: ZRequiredVersionQuery.extend({ isVisible: zFlag() }),
    response: zDataEnvelope(ZUser),
    handler: async (request) =>
      envelope(
        presentUser(ctx, await users.setVisibility(ctx, me(request), request.query.isVisible)),
      ),
  });

  add({
    method: "PUT",
    url: "/users/:id/blocked",
    summary: "Block a user (signs them out everywhere at once) or let them back in (admins)",
    access: access.admin,
    params: ZIdParams,
    query: ZRequiredVersionQuery.extend({ isBlocked: zFlag() }),
    response: zDataEnvelope(ZUser),
    handler: async (request) => {
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
  });

  add({
    method: "PUT",
    url: "/users/:id/admin",
    summary: "Make a user an admin or not (admins; not for one's own account)",
    access: access.admin,
    params: ZIdParams,
    query: ZRequiredVersionQuery.extend({ isAdmin: zFlag() }),
    response: zDataEnvelope(ZUser),
    handler: async (request) => {
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
  });

  add({
    method: "GET",
    url: "/users/email/:email",
    summary: "Find a user by e-mail",
    access: access.admin,
    params: z.object({ email: z.string().max(254) }),
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZUser),
    handler: async (request) =>
      envelope(presentUser(ctx, await users.getUserByEmail(ctx, request.params.email))),
  });

  // GET /users and POST /users/filtered answer alike; only the filter differs.
  addListRoutes(app, tags, {
    url: "/users",
    summary: "All users",
    filteredSummary: "Users matching a filter",
    access: access.admin,
    query: ZPagedQuery,
    body: zDataBody(ZUserFilter),
    response: zListEnvelope(ZUser),
    handler: async (request) => {
      const page = await users.listUsers(ctx, request.body?.data ?? {}, toWindow(request.query));
      return listEnvelope(
        page.rows.map((u) => presentUser(ctx, u)),
        page.count,
      );
    },
  });

  add({
    method: "GET",
    url: "/users/presence",
    summary: `Who of up to ${MAX_PRESENCE_IDS} users (comma-separated ids) is online now`,
    access: access.signedIn,
    query: ZRequiredVersionQuery.extend({
      ids: z
        .string()
        .transform((value) => value.split(",").filter(Boolean))
        .pipe(z.array(z.uuid()).min(1).max(MAX_PRESENCE_IDS)),
    }),
    response: zDataEnvelope(z.array(ZPresence)),
    handler: async (request) =>
      envelope(await users.presenceOf(ctx, me(request), request.query.ids)),
  });

  add({
    method: "GET",
    url: "/users/:id/my/entitlements",
    summary: "What I may do with this user",
    access: access.signedIn,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(z.array(z.string())),
    handler: async (request) => envelope(userEntitlements(request.principal, request.params.id)),
  });

  add({
    method: "GET",
    url: "/users/:id/profile",
    summary: "A member's public profile",
    access: access.public,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZPublicUser),
    handler: async (request) => {
      const user = await users.getUser(ctx, request.params.id);
      const canSeeHidden = userEntitlements(request.principal, user.id).length > 0;
      // A hidden profile does not exist for others.
      if (!user.isVisible && !canSeeHidden) throw notFound("The user");
      return envelope(presentPublicUser(user));
    },
  });

  add({
    method: "GET",
    url: "/users/:id",
    summary: "A user",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZUser),
    handler: async (request) =>
      envelope(presentUser(ctx, await users.getUser(ctx, request.params.id))),
  });

  add({
    method: "PUT",
    url: "/users/:id/passwordReset",
    summary: "E-mail a password-reset link",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(z.object({ sent: z.boolean() })),
    handler: async (request) => {
      const user = await users.getUser(ctx, request.params.id);
      await users.requestPasswordReset(ctx, user.email);
      return envelope({ sent: true });
    },
  });

  add({
    method: "PATCH",
    url: "/users/:id",
    summary: "Change a user (JSON Patch of name, accountType, isVisible)",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    body: ZPatchBody,
    response: zDataEnvelope(ZUser),
    handler: async (request) => {
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
  });

  add({
    method: "DELETE",
    url: "/users/:id",
    summary: "Delete an account and sign it out everywhere",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: ZDeletedReply,
    handler: async (request) => {
      await users.deleteAccount(ctx, request.params.id);
      return envelope({ id: request.params.id, deleted: true as const });
    },
  });
}
