// A listing's images or documents: list in order, upload, move, retitle, replace, delete.
import {
  ZPatchBody,
  ZProfileMedia,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { readUpload } from "../platform/files/upload";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { validationFailed } from "../platform/http/errors";
import { applyJsonPatch } from "../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import type { TRequestWithParams } from "../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../platform/http/schemas";
import type { TKindDescriptor } from "./descriptor";
import { isPublicProfile } from "./policy";
import { iso, mediaRef } from "./presenter";
import type { TProfileRow } from "./repository";
import * as repo from "./repository";
import { grantOf, profileRouteKit } from "./route-kit";
import * as profiles from "./service";

type TRow = typeof repo.childTables.media.$inferSelect;

/** A file of `profile`; a pending listing's carry a grant (mediaRef). */
const presentMedia = (profile: TProfileRow) => (m: TRow) => ({
  id: m.id,
  profileId: m.profileId,
  title: m.title,
  url: mediaRef(m.fileKey, !isPublicProfile(profile))!,
  contentType: m.contentType,
  size: m.size,
  width: m.width,
  height: m.height,
  sortKey: m.sortKey,
  createdDate: iso(m.createdDate),
});

const ZTitle = z.string().trim().min(1).max(120);

export function registerMedia(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  child: "images" | "documents",
) {
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const kind = profiles.mediaKindOf(child);
  const path = `/${d.path}/:id/${child}`;
  const ZOne = zDataEnvelope(ZProfileMedia);
  const one = (request: TRequestWithParams<{ childId: string }>) =>
    profiles.findMedia(ctx, grantOf(request).profile.id, kind, request.params.childId);
  listPair({
    url: path,
    summary: `The ${d.label}'s ${child}, in order`,
    filteredSummary: `The ${d.label}'s ${child} (filtered)`,
    access: can("profile.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: zListEnvelope(ZProfileMedia),
    handler: async (request) => {
      const page = await repo.listChildren<TRow>(
        ctx.db,
        repo.childTables.media,
        grantOf(request).profile.id,
        toWindow(request.query),
        [repo.mediaKindIs(kind)],
        repo.mediaOrder,
      );
      return listEnvelope(page.rows.map(presentMedia(grantOf(request).profile)), page.count);
    },
  });
  add({
    method: "POST",
    url: path,
    summary: `Upload to ${child} (multipart field 'file')`,
    access: can("media.write"),
    params: ZIdParams,
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const upload = await readUpload(request, kind);
      const row = await profiles.addMedia(
        ctx,
        d,
        grantOf(request).profile.id,
        kind,
        upload,
        principalOf(request),
      );
      return envelope(presentMedia(grantOf(request).profile)(row));
    },
  });
  add({
    method: "PUT",
    url: `${path}/sort`,
    summary: "Move one after another (afterId null: to the front)",
    access: can("media.write"),
    params: ZIdParams,
    body: zDataBody(z.object({ id: z.uuid(), afterId: z.uuid().nullable() })),
    response: ZOne,
    handler: async (request) => {
      const { id, afterId } = request.body.data;
      const row = await profiles.moveMedia(
        ctx,
        d,
        grantOf(request).profile.id,
        kind,
        id,
        afterId,
        principalOf(request),
      );
      return envelope(presentMedia(grantOf(request).profile)(row));
    },
  });
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: "One file",
    access: can("profile.read"),
    params: ZChildParams,
    response: ZOne,
    handler: async (r) => envelope(presentMedia(grantOf(r).profile)(await one(r))),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: "Retitle (JSON Patch of title)",
    access: can("media.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const after = applyJsonPatch({ title: current.title }, request.body);
      const title = ZTitle.safeParse(after.title);
      if (!title.success || Object.keys(after).some((k) => k !== "title"))
        throw validationFailed("Only the title changes here; it has 1 to 120 characters.");
      const row = await repo.updateChild<TRow>(
        ctx.db,
        repo.childTables.media,
        current.profileId,
        current.id,
        { title: title.data, updatedBy: principalOf(request).userId, updatedDate: new Date() },
      );
      return envelope(presentMedia(grantOf(request).profile)(row!));
    },
  });
  add({
    method: "PUT",
    url: `${path}/:childId/file`,
    summary: "Replace the file (multipart field 'file')",
    access: can("media.write"),
    params: ZChildParams,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const upload = await readUpload(request, kind);
      return envelope(
        presentMedia(grantOf(request).profile)(
          await profiles.replaceMediaFile(ctx, d, current, upload, principalOf(request)),
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: "Delete the file",
    access: can("media.write"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const current = await one(request);
      await profiles.deleteMedia(ctx, d, current, principalOf(request));
      return envelope({ id: current.id, deleted: true as const });
    },
  });
}
