// /users/{id}/images: a member's images (the first is the avatar), with upload, file replace and sort.

import {
  ZPatchBody,
  ZUserImage,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { readUpload } from "../../platform/files/upload";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { addListRoutes, routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import {
  ZDeletedReply,
  ZIdParams,
  ZRequiredVersionQuery,
  zIdAndParams,
} from "../../platform/http/schemas";
import * as images from "./images";
import { selfOrAdmin, userEntitlements } from "./policy";
import { presentUserImage } from "./presenter";
import * as users from "./service";

const ZImageParams = zIdAndParams("imageId");
const tags = ["user images"];

export async function userImageRoutes(app: FastifyInstance, options: { ctx: users.TUsersContext }) {
  const { ctx } = options;
  const add = routesOf(app, tags);

  // Images are seen by whoever may see the member's profile: anyone when it is visible.
  const canSeeMember = access.policy<TRequestWithParams<{ id: string }>>(
    "the member's profile is visible, or the member themselves or an admin",
    async (request) => {
      const { id } = request.params;
      const user = await users.getUser(ctx, id);
      if (!user.isVisible && userEntitlements(request.principal, id).length === 0)
        throw notFound("The user");
    },
  );

  // The list and its filtered twin answer alike (the filter body has no fields yet).
  addListRoutes(app, tags, {
    url: "/users/:id/images",
    summary: "A member's images, in order",
    filteredSummary: "A member's images (filter body reserved)",
    access: canSeeMember,
    params: ZIdParams,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()),
    response: zListEnvelope(ZUserImage),
    handler: async (request) => {
      const page = await images.listImages(ctx, request.params.id, toWindow(request.query));
      return listEnvelope(page.rows.map(presentUserImage), page.count);
    },
  });

  add({
    method: "POST",
    url: "/users/:id/images",
    summary: "Upload an image (multipart field 'file')",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    status: 201,
    response: zDataEnvelope(ZUserImage),
    handler: async (request) => {
      await users.getUser(ctx, request.params.id);
      const upload = await readUpload(request, "image");
      const image = await images.addImage(ctx, request.params.id, upload);
      return envelope(presentUserImage(image));
    },
  });

  add({
    method: "PUT",
    url: "/users/:id/images/sort",
    summary: "Move an image after another (afterId null: to the front)",
    access: selfOrAdmin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    body: zDataBody(z.object({ imageId: z.uuid(), afterId: z.uuid().nullable() })),
    response: zDataEnvelope(ZUserImage),
    handler: async (request) => {
      const { imageId, afterId } = request.body.data;
      return envelope(
        presentUserImage(await images.moveImage(ctx, request.params.id, imageId, afterId)),
      );
    },
  });

  add({
    method: "GET",
    url: "/users/:id/images/:imageId",
    summary: "One image",
    access: canSeeMember,
    params: ZImageParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZUserImage),
    handler: async (request) =>
      envelope(
        presentUserImage(await images.getImage(ctx, request.params.id, request.params.imageId)),
      ),
  });

  add({
    method: "PATCH",
    url: "/users/:id/images/:imageId",
    summary: "Retitle an image (JSON Patch of title)",
    access: selfOrAdmin,
    params: ZImageParams,
    query: ZRequiredVersionQuery,
    body: ZPatchBody,
    response: zDataEnvelope(ZUserImage),
    handler: async (request) => {
      const before = presentUserImage(
        await images.getImage(ctx, request.params.id, request.params.imageId),
      );
      const after = applyJsonPatch(before, request.body);
      const changed = (Object.keys({ ...before, ...after }) as (keyof typeof before)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      if (changed.some((key) => key !== "title") || typeof after.title !== "string") {
        throw new AppError(
          "FIELD_NOT_EDITABLE",
          400,
          "Only the title of an image can be changed here.",
        );
      }
      return envelope(
        presentUserImage(
          await images.retitleImage(ctx, request.params.id, request.params.imageId, after.title),
        ),
      );
    },
  });

  add({
    method: "PUT",
    url: "/users/:id/images/:imageId/file",
    summary: "Replace an image's file (multipart field 'file')",
    access: selfOrAdmin,
    params: ZImageParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZUserImage),
    handler: async (request) => {
      await images.getImage(ctx, request.params.id, request.params.imageId);
      const upload = await readUpload(request, "image");
      return envelope(
        presentUserImage(
          await images.replaceImageFile(ctx, request.params.id, request.params.imageId, upload),
        ),
      );
    },
  });

  add({
    method: "DELETE",
    url: "/users/:id/images/:imageId",
    summary: "Delete an image",
    access: selfOrAdmin,
    params: ZImageParams,
    query: ZRequiredVersionQuery,
    response: ZDeletedReply,
    handler: async (request) => {
      await images.deleteImage(ctx, request.params.id, request.params.imageId);
      return envelope({ id: request.params.imageId, deleted: true as const });
    },
  });
}
