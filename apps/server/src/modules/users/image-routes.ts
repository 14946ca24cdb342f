// /users/{id}/images: a member's images (the first is the avatar), with upload, file replace and sort.

import type { TPaging } from "@hostfield/domain/contracts";
import {
  ZPatchBody,
  ZUserImage,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readUpload } from "../../platform/files/upload";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import * as images from "./images";
import { selfOrAdmin, userEntitlements } from "./policy";
import { presentUserImage } from "./presenter";
import * as users from "./service";

const ZUserParams = z.object({ id: z.uuid() });
const ZImageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
const ZVersion = z.object({ "api-version": z.string() });
const tags = ["user images"];

export async function userImageRoutes(app: FastifyInstance, options: { ctx: users.TUsersContext }) {
  const { ctx } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The list and its filtered twin answer alike (the filter body has no fields yet).
  const imagePage = async (userId: string, query: TPaging) => {
    const page = await images.listImages(ctx, userId, toWindow(query));
    return listEnvelope(page.rows.map(presentUserImage), page.count);
  };

  // Images are seen by whoever may see the member's profile: anyone when it is visible.
  const canSeeMember = access.policy(
    "the member's profile is visible, or the member themselves or an admin",
    async (request: FastifyRequest) => {
      const { id } = request.params as { id: string };
      const user = await users.getUser(ctx, id);
      if (!user.isVisible && userEntitlements(request.principal, id).length === 0)
        throw notFound("The user");
    },
  );

  r.get(
    "/users/:id/images",
    {
      config: { access: canSeeMember },
      schema: {
        tags,
        summary: "A member's images, in order",
        params: ZUserParams,
        querystring: ZPagedQuery,
        response: { 200: zListEnvelope(ZUserImage) },
      },
    },
    async (request) => imagePage(request.params.id, request.query),
  );

  r.post(
    "/users/:id/images/filtered",
    {
      config: { access: canSeeMember },
      schema: {
        tags,
        summary: "A member's images (filter body reserved)",
        params: ZUserParams,
        querystring: ZPagedQuery,
        body: zDataBody(z.object({}).loose()),
        response: { 200: zListEnvelope(ZUserImage) },
      },
    },
    async (request) => imagePage(request.params.id, request.query),
  );

  r.post(
    "/users/:id/images",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Upload an image (multipart field 'file')",
        params: ZUserParams,
        querystring: ZVersion,
        response: { 201: zDataEnvelope(ZUserImage) },
      },
    },
    async (request, reply) => {
      await users.getUser(ctx, request.params.id);
      const upload = await readUpload(request, "image");
      const image = await images.addImage(ctx, request.params.id, upload);
      return reply.status(201).send(envelope(presentUserImage(image)));
    },
  );

  r.put(
    "/users/:id/images/sort",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Move an image after another (afterId null: to the front)",
        params: ZUserParams,
        querystring: ZVersion,
        body: zDataBody(z.object({ imageId: z.uuid(), afterId: z.uuid().nullable() })),
        response: { 200: zDataEnvelope(ZUserImage) },
      },
    },
    async (request) => {
      const { imageId, afterId } = request.body.data;
      return envelope(
        presentUserImage(await images.moveImage(ctx, request.params.id, imageId, afterId)),
      );
    },
  );

  r.get(
    "/users/:id/images/:imageId",
    {
      config: { access: canSeeMember },
      schema: {
        tags,
        summary: "One image",
        params: ZImageParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZUserImage) },
      },
    },
    async (request) =>
      envelope(
        presentUserImage(await images.getImage(ctx, request.params.id, request.params.imageId)),
      ),
  );

  r.patch(
    "/users/:id/images/:imageId",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Retitle an image (JSON Patch of title)",
        params: ZImageParams,
        querystring: ZVersion,
        body: ZPatchBody,
        response: { 200: zDataEnvelope(ZUserImage) },
      },
    },
    async (request) => {
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
  );

  r.put(
    "/users/:id/images/:imageId/file",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Replace an image's file (multipart field 'file')",
        params: ZImageParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(ZUserImage) },
      },
    },
    async (request) => {
      await images.getImage(ctx, request.params.id, request.params.imageId);
      const upload = await readUpload(request, "image");
      return envelope(
        presentUserImage(
          await images.replaceImageFile(ctx, request.params.id, request.params.imageId, upload),
        ),
      );
    },
  );

  r.delete(
    "/users/:id/images/:imageId",
    {
      config: { access: selfOrAdmin },
      schema: {
        tags,
        summary: "Delete an image",
        params: ZImageParams,
        querystring: ZVersion,
        response: { 200: zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await images.deleteImage(ctx, request.params.id, request.params.imageId);
      return envelope({ id: request.params.imageId, deleted: true as const });
    },
  );
}
