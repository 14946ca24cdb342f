// A listing's images and documents: add, replace, move, delete, within its limits.
import { fileList } from "../../platform/files/file-list";
import type { TUpload } from "../../platform/files/upload";
import type { TPrincipal } from "../../platform/http/access";
import { notFound } from "../../platform/http/errors";
import type { TChildName, TKindDescriptor } from "../descriptor";
import * as repo from "../repository";
import { MAX_MEDIA_PER_PROFILE, type TProfilesContext } from "./context";

// ---- media -----------------------------------------------------------------------------------

export type TMediaKind = "image" | "document";
export const mediaKindOf = (child: TChildName): TMediaKind =>
  child === "images" ? "image" : "document";

type TMediaRow = typeof repo.childTables.media.$inferSelect;
/** One listing's images or documents, changed by `by`. */
type TMediaList = { d: TKindDescriptor; profileId: string; kind: TMediaKind; by: string };

const mediaList = (ctx: TProfilesContext) =>
  fileList<TMediaList, TMediaRow>(
    ctx,
    {
      lock: (db, l) => repo.lockProfile(db, l.profileId),
      ordered: (db, l) => repo.mediaInOrder(db, l.profileId, l.kind),
      insert: async (db, l, values) =>
        (await repo.insertChild<TMediaRow>(db, repo.childTables.media, {
          profileId: l.profileId,
          kind: l.kind,
          ...values,
          createdBy: l.by,
          updatedBy: l.by,
        }))!,
      update: async (db, l, id, values) =>
        (await repo.updateChild<TMediaRow>(db, repo.childTables.media, l.profileId, id, {
          ...values,
          updatedBy: l.by,
          updatedDate: new Date(),
        })) ?? undefined,
      remove: async (db, l, id) => {
        const row = await repo.findChild<TMediaRow>(db, repo.childTables.media, l.profileId, id);
        if (!row || row.kind !== l.kind) return undefined;
        await repo.deleteChild(db, repo.childTables.media, l.profileId, id);
        return row;
      },
    },
    {
      keyPrefix: (l) => `profiles/${l.d.path}`,
      max: MAX_MEDIA_PER_PROFILE,
      full: {
        code: "TOO_MANY_FILES",
        message: `A listing keeps up to ${MAX_MEDIA_PER_PROFILE} images and as many documents; delete one first.`,
      },
      what: "The file",
    },
  );

export function addMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  profileId: string,
  kind: TMediaKind,
  upload: TUpload,
  principal: TPrincipal,
) {
  return mediaList(ctx).add({ d, profileId, kind, by: principal.userId }, upload);
}

export async function findMedia(
  ctx: TProfilesContext,
  profileId: string,
  kind: TMediaKind,
  mediaId: string,
): Promise<TMediaRow> {
  const row = await repo.findChild<TMediaRow>(ctx.db, repo.childTables.media, profileId, mediaId);
  if (!row || row.kind !== kind) throw notFound(kind === "image" ? "The image" : "The document");
  return row;
}

export function replaceMediaFile(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  current: TMediaRow,
  upload: TUpload,
  principal: TPrincipal,
) {
  const list = { d, profileId: current.profileId, kind: current.kind, by: principal.userId };
  return mediaList(ctx).replace(list, current.id, current, upload);
}

export async function moveMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  profileId: string,
  kind: TMediaKind,
  mediaId: string,
  afterId: string | null,
  principal: TPrincipal,
) {
  await mediaList(ctx).move({ d, profileId, kind, by: principal.userId }, mediaId, afterId);
  return findMedia(ctx, profileId, kind, mediaId);
}

export async function deleteMedia(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  current: TMediaRow,
  principal: TPrincipal,
) {
  const list = { d, profileId: current.profileId, kind: current.kind, by: principal.userId };
  await mediaList(ctx).remove(list, current.id);
}
