// A user's images (the first is their avatar): upload, replace the file, retitle, reorder, delete.
import { sortKeyAfter, sortKeyBetween } from "@hostfield/domain/rules";
import { newFileKey, type TUpload } from "../../platform/files/upload";
import { AppError, notFound } from "../../platform/http/errors";
import * as repo from "./repository";
import type { TUsersContext } from "./service";

export type TUserImage = repo.TUserImageRow;
export const MAX_IMAGES_PER_USER = 50;

export const listImages = (
  ctx: TUsersContext,
  userId: string,
  window: { limit: number; offset: number },
) => repo.listUserImages(ctx.db, userId, window);

export async function getImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
): Promise<TUserImage> {
  const image = await repo.findUserImage(ctx.db, userId, imageId);
  if (!image) throw notFound("The image");
  return image;
}

export async function addImage(
  ctx: TUsersContext,
  userId: string,
  upload: TUpload,
): Promise<TUserImage> {
  const { count } = await repo.listUserImages(ctx.db, userId, { limit: 1, offset: 0 });
  if (count >= MAX_IMAGES_PER_USER) {
    throw new AppError(
      "TOO_MANY_IMAGES",
      409,
      `A member can keep up to ${MAX_IMAGES_PER_USER} images; delete one first.`,
    );
  }
  const fileKey = newFileKey("users", upload.extension);
  await ctx.files.put(fileKey, upload.body);
  try {
    const image = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as typeof ctx.db;
      // Two uploads at once would otherwise both read the same last key.
      await repo.lockUser(db, userId);
      const created = await repo.insertUserImage(db, {
        userId,
        fileKey,
        contentType: upload.contentType,
        size: upload.size,
        width: upload.width,
        height: upload.height,
        title: upload.displayName,
        sortKey: sortKeyBetween(await repo.lastUserImageSortKey(db, userId), null),
      });
      await repo.refreshAvatar(db, userId);
      return created;
    });
    return image;
  } catch (error) {
    // The row was not written: the file must not linger.
    await ctx.files.delete(fileKey);
    throw error;
  }
}

export async function replaceImageFile(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  upload: TUpload,
): Promise<TUserImage> {
  const current = await getImage(ctx, userId, imageId);
  const fileKey = newFileKey("users", upload.extension);
  await ctx.files.put(fileKey, upload.body);
  const updated = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const row = await repo.updateUserImage(db, userId, imageId, {
      fileKey,
      contentType: upload.contentType,
      size: upload.size,
      width: upload.width,
      height: upload.height,
    });
    await repo.refreshAvatar(db, userId);
    return row;
  });
  if (!updated) {
    await ctx.files.delete(fileKey);
    throw notFound("The image");
  }
  await ctx.files.delete(current.fileKey);
  return updated;
}

export async function retitleImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  title: string,
): Promise<TUserImage> {
  const clean = title.trim();
  if (clean.length < 1 || clean.length > 120)
    throw new AppError("VALIDATION_FAILED", 400, "A title has 1 to 120 characters.");
  const updated = await repo.updateUserImage(ctx.db, userId, imageId, { title: clean });
  if (!updated) throw notFound("The image");
  return updated;
}

/** Moves an image right after `afterId` (null: to the front), rewriting only its own sort key. */
export async function moveImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  afterId: string | null,
): Promise<TUserImage> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    await repo.lockUser(db, userId);
    const ordered = await repo.orderedImageKeys(db, userId);
    if (!ordered.some((row) => row.id === imageId)) throw notFound("The image");
    if (afterId === imageId) return (await repo.findUserImage(db, userId, imageId))!;
    const sortKey = sortKeyAfter(
      ordered.filter((row) => row.id !== imageId),
      afterId,
    );
    if (sortKey === null) throw notFound("The image to place it after");
    const updated = await repo.updateUserImage(db, userId, imageId, { sortKey });
    await repo.refreshAvatar(db, userId);
    return updated!;
  });
}

export async function deleteImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const row = await repo.deleteUserImage(db, userId, imageId);
    if (row) await repo.refreshAvatar(db, userId);
    return row;
  });
  if (!removed) throw notFound("The image");
  await ctx.files.delete(removed.fileKey);
}
